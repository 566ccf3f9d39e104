import Analytics
import Ledger

/// `report summary --year --format email`: a complete message for `sendmail -t -oi`, like the
/// monthly one: the headline (which names the year) as Subject, text and HTML as
/// multipart/alternative, the CSV attached. The same report gives the same bytes.
public enum YearSummaryEmailRendering {
    public static func message(
        _ report: YearSummaryReport, from: String, to: String, utcOffsetSeconds: Int, style: TextStyle, lineEnding: String = "\n"
    ) -> String {
        let text = YearSummaryTextRendering.text(report, style: style)
        let html = YearSummaryHTMLRendering.html(report)
        var csv = ""
        YearSummaryCSVRendering.csv(report) { csv += $0 }
        var digest = StableHash()
        MIMEMessage.addLine(text, to: &digest)
        MIMEMessage.addLine(html, to: &digest)
        let domain =
            from.split(separator: "@").last.map { String($0.filter { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) } ?? ""
        let headers: [(String, String)] = [
            ("From", from),
            ("To", to),
            ("Subject", YearSummaryTextRendering.headline(report)),
            ("Date", SummaryEmailRendering.date(report.generatedAt.epochSeconds, offset: utcOffsetSeconds)),
            ("Message-ID", "<summary-\(report.year)-\(digest.hex)@\(domain.isEmpty ? "purse.invalid" : domain)>"),
            ("Auto-Submitted", "auto-generated"),
        ]
        return MIMEMessage.render(
            headers: headers,
            body: .multipart(
                subtype: "mixed",
                parts: [
                    .multipart(
                        subtype: "alternative",
                        parts: [.text(subtype: "plain", text: text, filename: nil), .text(subtype: "html", text: html, filename: nil)]),
                    .binary(contentType: "text/csv; charset=utf-8", bytes: Array(csv.utf8), filename: "purse-summary-\(report.year).csv"),
                ]), lineEnding: lineEnding)
    }
}
