import Analytics
import Ledger

/// `report summary` as text for a monospace terminal or mail: fits 80 columns, one currency at a time.
public enum SummaryTextRendering {
    /// "October 2026: spent $2,431.20 (-8% vs September), £310.00 (+3%), 1 budget over": the
    /// email's Subject and the text's first line.
    static func headline(_ report: SummaryReport) -> String {
        var parts: [String] = []
        let spending = report.currencies.filter { $0.count > 0 || $0.previousNet != 0 }
        for (index, section) in spending.enumerated() {
            var text = (index == 0 ? "spent " : "") + MoneyFormat.text(section.net, currency: section.currency)
            if let change = percentChange(section.change, previous: section.previousNet) {
                text += index == 0 ? " (\(change) vs \(MonthName.names[report.previousMonth.month - 1]))" : " (\(change))"
            }
            parts.append(text)
        }
        if report.isAfterData, let newest = report.newestTransaction {
            parts.append("no data yet (the newest transaction is \(day(newest)))")
        } else if parts.isEmpty {
            parts.append("no spending")
        }
        if !report.budgets.isEmpty {
            let over = report.budgetsOver
            parts.append(over == 0 ? "no budget over" : over == 1 ? "1 budget over" : "\(over) budgets over")
        }
        if !report.restatements.isEmpty {
            parts.append(report.restatements.count == 1 ? "1 month restated" : "\(report.restatements.count) months restated")
        }
        let stale = report.freshness.filter { $0.isStale || !$0.staleStreams.isEmpty }.count
        if stale > 0 { parts.append("data not fresh") }
        return MonthName.text(report.month) + (report.isMonthComplete ? "" : " so far") + ": " + parts.joined(separator: ", ")
    }

    /// "+8%", "-12%", "0%": `change` as a share of `previous`; nil when there is nothing to compare with.
    static func percentChange(_ change: Int64, previous: Int64) -> String? {
        guard previous > 0, let percent = Percent.text(change, of: previous, decimals: 0) else { return nil }
        return (change > 0 ? "+" : "") + percent + "%"
    }

    /// The headline over several lines when it is too wide: broken after its commas.
    static func wrapped(_ text: String, width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        var lines: [String] = []
        var current = ""
        for piece in text.components(separatedBy: ", ") {
            let candidate = current.isEmpty ? piece : current + ", " + piece
            if !current.isEmpty, DisplayWidth.of(candidate) + 1 > width {
                lines.append(current + ",")
                current = "  " + piece
            } else {
                current = candidate
            }
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }

    static func signed(_ units: Int64, _ currency: String) -> String {
        (units > 0 ? "+" : "") + MoneyFormat.text(units, currency: currency)
    }

    static func heading(_ title: String) -> String {
        "\n" + title + "\n" + String(repeating: "=", count: min(78, DisplayWidth.of(title))) + "\n"
    }

    static func day(_ date: CivilDate) -> String {
        "\(date.day) \(MonthName.names[date.month - 1]) \(date.year)"
    }

    public static func text(_ report: SummaryReport, style: TextStyle) -> String {
        let monthName = MonthName.text(report.month)
        var output = wrapped(headline(report), width: 78) + "\n"
        let made = "Summary of \(monthName), made \(report.generatedAt.text)"
        let zones = "(\(TimeZoneText.times(report.timeZones))).\n"
        output += made + (DisplayWidth.of(made + zones) > 79 ? "\n" : " ") + zones
        if !report.isMonthComplete { output += "\(monthName) is not over yet: its numbers will still change.\n" }
        if let text = conversionText(report) { output += wrapped(text, width: 78) + "\n" }
        if let line = ConversionRendering.textLine(report.unconverted) { output += wrapped(line, width: 78) + "\n" }
        if let text = noDataText(report) {
            output += "\n" + text + "\n"
        } else if report.currencies.isEmpty {
            output += "\nNothing happened in \(monthName).\n"
        }
        for section in report.currencies {
            output +=
                spendingText(section, report: report) + merchantsText(section) + largestExpensesText(section)
                + savingsText(section, monthName: monthName) + pendingText(section)
        }
        if !report.cardExchange.isEmpty { output += "\n" + cardExchangeLines(report).joined(separator: "\n") + "\n" }
        return output + groupsText(report) + budgetsText(report) + goalsText(report) + recurringText(report) + anomaliesText(report)
            + balancesText(report, style: style)
            + restatementsText(report)
            + freshnessText(report)
    }

    /// "Card exchange cost $12.40 over the ECB rate on €451.20 of purchases", one line per account
    /// currency and foreign currency; "beat" when the card charged less than the reference.
    static func cardExchangeLines(_ report: SummaryReport) -> [String] {
        report.cardExchange.map { cost in
            let markup = Money.roundedToMinorUnit(cost.sums.markup, currency: cost.currency)
            let purchases = MoneyFormat.text(cost.sums.foreignAmount, currency: cost.foreignCurrency) + " of purchases"
            return markup < 0
                ? "Card exchange beat the ECB rate by \(MoneyFormat.text(-markup, currency: cost.currency)) on \(purchases)"
                : "Card exchange cost \(MoneyFormat.text(markup, currency: cost.currency)) over the ECB rate on \(purchases)"
        }
    }

    /// What a converted summary converted, and what it left as it was; nil when not converted.
    static func conversionText(_ report: SummaryReport) -> String? {
        report.convertedTo.map { target in
            "Converted into \(target), each transaction at the rate of its day, net worth at each month's end, "
                + "account balances in their own currency."
        }
    }

    /// "No data for November 2026 yet: the newest transaction is 31 October 2026.", for a month
    /// after the data ends; nil otherwise.
    static func noDataText(_ report: SummaryReport) -> String? {
        guard report.isAfterData, let newest = report.newestTransaction else { return nil }
        return "No data for \(MonthName.text(report.month)) yet: the newest transaction is \(day(newest))."
    }

    static func money(_ units: Int64, _ currency: String) -> String {
        MoneyFormat.text(units, currency: currency)
    }

    /// Net spending by category against the month before and the average of the three before.
    static func spendingText(_ section: SummaryReport.CurrencySection, report: SummaryReport) -> String {
        let currency = section.currency
        var output = heading("\(currency): spending by category")
        guard !section.categories.isEmpty else { return output + "No spending.\n" }
        let previousName = MonthName.names[report.previousMonth.month - 1]
        let averageName =
            "avg " + MonthName.names[report.averageMonths[0].month - 1].prefix(3) + "-"
            + MonthName.names[report.averageMonths[2].month - 1].prefix(3)
        var table = TextTable(columns: [
            .init("Category", maximumWidth: 20), .init("Net", .right),
            .init(previousName.prefix(3) + "", .right), .init("Change", .right),
            .init("%", .right), .init(averageName, .right),
        ])
        for line in section.categories {
            table.append([
                line.category, money(line.net, currency), money(line.previousNet, currency), signed(line.change, currency),
                percentChange(line.change, previous: line.previousNet) ?? "", money(line.averageNet, currency),
            ])
        }
        table.append([
            "Total", money(section.net, currency), money(section.previousNet, currency), signed(section.change, currency),
            percentChange(section.change, previous: section.previousNet) ?? "", money(section.averageNet, currency),
        ])
        output += table.rendered()
        output +=
            "Spent \(money(section.spent, currency)), refunded \(money(section.refunded, currency)), "
            + "in \(section.count) transactions.\n"
        return output
    }

    static func merchantsText(_ section: SummaryReport.CurrencySection) -> String {
        guard !section.merchants.isEmpty else { return "" }
        var table = TextTable(columns: [
            .init("Merchant", maximumWidth: 30), .init("Category", maximumWidth: 22),
            .init("Net", .right), .init("Count", .right),
        ])
        for line in section.merchants {
            table.append([line.merchant, line.category, money(line.net, section.currency), String(line.count)])
        }
        return heading("\(section.currency): top merchants") + table.rendered()
    }

    static func largestExpensesText(_ section: SummaryReport.CurrencySection) -> String {
        guard !section.largestExpenses.isEmpty else { return "" }
        var table = TextTable(columns: [
            .init("Date"), .init("Merchant", maximumWidth: 28),
            .init("Category", maximumWidth: 20), .init("Amount", .right),
        ])
        for item in section.largestExpenses {
            table.append([item.date.description, item.merchant, item.category ?? "", money(item.amount, section.currency)])
        }
        return heading("\(section.currency): largest expenses") + table.rendered()
    }

    static func savingsText(_ section: SummaryReport.CurrencySection, monthName: String) -> String {
        let currency = section.currency
        var output = heading("\(currency): income and savings")
        var table = TextTable(columns: [.init(""), .init(monthName, .right)])
        table.append(["Income", money(section.income, currency)])
        table.append(["Net spending", money(section.net, currency)])
        table.append(["Saved", money(section.savings, currency)])
        output += table.rendered().split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n")
        if let rate = Percent.text(section.savings, of: section.income) {
            output += "Savings rate: \(rate)% of income.\n"
        } else {
            output += "Savings rate: none (no income this month).\n"
        }
        return output
    }

    static func pendingText(_ section: SummaryReport.CurrencySection) -> String {
        guard section.pendingCount > 0 else { return "" }
        let currency = section.currency
        var output = heading("\(currency): still pending")
        output +=
            "\(section.pendingCount) pending: \(money(section.pendingOut, currency)) out, "
            + "\(money(section.pendingIn, currency)) in.\n"
        var table = TextTable(columns: [
            .init("Date"), .init("Merchant", maximumWidth: 28),
            .init("Account", maximumWidth: 20), .init("Amount", .right),
        ])
        for item in section.pendingItems {
            table.append([item.date.description, item.merchant, item.account, money(item.indicator.signed(item.amount), currency)])
        }
        return output + table.rendered()
    }

    /// Whether the budgets are projected: the summary of the running month (README, "Budgets":
    /// Projected); another month's table is as it always was.
    static func projectsBudgets(_ report: SummaryReport) -> Bool {
        report.budgets.contains { $0.projectedThrough != nil }
    }

    /// Each category group's net against the month before, per currency; nothing when the
    /// ledger has no groups.
    static func groupsText(_ report: SummaryReport) -> String {
        guard !report.groups.isEmpty else { return "" }
        let previousName = MonthName.names[report.previousMonth.month - 1]
        var table = TextTable(columns: [
            .init("Group", maximumWidth: 22), .init("Currency"), .init("Net", .right), .init(previousName.prefix(3) + "", .right),
            .init("Change", .right), .init("%", .right),
        ])
        for line in report.groups {
            let currency = line.currency
            table.append([
                line.group, currency, money(line.net, currency), money(line.previousNet, currency), signed(line.change, currency),
                percentChange(line.change, previous: line.previousNet) ?? "",
            ])
        }
        return heading("Groups, \(MonthName.text(report.month))") + table.rendered()
    }

    static func budgetsText(_ report: SummaryReport) -> String {
        let output = heading("Budgets, \(MonthName.text(report.month))")
        guard !report.budgets.isEmpty else { return output + "No budgets (see 'purse budget set').\n" }
        let projects = projectsBudgets(report)
        // The projection's column takes from the category's width, so the table still fits 80 columns.
        var table = TextTable(
            columns: [
                .init("Status"), .init("Category", maximumWidth: projects ? 16 : 22), .init("Available", .right),
                .init("Net", .right), .init("Left", .right), .init("Used", .right),
            ] + (projects ? [.init("Projected", .right)] : []))
        for row in report.budgets {
            let available = row.available ?? 0
            table.append(
                [
                    (row.status?.rawValue ?? "").uppercased(), BudgetRendering.name(row, currency: false),
                    MoneyFormat.text(available, currency: row.currency), MoneyFormat.text(row.net, currency: row.currency),
                    MoneyFormat.text(row.remaining ?? 0, currency: row.currency),
                    Percent.text(row.net, of: available, decimals: 0).map { $0 + "%" } ?? "",
                ] + (projects ? [row.projected.map { MoneyFormat.text($0, currency: row.currency) } ?? ""] : []))
        }
        return output + table.rendered()
    }

    /// The goals as of the summary's last day; nothing when there are none.
    static func goalsText(_ report: SummaryReport) -> String {
        guard let goals = report.goals else { return "" }
        return heading("Goals, as of \(day(goals.today))") + GoalRendering.table(goals, compact: true)
    }

    /// Each account's balance at the month's end, then net worth per currency.
    static func balancesText(_ report: SummaryReport, style: TextStyle) -> String {
        let output = heading("Balances at \(day(report.month.lastDay))")
        guard !report.balances.isEmpty else { return output + "No balances observed yet.\n" }
        let previousName = MonthName.names[report.previousMonth.month - 1]
        var table = TextTable(columns: [
            .init("Account", maximumWidth: 30), .init("Balance", .right),
            .init("Change vs \(previousName.prefix(3))", .right),
        ])
        for line in report.balances {
            table.append([
                line.label, line.balance.map { MoneyFormat.text($0, currency: line.currency) } ?? "",
                line.change.map { signed($0, line.currency) } ?? "",
            ])
        }
        var worth = TextTable(columns: [
            .init("Net worth"), .init("Assets", .right), .init("Liabilities", .right),
            .init("Net worth", .right), .init("Change", .right), .init("12 months"),
        ])
        for line in report.netWorth {
            let currency = line.currency
            worth.append([
                currency, line.assets.map { MoneyFormat.text($0, currency: currency) } ?? "",
                line.liabilities.map { MoneyFormat.text($0, currency: currency) } ?? "",
                line.netWorth.map { MoneyFormat.text($0, currency: currency) } ?? "",
                line.change.map { signed($0, currency) } ?? "",
                Bar.sparkline(line.history.map(\.value), ascii: style.ascii),
            ])
        }
        return output + table.rendered() + "\n" + worth.rendered()
    }

    /// The month's five most pressing anomalies, then how many more and the command that lists them.
    static func anomalyLines(_ report: SummaryReport) -> [String] {
        let listed = AnomalyReport.Anomaly.byImportance(report.anomalies).prefix(5).map { anomaly in
            "\(anomaly.date) \(anomaly.kind.rawValue): \(anomaly.merchant.isEmpty ? anomaly.category : anomaly.merchant) "
                + "\(money(anomaly.amount, anomaly.currency)) (\(AnomalyRendering.detail(anomaly)))"
        }
        let more = report.anomalies.count - listed.count
        return listed + (more > 0 ? ["and \(more) more (purse report anomalies --month \(report.month))"] : [])
    }

    /// "Worth a look": nothing when there are no anomalies. Each one's reason can be long (a
    /// transaction ID), so lines break between words at 80 columns.
    static func anomaliesText(_ report: SummaryReport) -> String {
        guard !report.anomalies.isEmpty else { return "" }
        return heading("Worth a look") + anomalyLines(report).map { wordWrapped($0, width: 80, indent: 2) + "\n" }.joined()
    }

    /// `text` indented by `indent` and broken between words before `width`, later lines indented
    /// two more; a single word wider than that stays whole.
    static func wordWrapped(_ text: String, width: Int, indent: Int) -> String {
        var lines: [String] = []
        var current = String(repeating: " ", count: indent)
        var lineHasWord = false
        for word in text.split(separator: " ") {
            if lineHasWord, DisplayWidth.of(current) + 1 + DisplayWidth.of(String(word)) > width {
                lines.append(current)
                current = String(repeating: " ", count: indent + 2)
                lineHasWord = false
            }
            current += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        return (lines + [current]).joined(separator: "\n")
    }

    /// New series and price changes of the month, charges and income; nothing when there are none.
    static func recurringText(_ report: SummaryReport) -> String {
        guard !report.recurring.isEmpty else { return "" }
        var output = heading("Recurring")
        for (item, name) in zip(report.recurring, RecurringRendering.merchantNames(report.recurring)) {
            output += "  \(recurringLine(item, name: name))\n"
        }
        return output
    }

    /// `Verizon (monthly): price change $90.00 -> $91.67 (+$1.67) on 20 October 2026`; money
    /// coming in says so: `Acme Payroll (monthly, income): new, $4,000.00 on 1 October 2026`.
    static func recurringLine(_ item: RecurringReport.Item, name: String) -> String {
        let c = item.currency
        var line = "\(name) (\(item.cadence.rawValue)\(item.flow == .income ? ", income" : "")): "
        if let change = item.priceChange {
            line += "price change \(money(item.typicalAmount, c)) -> \(money(item.lastAmount, c)) (\(signed(change, c)))"
        } else {
            line += "new, \(money(item.lastAmount, c))"
        }
        if item.flags.contains(.new), item.priceChange != nil { line += ", new" }
        return line + " on \(day(item.lastDate))"
    }

    static func restatementsText(_ report: SummaryReport) -> String {
        var output = heading("Restatements")
        guard !report.restatements.isEmpty else { return output + noRestatementsText(report) + "\n" }
        for restatement in report.restatements {
            output += "\(MonthName.text(restatement.month)) changed since reported on \(restatement.reportedAt):\n"
            if restatement.changes.isEmpty { output += "  the totals are the same; transactions or categories changed.\n" }
            for change in restatement.changes {
                let currency = change.currency
                output +=
                    "  \(currency) net spending \(change.reportedNet.map { MoneyFormat.text($0, currency: currency) } ?? "none")"
                    + " -> \(MoneyFormat.text(change.net, currency: currency)),"
                    + " income \(change.reportedIncome.map { MoneyFormat.text($0, currency: currency) } ?? "none")"
                    + " -> \(MoneyFormat.text(change.income, currency: currency))\n"
            }
        }
        return output
    }

    /// Why there is no restatement: nothing was reported before, or it all still adds up.
    static func noRestatementsText(_ report: SummaryReport) -> String {
        report.hasReportedBefore
            ? "None: the months reported before still add up to what was reported."
            : "None: nothing was reported before."
    }

    /// "data as of 2026-11-01T04:00:00Z (14 days old, more than 7 days)" or "no data yet".
    static func dataAge(_ source: SummaryReport.SourceFreshness) -> String {
        guard let asOf = source.dataAsOf, let days = source.daysOld else { return "no data yet" }
        let age = days == 0 ? "today" : days == 1 ? "1 day old" : "\(days) days old"
        return "data as of \(asOf) (\(age)" + (source.isStale ? ", more than \(SummaryReport.staleAfterDays) days" : "") + ")"
    }

    static func freshnessText(_ report: SummaryReport) -> String {
        var output = heading("Data freshness")
        if report.freshness.isEmpty { output += "No sources synced yet (see 'purse sync').\n" }
        for source in report.freshness {
            output += (source.isStale ? "! " : "  ") + "\(source.name): \(dataAge(source))\n"
            // When the data is old, whether purse still syncs tells an exporter that stopped from a sync that did.
            if source.isStale { output += "    " + (source.lastSyncedAt.map { "last synced \($0)" } ?? "never synced") + "\n" }
            for stream in source.staleStreams {
                output += "! \(stream.name): no change for \(stream.days) days (since \(stream.changedAt))\n"
            }
        }
        return output
    }
}
