import Analytics
import Ledger

/// `report spending` as CSV, JSON and text.
public enum SpendingRendering {
    static func csvHeader(_ grouping: SpendingReport.Grouping) -> [String] {
        switch grouping {
        case .category: ["period", "category", "currency", "spent", "refunded", "net", "count"]
        case .mcc: ["period", "mcc", "description", "category", "currency", "spent", "refunded", "net", "count"]
        case .merchant: ["period", "merchant", "category", "currency", "spent", "refunded", "net", "count"]
        case .account: ["period", "account_id", "account", "currency", "spent", "refunded", "net", "count"]
        case .month: ["period", "currency", "spent", "refunded", "net", "count"]
        case .tag: ["period", "tag", "currency", "spent", "refunded", "net", "count"]
        case .person: ["period", "person", "currency", "spent", "refunded", "net", "count"]
        case .group: ["period", "group", "currency", "spent", "refunded", "net", "count"]
        }
    }

    public static func csv(_ report: SpendingReport, write: @escaping (String) -> Void) throws {
        let csv = CSVWriter(header: csvHeader(report.grouping), write: write)
        try report.rows.readEach { row in
            guard row.count > 0 else { return }
            var cells: [CSVWriter.Cell] = [.number(row.period.description)]
            switch report.grouping {
            case .category, .tag, .person, .group: cells.append(.text(row.key))
            case .mcc:
                cells += [
                    row.merchantCategoryCode.map { .number(String($0)) } ?? .empty,
                    row.codeDescription.map { .text($0) } ?? .empty, .text(row.category ?? ""),
                ]
            case .merchant: cells += [.text(row.key), .text(row.category ?? "")]
            case .account: cells += [.text(row.key), .text(report.accountName(row))]
            case .month: break
            }
            cells += [
                .text(row.currency), .number(MoneyFormat.machine(row.spent, currency: row.currency)),
                .number(MoneyFormat.machine(row.refunded, currency: row.currency)),
                .number(MoneyFormat.machine(row.net, currency: row.currency)), .number(String(row.count)),
            ]
            csv.row(cells)
        }
    }

    /// The report as JSON, written a part at a time: its rows are read as they are written.
    public static func writeJSON(_ report: SpendingReport, write: (String) -> Void) throws {
        let rows = try SpendingRows.Cursor(report.rows)
        var failure: Error?
        json(report) {
            do {
                return try rows.next()
            } catch {
                failure = failure ?? error
                return nil
            }
        }.writePretty(write)
        if let failure { throw failure }
        write("\n")
    }

    /// `nextRow` gives the rows in order, all `report.rows.count` of them.
    static func json(_ report: SpendingReport, nextRow: @escaping () -> SpendingReport.Row?) -> JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("schema", .string("purse.spending.v1")),
            ("by", .string(report.grouping.rawValue)),
            ("months", .array(report.months.map { .string($0.description) })),
        ]
        if let previous = report.previousMonths {
            members.append(("previous_months", .array(previous.map { .string($0.description) })))
        }
        if !report.people.isEmpty { members.append(("people", .array(report.people.map(JSONOutput.string)))) }
        members.append(
            (
                "rows",
                .elements(count: report.rows.count) { _ in
                    // A row that could not be read ends the rows; the caller says why.
                    guard let row = nextRow() else { return .null }
                    var fields: [(String, JSONOutput)] = [("period", .string(row.period.description))]
                    switch report.grouping {
                    case .category: fields.append(("category", .string(row.key)))
                    case .tag: fields.append(("tag", .string(row.key)))
                    case .person: fields.append(("person", .string(row.key)))
                    case .group: fields.append(("group", .string(row.key)))
                    case .mcc:
                        fields += [
                            ("mcc", row.merchantCategoryCode.map { .integer(Int64($0)) } ?? .null),
                            ("description", .optional(row.codeDescription)), ("category", .optional(row.category)),
                        ]
                    case .merchant: fields += [("merchant", .string(row.key)), ("category", .optional(row.category))]
                    case .account: fields += [("account_id", .string(row.key)), ("account", .string(report.accountName(row)))]
                    case .month: break
                    }
                    fields += [
                        ("currency", .string(row.currency)),
                        ("spent", .string(MoneyFormat.machine(row.spent, currency: row.currency))),
                        ("refunded", .string(MoneyFormat.machine(row.refunded, currency: row.currency))),
                        ("net", .string(MoneyFormat.machine(row.net, currency: row.currency))),
                        ("count", .integer(Int64(row.count))),
                    ]
                    if let previous = row.previousNet, let change = row.change {
                        fields += [
                            ("previous_net", .string(MoneyFormat.machine(previous, currency: row.currency))),
                            ("change", .string(MoneyFormat.machine(change, currency: row.currency))),
                        ]
                    }
                    return .object(fields)
                }
            ))
        members.append(
            (
                "totals",
                .array(
                    report.currencies.map { currency in
                        let total = report.total(currency)
                        var fields: [(String, JSONOutput)] = [
                            ("currency", .string(currency)),
                            ("spent", .string(MoneyFormat.machine(total.spent, currency: currency))),
                            ("refunded", .string(MoneyFormat.machine(total.refunded, currency: currency))),
                            ("net", .string(MoneyFormat.machine(total.net, currency: currency))),
                            ("count", .integer(Int64(total.count))),
                        ]
                        if let previous = total.previousNet {
                            fields.append(("previous_net", .string(MoneyFormat.machine(previous, currency: currency))))
                        }
                        return .object(fields)
                    })
            ))
        members += ConversionText.json(report.convertedTo, report.unconverted)
        return .object(members)
    }

    /// The report as text, written a part at a time: each currency's table reads its rows twice,
    /// once to size the columns and once to write them.
    public static func writeText(_ report: SpendingReport, style: TextStyle, write: (String) -> Void) throws {
        let byName = report.grouping == .mcc ? "merchant category code" : report.grouping.rawValue
        var output = "Spending by \(byName), \(MonthName.span(report.months))\n"
        if let target = report.convertedTo { output += SpendingRendering.convertedHeader(target) }
        if !report.people.isEmpty { output += "Only of: \(report.people.joined(separator: ", "))\n" }
        let leftOut = ConversionText.lines(report.unconverted)
        guard report.rows.count > 0 else { return write(output + "\nNo spending in this period.\n" + leftOut) }
        write(output)
        let showPeriod = report.months.count > 1 && report.grouping != .month
        let compare = report.previousMonths != nil
        for currency in report.currencies {
            let total = report.total(currency)
            let largest = report.rows.largestNet(currency)
            var columns: [TextTable.Column] = []
            if showPeriod || report.grouping == .month { columns.append(.init("Month")) }
            switch report.grouping {
            case .category: columns.append(.init("Category", maximumWidth: 28))
            case .mcc: columns += [.init("MCC"), .init("Description", maximumWidth: 32)]
            case .merchant: columns += [.init("Merchant", maximumWidth: 28), .init("Category", maximumWidth: 24)]
            case .account: columns.append(.init("Account", maximumWidth: 28))
            case .tag: columns.append(.init("Tag", maximumWidth: 28))
            case .person: columns.append(.init("Person", maximumWidth: 28))
            case .group: columns.append(.init("Group", maximumWidth: 28))
            case .month: break
            }
            columns += [.init("Spent", .right), .init("Refunded", .right), .init("Net", .right), .init("Share", .right)]
            if compare { columns += [.init("Previous", .right), .init("Change", .right)] }
            columns.append(.init(""))
            func cells(
                _ label: [String], spent: Int64, refunded: Int64, net: Int64, previous: Int64?, change: Int64?,
                bar: String
            ) -> [String] {
                var cells =
                    label + [
                        MoneyFormat.text(spent, currency: currency), MoneyFormat.text(refunded, currency: currency),
                        MoneyFormat.text(net, currency: currency), (Percent.text(net, of: total.net) ?? "-") + "%",
                    ]
                if compare {
                    cells += [
                        previous.map { MoneyFormat.text($0, currency: currency) } ?? "",
                        previous.flatMap { previous in change.map { changeText($0, previous: previous, currency: currency) } } ?? "",
                    ]
                }
                return cells + [bar]
            }
            let blanks = Array(repeating: "", count: columns.count - (compare ? 7 : 5) - 1)
            let totalCells = cells(
                ["Total"] + blanks, spent: total.spent, refunded: total.refunded, net: total.net,
                previous: total.previousNet, change: total.change, bar: "")
            write("\n\(currency)\n")
            try TextTable.write(
                columns: columns,
                eachRow: { add in
                    try report.rows.readEach(currency: currency) { row in
                        var label: [String] = []
                        if showPeriod || report.grouping == .month { label.append(row.period.description) }
                        switch report.grouping {
                        case .category, .tag, .person, .group: label.append(row.key)
                        case .account: label.append(report.accountLabel(row))
                        case .mcc: label += [row.key.isEmpty ? "-" : row.key, row.codeDescription ?? (row.key.isEmpty ? "No MCC" : "")]
                        case .merchant: label += [row.key, row.category ?? ""]
                        case .month: break
                        }
                        add(
                            cells(
                                label, spent: row.spent, refunded: row.refunded, net: row.net, previous: row.previousNet,
                                change: row.change, bar: Bar.text(row.net, maximum: largest, width: 20, ascii: style.ascii)))
                    }
                    add(totalCells)
                }, to: write)
        }
        if report.multiTagged > 0 {
            let transactions = report.multiTagged == 1 ? "1 transaction has" : "\(report.multiTagged) transactions have"
            write("\n\(transactions) more than one tag: counted under each, once in the total.\n")
        }
        write(leftOut)
    }

    /// The line under a converted report's title (spending, income, cash flow): what its single
    /// currency means.
    static func convertedHeader(_ target: String) -> String {
        "Every transaction converted into \(target) at the rate of its local day.\n"
    }

    /// `+$12.00 (+8.0%)`: the change and its percentage of the previous value.
    static func changeText(_ change: Int64, previous: Int64, currency: String) -> String {
        let sign = change > 0 ? "+" : ""
        let percent = Percent.text(change, of: previous).map { " (\(change > 0 ? "+" : "")\($0)%)" } ?? ""
        return sign + MoneyFormat.text(change, currency: currency) + percent
    }
}
