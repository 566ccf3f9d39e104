import Analytics
import Ledger

/// `report summary` as CSV: every fact of the summary in one long table,
/// `section,currency,item,measure,value` (a spreadsheet pivots it), and the spending by
/// category that the email attaches.
public enum SummaryCSVRendering {
    static let header = ["section", "currency", "item", "measure", "value"]
    static let spendingHeader = [
        "period", "category", "currency", "spent", "refunded", "net", "count", "previous_net",
        "average_net",
    ]

    public static func csv(_ report: SummaryReport, write: @escaping (String) -> Void) {
        let table = LongTable(csv: CSVWriter(header: header, write: write))
        table.row("summary", "", "", "month", .number(report.month.description))
        table.row("summary", "", "", "previous_month", .number(report.previousMonth.description))
        table.row("summary", "", "", "generated_at", .number(report.generatedAt.text))
        for zone in report.timeZones { table.row("summary", "", "", "time_zone", .text(zone)) }
        table.row("summary", "", "", "month_complete", .number(report.isMonthComplete ? "true" : "false"))
        table.row("summary", "", "", "newest_transaction", report.newestTransaction.map { .number($0.description) } ?? .empty)
        table.row("summary", "", "", "no_data_yet", .number(report.isAfterData ? "true" : "false"))
        table.row("summary", "", "", "reported_before", .number(report.hasReportedBefore ? "true" : "false"))
        table.row("summary", "", "", "headline", .text(SummaryTextRendering.headline(report)))
        if let target = report.convertedTo { table.row("summary", "", "", "converted_to", .text(target)) }
        for left in report.unconverted {
            let c = left.currency
            table.row("unconverted", c, left.kind.rawValue, "count", .number(String(left.count)))
            table.row("unconverted", c, left.kind.rawValue, "amount", amount(left.units, c))
            table.row("unconverted", c, left.kind.rawValue, "first_day", .number(left.firstDay.description))
        }
        for section in report.currencies { currencyRows(section, to: table) }
        for line in report.groups {
            let c = line.currency
            table.row("group", c, line.group, "net", amount(line.net, c))
            table.row("group", c, line.group, "previous_net", amount(line.previousNet, c))
            table.row("group", c, line.group, "change", amount(line.change, c))
        }
        for budget in report.budgets {
            let c = budget.currency
            if budget.scope == .group { table.row("budget", c, budget.category, "scope", .text("group")) }
            // A quarter's or year's figures count from its first month: the row says which period.
            if budget.period != .month { table.row("budget", c, budget.category, "period", .text(BudgetRendering.periodLabel(budget))) }
            table.row("budget", c, budget.category, "status", .text(budget.status?.rawValue ?? ""))
            table.row("budget", c, budget.category, "available", amount(budget.available, c))
            table.row("budget", c, budget.category, "net", amount(budget.net, c))
            table.row("budget", c, budget.category, "remaining", amount(budget.remaining, c))
            if budget.projectedThrough != nil { table.row("budget", c, budget.category, "projected", amount(budget.projected, c)) }
        }
        for goal in report.goals?.goals ?? [] {
            let c = goal.currency
            table.row("goal", c, goal.name, "target", amount(goal.target, c))
            table.row("goal", c, goal.name, "by", .number(goal.by.description))
            table.row("goal", c, goal.name, "saved", amount(goal.saved, c))
            table.row("goal", c, goal.name, "remaining", amount(goal.remaining, c))
            table.row("goal", c, goal.name, "months_left", .number(String(goal.monthsLeft)))
            table.row("goal", c, goal.name, "per_month", amount(goal.perMonth, c))
            table.row("goal", c, goal.name, "on_track", goal.onTrack.map { .text($0 ? "yes" : "no") } ?? .empty)
        }
        for line in report.balances {
            table.row("balance", line.currency, line.label, "balance", amount(line.balance, line.currency))
            table.row("balance", line.currency, line.label, "change", amount(line.change, line.currency))
        }
        for line in report.netWorth {
            let c = line.currency
            table.row("net_worth", c, "", "assets", amount(line.assets, c))
            table.row("net_worth", c, "", "liabilities", amount(line.liabilities, c))
            table.row("net_worth", c, "", "net_worth", amount(line.netWorth, c))
            table.row("net_worth", c, "", "change", amount(line.change, c))
            for point in line.history { table.row("net_worth_history", c, point.date.description, "net_worth", amount(point.value, c)) }
        }
        for (item, name) in zip(report.recurring, RecurringRendering.merchantNames(report.recurring)) {
            let c = item.currency
            table.row("recurring", c, name, "typical_amount", amount(item.typicalAmount, c))
            table.row("recurring", c, name, "last_amount", amount(item.lastAmount, c))
            table.row("recurring", c, name, "flags", .text(RecurringRendering.flagsText(item)))
            table.row("recurring", c, name, "flow", .text(item.flow.rawValue))
        }
        // Every anomaly, by kind and date: a spreadsheet needs no "and N more".
        for anomaly in report.anomalies {
            let c = anomaly.currency
            let item = "\(anomaly.date) \(anomaly.merchant.isEmpty ? anomaly.category : anomaly.merchant)"
            table.row("anomaly", c, item, anomaly.kind.rawValue, amount(anomaly.amount, c))
        }
        for cost in report.cardExchange {
            let markup = Money.roundedToMinorUnit(cost.sums.markup, currency: cost.currency)
            table.row("card_exchange", cost.currency, cost.foreignCurrency, "markup", amount(markup, cost.currency))
            table.row(
                "card_exchange", cost.currency, cost.foreignCurrency, "foreign_amount",
                amount(cost.sums.foreignAmount, cost.foreignCurrency))
        }
        restatementRows(report.restatements, to: table)
        freshnessRows(report.freshness, to: table)
    }

    /// The rows of the long table, `section,currency,item,measure,value`.
    struct LongTable {
        let csv: CSVWriter

        func row(_ section: String, _ currency: String, _ item: String, _ measure: String, _ value: CSVWriter.Cell) {
            csv.row([
                .text(section), currency.isEmpty ? .empty : .text(currency), item.isEmpty ? .empty : .text(item), .text(measure), value,
            ])
        }
    }

    static func amount(_ units: Int64?, _ currency: String) -> CSVWriter.Cell {
        units.map { .number(MoneyFormat.machine($0, currency: currency)) } ?? .empty
    }

    static func currencyRows(_ section: SummaryReport.CurrencySection, to table: LongTable) {
        let c = section.currency
        table.row("total", c, "", "spent", amount(section.spent, c))
        table.row("total", c, "", "refunded", amount(section.refunded, c))
        table.row("total", c, "", "net", amount(section.net, c))
        table.row("total", c, "", "count", .number(String(section.count)))
        table.row("total", c, "", "previous_net", amount(section.previousNet, c))
        table.row("total", c, "", "average_net", amount(section.averageNet, c))
        table.row("total", c, "", "income", amount(section.income, c))
        table.row("total", c, "", "savings", amount(section.savings, c))
        table.row("total", c, "", "savings_rate_pct", Percent.text(section.savings, of: section.income).map { .number($0) } ?? .empty)
        for line in section.categories {
            table.row("category", c, line.category, "net", amount(line.net, c))
            table.row("category", c, line.category, "previous_net", amount(line.previousNet, c))
            table.row("category", c, line.category, "average_net", amount(line.averageNet, c))
            table.row("category", c, line.category, "count", .number(String(line.count)))
        }
        for line in section.merchants {
            table.row("merchant", c, line.merchant, "net", amount(line.net, c))
            table.row("merchant", c, line.merchant, "count", .number(String(line.count)))
        }
        for item in section.largestExpenses {
            table.row("expense", c, item.merchant, item.date.description, amount(item.amount, c))
        }
        table.row("pending", c, "", "count", .number(String(section.pendingCount)))
        table.row("pending", c, "", "out", amount(section.pendingOut, c))
        table.row("pending", c, "", "in", amount(section.pendingIn, c))
    }

    static func restatementRows(_ restatements: [SummaryReport.Restatement], to table: LongTable) {
        for restatement in restatements {
            table.row("restatement", "", restatement.month.description, "reported_at", .number(restatement.reportedAt))
            for change in restatement.changes {
                let c = change.currency
                table.row("restatement", c, restatement.month.description, "reported_net", amount(change.reportedNet, c))
                table.row("restatement", c, restatement.month.description, "net", amount(change.net, c))
                table.row("restatement", c, restatement.month.description, "reported_income", amount(change.reportedIncome, c))
                table.row("restatement", c, restatement.month.description, "income", amount(change.income, c))
            }
        }
    }

    static func freshnessRows(_ sources: [SummaryReport.SourceFreshness], to table: LongTable) {
        for source in sources {
            table.row("freshness", "", source.name, "data_as_of", source.dataAsOf.map { .number($0) } ?? .empty)
            table.row("freshness", "", source.name, "days_old", source.daysOld.map { .number(String($0)) } ?? .empty)
            table.row("freshness", "", source.name, "last_synced_at", source.lastSyncedAt.map { .number($0) } ?? .empty)
            table.row("freshness", "", source.name, "stale", .number(source.isStale ? "true" : "false"))
            for stream in source.staleStreams {
                table.row("freshness", "", source.name + " " + stream.name, "stale_since", .number(stream.changedAt))
            }
        }
    }

    /// The month's spending by category with the comparisons: the email's attachment.
    static func spendingCSV(_ report: SummaryReport) -> String {
        var output = ""
        let csv = CSVWriter(header: spendingHeader) { output += $0 }
        for section in report.currencies {
            let c = section.currency
            for line in section.categories {
                csv.row([
                    .number(report.month.description), .text(line.category), .text(c),
                    .number(MoneyFormat.machine(line.spent, currency: c)), .number(MoneyFormat.machine(line.refunded, currency: c)),
                    .number(MoneyFormat.machine(line.net, currency: c)), .number(String(line.count)),
                    .number(MoneyFormat.machine(line.previousNet, currency: c)),
                    .number(MoneyFormat.machine(line.averageNet, currency: c)),
                ])
            }
        }
        return output
    }
}
