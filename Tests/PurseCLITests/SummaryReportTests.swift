import Foundation
import Ledger
import LedgerStore
import PurseCLI
import PurseTestSupport
import Testing

/// `report summary` on the bundled example (examples/wallet-export synced into a temporary
/// database, a fixed clock of 2026-11-15T12:00:00Z, UTC, three budgets): golden files for every
/// format, the MIME structure read back in Swift (and by Python's email package when there is a
/// python3), the HTML's structure, restatements and data freshness.
@Suite("Report summary")
struct SummaryReportTests {
    static let addresses = ["--to", "Ana Example <ana@example.com>", "--from", "purse <purse@example.com>"]

    let harness: CLITestHarness

    /// Each test's own copy of the ledger, which is set up once.
    init() throws {
        harness = try CLITestHarness(copying: Self.ledger)
    }

    static let ledger = SharedLedger { database in try setUp(CLITestHarness(database: database)) }

    static func setUp(_ harness: CLITestHarness) throws {
        let synced = harness.run(["sync", Examples.walletExport.path])
        try #require(synced.status == 0, "\(synced.stderr)")
        for budget in [
            ["Groceries", "3000", "--currency", "USD"], ["Dining", "1500", "--currency", "USD"],
            ["Groceries", "800", "--currency", "GBP"],
        ] {
            let set = harness.run(["budget", "set"] + budget + ["--from", "2026-01"])
            try #require(set.status == 0, "\(set.stderr)")
        }
        // Last month's summary went out (cron mails one a month): October's is not the first.
        let september = harness.run(["report", "summary", "--month", "2026-09"])
        try #require(september.status == 0, "\(september.stderr)")
    }

    func summary(_ format: String, _ extra: [String] = []) -> CLITestHarness.Result {
        harness.run(["report", "summary", "--month", "2026-10", "--format", format] + Self.addresses + extra)
    }

    @Test(
        "golden files for every format",
        arguments: [
            ("text", "summary.txt"), ("csv", "summary.csv"), ("json", "summary.json"),
            ("html", "summary.html"), ("email", "summary.eml"),
        ])
    func golden(format: String, file: String) throws {
        let result = summary(format)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        try expectGolden(result.stdout, file)
        // A second run gives the same bytes: recording the month changed nothing that is shown.
        #expect(summary(format).stdout == result.stdout)
    }

    /// The text's headline on one line again.
    static func unwrapped(_ text: String) -> String {
        text.replacingOccurrences(of: ",\n  ", with: ", ")
    }

    @Test("text fits 80 columns and leads with the headline")
    func textWidth() {
        let text = summary("text").stdout
        for line in text.split(separator: "\n") {
            #expect(line.count <= 80, "too wide: \(line)")
        }
        #expect(text.hasPrefix("October 2026: spent $"))
        #expect(text.contains("no budget over"))
    }

    @Test("the email is well-formed MIME: headers, both alternatives, the attachment, decoded back to the renderings")
    func emailRoundTrip() throws {
        let email = summary("email").stdout
        let text = summary("text").stdout
        let html = summary("html").stdout
        for line in email.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.utf8.count <= 998)
        }
        let message = try MIMEEntity(email)
        #expect(message.header("MIME-Version") == "1.0")
        #expect(message.header("From") == "purse <purse@example.com>")
        #expect(message.header("To") == "Ana Example <ana@example.com>")
        #expect(message.header("Date") == "Sun, 15 Nov 2026 12:00:00 +0000")
        let subject = MIMEEntity.decodeHeader(try #require(message.header("Subject")))
        #expect(Self.unwrapped(text).hasPrefix(subject + "\n"))
        #expect(subject.hasPrefix("October 2026: spent $"))
        #expect(message.mediaType == "multipart/mixed")
        #expect(message.parts.count == 2)
        let alternative = message.parts[0]
        #expect(alternative.mediaType == "multipart/alternative")
        #expect(alternative.parts.map(\.mediaType) == ["text/plain", "text/html"])
        #expect(try alternative.parts[0].decodedText() == text)
        #expect(try alternative.parts[1].decodedText() == html)
        for part in alternative.parts {
            #expect(part.header("Content-Type")?.lowercased().contains("charset=utf-8") == true)
            for line in part.rawBody.split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(line.utf8.count <= 76, "body line too long: \(line)")
                #expect(line.utf8.allSatisfy { $0 < 0x80 })
            }
        }
        let attachment = message.parts[1]
        #expect(attachment.mediaType == "text/csv")
        #expect(attachment.header("Content-Transfer-Encoding") == "base64")
        #expect(attachment.header("Content-Disposition") == "attachment; filename=\"purse-spending-2026-10.csv\"")
        let csv = try attachment.decodedText()
        #expect(csv.hasPrefix("period,category,currency,spent,refunded,net,count,previous_net,average_net\n"))
        // The attachment's category nets are report spending's.
        let spending = harness.run(["report", "spending", "--month", "2026-10", "--format", "csv"]).stdout
        let nets = Set(
            spending.split(separator: "\n").dropFirst().map { line -> String in
                let cells = line.split(separator: ",", omittingEmptySubsequences: false)
                return "\(cells[1]),\(cells[2]),\(cells[5])"
            })
        let attached = Set(
            csv.split(separator: "\n").dropFirst().compactMap { line -> String? in
                let cells = line.split(separator: ",", omittingEmptySubsequences: false)
                return cells[6] == "0" ? nil : "\(cells[1]),\(cells[2]),\(cells[5])"
            })
        #expect(attached == nets)
    }

    @Test("the same report gives the same boundaries; a different report different ones")
    func deterministicBoundary() throws {
        let october = try MIMEEntity(summary("email").stdout)
        let again = try MIMEEntity(summary("email").stdout)
        #expect(october.header("Content-Type") == again.header("Content-Type"))
        let september = try MIMEEntity(harness.run(["report", "summary", "--month", "2026-09", "--format", "email"]).stdout)
        #expect(september.header("Content-Type") != october.header("Content-Type"))
        // Default addresses: the local user at localhost.
        #expect(september.header("To") == "root@localhost")
    }

    @Test("Python's email package reads the message the same way (skipped without python3)")
    func pythonParses() throws {
        guard
            let python = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
                .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return }
        let email = summary("email").stdout
        let file = harness.folder.file("summary.eml")
        try Data(email.utf8).write(to: URL(fileURLWithPath: file))
        let script = """
            import sys, json, email
            from email import policy
            msg = email.message_from_binary_file(open(sys.argv[1], 'rb'), policy=policy.default)
            assert not msg.defects, msg.defects
            out = {"subject": str(msg["subject"]), "type": msg.get_content_type(), "parts": []}
            for part in msg.walk():
                assert not part.defects, (part.get_content_type(), part.defects)
                if part.is_multipart():
                    out["parts"].append([part.get_content_type()])
                    continue
                body = part.get_content()
                if isinstance(body, bytes): body = body.decode("utf-8")
                out["parts"].append([part.get_content_type(), part.get_filename(), body])
            print(json.dumps(out))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, file]
        let pipe = Pipe()
        let errors = Pipe()
        process.standardOutput = pipe
        process.standardError = errors
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python: \(errorText)")
        let parsed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let subject = try #require(parsed["subject"] as? String)
        #expect(Self.unwrapped(summary("text").stdout).hasPrefix(subject + "\n"))
        #expect(parsed["type"] as? String == "multipart/mixed")
        let parts = try #require(parsed["parts"] as? [[Any]])
        #expect(parts.map { $0[0] as? String } == ["multipart/mixed", "multipart/alternative", "text/plain", "text/html", "text/csv"])
        #expect(parts[2][2] as? String == summary("text").stdout)
        #expect(parts[3][2] as? String == summary("html").stdout)
        #expect(parts[4][1] as? String == "purse-spending-2026-10.csv")
    }

    @Test("HTML: self-contained, SVG charts each with a table, no scripts or remote resources, phone-ready")
    func htmlStructure() throws {
        let html = summary("html").stdout
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<meta name=\"viewport\""))
        #expect(html.contains("<style>"))
        #expect(!html.lowercased().contains("<script"))
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(!html.lowercased().contains("<link") && !html.lowercased().contains("<img") && !html.contains("url("))
        let figures = html.components(separatedBy: "<figure class=\"chart\">").dropFirst()
        #expect(figures.count >= 4)
        for figure in figures {
            let body = figure.components(separatedBy: "</figure>")[0]
            #expect(body.contains("<svg"))
            #expect(body.contains("<table"))
        }
        #expect(html.components(separatedBy: "<svg").count - 1 == figures.count)
        #expect(html.contains("<polyline"), "the net-worth line chart")
    }

    @Test("restatements: the first summary of a month records it; a later change is reported once")
    func restatements() throws {
        let september = harness.run(["report", "summary", "--month", "2026-09", "--format", "json"])
        #expect(september.status == 0)
        #expect(september.stdout.contains("\"restatements\": []"))
        // Nothing recorded by a trial run.
        harness.run(["report", "summary", "--month", "2026-08", "--no-record"])
        // Groceries stop counting as spending: September's numbers change.
        let rule = harness.run(["rules", "add", "--mcc", "5411", "--flow", "transfer"])
        try #require(rule.status == 0, "\(rule.stderr)")
        let october = harness.run(["report", "summary", "--month", "2026-10", "--format", "json"]).stdout
        #expect(october.contains("\"month\": \"2026-09\",\n      \"reported_at\": \"2026-11-15T12:00:00Z\""))
        #expect(!october.contains("\"month\": \"2026-08\",\n      \"reported_at\""))
        let text = harness.run(["report", "summary", "--month", "2026-10"]).stdout
        #expect(text.contains("Restatements\n============\nNone"), "each change is reported once")
        #expect(text.hasPrefix("October 2026: spent"))
    }

    /// The digest a summary remembers is compared with the one stored by earlier runs (maybe of
    /// an earlier purse): if the way it is computed changed, every month would show as restated.
    @Test("the digest remembered for a month is the one earlier versions stored")
    func rememberedDigest() throws {
        #expect(summary("text").status == 0)
        let store = try LedgerStore(path: harness.database, mode: .readOnly, now: Timestamp.utc(epochSeconds: 1_794_744_000))
        let october = try #require(try store.summaryRecords().first { $0.month == YearMonth(iso: "2026-10") })
        // Recorded when October's days became the accounts' own (New York's, London's) rather than UTC's.
        #expect(october.digest == "d8b6ddf410f3bf19")
    }

    @Test("a source whose data is more than 7 days old is called out, with when it last synced")
    func freshness() throws {
        // The example was exported on 2026-11-01, two weeks before the clock: syncing it today does not make it fresh.
        let now = summary("text").stdout
        #expect(
            now.contains(
                "! Sample iPhone: data as of 2026-11-01T04:00:00Z (14 days old, more than 7 days)\n    last synced 2026-11-15T12:00:00Z\n"))
        #expect(now.contains("data not fresh"))
        let later = harness.run(["report", "summary", "--month", "2026-10", "--no-record"], at: harness.now.addingTimeInterval(9 * 86_400))
            .stdout
        #expect(
            later.contains(
                "! Sample iPhone: data as of 2026-11-01T04:00:00Z (23 days old, more than 7 days)\n    last synced 2026-11-15T12:00:00Z\n"))
    }

    @Test("usage errors: an unknown format, an address with a line break")
    func usage() {
        let format = harness.run(["report", "summary", "--format", "pdf"])
        #expect(format.status == 64)
        #expect(
            format.stderr == """
                Error: option '--format' must be one of text, csv, json, html, email, not 'pdf'.
                Usage: purse report summary [options]
                See 'purse report summary --help'.

                """)
        let address = harness.run(["report", "summary", "--format", "email", "--to", "a@b\nBcc: x@y"])
        #expect(address.status == 64)
        #expect(
            address.stderr == """
                Error: option '--to' needs a mail address such as you@example.com or 'Ana <ana@example.com>', not 'a@b
                Bcc: x@y'.
                Usage: purse report summary [options]
                See 'purse report summary --help'.

                """)
    }
}
