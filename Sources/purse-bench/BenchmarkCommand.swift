import Foundation
import SampleData

/// `purse-bench [--sizes 10000,100000,1000000] [--runs 3] [--work DIR] [--json FILE]`.
enum BenchmarkCommand {
    struct Row {
        let size: Int
        let phase: String
        let seconds: [Double]
        let peakBytes: Int64
        var median: Double { seconds.sorted()[seconds.count / 2] }
    }

    static func run(_ arguments: [String]) -> Int32 {
        do {
            var options: [String: String] = [:]
            var index = 0
            while index < arguments.count {
                let name = arguments[index]
                guard name.hasPrefix("--"), index + 1 < arguments.count else {
                    FileHandle.standardError.write(
                        Data(
                            "usage: purse-bench [--sizes N,N,...] [--runs R] [--work DIR] [--json FILE] | --watch-changes N [--work DIR]\n"
                                .utf8))
                    return name == "--help" || name == "-h" ? 0 : 64
                }
                options[String(name.dropFirst(2))] = arguments[index + 1]
                index += 2
            }
            let sizes = (options["sizes"] ?? "10000,100000,1000000").split(separator: ",").compactMap { Int($0) }
            let runs = Int(options["runs"] ?? "3") ?? 3
            let work = options["work"] ?? NSTemporaryDirectory() + "purse-bench"
            if let changeSets = options["watch-changes"].flatMap({ Int($0) }) {
                let purse = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("purse").path
                print(try WatchBenchmark.run(changeSets: changeSets, work: work, purse: purse), terminator: "")
                return 0
            }
            let rows = try measure(sizes: sizes, runs: runs, work: work)
            print(table(rows))
            if let json = options["json"] {
                try Data(jsonText(rows).utf8).write(to: URL(fileURLWithPath: json))
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("purse-bench: \(error)\n".utf8))
            return 1
        }
    }

    static let floorPhase = "floor: sqlite3 .import"
    static let bareFloorPhase = "floor: sqlite3 bare"
    static let hledgerPrefix = "hledger: "

    static func log(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Every phase of every size, in the order the table lists them. Long, but one timeline read
    /// top to bottom: each phase prepares what the next one times.
    static func measure(sizes: [Int], runs: Int, work: String) throws -> [Row] {
        let binDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let purse = binDirectory.appendingPathComponent("purse").path
        guard FileManager.default.isExecutableFile(atPath: purse) else {
            throw BenchmarkError("\(purse) not found: build it first (README, Benchmark)")
        }
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        var rows: [Row] = []
        func timed(
            _ size: Int, _ phase: String, times: Int = runs, before: () throws -> Void = {},
            accepting statuses: [Int32] = [0], _ executable: String, _ arguments: [String]
        ) throws -> Row {
            var seconds: [Double] = []
            var peak: Int64 = 0
            for run in 1...times {
                try before()
                let measurement = try ChildProcess.run(executable, arguments)
                guard statuses.contains(measurement.status) else {
                    throw BenchmarkError("\(phase) failed with status \(measurement.status): \(arguments.joined(separator: " "))")
                }
                seconds.append(measurement.seconds)
                peak = max(peak, measurement.peakResidentBytes)
                log("  \(size) \(phase) run \(run): \(String(format: "%.3f", measurement.seconds)) s")
            }
            let row = Row(size: size, phase: phase, seconds: seconds, peakBytes: peak)
            rows.append(row)
            return row
        }
        // Process start, so that the small figures below can be read against it.
        _ = try timed(0, "purse --version", purse, ["--version"])
        for size in sizes {
            let export = work + "/export-\(size)"
            log("generating \(size) transactions")
            try? FileManager.default.removeItem(atPath: export)
            _ = try WalletExportSampleGenerator(transactions: size, months: 120, seed: 42).write(
                to: URL(fileURLWithPath: export))
            let database = work + "/ledger-\(size).sqlite"
            func fresh(_ path: String) {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            }
            _ = try timed(size, "full sync", before: { fresh(database) }, purse, ["--db", database, "--quiet", "sync", export])
            let floor = try FloorImport.prepare(synced: database, work: work)
            let floorDatabase = work + "/floor-\(size).sqlite"
            _ = try timed(
                size, floorPhase, before: { try floor.reset(floorDatabase) }, floor.shell, floor.arguments(database: floorDatabase))
            try floor.verify(floorDatabase, holdsTheRowsOf: database)
            let bare = try FloorImport.prepareBare(synced: database, work: work)
            let bareDatabase = work + "/floor-bare-\(size).sqlite"
            _ = try timed(
                size, bareFloorPhase, before: { try bare.reset(bareDatabase) }, bare.shell, bare.arguments(database: bareDatabase))
            try bare.verify(bareDatabase, holdsTheRowsOf: database)
            guard size == sizes.max() else { continue }

            let baseline = work + "/ledger-\(size)-synced.sqlite"
            fresh(baseline)
            try FileManager.default.copyItem(atPath: database, toPath: baseline)
            try IncrementalChange.append(changed: 1000, deleted: 100, database: baseline, export: export)
            _ = try timed(
                size, "incremental 1000+100",
                before: {
                    fresh(database)
                    try FileManager.default.copyItem(atPath: baseline, toPath: database)
                    // On disk before the clock starts: else the sync's first checkpoint, whose
                    // fsync writes back every page the copy left dirty, times the copy.
                    let copy = try FileHandle(forUpdating: URL(fileURLWithPath: database))
                    try copy.synchronize()
                    try copy.close()
                }, purse, ["--db", database, "--quiet", "sync", export])
            for (category, amount) in [("Groceries", "600"), ("Dining", "400"), ("Shopping", "300")] {
                _ = try ChildProcess.run(
                    purse, ["--db", database, "budget", "set", category, amount, "--currency", "USD", "--from", "2026-01"])
            }
            let reports: [(String, [String])] = [
                ("report spending --month", ["report", "spending", "--month", "2026-10", "--format", "csv"]),
                (
                    "report spending --by mcc (all)",
                    ["report", "spending", "--by", "mcc", "--from", "2016-11-01", "--to", "2026-10-31", "--format", "csv"]
                ),
                (
                    "report trend --every month",
                    ["report", "trend", "--every", "month", "--from", "2016-11-01", "--to", "2026-10-31", "--format", "csv"]
                ),
                ("report budget", ["report", "budget", "--month", "2026-10", "--format", "csv"]),
                ("report summary", ["report", "summary", "--month", "2026-10", "--format", "csv"]),
                // The running month: anomalies as of today, budgets projected to the month's end.
                ("report summary (running month)", ["--now", "2026-10-15", "report", "summary", "--month", "2026-10", "--format", "csv"]),
                ("report anomalies", ["report", "anomalies", "--month", "2026-10", "--format", "csv"]),
                (
                    "report recurring (year)",
                    ["report", "recurring", "--from", "2025-11-01", "--to", "2026-10-31", "--format", "csv"]
                ),
                // The longest scopes: memory must stay flat there too.
                ("report recurring (all)", ["report", "recurring", "--from", "2016-11-01", "--to", "2026-10-31", "--format", "csv"]),
                (
                    "report spending --by merchant (all, JSON)",
                    ["report", "spending", "--by", "merchant", "--from", "2016-11-01", "--to", "2026-10-31", "--format", "json"]
                ),
            ]
            // The export gives every account its zone, so no report depends on the machine's.
            for (phase, arguments) in reports {
                _ = try timed(size, phase, purse, ["--db", database] + arguments)
            }
            // Every row of the month converts: the generator's reference rates (beside the export)
            // reach each of its days.
            let rates = export + "/ecb-rates.csv"
            let imported = try ChildProcess.run(purse, ["--db", database, "--quiet", "prices", "import", rates])
            guard imported.status == 0 else { throw BenchmarkError("purse prices import failed with status \(imported.status)") }
            _ = try timed(
                size, "report spending --convert-to", purse,
                ["--db", database, "report", "spending", "--month", "2026-10", "--convert-to", "EUR", "--format", "csv"])
            _ = try timed(
                size, "report spending --convert-to (all)", purse,
                [
                    "--db", database, "report", "spending", "--by", "month", "--from", "2016-11-01", "--to", "2026-10-31",
                    "--convert-to", "EUR", "--format", "csv",
                ])
            // Each form: the text sizes its columns over every row, the JSON nests them. The CSV
            // keeps the phase's first name, so that earlier figures still compare.
            for (phase, format) in [("report fx (all)", "csv"), ("report fx (all, text)", "text"), ("report fx (all, JSON)", "json")] {
                _ = try timed(
                    size, phase, purse,
                    ["--db", database, "report", "fx", "--from", "2016-11-01", "--to", "2026-10-31", "--format", format])
            }
            // Exit 1 says a budget is over: that is an answer, not a failure.
            _ = try timed(size, "budget check", accepting: [0, 1], purse, ["--db", database, "budget", "check", "--month", "2026-10"])
            if let hledger = try HledgerComparison.prepare(synced: database, shell: floor.shell, work: work) {
                // Once each: hledger reads the whole journal for every question.
                let questions = [
                    ("report spending --month", hledger.month("2026-10")),
                    ("report spending --by mcc (all)", hledger.allMonths(from: "2016-11-01", to: "2026-11-01")),
                ]
                for (phase, arguments) in questions {
                    _ = try timed(size, hledgerPrefix + phase, times: 1, hledger.hledger, arguments)
                }
            } else {
                log("hledger is not on the PATH: its comparison is skipped")
            }
        }
        let bankSizes = StatementImportBenchmark.sizes(sizes)
        for size in bankSizes {
            let bank = try StatementImportBenchmark(rows: size, work: work)
            _ = try timed(size, StatementImportBenchmark.phase, before: bank.reset, purse, bank.arguments)
            guard size == bankSizes.last else { continue }
            // Statement rows share their day's midnight, their merchants are thousands and one
            // key (the rent) is paid dozens of times a day: the reports that hold the most rows
            // are timed on this ledger too.
            let bankReports: [(String, [String])] = [
                ("report summary", ["report", "summary", "--month", "2026-10", "--format", "csv"]),
                // The running month: anomalies as of today (this ledger has no budget to project).
                ("report summary (running month)", ["--now", "2026-10-15", "report", "summary", "--month", "2026-10", "--format", "csv"]),
                ("report anomalies", ["report", "anomalies", "--month", "2026-10", "--format", "csv"]),
                ("report recurring (all)", ["report", "recurring", "--from", "2016-11-01", "--to", "2026-10-31", "--format", "csv"]),
                (
                    "report spending --by merchant (all, JSON)",
                    ["report", "spending", "--by", "merchant", "--from", "2016-11-01", "--to", "2026-10-31", "--format", "json"]
                ),
            ]
            for (phase, arguments) in bankReports {
                _ = try timed(size, phase + " (bank CSV ledger)", purse, ["--db", bank.database] + arguments)
            }
        }
        return rows
    }

    static func table(_ rows: [Row]) -> String {
        func cell(_ text: String, _ width: Int, left: Bool = false) -> String {
            let padding = String(repeating: " ", count: max(0, width - text.count))
            return left ? text + padding : padding + text
        }
        // As wide as the longest phase, so that every figure stands in its column.
        let phaseWidth = max(36, rows.map(\.phase.count).max() ?? 0)
        func line(_ cells: [String]) -> String {
            cell(cells[0], 9) + "  " + cell(cells[1], phaseWidth, left: true) + cells[2...].map { cell($0, 11) }.joined() + "\n"
        }
        var text = line(["size", "phase", "median s", "peak MB", "vs floor", "vs bare", "% of sync"])
        for row in rows {
            let floor = rows.first { $0.size == row.size && $0.phase == floorPhase }?.median
            let bare = rows.first { $0.size == row.size && $0.phase == bareFloorPhase }?.median
            let sync = rows.first { $0.size == row.size && $0.phase == "full sync" }?.median
            text += line([
                row.size == 0 ? "-" : String(row.size), row.phase, String(format: "%.3f", row.median),
                String(format: "%.1f", Double(row.peakBytes) / 1_048_576),
                floor.map { String(format: "%.2fx", row.median / $0) } ?? "",
                bare.map { String(format: "%.2fx", row.median / $0) } ?? "",
                sync.map { String(format: "%.2f%%", row.median / $0 * 100) } ?? "",
            ])
        }
        for row in rows {
            if let ratio = hledgerRatio(row, rows) {
                text += String(format: "%@ takes %.1fx the time purse takes\n", row.phase, ratio)
            }
        }
        return text
    }

    /// For a hledger row, its time over purse's median on the same question.
    static func hledgerRatio(_ row: Row, _ rows: [Row]) -> Double? {
        guard row.phase.hasPrefix(hledgerPrefix) else { return nil }
        let question = String(row.phase.dropFirst(hledgerPrefix.count))
        return rows.first { $0.size == row.size && $0.phase == question }.map { row.median / $0.median }
    }

    static func jsonText(_ rows: [Row]) -> String {
        let items = rows.map { row -> String in
            let floor = rows.first { $0.size == row.size && $0.phase == floorPhase }?.median
            let bare = rows.first { $0.size == row.size && $0.phase == bareFloorPhase }?.median
            let sync = rows.first { $0.size == row.size && $0.phase == "full sync" }?.median
            return "{\"size\":\(row.size),\"phase\":\"\(row.phase)\",\"median_seconds\":\(row.median),"
                + "\"runs_seconds\":[\(row.seconds.map { String($0) }.joined(separator: ","))],"
                + "\"peak_rss_bytes\":\(row.peakBytes),\"ratio_to_floor\":\(floor.map { String(row.median / $0) } ?? "null"),"
                + "\"ratio_to_bare_floor\":\(bare.map { String(row.median / $0) } ?? "null"),"
                + "\"ratio_to_full_sync\":\(sync.map { String(row.median / $0) } ?? "null"),"
                + "\"ratio_to_purse\":\(hledgerRatio(row, rows).map { String($0) } ?? "null")}"
        }
        return "{\"schema\":\"purse.bench.v1\",\"rows\":[\n" + items.joined(separator: ",\n") + "\n]}\n"
    }
}
