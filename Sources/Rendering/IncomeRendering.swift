import Analytics
import Ledger

/// `report income` as CSV, JSON and text.
public enum IncomeRendering {
    static let csvHeader = ["period", "source", "currency", "amount", "count"]

    public static func csv(_ report: IncomeReport, write: @escaping (String) -> Void) {
        let csv = CSVWriter(header: csvHeader, write: write)
        for row in report.rows {
            csv.row([
                .number(row.period.description), .text(row.source), .text(row.currency),
                .number(MoneyFormat.machine(row.amount, currency: row.currency)), .number(String(row.count)),
            ])
        }
    }

    public static func json(_ report: IncomeReport) -> JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("schema", .string("purse.income.v1")),
            ("months", .array(report.months.map { .string($0.description) })),
        ]
        members += [
            (
                "rows",
                .array(
                    report.rows.map { row in
                        .object([
                            ("period", .string(row.period.description)),
                            ("source", .string(row.source)),
                            ("currency", .string(row.currency)),
                            ("amount", .string(MoneyFormat.machine(row.amount, currency: row.currency))),
                            ("count", .integer(Int64(row.count))),
                        ])
                    })
            ),
            (
                "totals",
                .array(
                    report.totals.map { total in
                        .object([
                            ("currency", .string(total.currency)),
                            ("amount", .string(MoneyFormat.machine(total.amount, currency: total.currency))),
                            ("count", .integer(Int64(total.count))),
                        ])
                    })
            ),
        ]
        members += ConversionText.json(report.convertedTo, report.unconverted)
        return .object(members)
    }

    public static func text(_ report: IncomeReport, style: TextStyle) -> String {
        var output = "Income by source, \(MonthName.span(report.months))\n"
        if let target = report.convertedTo { output += SpendingRendering.convertedHeader(target) }
        let leftOut = ConversionText.lines(report.unconverted)
        guard !report.rows.isEmpty else { return output + "\nNo income in this period.\n" + leftOut }
        let showPeriod = report.months.count > 1
        for currency in report.currencies {
            let rows = report.rows.filter { $0.currency == currency }
            let total = report.total(currency)
            let largest = rows.map(\.amount).max() ?? 0
            var columns: [TextTable.Column] = []
            if showPeriod { columns.append(.init("Month")) }
            columns += [
                .init("Source", maximumWidth: 32), .init("Amount", .right), .init("Count", .right),
                .init("Share", .right), .init(""),
            ]
            var table = TextTable(columns: columns)
            for row in rows {
                table.append(
                    (showPeriod ? [row.period.description] : []) + [
                        row.source, MoneyFormat.text(row.amount, currency: currency), String(row.count),
                        (Percent.text(row.amount, of: total.amount) ?? "-") + "%",
                        Bar.text(row.amount, maximum: largest, width: 20, ascii: style.ascii),
                    ])
            }
            table.append(
                (showPeriod ? [""] : []) + [
                    "Total", MoneyFormat.text(total.amount, currency: currency), String(total.count),
                    (Percent.text(total.amount, of: total.amount) ?? "-") + "%", "",
                ])
            output += "\n\(currency)\n" + table.rendered()
        }
        return output + leftOut
    }
}
