import Analytics
import Ledger

/// `report summary --year` as text: fits 80 columns, one currency at a time.
public enum YearSummaryTextRendering {
    /// "2026 so far: spent $24,310.20 (+4% vs 2025), saved $5,120.00 (17.4%), £310.00": the
    /// email's Subject and the text's first line.
    static func headline(_ report: YearSummaryReport) -> String {
        var parts: [String] = []
        for (index, section) in report.currencies.enumerated() {
            let c = section.currency
            var text = (index == 0 ? "spent " : "") + MoneyFormat.text(section.total.net, currency: c)
            if let change = SummaryTextRendering.percentChange(section.change, previous: section.previousNet) {
                text += index == 0 ? " (\(change) vs \(report.year - 1))" : " (\(change))"
            }
            if section.total.income != 0 {
                text += ", saved " + MoneyFormat.text(section.total.saved, currency: c)
                if let rate = Percent.text(section.total.saved, of: section.total.income) { text += " (\(rate)%)" }
            }
            parts.append(text)
        }
        if parts.isEmpty { parts.append("no spending") }
        return "\(report.year)" + (report.isYearComplete ? "" : " so far") + ": " + parts.joined(separator: ", ")
    }

    /// "2026 is not over yet: counted up to November 2026; its numbers will still change."; nil for an ended year.
    static func runningText(_ report: YearSummaryReport) -> String? {
        report.isYearComplete
            ? nil : "\(report.year) is not over yet: counted up to \(MonthName.text(report.lastMonth)); its numbers will still change."
    }

    /// The savings rate as the monthly summary gives it (one decimal); empty without income.
    static func rate(_ totals: YearSummaryReport.Totals) -> String {
        Percent.text(totals.saved, of: totals.income).map { $0 + "%" } ?? ""
    }

    public static func text(_ report: YearSummaryReport, style: TextStyle) -> String {
        var output = SummaryTextRendering.wrapped(headline(report), width: 78) + "\n"
        let made = "Summary of \(report.year), made \(report.generatedAt.text)"
        let zones = "(\(TimeZoneText.times(report.timeZones))).\n"
        output += made + (DisplayWidth.of(made + zones) > 79 ? "\n" : " ") + zones
        if let text = runningText(report) { output += SummaryTextRendering.wrapped(text, width: 78) + "\n" }
        if report.currencies.isEmpty { output += "\nNothing happened in \(report.year).\n" }
        for section in report.currencies {
            output += monthsText(section) + categoriesText(section, year: report.year) + merchantsText(section) + recurringText(section)
        }
        return output
    }

    static func money(_ units: Int64, _ currency: String) -> String { MoneyFormat.text(units, currency: currency) }

    static func monthsText(_ section: YearSummaryReport.CurrencySection) -> String {
        let c = section.currency
        var table = TextTable(columns: [
            .init("Month"), .init("Spent", .right), .init("Refunded", .right), .init("Net", .right),
            .init("Income", .right), .init("Saved", .right), .init("Rate", .right),
        ])
        for row in section.months + [section.total] {
            table.append([
                row.month.map { MonthName.names[$0.month - 1] } ?? "Total", money(row.spent, c), money(row.refunded, c),
                money(row.net, c), money(row.income, c), money(row.saved, c), rate(row),
            ])
        }
        return SummaryTextRendering.heading("\(c): month by month") + table.rendered()
            + "Rate: saved as a share of income (none without income).\n"
    }

    static func categoriesText(_ section: YearSummaryReport.CurrencySection, year: Int) -> String {
        let c = section.currency
        let output = SummaryTextRendering.heading("\(c): spending by category")
        guard !section.categories.isEmpty else { return output + "No spending.\n" }
        var table = TextTable(columns: [
            .init("Category", maximumWidth: 24), .init(String(year), .right), .init(String(year - 1), .right),
            .init("Change", .right), .init("%", .right),
        ])
        for line in section.categories {
            table.append([
                line.category, money(line.net, c), money(line.previousNet, c), SummaryTextRendering.signed(line.change, c),
                SummaryTextRendering.percentChange(line.change, previous: line.previousNet) ?? "",
            ])
        }
        return output + table.rendered()
    }

    static func merchantsText(_ section: YearSummaryReport.CurrencySection) -> String {
        guard !section.merchants.isEmpty else { return "" }
        var table = TextTable(columns: [
            .init("Merchant", maximumWidth: 30), .init("Category", maximumWidth: 22), .init("Net", .right), .init("Count", .right),
        ])
        for line in section.merchants {
            table.append([line.merchant, line.category, money(line.net, section.currency), String(line.count)])
        }
        return SummaryTextRendering.heading("\(section.currency): top merchants") + table.rendered()
    }

    static func recurringText(_ section: YearSummaryReport.CurrencySection) -> String {
        guard !section.recurring.isEmpty else { return "" }
        var table = TextTable(columns: [
            .init("Merchant", maximumWidth: 30), .init("Cadence"), .init("Charges", .right), .init("Total", .right),
        ])
        for (cost, name) in named(section.recurring) {
            table.append([name, cost.item.cadence.rawValue, String(cost.count), money(cost.total, section.currency)])
        }
        return SummaryTextRendering.heading("\(section.currency): recurring charges that cost most") + table.rendered()
    }

    /// Each cost with its merchant as `report recurring` names it (a namesake on another account told apart).
    static func named(_ costs: [YearSummaryReport.RecurringCost]) -> [(YearSummaryReport.RecurringCost, String)] {
        Array(zip(costs, RecurringRendering.merchantNames(costs.map(\.item))))
    }
}
