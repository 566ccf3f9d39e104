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
        th{background:#f7f7f9;font-weight:600}
        td.num,th.num{text-align:right;white-space:nowrap}
        tr.total td{font-weight:600;border-top:2px solid #ccc}
        figure{margin:8px 0}
        figcaption{font-size:13px;color:#666}
        .over{color:#c0392b;font-weight:600}.warn{color:#b9770e;font-weight:600}.ok{color:#1e8449}
        .up{color:#c0392b}.down{color:#1e8449}
        @media (max-width:480px){main{padding:10px}table{font-size:13px}th,td{padding:3px 4px}}
        """

    static func e(_ text: String) -> String { HTMLText.escaped(text) }

    static func table(_ headers: [(String, Bool)], _ rows: [[String]], totalRow: [String]? = nil) -> String {
        var html = "<table><thead><tr>"
        for (title, numeric) in headers { html += numeric ? "<th class=\"num\">\(e(title))</th>" : "<th>\(e(title))</th>" }
        html += "</tr></thead><tbody>"
        func row(_ cells: [String], total: Bool) {
            html += total ? "<tr class=\"total\">" : "<tr>"
            for (index, cell) in cells.enumerated() {
                // Cells arrive already escaped (some carry markup).
                html += headers[index].1 ? "<td class=\"num\">\(cell)</td>" : "<td>\(cell)</td>"
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
        let previousName = MonthName.names[report.previousMonth.month - 1]
        let headline = SummaryTextRendering.headline(report)
        var html = """
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
            <p class="note">Made \(e(report.generatedAt.text)), times in \(e(report.zoneIdentifier)). Every amount is per currency; currencies are never added together.</p>

            """
        if !report.isMonthComplete {
            html += "<p class=\"warning\">\(e(monthName)) is not over yet: its numbers will still change.</p>\n"
        }
        for section in report.currencies {
            let currency = section.currency
            func money(_ units: Int64) -> String { e(MoneyFormat.text(units, currency: currency)) }
            html += "<section>\n<h2>\(e(currency)): spending by category</h2>\n"
            let shown = section.categories.filter { $0.net > 0 }
            if !shown.isEmpty {
                html += "<figure class=\"chart\">"
                html += SVGChart.bars(shown.map { SVGChart.Bar(label: $0.category, value: $0.net,
                                                               valueText: MoneyFormat.text($0.net, currency: currency)) },
                                      title: "\(currency) net spending by category, \(monthName)")
                html += "<figcaption>Net spending by category (spent minus refunded).</figcaption>\n"
                html += table([("Category", false), ("Net", true), (previousName, true), ("Change", true), ("Avg of 3 before", true)],
                              section.categories.map {
                                  [e($0.category), money($0.net), money($0.previousNet), changeCell($0.change, currency), money($0.averageNet)]
                              },
                              totalRow: ["Total", money(section.net), money(section.previousNet),
                                         changeCell(section.change, currency), money(section.averageNet)])
                html += "</figure>\n"
            } else {
                html += "<p>No spending.</p>\n"
            }
            html += "<p class=\"note\">Spent \(money(section.spent)), refunded \(money(section.refunded)), in \(section.count) transactions.</p>\n"
            if !section.merchants.isEmpty {
                html += "<h2>\(e(currency)): top merchants</h2>\n<figure class=\"chart\">"
                html += SVGChart.bars(section.merchants.map { SVGChart.Bar(label: $0.merchant, value: $0.net,
                                                                           valueText: MoneyFormat.text($0.net, currency: currency)) },
                                      title: "\(currency) top merchants, \(monthName)")
                html += table([("Merchant", false), ("Category", false), ("Net", true), ("Count", true)],
                              section.merchants.map { [e($0.merchant), e($0.category), money($0.net), String($0.count)] })
                html += "</figure>\n"
            }
            if !section.largestExpenses.isEmpty {
                html += "<h2>\(e(currency)): largest expenses</h2>\n"
                html += table([("Date", false), ("Merchant", false), ("Category", false), ("Amount", true)],
                              section.largestExpenses.map { [$0.date.description, e($0.merchant), e($0.category ?? ""), money($0.amount)] })
            }
            html += "<h2>\(e(currency)): income and savings</h2>\n"
            html += table([("", false), (monthName, true)],
                          [["Income", money(section.income)], ["Net spending", money(section.net)], ["Saved", money(section.savings)]])
            html += "<p>" + (Percent.text(section.savings, of: section.income).map { "Savings rate: <strong>\($0)%</strong> of income." }
                ?? "Savings rate: none (no income this month).") + "</p>\n"
            if section.pendingCount > 0 {
                html += "<h2>\(e(currency)): still pending</h2>\n"
                html += "<p>\(section.pendingCount) pending: \(money(section.pendingOut)) out, \(money(section.pendingIn)) in.</p>\n"
                html += table([("Date", false), ("Merchant", false), ("Account", false), ("Amount", true)],
                              section.pendingItems.map {
                                  [$0.date.description, e($0.merchant), e($0.account), money($0.indicator == .debit ? -$0.amount : $0.amount)]
                              })
            }
            html += "</section>\n"
        }

        html += "<section>\n<h2>Budgets</h2>\n"
        if report.budgets.isEmpty {
            html += "<p>No budgets (see <code>purse budget set</code>).</p>\n"
        } else {
            html += "<figure class=\"chart\">"
            html += SVGChart.bars(report.budgets.map { row in
                let available = row.available ?? 0
                return SVGChart.Bar(label: "\(row.category) (\(row.currency))", value: row.net,
                                    valueText: (Percent.text(row.net, of: available, decimals: 0).map { $0 + "% of " } ?? "")
                                        + MoneyFormat.text(available, currency: row.currency),
                                    highlighted: row.status == .over)
            }, title: "Budgets used, \(monthName)")
            html += table([("Status", false), ("Category", false), ("Available", true), ("Net", true), ("Left", true), ("Used", true)],
                          report.budgets.map { row in
                              let status = row.status?.rawValue ?? ""
                              let available = row.available ?? 0
                              return ["<span class=\"\(status)\">\(e(status.uppercased()))</span>", e(row.category),
                                      e(MoneyFormat.text(available, currency: row.currency)), e(MoneyFormat.text(row.net, currency: row.currency)),
                                      e(MoneyFormat.text(row.remaining ?? 0, currency: row.currency)),
                                      Percent.text(row.net, of: available, decimals: 0).map { $0 + "%" } ?? ""]
                          })
            html += "</figure>\n"
        }
        html += "</section>\n"

        html += "<section>\n<h2>Balances at \(e(SummaryTextRendering.day(report.month.lastDay)))</h2>\n"
        if report.balances.isEmpty {
            html += "<p>No balances observed yet.</p>\n"
        } else {
            html += table([("Account", false), ("Balance", true), ("Change vs \(previousName)", true)],
                          report.balances.map { line in
                              [e(line.name), line.balance.map { e(MoneyFormat.text($0, currency: line.currency)) } ?? "",
                               line.change.map { changeCell($0, line.currency, goodWhenUp: true) } ?? ""]
                          })
        }
        for line in report.netWorth {
            let currency = line.currency
            let values = line.history.compactMap(\.value)
            html += "<h2>\(e(currency)): net worth</h2>\n<figure class=\"chart\">"
            html += SVGChart.line(line.history.map { (label: MonthName.names[$0.date.month - 1].prefix(3) + " \($0.date.year)", value: $0.value) },
                                  minimumText: MoneyFormat.text(values.min() ?? 0, currency: currency),
                                  maximumText: MoneyFormat.text(values.max() ?? 0, currency: currency),
                                  title: "\(currency) net worth at each month end")
            html += "<figcaption>Net worth at each month end: assets \(line.assets.map { e(MoneyFormat.text($0, currency: currency)) } ?? "none"), "
                + "liabilities \(line.liabilities.map { e(MoneyFormat.text($0, currency: currency)) } ?? "none"), change this month "
                + (line.change.map { changeCell($0, currency, goodWhenUp: true) } ?? "none") + ".</figcaption>\n"
            html += table([("Month end", false), ("Net worth", true)],
                          line.history.map { [$0.date.description, $0.value.map { e(MoneyFormat.text($0, currency: currency)) } ?? ""] })
            html += "</figure>\n"
        }
        html += "</section>\n"

        html += "<section>\n<h2>Restatements</h2>\n"
        if report.restatements.isEmpty {
            html += "<p>None: the months reported before still add up to what was reported.</p>\n"
        } else {
            var rows: [[String]] = []
            for restatement in report.restatements {
                if restatement.changes.isEmpty {
                    rows.append([e(MonthName.text(restatement.month)), "", "totals unchanged", "", e(restatement.reportedAt)])
                }
                for change in restatement.changes {
                    let currency = change.currency
                    rows.append([e(MonthName.text(restatement.month)), e(currency),
                                 (change.reportedNet.map { e(MoneyFormat.text($0, currency: currency)) } ?? "none") + " &rarr; "
                                     + e(MoneyFormat.text(change.net, currency: currency)),
                                 (change.reportedIncome.map { e(MoneyFormat.text($0, currency: currency)) } ?? "none") + " &rarr; "
                                     + e(MoneyFormat.text(change.income, currency: currency)),
                                 e(restatement.reportedAt)])
                }
            }
            html += table([("Month", false), ("Currency", false), ("Net spending", false), ("Income", false), ("Reported", false)], rows)
        }
        html += "</section>\n"

        html += "<section>\n<h2>Data freshness</h2>\n"
        if report.freshness.isEmpty { html += "<p>No sources synced yet.</p>\n" }
        var rows: [[String]] = []
        for source in report.freshness {
            let age = source.daysSinceSync.map { $0 == 1 ? "1 day ago" : "\($0) days ago" } ?? "never"
            rows.append([e(source.name), e(source.lastSyncedAt ?? "never"),
                         source.isStale ? "<span class=\"over\">\(e(age)), more than \(SummaryReport.staleAfterDays) days</span>" : e(age)])
            for stream in source.staleStreams {
                rows.append(["&nbsp;&nbsp;" + e(stream.name), e(stream.changedAt),
                             "<span class=\"warn\">no change for \(stream.days) days</span>"])
            }
        }
        if !rows.isEmpty { html += table([("Source", false), ("Last synced", false), ("", false)], rows) }
        html += "</section>\n</main>\n</body>\n</html>\n"
        return html
    }
}
