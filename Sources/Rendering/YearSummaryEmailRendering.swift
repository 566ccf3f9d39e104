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
        return SummaryEmailRendering.summaryMessage(
            subject: YearSummaryTextRendering.headline(report), text: text, html: html, csv: csv,
            csvFilename: "purse-summary-\(report.year).csv", period: "\(report.year)", from: from, to: to,
            at: report.generatedAt.epochSeconds, utcOffsetSeconds: utcOffsetSeconds, lineEnding: lineEnding)
    }
}
