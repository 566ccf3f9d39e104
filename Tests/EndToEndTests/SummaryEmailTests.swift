import Foundation
import PurseTestSupport
import Testing

/// `purse report summary --format email` through the real binary, as cron pipes it to
/// `sendmail -t`: sync the bundled example, read the message back, find both alternatives and
/// the attachment, and check the headline against `report spending`.
@Suite("Summary email end to end", .tags(.slow))
struct SummaryEmailTests {
    @Test("sync, mail the summary, parse it, compare the headline with report spending")
    func email() throws {
        let folder = try TemporaryFolder()
        let purse = PurseBinary()
        let database = folder.file("ledger.sqlite")
        try Examples.syncedLedger(at: database, purse: purse)
        let mail = try purse.run(
            [
                "--db", database, "report", "summary", "--month", "2026-10", "--format", "email",
                "--to", "you@example.com",
            ], environment: ["USER": "ana"])
        #expect(mail.status == 0)
        #expect(mail.stderr == "")
        let message = try MIMEEntity(mail.stdout)
        #expect(message.header("To") == "you@example.com")
        #expect(message.header("From") == "purse <ana@localhost>")
        #expect(message.header("MIME-Version") == "1.0")
        #expect(message.header("Date") != nil)
        #expect(message.mediaType == "multipart/mixed")
        let alternative = try #require(message.parts.first { $0.mediaType == "multipart/alternative" })
        let plain = try #require(alternative.parts.first { $0.mediaType == "text/plain" })
        let html = try #require(alternative.parts.first { $0.mediaType == "text/html" })
        let attachment = try #require(message.parts.first { $0.header("Content-Disposition")?.hasPrefix("attachment") == true })
        #expect(attachment.mediaType == "text/csv")

        // The headline's first amount is October's USD net spending; September's gives the change.
        func usdNet(_ month: String) throws -> Int64 {
            let spending = try purse.run(["--db", database, "report", "spending", "--month", month, "--by", "month", "--format", "csv"])
            let row = try #require(spending.stdout.split(separator: "\n").first { $0.contains(",USD,") })
            let net = row.split(separator: ",")[4]
            let parts = net.split(separator: ".")
            return Int64(parts[0])! * 100 + Int64(parts[1])!
        }
        let october = try usdNet("2026-10")
        let september = try usdNet("2026-09")
        func dollars(_ cents: Int64) -> String {
            let whole = String(cents / 100)
            var grouped = ""
            for (index, digit) in whole.enumerated() {
                if index > 0, (whole.count - index) % 3 == 0 { grouped += "," }
                grouped.append(digit)
            }
            return "$" + grouped + "." + (cents % 100 < 10 ? "0" : "") + String(cents % 100)
        }
        // Rounded half to even to a whole percent.
        let change = Double(october - september) / Double(september) * 100
        let percent = Int(change.rounded(.toNearestOrEven))
        let subject = MIMEEntity.decodeHeader(try #require(message.header("Subject")))
        #expect(
            subject.hasPrefix("October 2026: spent \(dollars(october)) (\(percent > 0 ? "+" : "")\(percent)% vs September)"),
            "\(subject)")
        #expect(subject.contains("1 budget over") == false, "no budgets in this database")
        let text = try plain.decodedText()
        #expect(text.replacingOccurrences(of: ",\n  ", with: ", ").hasPrefix(subject + "\n"))
        #expect(try html.decodedText().contains("<h1>October 2026</h1>"))
        let csv = try attachment.decodedText()
        #expect(csv.hasPrefix("period,category,currency,spent,refunded,net,count,previous_net,average_net\n"))
        let csvNet = csv.split(separator: "\n").dropFirst().filter { $0.contains(",USD,") }.reduce(Int64(0)) { sum, line in
            let net = line.split(separator: ",")[5].split(separator: ".")
            return sum + Int64(net[0])! * 100 + (net[0].hasPrefix("-") ? -1 : 1) * Int64(net[1])!
        }
        #expect(csvNet == october)
    }

    @Test("the email is UTF-8 wholly under any locale: cron's LANG=C sends the same text part, sparklines and pounds included")
    func emailIgnoresTheLocale() throws {
        let folder = try TemporaryFolder()
        let purse = PurseBinary()
        let database = folder.file("ledger.sqlite")
        try Examples.syncedLedger(at: database, purse: purse)
        func plainPart(_ environment: [String: String], _ extra: [String] = []) throws -> String {
            let mail = try purse.run(
                ["--db", database, "report", "summary", "--month", "2026-10", "--format", "email", "--no-record"] + extra,
                environment: environment)
            #expect(mail.status == 0, "\(mail.stderr)")
            let alternative = try #require(try MIMEEntity(mail.stdout).parts.first { $0.mediaType == "multipart/alternative" })
            // The time it was made is the only line that may differ between two runs.
            let text = try #require(alternative.parts.first { $0.mediaType == "text/plain" }).decodedText()
            return text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains(", made ") }.joined(separator: "\n")
        }
        let utf8 = try plainPart(["LANG": "C.UTF-8"])
        #expect(utf8.contains("£"))
        #expect(utf8.unicodeScalars.contains { (0x2581...0x2588).contains($0.value) }, "sparklines in block characters")
        #expect(try plainPart(["LANG": "C"]) == utf8)
        #expect(try plainPart(["LC_ALL": "POSIX"]) == utf8)
        let asked = try plainPart(["LANG": "C.UTF-8"], ["--ascii"])
        #expect(!asked.unicodeScalars.contains { (0x2581...0x2588).contains($0.value) }, "--ascii still draws with ASCII")
    }

    /// Every month of the example (and the empty ones either side) in zones from UTC-5 to UTC+13.
    static let months = ["2025-10", "2025-11", "2025-12"] + (1...12).map { "2026-" + ($0 < 10 ? "0" : "") + String($0) }

    /// Fails unless `message` survives `sendmail -t` without `-oi` and an mbox: no line is `.`
    /// or starts with `.` or `From `, and the HTML part and the CSV attachment are there.
    static func expectWhole(_ message: String, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(MIMEEntity.transportUnsafeLines(message) == [], "\(label)", sourceLocation: sourceLocation)
        let entity = try MIMEEntity(message)
        let alternative = try #require(entity.parts.first { $0.mediaType == "multipart/alternative" }, sourceLocation: sourceLocation)
        #expect(alternative.parts.map(\.mediaType) == ["text/plain", "text/html"], "\(label)", sourceLocation: sourceLocation)
        #expect(try alternative.parts[1].decodedText().hasSuffix("</html>\n"), "\(label)", sourceLocation: sourceLocation)
        #expect(entity.parts.last?.mediaType == "text/csv", "\(label)", sourceLocation: sourceLocation)
    }

    @Test(
        "every month's email, in every zone, has no line that sendmail or an mbox would cut or change",
        arguments: ["UTC", "America/New_York", "Europe/London", "Asia/Tokyo", "Pacific/Auckland"])
    func everyMonthIsTransportSafe(zone: String) throws {
        let folder = try TemporaryFolder()
        let purse = PurseBinary()
        let database = folder.file("ledger.sqlite")
        try Examples.syncedLedger(at: database, purse: purse, environment: ["TZ": zone])
        for month in Self.months {
            let mail = try purse.run(
                ["--db", database, "report", "summary", "--month", month, "--format", "email"],
                environment: ["TZ": zone])
            #expect(mail.status == 0, "\(zone) \(month): \(mail.stderr)")
            try Self.expectWhole(mail.stdout, "\(zone) \(month)")
        }
    }

    @Test("merchant names that look like the end of a message or an mbox separator are escaped in every part")
    func adversarialMerchants() throws {
        let folder = try TemporaryFolder()
        let export = try ExportFixture(in: folder.url)
        // Names at and past a 76-column line: wherever a soft line break falls inside them, the
        // next line would start with a dot or with `From `.
        let names =
            [".", "..", ".hidden", "From here", "From ", String(repeating: ".", count: 90)]
            + (0..<5).map { String(repeating: "x", count: $0) + String(repeating: "From ", count: 18) }
        // The summary lists five merchants per currency: one account and currency per five names.
        let currencies = ["USD", "GBP", "EUR"]
        let accounts = currencies.indices.map { String(format: "0A1B2C3D-0000-4000-8000-%012d", $0) }
        try export.append(
            "accounts",
            ExportFixture.changeSet(
                "g1", 1, snapshot: true,
                inserted: currencies.indices.map {
                    ExportFixture.account(accounts[$0], name: "Checking " + currencies[$0], currency: currencies[$0])
                }))
        for (index, account) in accounts.enumerated() {
            let transactions = names.indices.filter { $0 / 5 == index }.map { number in
                ExportFixture.transaction(
                    String(format: "0A1B2C3D-0000-4000-8000-1000000000%02d", number), account: account,
                    date: String(format: "2026-10-%02dT12:00:00Z", number + 1), amount: String(100 + number) + ".00",
                    currency: currencies[index], merchant: names[number], description: names[number])
            }
            try export.append("transactions/" + account, ExportFixture.changeSet("g1", 1, snapshot: true, inserted: transactions))
        }
        let purse = PurseBinary()
        let database = folder.file("ledger.sqlite")
        let sync = try purse.run(["--db", database, "sync", export.path])
        try #require(sync.status == 0, "\(sync.stderr)")
        let mail = try purse.run(["--db", database, "report", "summary", "--month", "2026-10", "--format", "email"])
        #expect(mail.status == 0, "\(mail.stderr)")
        try Self.expectWhole(mail.stdout, "adversarial merchants")
        let html = try MIMEEntity(mail.stdout).parts[0].parts[1].decodedText()
        for name in names where name.count > 76 {
            #expect(html.contains(name), "\(name) is in the HTML part whole")
        }
    }
}
