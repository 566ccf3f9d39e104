import Analytics
import Ledger

/// `report summary --year` as one self-contained HTML page in the monthly summary's style: the
/// same inline CSS, no scripts, readable on a phone (the month table drops its refunded and
/// income columns there; saved and the rate stay).
public enum YearSummaryHTMLRendering {
    static func e(_ text: String) -> String { HTMLText.escaped(text) }
    static func money(_ units: Int64, _ currency: String) -> String { SummaryHTMLRendering.money(units, currency) }

    public static func html(_ report: YearSummaryReport) -> String {
        let headline = YearSummaryTextRendering.headline(report)
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(e(headline))</title>
            <style>
            \(SummaryHTMLRendering.style)
            </style>
            </head>
            <body>
            <main>
            <h1>\(report.year)</h1>
            <p class="headline">\(e(headline))</p>
            <p class="note">Made \(e(report.generatedAt.text)), \(e(TimeZoneText.times(report.timeZones))). Every amount is per currency; currencies are never added together.</p>

            """
        if let text = YearSummaryTextRendering.runningText(report) { html += "<p class=\"warning\">\(e(text))</p>\n" }
        if report.currencies.isEmpty { html += "<p>Nothing happened in \(report.year).</p>\n" }
        for section in report.currencies {
            html += "<section>\n" + monthsHTML(section) + categoriesHTML(section, year: report.year) + merchantsHTML(section)
            html += recurringHTML(section) + "</section>\n"
        }
        return html + "</main>\n</body>\n</html>\n"
    }

    static func monthsHTML(_ section: YearSummaryReport.CurrencySection) -> String {
        let c = section.currency
        func cells(_ row: YearSummaryReport.Totals) -> [String] {
            [
                e(row.month.map { MonthName.names[$0.month - 1] } ?? "Total"), money(row.spent, c), money(row.refunded, c),
                money(row.net, c), money(row.income, c), money(row.saved, c), e(YearSummaryTextRendering.rate(row)),
            ]
        }
        return "<h2>\(e(c)): month by month</h2>\n"
            + SummaryHTMLRendering.table(
                [("Month", false), ("Spent", true), ("Refunded", true), ("Net", true), ("Income", true), ("Saved", true), ("Rate", true)],
                section.months.map(cells), totalRow: cells(section.total), narrowHides: [1, 2, 4])
    }

    static func categoriesHTML(_ section: YearSummaryReport.CurrencySection, year: Int) -> String {
        let c = section.currency
        let html = "<h2>\(e(c)): spending by category</h2>\n"
        guard !section.categories.isEmpty else { return html + "<p>No spending.</p>\n" }
        return html
            + SummaryHTMLRendering.table(
                [("Category", false), (String(year), true), (String(year - 1), true), ("Change", true)],
                section.categories.map {
                    [e($0.category), money($0.net, c), money($0.previousNet, c), SummaryHTMLRendering.changeCell($0.change, c)]
                }, narrowHides: [2])
    }

    static func merchantsHTML(_ section: YearSummaryReport.CurrencySection) -> String {
        guard !section.merchants.isEmpty else { return "" }
        let c = section.currency
        return "<h2>\(e(c)): top merchants</h2>\n"
            + SummaryHTMLRendering.table(
                [("Merchant", false), ("Category", false), ("Net", true), ("Count", true)],
                section.merchants.map { [e($0.merchant), e($0.category), money($0.net, c), String($0.count)] }, narrowHides: [3])
    }

    static func recurringHTML(_ section: YearSummaryReport.CurrencySection) -> String {
        guard !section.recurring.isEmpty else { return "" }
        let c = section.currency
        return "<h2>\(e(c)): recurring charges that cost most</h2>\n"
            + SummaryHTMLRendering.table(
                [("Merchant", false), ("Cadence", false), ("Charges", true), ("Total", true)],
                YearSummaryTextRendering.named(section.recurring).map { cost, name in
                    [e(name), e(cost.item.cadence.rawValue), String(cost.count), money(cost.total, c)]
                }, narrowHides: [1])
    }
}
