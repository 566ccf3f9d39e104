import Analytics
import Ledger

/// `report summary --format email`: a complete message for `sendmail -t -oi`: the headline as
/// Subject, the text and HTML summaries as multipart/alternative, the spending CSV attached.
/// Date comes from the report's clock and the boundaries from the content, so the same report
/// gives the same bytes.
public enum SummaryEmailRendering {
    public static func message(
        _ report: SummaryReport, from: String, to: String, utcOffsetSeconds: Int,
        style: TextStyle, lineEnding: String = "\n"
    ) -> String {
        summaryMessage(
            subject: SummaryTextRendering.headline(report), text: SummaryTextRendering.text(report, style: style),
            html: SummaryHTMLRendering.html(report), csv: SummaryCSVRendering.spendingCSV(report),
            csvFilename: "purse-spending-\(report.month).csv",
            period: "\(report.month)", from: from, to: to, at: report.generatedAt.epochSeconds, utcOffsetSeconds: utcOffsetSeconds,
            lineEnding: lineEnding)
    }

    /// A summary's message, monthly or yearly: `period` names it in the Message-ID, whose digest
    /// is the content's, so the same report gives the same bytes.
    static func summaryMessage(
        subject: String, text: String, html: String, csv: String, csvFilename: String, period: String, from: String, to: String,
        at epochSeconds: Int64, utcOffsetSeconds: Int, lineEnding: String
    ) -> String {
        var digest = StableHash()
        MIMEMessage.addLine(text, to: &digest)
        MIMEMessage.addLine(html, to: &digest)
        let domain =
            from.split(separator: "@").last.map { String($0.filter { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) } ?? ""
        let headers: [(String, String)] = [
            ("From", from),
            ("To", to),
            ("Subject", subject),
            ("Date", date(epochSeconds, offset: utcOffsetSeconds)),
            ("Message-ID", "<summary-\(period)-\(digest.hex)@\(domain.isEmpty ? "purse.invalid" : domain)>"),
            ("Auto-Submitted", "auto-generated"),
        ]
        return MIMEMessage.render(
            headers: headers,
            body: .multipart(
                subtype: "mixed",
                parts: [
                    .multipart(
                        subtype: "alternative",
                        parts: [
                            .text(subtype: "plain", text: text, filename: nil),
                            .text(subtype: "html", text: html, filename: nil),
                        ]),
                    .binary(contentType: "text/csv; charset=utf-8", bytes: Array(csv.utf8), filename: csvFilename),
                ]), lineEnding: lineEnding)
    }

    static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// RFC 5322 date-time: `Sun, 15 Nov 2026 12:00:00 +0000`, in the given offset.
    static func date(_ epochSeconds: Int64, offset: Int) -> String {
        let local = epochSeconds + Int64(offset)
        let days = Int(local.floorDivided(by: 86_400))
        let second = Int(local - Int64(days) * 86_400)
        let date = CivilDate(daysSinceEpoch: days)
        let weekday = weekdays[((days % 7) + 7) % 7]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return
            "\(weekday), \(date.day) \(months[date.month - 1]) \(date.year) \(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60)) "
            + "\(sign)\(two(minutes / 60))\(two(minutes % 60))"
    }
}
