import Foundation
import PurseCLI
import PurseTestSupport
import Testing

/// What the summary says about the data itself: how old it is (not when purse last ran), a month
/// the data has not reached yet, and the first summary ever made.
@Suite("Summary: freshness, empty months, the first summary")
struct SummaryFreshnessTests {
    let harness: CLITestHarness
    let export: String

    /// A copy of the example export (its manifest can change), written by its exporter that
    /// morning and synced at the harness's clock.
    init() throws {
        harness = try CLITestHarness()
        export = harness.folder.file("export")
        try FileManager.default.copyItem(atPath: Examples.walletExport.path, toPath: export)
        try Self.setExportedAt("2026-11-15T08:00:00Z", in: export)
        let synced = harness.run(["sync", export])
        try #require(synced.status == 0, "\(synced.stderr)")
    }

    /// Runs purse `days` days after the harness's clock.
    func run(_ arguments: [String], daysLater days: Double) -> String {
        let result = harness.run(arguments, at: harness.now.addingTimeInterval(days * 86_400))
        return result.stdout + result.stderr
    }

    /// Writes `date` as the `exportedAt` of the export at `path` (nil: no `exportedAt` at all).
    static func setExportedAt(_ date: String?, in path: String) throws {
        let manifest = URL(fileURLWithPath: path + "/export.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let member = try #require(text.range(of: #""exportedAt": "[^"]*",\s*"#, options: .regularExpression))
        try text.replacingCharacters(in: member, with: date.map { "\"exportedAt\": \"\($0)\", " } ?? "")
            .write(to: manifest, atomically: true, encoding: .utf8)
    }

    func setExportedAt(_ date: String) throws {
        try Self.setExportedAt(date, in: export)
    }

    @Test("a first sync of a month-old export says how old it is, in the summary and in status, not that it is fresh today")
    func monthOldExport() throws {
        let other = try CLITestHarness()
        let old = other.folder.file("export")
        try FileManager.default.copyItem(atPath: Examples.walletExport.path, toPath: old)
        try Self.setExportedAt("2026-10-15T12:00:00Z", in: old)
        #expect(other.run(["sync", old]).status == 0)
        let summary = other.run(["report", "summary", "--month", "2026-10", "--no-record"]).stdout
        #expect(
            summary.contains(
                "! Sample iPhone: data as of 2026-10-15T12:00:00Z (31 days old, more than 7 days)\n    last synced 2026-11-15T12:00:00Z\n"),
            "\(summary)")
        #expect(summary.contains("data not fresh") && !summary.contains("(today)"))
        let json = other.run(["report", "summary", "--month", "2026-10", "--no-record", "--format", "json"]).stdout
        #expect(json.contains("\"data_as_of\": \"2026-10-15T12:00:00Z\",\n        \"days_old\": 31,"), "\(json)")
        #expect(other.run(["status"]).stdout.contains("  Last sync: 2026-11-15T12:00:00Z\n  Data as of: 2026-10-15T12:00:00Z\n"))
        #expect(other.run(["status", "--format", "json"]).stdout.contains("\"data_as_of\": \"2026-10-15T12:00:00Z\","))
    }

    @Test("an export without exportedAt is as new as its newest record, not as the sync")
    func newestRecordWithoutExportedAt() throws {
        let other = try CLITestHarness()
        let bare = other.folder.file("export")
        try FileManager.default.copyItem(atPath: Examples.walletExport.path, toPath: bare)
        try Self.setExportedAt(nil, in: bare)
        #expect(other.run(["sync", bare]).status == 0)
        // The example's newest record: its last balance, the end of October in New York.
        let asOf = "2026-11-01T03:59:59Z"
        #expect(other.run(["status"]).stdout.contains("  Data as of: \(asOf)\n"))
        #expect(
            other.run(["report", "summary", "--month", "2026-10", "--no-record"]).stdout.contains("Sample iPhone: data as of \(asOf) ("))
    }

    @Test("a daily sync that brings nothing new does not make old data fresh")
    func syncingIsNotFreshness() throws {
        // Synced every day, but the exporter stopped: nothing arrives, export.json keeps its old time.
        for day in 1...9 { _ = run(["sync", export], daysLater: Double(day)) }
        let summary = run(["report", "summary", "--month", "2026-10", "--no-record"], daysLater: 9)
        #expect(
            summary.contains(
                "! Sample iPhone: data as of 2026-11-15T08:00:00Z (9 days old, more than 7 days)\n    last synced 2026-11-24T12:00:00Z\n"),
            "\(summary)")
        #expect(summary.contains("data not fresh"))
    }

    @Test("the export's own time counts: an exporter that wrote recently is fresh although nothing changed")
    func exportedAtCounts() throws {
        try setExportedAt("2026-11-23T08:00:00Z")
        _ = run(["sync", export], daysLater: 8)
        let summary = run(["report", "summary", "--month", "2026-10", "--no-record"], daysLater: 9)
        #expect(summary.contains("  Sample iPhone: data as of 2026-11-23T08:00:00Z (1 day old)\n"), "\(summary)")
        #expect(!summary.contains("data not fresh"))
        let json = run(["report", "summary", "--month", "2026-10", "--no-record", "--format", "json"], daysLater: 9)
        #expect(json.contains("\"data_as_of\": \"2026-11-23T08:00:00Z\",\n        \"days_old\": 1,"))
        let csv = run(["report", "summary", "--month", "2026-10", "--no-record", "--format", "csv"], daysLater: 9)
        #expect(csv.contains("freshness,,Sample iPhone,data_as_of,2026-11-23T08:00:00Z\nfreshness,,Sample iPhone,days_old,1\n"))
    }

    @Test("a stream that stopped while the rest of its source goes on is called out")
    func laggingStream() throws {
        let stream = URL(fileURLWithPath: export + "/transactions/0688F73D-508E-49A8-B0A2-4A07A7CF4768.jsonl")
        let last = try #require(try String(contentsOf: stream, encoding: .utf8).split(separator: "\n").last)
        let changeSet = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        let line = ExportFixture.changeSet(
            try #require(changeSet["generation"] as? String), try #require(changeSet["sequence"] as? Int) + 1,
            inserted: [ExportFixture.transaction("E0E0E0E0-0000-4000-8000-000000000002", account: "0688F73D-508E-49A8-B0A2-4A07A7CF4768")])
        let handle = try FileHandle(forWritingTo: stream)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((line + "\n").utf8))
        try handle.close()
        try setExportedAt("2026-11-23T12:00:00Z")
        _ = run(["sync", export], daysLater: 8)
        let summary = run(["report", "summary", "--month", "2026-10", "--no-record"], daysLater: 9)
        #expect(summary.contains("  Sample iPhone: data as of 2026-11-23T12:00:00Z (1 day old)\n"), "\(summary)")
        #expect(summary.contains("! balances/0688F73D-508E-49A8-B0A2-4A07A7CF4768: no change for 9 days (since 2026-11-15T12:00:00Z)\n"))
        #expect(!summary.contains("! transactions/0688F73D"))
        #expect(summary.contains("data not fresh"))
    }

    @Test("a month after the data ends says so in every format, with no -100 % and no savings rate")
    func monthAfterTheData() throws {
        let arguments = ["report", "summary", "--month", "2026-11", "--no-record"]
        let text = harness.run(arguments).stdout
        #expect(text.hasPrefix("November 2026 so far: no data yet (the newest transaction is 31 October 2026)\n"), "\(text)")
        #expect(text.contains("\nNo data for November 2026 yet: the newest transaction is 31 October 2026.\n"))
        #expect(!text.contains("-100%") && !text.contains("Savings rate") && !text.contains("spending by category"))
        #expect(text.contains("Balances at 30 November 2026"))
        let csv = harness.run(arguments + ["--format", "csv"]).stdout
        #expect(csv.contains("summary,,,newest_transaction,2026-10-31\nsummary,,,no_data_yet,true\n"))
        #expect(!csv.contains("savings_rate_pct") && !csv.contains("\ncategory,"))
        let json = harness.run(arguments + ["--format", "json"]).stdout
        #expect(json.contains("\"newest_transaction\": \"2026-10-31\",\n  \"no_data_yet\": true,"))
        #expect(json.contains("\"currencies\": [],"))
        let html = harness.run(arguments + ["--format", "html"]).stdout
        #expect(html.contains("<p class=\"warning\">No data for November 2026 yet: the newest transaction is 31 October 2026.</p>"))
        #expect(!html.contains("Savings rate"))
        let email = try MIMEEntity(harness.run(arguments + ["--format", "email"]).stdout)
        #expect(
            MIMEEntity.decodeHeader(try #require(email.header("Subject")))
                == "November 2026 so far: no data yet (the newest transaction is 31 October 2026)")
        // October, which has data, still reports its spending.
        let october = harness.run(["report", "summary", "--month", "2026-10", "--no-record"]).stdout
        #expect(october.contains("USD: spending by category") && !october.contains("No data for"))
        #expect(
            harness.run(["report", "summary", "--month", "2026-10", "--no-record", "--format", "json"]).stdout.contains(
                "\"no_data_yet\": false"))
    }

    @Test("the first summary says nothing was reported before, in every format; the next that the months still add up")
    func firstSummary() throws {
        let arguments = ["report", "summary", "--month", "2026-10"]
        for (format, first) in [
            ("text", "Restatements\n============\nNone: nothing was reported before.\n"), ("csv", "summary,,,reported_before,false\n"),
            ("json", "\"reported_before\": false,"), ("html", "<p>None: nothing was reported before.</p>"),
        ] {
            #expect(harness.run(arguments + ["--format", format, "--no-record"]).stdout.contains(first), "\(format)")
        }
        _ = harness.run(arguments)
        for (format, later) in [
            ("text", "None: the months reported before still add up to what was reported.\n"), ("csv", "summary,,,reported_before,true\n"),
            ("json", "\"reported_before\": true,"), ("html", "<p>None: the months reported before still add up to what was reported.</p>"),
        ] {
            #expect(harness.run(arguments + ["--format", format]).stdout.contains(later), "\(format)")
        }
    }
}
