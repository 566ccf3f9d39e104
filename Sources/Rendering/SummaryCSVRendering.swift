import Analytics
import Ledger

/// `report summary` as CSV: every fact of the summary in one long table,
/// `section,currency,item,measure,value` (a spreadsheet pivots it), and the spending by
/// category that the email attaches.
public enum SummaryCSVRendering {
    public static let header = ["section", "currency", "item", "measure", "value"]
    public static let spendingHeader = ["period", "category", "currency", "spent", "refunded", "net", "count", "previous_net",
                                        "average_net"]

    public static func csv(_ report: SummaryReport, write: @escaping (String) -> Void) {
        let csv = CSVWriter(header: header, write: write)
        func row(_ section: String, _ currency: String, _ item: String, _ measure: String, _ value: CSVWriter.Cell) {
            csv.row([.text(section), currency.isEmpty ? .empty : .text(currency), item.isEmpty ? .empty : .text(item), .text(measure), value])
        }
        func amount(_ units: Int64?, _ currency: String) -> CSVWriter.Cell {
            units.map { .number(MoneyFormat.machine($0, currency: currency)) } ?? .empty
        }
        row("summary", "", "", "month", .number(report.month.description))
        row("summary", "", "", "previous_month", .number(report.previousMonth.description))
        row("summary", "", "", "generated_at", .number(report.generatedAt.text))
        row("summary", "", "", "time_zone", .text(report.zoneIdentifier))
        row("summary", "", "", "month_complete", .number(report.isMonthComplete ? "true" : "false"))
        row("summary", "", "", "headline", .text(SummaryTextRendering.headline(report)))
        for section in report.currencies {
            let c = section.currency
            row("total", c, "", "spent", amount(section.spent, c))
            row("total", c, "", "refunded", amount(section.refunded, c))
            row("total", c, "", "net", amount(section.net, c))
            row("total", c, "", "count", .number(String(section.count)))
            row("total", c, "", "previous_net", amount(section.previousNet, c))
            row("total", c, "", "average_net", amount(section.averageNet, c))
            row("total", c, "", "income", amount(section.income, c))
            row("total", c, "", "savings", amount(section.savings, c))
            row("total", c, "", "savings_rate_pct", Percent.text(section.savings, of: section.income).map { .number($0) } ?? .empty)
            for line in section.categories {
                row("category", c, line.category, "net", amount(line.net, c))
                row("category", c, line.category, "previous_net", amount(line.previousNet, c))
                row("category", c, line.category, "average_net", amount(line.averageNet, c))
                row("category", c, line.category, "count", .number(String(line.count)))
            }
            for line in section.merchants {
                row("merchant", c, line.merchant, "net", amount(line.net, c))
                row("merchant", c, line.merchant, "count", .number(String(line.count)))
            }
            for item in section.largestExpenses {
                row("expense", c, item.merchant, item.date.description, amount(item.amount, c))
            }
            row("pending", c, "", "count", .number(String(section.pendingCount)))
            row("pending", c, "", "out", amount(section.pendingOut, c))
            row("pending", c, "", "in", amount(section.pendingIn, c))
        }
        for budget in report.budgets {
            let c = budget.currency
            row("budget", c, budget.category, "status", .text(budget.status?.rawValue ?? ""))
            row("budget", c, budget.category, "available", amount(budget.available, c))
            row("budget", c, budget.category, "net", amount(budget.net, c))
            row("budget", c, budget.category, "remaining", amount(budget.remaining, c))
        }
        for line in report.balances {
            row("balance", line.currency, line.name, "balance", amount(line.balance, line.currency))
            row("balance", line.currency, line.name, "change", amount(line.change, line.currency))
        }
        for line in report.netWorth {
            let c = line.currency
            row("net_worth", c, "", "assets", amount(line.assets, c))
            row("net_worth", c, "", "liabilities", amount(line.liabilities, c))
            row("net_worth", c, "", "net_worth", amount(line.netWorth, c))
            row("net_worth", c, "", "change", amount(line.change, c))
            for point in line.history { row("net_worth_history", c, point.date.description, "net_worth", amount(point.value, c)) }
        }
        for restatement in report.restatements {
            row("restatement", "", restatement.month.description, "reported_at", .number(restatement.reportedAt))
            for change in restatement.changes {
                let c = change.currency
                row("restatement", c, restatement.month.description, "reported_net", amount(change.reportedNet, c))
                row("restatement", c, restatement.month.description, "net", amount(change.net, c))
                row("restatement", c, restatement.month.description, "reported_income", amount(change.reportedIncome, c))
                row("restatement", c, restatement.month.description, "income", amount(change.income, c))
            }
        }
        for source in report.freshness {
            row("freshness", "", source.name, "last_synced_at", source.lastSyncedAt.map { .number($0) } ?? .empty)
            row("freshness", "", source.name, "stale", .number(source.isStale ? "true" : "false"))
            for stream in source.staleStreams { row("freshness", "", source.name + " " + stream.name, "stale_since", .number(stream.changedAt)) }
        }
    }

    /// The month's spending by category with the comparisons: the email's attachment.
    public static func spendingCSV(_ report: SummaryReport) -> String {
        var output = ""
        let csv = CSVWriter(header: spendingHeader) { output += $0 }
        for section in report.currencies {
            let c = section.currency
            for line in section.categories {
                csv.row([.number(report.month.description), .text(line.category), .text(c),
                         .number(MoneyFormat.machine(line.spent, currency: c)), .number(MoneyFormat.machine(line.refunded, currency: c)),
                         .number(MoneyFormat.machine(line.net, currency: c)), .number(String(line.count)),
                         .number(MoneyFormat.machine(line.previousNet, currency: c)),
                         .number(MoneyFormat.machine(line.averageNet, currency: c))])
            }
        }
        return output
    }
}
