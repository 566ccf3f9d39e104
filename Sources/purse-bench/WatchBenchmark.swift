import Foundation
import Ledger
import Storage
import WalletExporter

/// `purse-bench --watch-changes N`: runs `purse sync --watch` on an export that the exporter
/// library keeps writing to, N change sets of ten purchases each (compacting as an iPhone
/// would), and samples the watcher's resident memory from the kernel as it goes: a watch that
/// runs for weeks must not grow.
enum WatchBenchmark {
    static let account = "0688F73D-508E-49A8-B0A2-4A07A7CF4768"

    static func run(changeSets: Int, work: String, purse: String) throws -> String {
        let folder = URL(fileURLWithPath: work).appendingPathComponent("watch")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let configuration = WalletExportConfiguration(
            exportFolder: folder.appendingPathComponent("export"), stateFolder: folder.appendingPathComponent("state"),
            sourceName: "Benchmark iPhone", timeZone: TimeZone(identifier: "America/New_York")!, compactionThreshold: 4 << 20)
        let writer = try WalletExportWriter(configuration: configuration)
        let card = Account(id: account, kind: .asset, displayName: "Cash", institutionName: "Apple", currencyCode: "USD")
        try writer.write(.accounts(ChangeSet(inserted: [card])), to: .accounts, state: state(1), isSnapshot: true)
        let stream = LedgerStream.transactions(accountID: account)
        var position = try writer.write(.transactions(ChangeSet(inserted: purchases(0))), to: stream, state: state(1), isSnapshot: true)

        let database = folder.appendingPathComponent("ledger.sqlite").path
        let watcher = Process()
        watcher.executableURL = URL(fileURLWithPath: purse)
        watcher.arguments = ["--db", database, "--quiet", "sync", "--watch", configuration.exportFolder.path]
        watcher.standardError = FileHandle.nullDevice
        try watcher.run()
        defer {
            if watcher.isRunning {
                watcher.terminate()
                watcher.waitUntilExit()
            }
        }
        var samples: [(changeSets: Int, bytes: Int64)] = []
        var lags: [Double] = []
        let step = max(1, changeSets / 20)
        try waitUntilApplied(position.sequence, database: database)
        samples.append((0, try residentBytes(of: watcher.processIdentifier)))
        for index in 1...changeSets {
            var next = position
            next.sequence += 1
            position = try writer.write(.transactions(ChangeSet(inserted: purchases(index))), to: stream, state: next, isSnapshot: false)
            if index % step == 0 || index == changeSets {
                let appended = Date()
                try waitUntilApplied(position.sequence, database: database)
                lags.append(Date().timeIntervalSince(appended))
                samples.append((index, try residentBytes(of: watcher.processIdentifier)))
            }
        }
        watcher.interrupt()
        watcher.waitUntilExit()
        let megabytes = samples.map { String(format: "%.1f", Double($0.bytes) / 1_048_576) }
        let peak = Double(samples.map(\.bytes).max() ?? 0) / 1_048_576
        return """
            sync --watch, \(changeSets) change sets of 10 purchases appended by WalletExportWriter (compacting at 4 MiB):
              resident MB after 0, \(step), \(2 * step), ... change sets: \(megabytes.joined(separator: " "))
              peak \(String(format: "%.1f", peak)) MB; first \(megabytes.first ?? "-"), last \(megabytes.last ?? "-")
              catch-up after each sample's last append: median \(String(format: "%.0f", median(lags) * 1000)) ms, max \(String(format: "%.0f", (lags.max() ?? 0) * 1000)) ms
              exit status on SIGINT: \(watcher.terminationStatus)

            """
    }

    private static func state(_ sequence: Int64) -> ExportStreamState {
        ExportStreamState(generation: "BENCH", sequence: sequence, historyToken: nil)
    }

    /// Ten purchases, new for each change set.
    private static func purchases(_ changeSet: Int) -> [Transaction] {
        (0..<10).map { index in
            let number = changeSet * 10 + index
            return Transaction(
                id: String(format: "7F000000-0000-4000-8000-%012d", number), accountID: account,
                transactionDate: Timestamp.utc(epochSeconds: 1_767_225_600 + Int64(number) * 60),
                transactionAmount: Money(units: Int64(number % 5000 + 1) * 100, currency: "USD"), creditDebitIndicator: .debit,
                transactionDescription: "PURCHASE \(number)", originalTransactionDescription: "PURCHASE \(number) NEW YORK",
                merchantCategoryCode: 5411, merchantName: "Shop \(number % 97)", transactionType: .pointOfSale, status: .booked)
        }
    }

    private static func waitUntilApplied(_ sequence: Int64, database: String) throws {
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: database),
                let connection = try? Connection(path: database, readOnly: true),
                let applied = try? connection.scalarInt(
                    "SELECT sequence FROM streams WHERE name = ?", [.text("transactions/" + account)]),
                applied >= sequence
            {
                return
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        throw BenchmarkError("the watch did not apply change set \(sequence) within two minutes")
    }

    /// The process's resident memory now: /proc on Linux, `ps` elsewhere.
    private static func residentBytes(of pid: Int32) throws -> Int64 {
        if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int64(line.split(separator: " ").dropFirst().first ?? "")
        {
            return kilobytes * 1024
        }
        let ps = Process()
        ps.executableURL = URL(fileURLWithPath: "/bin/ps")
        ps.arguments = ["-o", "rss=", "-p", "\(pid)"]
        let output = Pipe()
        ps.standardOutput = output
        try ps.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ps.waitUntilExit()
        guard let kilobytes = Int64(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchmarkError("cannot read the resident memory of process \(pid)")
        }
        return kilobytes * 1024
    }

    private static func median(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.sorted()[values.count / 2]
    }
}
