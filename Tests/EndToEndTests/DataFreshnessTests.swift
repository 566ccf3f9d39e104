import Foundation
import PurseTestSupport
import Testing

/// How new the data is, through the real binary on the real clock: a first sync of a month-old
/// Wallet export, and of a Sure inbox, reports the export's `exportedAt` and the capture's
/// `captured_at` in `status` and in the summary, never the time of the sync.
@Suite("Data freshness end to end")
struct DataFreshnessTests: PurseLedgerSuite {
    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
    }

    static func text(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// Whole days from `time` to now, read before and after a run: the run may cross a day.
    static func days(since time: Date, before: Date) -> Set<Int> {
        Set([before, Date()].map { Int(($0.timeIntervalSince1970 - time.timeIntervalSince1970) / 86_400) })
    }

    @Test("a first sync of an export written a month ago says the data is a month old, not fresh today")
    func monthOldExport() throws {
        let export = folder.file("export")
        try FileManager.default.copyItem(atPath: Examples.walletExport.path, toPath: export)
        let exported = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 - 30 * 86_400)
        let manifest = export + "/export.json"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: "2026-11-01T04:00:00Z", with: Self.text(exported))
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let before = Date()
        #expect(try run(["--quiet", "sync", export]).status == 0)

        let summary = try run(["report", "summary", "--month", "2026-10", "--no-record"])
        #expect(summary.status == 0, "\(summary.stderr)")
        let ages = Self.days(since: exported, before: before)
        #expect(
            ages.contains {
                summary.stdout.contains("! Sample iPhone: data as of \(Self.text(exported)) (\($0) days old, more than 7 days)\n")
            },
            "\(summary.stdout)")
        #expect(!summary.stdout.contains("(today)"))
        #expect(summary.stdout.contains("data not fresh"))
        let status = try run(["status"])
        #expect(status.stdout.contains("  Data as of: \(Self.text(exported))\n"), "\(status.stdout)")
    }

    @Test("a Sure inbox's data is as new as its newest capture's captured_at")
    func sureCapture() throws {
        let inbox = folder.file("sure-inbox")
        try FileManager.default.copyItem(at: Examples.sureInbox, to: URL(fileURLWithPath: inbox))
        let before = Date()
        #expect(try run(["--quiet", "sync", inbox]).status == 0)
        let captured = "2026-10-31T09:00:00Z"
        let status = try run(["status"])
        #expect(status.stdout.contains("Source: Sure publisher (sure sure-protocol-2)\n  Last sync: 20"), "\(status.stdout)")
        #expect(status.stdout.contains("  Data as of: \(captured)\n"), "\(status.stdout)")
        let summary = try run(["report", "summary", "--month", "2026-10", "--no-record"]).stdout
        let ages = Self.days(since: try #require(ISO8601DateFormatter().date(from: captured)), before: before)
        #expect(ages.contains { summary.contains("Sure publisher: data as of \(captured) (\($0) days old") }, "\(summary)")
    }
}
