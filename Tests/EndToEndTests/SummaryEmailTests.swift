import Foundation
import PurseTestSupport
import Testing

/// `purse report summary --format email` through the real binary, as cron pipes it to
/// `sendmail -t`: sync the bundled example, read the message back, find both alternatives and
/// the attachment, and check the headline against `report spending`.
@Suite("Summary email end to end")
struct SummaryEmailTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/wallet-export")

    @Test("sync, mail the summary, parse it, compare the headline with report spending")
    func email() throws {
        let folder = try TemporaryFolder()
        let purse = PurseBinary()
        let database = folder.file("ledger.sqlite")
        let sync = try purse.run(["--db", database, "sync", Self.example.path])
        try #require(sync.status == 0, "\(sync.stderr)")
        let mail = try purse.run(["--db", database, "report", "summary", "--month", "2026-10", "--format", "email",
                                  "--to", "you@example.com"], environment: ["USER": "ana"])
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
        #expect(subject.hasPrefix("October 2026: spent \(dollars(october)) (\(percent > 0 ? "+" : "")\(percent)% vs September)"),
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
}
