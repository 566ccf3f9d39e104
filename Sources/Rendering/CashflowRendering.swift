import Analytics
import Ledger

/// `report cashflow` as CSV, JSON and text. The savings rate is net / income x 100, one
/// decimal, rounded half to even; it is empty (null) when there is no income.
public enum CashflowRendering {
    static let csvHeader = ["period", "currency", "income", "spending", "net", "savings_rate"]

    public static func csv(_ report: CashflowReport, write: @escaping (String) -> Void) {
        let csv = CSVWriter(header: csvHeader, write: write)
        for row in report.rows {
            csv.row([
                .number(row.period.description), .text(row.currency),
                .number(MoneyFormat.machine(row.income, currency: row.currency)),
                .number(MoneyFormat.machine(row.spending, currency: row.currency)),
                .number(MoneyFormat.machine(row.net, currency: row.currency)),
                Percent.text(row.net, of: row.income).map { .number($0) } ?? .empty,
            ])
        }
    }

    public static func json(_ report: CashflowReport) -> JSONOutput {
        func money(_ units: Int64, _ currency: String) -> JSONOutput { .string(MoneyFormat.machine(units, currency: currency)) }
        var members: [(String, JSONOutput)] = [
            ("schema", .string("purse.cashflow.v1")),
            ("months", .array(report.months.map { .string($0.description) })),
        ]
        members += [
            ("transfers_excluded", .bool(true)),
            (
                "rows",
                .array(
                    report.rows.map { row in
                        .object([
                            ("period", .string(row.period.description)),
                            ("currency", .string(row.currency)),
                            ("income", money(row.income, row.currency)),
                            ("spent", money(row.spent, row.currency)),
                            ("refunded", money(row.refunded, row.currency)),
                            ("spending", money(row.spending, row.currency)),
                            ("net", money(row.net, row.currency)),
                            ("savings_rate", .optional(Percent.text(row.net, of: row.income))),
                            ("transfers", .integer(Int64(row.transfers))),
                        ])
                    })
            ),
            (
                "totals",
                .array(
                    report.totals.map { total in
                        .object([
                            ("currency", .string(total.currency)),
                            ("income", money(total.income, total.currency)),
                            ("spent", money(total.spent, total.currency)),
                            ("refunded", money(total.refunded, total.currency)),
                            ("spending", money(total.spending, total.currency)),
                            ("net", money(total.net, total.currency)),
                            ("savings_rate", .optional(Percent.text(total.net, of: total.income))),
                            ("transfers", .integer(Int64(total.transfers))),
                        ])
                    })
            ),
        ]
        members += ConversionText.json(report.convertedTo, report.unconverted)
        return .object(members)
    }

    public static func text(_ report: CashflowReport, style: TextStyle) -> String {
        var output = "Cash flow, \(MonthName.span(report.months))\n"
        if let target = report.convertedTo { output += SpendingRendering.convertedHeader(target) }
        let leftOut = ConversionText.lines(report.unconverted)
        guard !report.rows.isEmpty else { return output + "\nNo income or spending in this period.\n" + leftOut }
        output += "Spending is net of refunds. Transfers between your own accounts and card payments are excluded.\n"
        for total in report.totals {
            let currency = total.currency
            var table = TextTable(columns: [
                .init("Month"), .init("Income", .right), .init("Spent", .right), .init("Refunded", .right),
                .init("Spending", .right), .init("Net", .right), .init("Savings rate", .right),
            ])
            func cells(_ label: String, income: Int64, spent: Int64, refunded: Int64, spending: Int64, net: Int64) -> [String] {
                [
                    label, MoneyFormat.text(income, currency: currency), MoneyFormat.text(spent, currency: currency),
                    MoneyFormat.text(refunded, currency: currency), MoneyFormat.text(spending, currency: currency),
                    MoneyFormat.text(net, currency: currency), Percent.text(net, of: income).map { $0 + "%" } ?? "-",
                ]
            }
            for row in report.rows where row.currency == currency {
                table.append(
                    cells(
                        row.period.description, income: row.income, spent: row.spent, refunded: row.refunded,
                        spending: row.spending, net: row.net))
            }
            table.append(
                cells(
                    "Total", income: total.income, spent: total.spent, refunded: total.refunded,
                    spending: total.spending, net: total.net))
            output += "\n\(currency)\n" + table.rendered()
            if total.transfers > 0 {
                output += "\(total.transfers) transfer\(total.transfers == 1 ? "" : "s") excluded.\n"
            }
        }
        return output + leftOut
    }
}
