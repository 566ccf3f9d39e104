import Analytics
import Ledger

/// `report summary` as one self-contained HTML page: inline CSS, inline SVG charts each with
/// a table of the same numbers (mail programs that drop SVG still show the tables), no
/// scripts and nothing fetched from elsewhere; readable on a phone.
public enum SummaryHTMLRendering {
    static let style = """
        body{margin:0;background:#f4f5f7;color:#222;font:15px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
        main{max-width:680px;margin:0 auto;padding:16px;background:#fff}
        h1{font-size:22px;margin:4px 0}
        h2{font-size:17px;margin:24px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}
        p.headline{font-size:17px;font-weight:600;margin:4px 0 8px}
        p.note{color:#666;font-size:13px;margin:4px 0}
        p.warning{color:#a93226;font-weight:600}
        table{border-collapse:collapse;width:100%;margin:6px 0 12px;font-size:14px}
        th,td{padding:4px 6px;border-bottom:1px solid #eee;text-align:left;vertical-align:top}
        td{overflow-wrap:anywhere}td:not(.num,.day,.status){min-width:4em}
        th{background:#f7f7f9;font-weight:600}
        td.num,th.num{text-align:right;white-space:nowrap}
        td.day{white-space:nowrap}
        tr.total td{font-weight:600;border-top:2px solid #ccc}
        figure{margin:8px 0}
        figcaption{font-size:13px;color:#666}
        td.status{white-space:nowrap}
        .over{color:#c0392b;font-weight:600}.warn{color:#b9770e;font-weight:600}.ok{color:#1e8449}
        .up{color:#c0392b}.down{color:#1e8449}
        @media (max-width:480px){main{padding:10px}table{font-size:13px}th,td{padding:3px 4px}.aux{display:none}}
        """

    static func e(_ text: String) -> String { HTMLText.escaped(text) }

    /// `narrowHides`: the columns a phone's narrow screen leaves out, so the others fit without
    /// scrolling sideways.
    static func table(_ headers: [(String, Bool)], _ rows: [[String]], totalRow: [String]? = nil, narrowHides: Set<Int> = []) -> String {
        func attributes(_ index: Int) -> String {
            // A day broken at its hyphens reads as two numbers, and a status as two words; other
            // text may break inside a word (a long merchant name), but not below a few letters.
            let kind = headers[index].1 ? ["num"] : headers[index].0 == "Date" ? ["day"] : headers[index].0 == "Status" ? ["status"] : []
            let classes = kind + (narrowHides.contains(index) ? ["aux"] : [])
            return classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\""
        }
        var html = "<table><thead><tr>"
        for (index, header) in headers.enumerated() { html += "<th\(attributes(index))>\(e(header.0))</th>" }
        html += "</tr></thead><tbody>"
        func row(_ cells: [String], total: Bool) {
            html += total ? "<tr class=\"total\">" : "<tr>"
            for (index, cell) in cells.enumerated() {
                // Cells arrive already escaped (some carry markup).
                html += "<td\(attributes(index))>\(cell)</td>"
            }
            html += "</tr>"
        }
        for cells in rows { row(cells, total: false) }
        if let totalRow { row(totalRow, total: true) }
        return html + "</tbody></table>\n"
    }

    /// A signed change, coloured: for spending a rise is bad (red), for balances (`goodWhenUp`) good.
    static func changeCell(_ change: Int64, _ currency: String, goodWhenUp: Bool = false) -> String {
        let text = SummaryTextRendering.signed(change, currency)
        let bad = goodWhenUp ? change < 0 : change > 0
        return change == 0 ? e(text) : bad ? "<span class=\"up\">\(e(text))</span>" : "<span class=\"down\">\(e(text))</span>"
    }

    public static func html(_ report: SummaryReport) -> String {
        let monthName = MonthName.text(report.month)
        var html = head(report)
        if !report.isMonthComplete {
            html += "<p class=\"warning\">\(e(monthName)) is not over yet: its numbers will still change.</p>\n"
        }
        if let text = SummaryTextRendering.noDataText(report) { html += "<p class=\"warning\">\(e(text))</p>\n" }
        if let line = ConversionRendering.textLine(report.unconverted) { html += "<p class=\"warning\">\(e(line))</p>\n" }
        for section in report.currencies {
            html +=
                "<section>\n" + spendingHTML(section, report: report) + merchantsHTML(section, monthName: monthName)
                + largestExpensesHTML(section) + savingsHTML(section, monthName: monthName) + pendingHTML(section) + "</section>\n"
        }
        for line in SummaryTextRendering.cardExchangeLines(report) { html += "<p>\(e(line))</p>\n" }
        html +=
            groupsHTML(report) + budgetsHTML(report) + goalsHTML(report) + recurringHTML(report) + anomaliesHTML(report)
            + balancesHTML(report)
            + restatementsHTML(report)
            + freshnessHTML(report)
        return html + "</main>\n</body>\n</html>\n"
    }

    /// The page up to the first section: head, title, headline and when it was made.
    static func head(_ report: SummaryReport) -> String {
        let monthName = MonthName.text(report.month)
        let headline = SummaryTextRendering.headline(report)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(e(headline))</title>
            <style>
            \(style)
            </style>
            </head>
            <body>
            <main>
            <h1>\(e(monthName))</h1>
            <p class="headline">\(e(headline))</p>
            <p class="note">Made \(e(report.generatedAt.text)), \(e(TimeZoneText.times(report.timeZones))). \(e(SummaryTextRendering.conversionText(report) ?? "Every amount is per currency; currencies are never added together."))</p>

            """
    }

    static func money(_ units: Int64, _ currency: String) -> String {
        e(MoneyFormat.text(units, currency: currency))
    }

    static func spendingHTML(_ section: SummaryReport.CurrencySection, report: SummaryReport) -> String {
        let currency = section.currency
        let monthName = MonthName.text(report.month)
        var html = "<h2>\(e(currency)): spending by category</h2>\n"
        let shown = section.categories.filter { $0.net > 0 }
        if !shown.isEmpty {
            html += "<figure class=\"chart\">"
            html += SVGChart.bars(
                shown.map {
                    SVGChart.Bar(
                        label: $0.category, value: $0.net,
                        valueText: MoneyFormat.text($0.net, currency: currency))
                },
                title: "\(currency) net spending by category, \(monthName)")
            html += "<figcaption>Net spending by category (spent minus refunded).</figcaption>\n"
            let previousName = MonthName.names[report.previousMonth.month - 1]
            html += table(
                [("Category", false), ("Net", true), (previousName, true), ("Change", true), ("Avg of 3 before", true)],
                section.categories.map {
                    [
                        e($0.category), money($0.net, currency), money($0.previousNet, currency), changeCell($0.change, currency),
                        money($0.averageNet, currency),
                    ]
                },
                totalRow: [
                    "Total", money(section.net, currency), money(section.previousNet, currency),
                    changeCell(section.change, currency), money(section.averageNet, currency),
                ], narrowHides: [4])
            html += "</figure>\n"
        } else {
            html += "<p>No spending.</p>\n"
        }
        html +=
            "<p class=\"note\">Spent \(money(section.spent, currency)), refunded \(money(section.refunded, currency)), "
            + "in \(section.count) transactions.</p>\n"
        return html
    }

    static func merchantsHTML(_ section: SummaryReport.CurrencySection, monthName: String) -> String {
        guard !section.merchants.isEmpty else { return "" }
        let currency = section.currency
        var html = "<h2>\(e(currency)): top merchants</h2>\n<figure class=\"chart\">"
        html += SVGChart.bars(
            section.merchants.map {
                SVGChart.Bar(
                    label: $0.merchant, value: $0.net,
                    valueText: MoneyFormat.text($0.net, currency: currency))
            },
            title: "\(currency) top merchants, \(monthName)")
        html += table(
            [("Merchant", false), ("Category", false), ("Net", true), ("Count", true)],
            section.merchants.map { [e($0.merchant), e($0.category), money($0.net, currency), String($0.count)] })
        return html + "</figure>\n"
    }

    static func largestExpensesHTML(_ section: SummaryReport.CurrencySection) -> String {
        guard !section.largestExpenses.isEmpty else { return "" }
        let currency = section.currency
        return "<h2>\(e(currency)): largest expenses</h2>\n"
            + table(
                [("Date", false), ("Merchant", false), ("Category", false), ("Amount", true)],
                section.largestExpenses.map {
                    [$0.date.description, e($0.merchant), e($0.category ?? ""), money($0.amount, currency)]
                })
    }

    static func savingsHTML(_ section: SummaryReport.CurrencySection, monthName: String) -> String {
        let currency = section.currency
        var html = "<h2>\(e(currency)): income and savings</h2>\n"
        html += table(
            [("", false), (monthName, true)],
            [
                ["Income", money(section.income, currency)], ["Net spending", money(section.net, currency)],
                ["Saved", money(section.savings, currency)],
            ])
        html +=
            "<p>"
            + (Percent.text(section.savings, of: section.income).map { "Savings rate: <strong>\($0)%</strong> of income." }
                ?? "Savings rate: none (no income this month).") + "</p>\n"
        return html
    }

    static func pendingHTML(_ section: SummaryReport.CurrencySection) -> String {
        guard section.pendingCount > 0 else { return "" }
        let currency = section.currency
        var html = "<h2>\(e(currency)): still pending</h2>\n"
        html +=
            "<p>\(section.pendingCount) pending: \(money(section.pendingOut, currency)) out, "
            + "\(money(section.pendingIn, currency)) in.</p>\n"
        html += table(
            [("Date", false), ("Merchant", false), ("Account", false), ("Amount", true)],
            section.pendingItems.map {
                [
                    $0.date.description, e($0.merchant), e($0.account),
                    money($0.indicator == .debit ? -$0.amount : $0.amount, currency),
                ]
            })
        return html
    }

    /// Each category group's net against the month before; nothing when the ledger has no groups.
    static func groupsHTML(_ report: SummaryReport) -> String {
        guard !report.groups.isEmpty else { return "" }
        let previousName = MonthName.names[report.previousMonth.month - 1]
        return "<section>\n<h2>Groups</h2>\n"
            + table(
                [("Group", false), ("Currency", false), ("Net", true), (previousName, true), ("Change", true)],
                report.groups.map {
                    [
                        e($0.group), e($0.currency), money($0.net, $0.currency), money($0.previousNet, $0.currency),
                        changeCell($0.change, $0.currency),
                    ]
                }, narrowHides: [1]) + "</section>\n"
    }

    static func budgetsHTML(_ report: SummaryReport) -> String {
        var html = "<section>\n<h2>Budgets</h2>\n"
        guard !report.budgets.isEmpty else { return html + "<p>No budgets (see <code>purse budget set</code>).</p>\n</section>\n" }
        html += "<figure class=\"chart\">"
        html += SVGChart.bars(
            report.budgets.map { row in
                let available = row.available ?? 0
                return SVGChart.Bar(
                    label: BudgetRendering.name(row, currency: true), value: row.net,
                    valueText: (Percent.text(row.net, of: available, decimals: 0).map { $0 + "% of " } ?? "")
                        + MoneyFormat.text(available, currency: row.currency),
                    highlighted: row.status == .over)
            }, title: "Budgets used, \(MonthName.text(report.month))")
        let projects = SummaryTextRendering.projectsBudgets(report)
        html += table(
            [("Status", false), ("Category", false), ("Available", true), ("Net", true), ("Left", true), ("Used", true)]
                + (projects ? [("Projected", true)] : []),
            report.budgets.map { row in
                let status = row.status?.rawValue ?? ""
                let available = row.available ?? 0
                return [
                    "<span class=\"\(status)\">\(e(status.uppercased()))</span>", e(BudgetRendering.name(row, currency: false)),
                    money(available, row.currency), money(row.net, row.currency),
                    money(row.remaining ?? 0, row.currency),
                    Percent.text(row.net, of: available, decimals: 0).map { $0 + "%" } ?? "",
                ] + (projects ? [row.projected.map { money($0, row.currency) } ?? ""] : [])
            }, narrowHides: [3])
        return html + "</figure>\n</section>\n"
    }

    /// The goals as of the summary's last day, each unknown "on track" explained; nothing when
    /// there are none. A phone leaves out the target, which the month still names.
    static func goalsHTML(_ report: SummaryReport) -> String {
        guard let goals = report.goals else { return "" }
        var html = "<section>\n<h2>Goals, as of \(e(SummaryTextRendering.day(goals.today)))</h2>\n"
        html += table(
            [("Goal", false), ("Saved", true), ("Target", true), ("Per month", true), ("On track", false)],
            goals.goals.map { goal in
                let c = goal.currency
                return [
                    e("\(goal.name) (\(goal.accountLabel), by \(MonthName.text(goal.by)))"),
                    goal.saved.map { money($0, c) + (goal.isPayingDown ? " owed" : "") } ?? "", money(goal.target, c),
                    goal.perMonth.map { money($0, c) } ?? "",
                    goal.onTrack.map { $0 ? "yes" : "<span class=\"over\">NO</span>" } ?? "?",
                ]
            }, narrowHides: [2])
        for goal in goals.goals where goal.onTrack == nil {
            html += "<p class=\"note\">\(e(goal.name)): on track unknown: \(e(GoalRendering.unknownReason(goal))).</p>\n"
        }
        return html + "</section>\n"
    }

    /// Each account's balance at the month's end, then each currency's net worth over twelve months.
    static func balancesHTML(_ report: SummaryReport) -> String {
        var html = "<section>\n<h2>Balances at \(e(SummaryTextRendering.day(report.month.lastDay)))</h2>\n"
        if report.balances.isEmpty {
            html += "<p>No balances observed yet.</p>\n"
        } else {
            let previousName = MonthName.names[report.previousMonth.month - 1]
            html += table(
                [("Account", false), ("Balance", true), ("Change vs \(previousName)", true)],
                report.balances.map { line in
                    [
                        e(line.label), line.balance.map { money($0, line.currency) } ?? "",
                        line.change.map { changeCell($0, line.currency, goodWhenUp: true) } ?? "",
                    ]
                })
        }
        for line in report.netWorth { html += netWorthHTML(line) }
        return html + "</section>\n"
    }

    static func netWorthHTML(_ line: SummaryReport.NetWorthLine) -> String {
        let currency = line.currency
        let values = line.history.compactMap(\.value)
        var html = "<h2>\(e(currency)): net worth</h2>\n<figure class=\"chart\">"
        html += SVGChart.line(
            line.history.map { (label: MonthName.names[$0.date.month - 1].prefix(3) + " \($0.date.year)", value: $0.value) },
            minimumText: MoneyFormat.text(values.min() ?? 0, currency: currency),
            maximumText: MoneyFormat.text(values.max() ?? 0, currency: currency),
            title: "\(currency) net worth at each month end")
        html +=
            "<figcaption>Net worth at each month end: assets \(line.assets.map { money($0, currency) } ?? "none"), "
            + "liabilities \(line.liabilities.map { money($0, currency) } ?? "none"), change this month "
            + (line.change.map { changeCell($0, currency, goodWhenUp: true) } ?? "none") + ".</figcaption>\n"
        html += table(
            [("Month end", false), ("Net worth", true)],
            line.history.map { [$0.date.description, $0.value.map { money($0, currency) } ?? ""] })
        return html + "</figure>\n"
    }

    static func recurringHTML(_ report: SummaryReport) -> String {
        guard !report.recurring.isEmpty else { return "" }
        return "<section>\n<h2>Recurring</h2>\n<ul>\n"
            + zip(report.recurring, RecurringRendering.merchantNames(report.recurring)).map { item, name in
                "<li>\(e(SummaryTextRendering.recurringLine(item, name: name)))</li>\n"
            }.joined() + "</ul>\n</section>\n"
    }

    static func anomaliesHTML(_ report: SummaryReport) -> String {
        guard !report.anomalies.isEmpty else { return "" }
        return "<section>\n<h2>Worth a look</h2>\n<ul>\n"
            + SummaryTextRendering.anomalyLines(report).map { "<li>\(e($0))</li>\n" }.joined() + "</ul>\n</section>\n"
    }

    static func restatementsHTML(_ report: SummaryReport) -> String {
        let html = "<section>\n<h2>Restatements</h2>\n"
        guard !report.restatements.isEmpty else {
            return html + "<p>\(e(SummaryTextRendering.noRestatementsText(report)))</p>\n</section>\n"
        }
        var rows: [[String]] = []
        for restatement in report.restatements {
            if restatement.changes.isEmpty {
                rows.append([e(MonthName.text(restatement.month)), "", "totals unchanged", "", e(restatement.reportedAt)])
            }
            for change in restatement.changes {
                let currency = change.currency
                rows.append([
                    e(MonthName.text(restatement.month)), e(currency),
                    (change.reportedNet.map { money($0, currency) } ?? "none") + " &rarr; " + money(change.net, currency),
                    (change.reportedIncome.map { money($0, currency) } ?? "none") + " &rarr; " + money(change.income, currency),
                    e(restatement.reportedAt),
                ])
            }
        }
        return html + table([("Month", false), ("Currency", false), ("Net spending", false), ("Income", false), ("Reported", false)], rows)
            + "</section>\n"
    }

    static func freshnessHTML(_ report: SummaryReport) -> String {
        var html = "<section>\n<h2>Data freshness</h2>\n"
        if report.freshness.isEmpty { html += "<p>No sources synced yet.</p>\n" }
        var rows: [[String]] = []
        for source in report.freshness {
            let age = SummaryTextRendering.dataAge(source)
            rows.append([
                e(source.name), source.isStale ? "<span class=\"over\">\(e(age))</span>" : e(age), e(source.lastSyncedAt ?? "never"),
            ])
            for stream in source.staleStreams {
                rows.append([
                    "&nbsp;&nbsp;" + e(stream.name), e(stream.changedAt),
                    "<span class=\"warn\">no change for \(stream.days) days</span>",
                ])
            }
        }
        if !rows.isEmpty { html += table([("Source", false), ("Data", false), ("Last synced", false)], rows) }
        return html + "</section>\n"
    }
}
