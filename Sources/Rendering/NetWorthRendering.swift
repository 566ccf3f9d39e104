import Analytics
import Ledger

/// `report networth` as CSV, JSON and text.
public enum NetWorthRendering {
    static let csvHeader = ["date", "currency", "assets", "liabilities", "net_worth"]

    public static func csv(_ report: NetWorthReport, write: @escaping (String) -> Void) {
        let csv = CSVWriter(header: csvHeader, write: write)
        for row in report.rows {
            csv.row([
                .number(row.date.description), .text(row.currency),
                .number(MoneyFormat.machine(row.assets, currency: row.currency)),
                .number(MoneyFormat.machine(row.liabilities, currency: row.currency)),
                .number(MoneyFormat.machine(row.netWorth, currency: row.currency)),
            ])
        }
    }

    public static func json(_ report: NetWorthReport) -> JSONOutput {
        .object(
            [
                ("schema", .string("purse.networth.v1")),
                ("from", .string(report.from.description)),
                ("to", .string(report.to.description)),
                ("every", .string(report.interval.rawValue)),
                ("dates", .array(report.dates.map { .string($0.description) })),
                (
                    "currencies",
                    .array(
                        report.currencies.map { summary in
                            .object([
                                ("currency", .string(summary.currency)),
                                ("first", .optional(summary.first.map { MoneyFormat.machine($0, currency: summary.currency) })),
                                ("last", .optional(summary.last.map { MoneyFormat.machine($0, currency: summary.currency) })),
                                ("change", .optional(summary.change.map { MoneyFormat.machine($0, currency: summary.currency) })),
                            ])
                        })
                ),
                (
                    "rows",
                    .array(
                        report.rows.map { row in
                            .object([
                                ("date", .string(row.date.description)),
                                ("currency", .string(row.currency)),
                                ("assets", .string(MoneyFormat.machine(row.assets, currency: row.currency))),
                                ("liabilities", .string(MoneyFormat.machine(row.liabilities, currency: row.currency))),
                                ("net_worth", .string(MoneyFormat.machine(row.netWorth, currency: row.currency))),
                                ("accounts", .integer(Int64(row.accounts))),
                            ])
                        })
                ),
            ] + ConversionText.json(report.convertedTo, report.unconverted))
    }

    /// A line per currency (first, last, change, sparkline), then a table per currency.
    public static func text(_ report: NetWorthReport, style: TextStyle) -> String {
        var output = "Net worth at the end of each \(report.interval.rawValue), \(report.from) to \(report.to)\n"
        if let target = report.convertedTo {
            output += "Every balance converted into \(target) at the rate of its period's end.\n"
        }
        guard !report.currencies.isEmpty else {
            return output + "\nNo balances in this period.\n" + ConversionText.lines(report.unconverted)
        }
        var summary = TextTable(columns: [
            .init("Currency"), .init("First", .right), .init("Last", .right),
            .init("Change", .right),
        ])
        for currency in report.currencies {
            let code = currency.currency
            summary.append([
                code, currency.first.map { MoneyFormat.text($0, currency: code) } ?? "",
                currency.last.map { MoneyFormat.text($0, currency: code) } ?? "",
                currency.change.map { BalanceText.change($0, currency: code) } ?? "",
            ])
        }
        let sparklines = report.currencies.map { Bar.sparkline($0.netWorths, ascii: style.ascii) }
        output += "\n" + BalanceText.withSparklines(summary, sparklines)
        for currency in report.currencies {
            let code = currency.currency
            var table = TextTable(columns: [
                .init("Date"), .init("Assets", .right), .init("Liabilities", .right),
                .init("Net worth", .right),
            ])
            for row in report.rows where row.currency == code {
                table.append([
                    row.date.description, MoneyFormat.text(row.assets, currency: code),
                    MoneyFormat.text(row.liabilities, currency: code), MoneyFormat.text(row.netWorth, currency: code),
                ])
            }
            output += "\n\(code)\n" + table.rendered()
        }
        return output + ConversionText.lines(report.unconverted)
    }
}
