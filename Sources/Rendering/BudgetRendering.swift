import Analytics
import Ledger

/// `report budget` and `budget check` as CSV, JSON and text.
public enum BudgetRendering {
    static let csvHeader = [
        "month", "period", "category", "currency", "budgeted", "carried", "available", "spent", "refunded",
        "net", "remaining", "used_pct", "status", "projected",
    ]

    static func money(_ units: Int64?, _ currency: String) -> String? {
        units.map { MoneyFormat.machine($0, currency: currency) }
    }

    /// `2026-10`, `2026-Q4` or `2026`: the period a row counts.
    static func periodLabel(_ row: BudgetReport.Row) -> String { row.period.label(of: row.month) }

    /// `Travel`, or `Travel (USD, 2026)` for a yearly budget whose category is budgeted in two
    /// currencies: the period is named unless it is a month, so year-to-date figures read as such.
    /// A group's budget says so: `Going out (group)`.
    static func name(_ row: BudgetReport.Row, currency: Bool) -> String {
        let qualifiers =
            (row.scope == .group ? ["group"] : []) + (currency ? [row.currency] : []) + (row.period == .month ? [] : [periodLabel(row)])
        return row.category + (qualifiers.isEmpty ? "" : " (\(qualifiers.joined(separator: ", ")))")
    }

    /// `Dining (USD)`, `Going out (group, USD)`: a row in the lines of `budget check`.
    static func checkName(_ row: BudgetReport.Row) -> String {
        row.category + " (" + (row.scope == .group ? "group, " : "") + row.currency + ")"
    }

    static func usedPercent(_ row: BudgetReport.Row) -> String? {
        guard let available = row.available else { return nil }
        return Percent.text(row.net, of: available)
    }

    public static func csv(_ report: BudgetReport, write: @escaping (String) -> Void) {
        // `converted` only when a budget counts every currency, `scope` only when one is over a
        // group, so other reports stay as they were.
        let converts = report.convertsCurrencies
        let groups = report.hasGroupBudgets
        let csv = CSVWriter(header: csvHeader + (converts ? ["converted"] : []) + (groups ? ["scope"] : []), write: write)
        for row in report.rows {
            let cells: [String?] = [
                row.month.description, periodLabel(row), nil, nil, money(row.budgeted, row.currency), money(row.carried, row.currency),
                money(row.available, row.currency), money(row.spent, row.currency), money(row.refunded, row.currency),
                money(row.net, row.currency), money(row.remaining, row.currency), usedPercent(row), row.status?.rawValue,
                money(row.projected, row.currency),
            ]
            var line: [CSVWriter.Cell] = cells.map { $0.map(CSVWriter.Cell.number) ?? .empty }
            line[2] = .text(row.category)
            line[3] = .text(row.currency)
            line[12] = row.status.map { .text($0.rawValue) } ?? .empty
            if converts { line.append(money(row.converted, row.currency).map(CSVWriter.Cell.number) ?? .empty) }
            if groups { line.append(row.budgeted == nil ? .empty : .text(row.scope.rawValue)) }
            csv.row(line)
        }
    }

    public static func json(_ report: BudgetReport) -> JSONOutput {
        let converts = report.convertsCurrencies
        let groups = report.hasGroupBudgets
        var members: [(String, JSONOutput)] = [
            ("schema", .string("purse.budget.v1")),
            ("months", .array(report.months.map { .string($0.description) })),
            ("warn_at", .integer(report.warnAt)),
            (
                "rows",
                .array(
                    report.rows.map { row in
                        var fields: [(String, JSONOutput)] = [
                            ("month", .string(row.month.description)),
                            ("period", .string(periodLabel(row))),
                            ("category", .string(row.category)),
                            ("currency", .string(row.currency)),
                            ("budgeted", .optional(money(row.budgeted, row.currency))),
                            ("carried", .optional(money(row.carried, row.currency))),
                            ("available", .optional(money(row.available, row.currency))),
                            ("spent", .string(MoneyFormat.machine(row.spent, currency: row.currency))),
                            ("refunded", .string(MoneyFormat.machine(row.refunded, currency: row.currency))),
                            ("net", .string(MoneyFormat.machine(row.net, currency: row.currency))),
                            ("remaining", .optional(money(row.remaining, row.currency))),
                            ("used_pct", .optional(usedPercent(row))),
                            ("status", .optional(row.status?.rawValue)),
                            ("projected", .optional(money(row.projected, row.currency))),
                        ]
                        if converts { fields.append(("converted", .optional(money(row.converted, row.currency)))) }
                        if groups { fields.append(("scope", row.budgeted == nil ? .null : .string(row.scope.rawValue))) }
                        return .object(fields)
                    })
            ),
        ]
        if converts { members.append(("unconverted", ConversionRendering.jsonValue(report.unconverted))) }
        return .object(members)
    }

    public static func text(_ report: BudgetReport, style: TextStyle) -> String {
        var output = "Budgets, \(MonthName.span(report.months))\n"
        guard !report.rows.isEmpty else {
            return output + "\nNo budgets and no spending. Set one with: purse budget set CATEGORY AMOUNT\n"
        }
        for month in report.months {
            let rows = report.rows.filter { $0.month == month }
            guard !rows.isEmpty else { continue }
            if report.months.count > 1 { output += "\n\(MonthName.text(month))" }
            var table = TextTable(columns: [
                .init("Category", maximumWidth: 28), .init("Budget", .right), .init("Carried", .right),
                .init("Available", .right), .init("Net", .right), .init("Remaining", .right), .init("Used", .right),
                .init("Status"), .init("Projected", .right), .init(""),
            ])
            for row in rows {
                let currency = row.currency
                func text(_ units: Int64?) -> String { units.map { MoneyFormat.text($0, currency: currency) } ?? "" }
                table.append([
                    name(
                        row,
                        currency: report.rows.contains { $0.category == row.category && $0.scope == row.scope && $0.currency != currency }),
                    text(row.budgeted), text(row.carried), text(row.available), text(row.net), text(row.remaining),
                    usedPercent(row).map { $0 + "%" } ?? "", row.status?.rawValue ?? "", text(row.projected),
                    row.available.map { bar(net: row.net, available: $0, ascii: style.ascii) } ?? "",
                ])
            }
            output += "\n" + table.rendered()
            for row in rows {
                guard let converted = row.converted else { continue }
                output += "\(checkName(row)) counts every currency: \(convertedText(converted, row.currency)).\n"
            }
        }
        return output + ConversionText.lines(report.unconverted)
    }

    /// `$412.30 of its net converted from other currencies`.
    static func convertedText(_ converted: Int64, _ currency: String) -> String {
        "\(MoneyFormat.text(converted, currency: currency)) of its net converted from other currencies"
    }

    /// `[██████░░░░]`: the share of the budget used, full and marked `!` past 100%.
    static func bar(net: Int64, available: Int64, ascii: Bool) -> String {
        let width = 20
        let filled: Int
        if available <= 0 || net <= 0 || net >= available {
            filled = net > 0 ? width : 0
        } else {
            // 0 < net < available: the 128-bit product keeps a huge budget from overflowing.
            let (quotient, remainder) = available.dividingFullWidth(net.multipliedFullWidth(by: Int64(width)))
            filled = Int(quotient) + (remainder >= available - remainder ? 1 : 0)
        }
        let over = net > available
        let full = ascii ? "#" : "█"
        let empty = ascii ? "." : "░"
        return "[" + String(repeating: full, count: filled) + String(repeating: empty, count: width - filled) + "]" + (over ? "!" : "")
    }

    /// The lines of `budget check`: one per budget over, or at the warn level when asked.
    public static func checkLines(_ report: BudgetReport, includeWarnings: Bool) -> [String] {
        lines(report, includeWarnings: includeWarnings)
            + report.rows.filter(isProjectedOver).map { row in
                let currency = row.currency
                let day = row.projectedThrough.map { "\($0.day) \(MonthName.names[$0.month - 1])" } ?? ""
                return
                    "projected over: \(checkName(row)): \(MoneyFormat.text(row.projected ?? 0, currency: currency)) due by \(day) "
                    + "against \(MoneyFormat.text(row.available ?? 0, currency: currency)) available"
            }
    }

    /// Whether a row's projection (`--projected`) exceeds what is available.
    public static func isProjectedOver(_ row: BudgetReport.Row) -> Bool {
        guard row.projectedThrough != nil, let projected = row.projected, let available = row.available else { return false }
        return projected > available
    }

    /// The `over:` lines, and the `warn:` lines when asked.
    static func lines(_ report: BudgetReport, includeWarnings: Bool) -> [String] {
        report.rows.compactMap { row in
            guard let status = row.status, let available = row.available else { return nil }
            let currency = row.currency
            // A quarter or year is named as CSV names it: the month alone would hide that it is year-to-date.
            let month = row.period == .month ? MonthName.text(row.month) : periodLabel(row)
            let converted = row.converted.map { " (\(convertedText($0, currency)))" } ?? ""
            switch status {
            case .over:
                return "over: \(checkName(row)), \(month): net \(MoneyFormat.text(row.net, currency: currency)) of "
                    + "\(MoneyFormat.text(available, currency: currency)) available, "
                    + "\(MoneyFormat.text(row.overBy ?? 0, currency: currency)) over" + converted
            case .warn where includeWarnings:
                let used = usedPercent(row).map { "\($0)% used" } ?? "used"
                let projected =
                    row.projected.map { projected in
                        let amount = MoneyFormat.text(projected, currency: currency)
                        return row.projectedThrough.map { ", projected \(amount) by \(SummaryTextRendering.day($0))" }
                            ?? ", on pace for \(amount)"
                    } ?? ""
                return
                    "warn: \(checkName(row)), \(month): \(used) of \(MoneyFormat.text(available, currency: currency))\(projected)"
                    + converted
            default:
                return nil
            }
        }
    }
}
