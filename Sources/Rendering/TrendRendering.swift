import Analytics
import Ledger

/// `report trend` as CSV, JSON and text.
public enum TrendRendering {
    static let csvHeader = ["date", "account_id", "account", "currency", "balance"]

    /// One row per (date, account); no balance yet is an empty cell, never 0.
    public static func csv(_ report: TrendReport, write: @escaping (String) -> Void) {
        let csv = CSVWriter(header: csvHeader, write: write)
        for row in report.rows {
            csv.row([
                .number(row.date.description), .text(row.accountID), .text(row.accountName), .text(row.currency),
                row.balance.map { .number(MoneyFormat.machine($0)) } ?? .empty,
            ])
        }
    }

    public static func json(_ report: TrendReport) -> JSONOutput {
        .object(
            [
                ("schema", .string("purse.trend.v1")),
                ("from", .string(report.from.description)),
                ("to", .string(report.to.description)),
                ("every", .string(report.interval.rawValue)),
                ("dates", .array(report.dates.map { .string($0.description) })),
                (
                    "accounts",
                    .array(
                        report.series.map { series in
                            .object([
                                ("account_id", .string(series.accountID)),
                                ("account", .string(series.accountName)),
                                ("kind", .string(series.kind.rawValue)),
                                ("currency", .string(series.currency)),
                                ("first", .optional(series.first.map(MoneyFormat.machine))),
                                ("last", .optional(series.last.map(MoneyFormat.machine))),
                                ("change", .optional(series.change.map(MoneyFormat.machine))),
                            ])
                        })
                ),
                (
                    "rows",
                    .array(
                        report.rows.map { row in
                            .object([
                                ("date", .string(row.date.description)),
                                ("account_id", .string(row.accountID)),
                                ("account", .string(row.accountName)),
                                ("currency", .string(row.currency)),
                                ("balance", .optional(row.balance.map(MoneyFormat.machine))),
                            ])
                        })
                ),
            ] + ConversionText.json(report.convertedTo, report.unconverted))
    }

    /// A line per account (first, last, change, sparkline), then the balances at each date.
    public static func text(_ report: TrendReport, style: TextStyle) -> String {
        var output = "Balances at the end of each \(report.interval.rawValue), \(report.from) to \(report.to)\n"
        if let target = report.convertedTo {
            output += "Every balance converted into \(target) at the rate of its period's end.\n"
        }
        guard !report.series.isEmpty else { return output + "\nNo accounts yet: run 'purse sync PATH' on a Wallet export.\n" }
        var summary = TextTable(columns: [
            .init("Account", maximumWidth: 28), .init("Currency"), .init("First", .right),
            .init("Last", .right), .init("Change", .right),
        ])
        for series in report.series {
            summary.append([
                series.accountLabel, series.currency, series.first.map(MoneyFormat.text) ?? "",
                series.last.map(MoneyFormat.text) ?? "", series.change.map(BalanceText.change) ?? "",
            ])
        }
        let sparklines = report.series.map { Bar.sparkline($0.balances.map { $0?.units }, ascii: style.ascii) }
        output += "\n" + BalanceText.withSparklines(summary, sparklines)
        var columns: [TextTable.Column] = [.init("Date")]
        for series in report.series {
            columns.append(.init(BalanceText.title(series.accountLabel, width: 20), .right))
        }
        var table = TextTable(columns: columns)
        for (index, date) in report.dates.enumerated() {
            table.append([date.description] + report.series.map { $0.balances[index].map(MoneyFormat.text) ?? "" })
        }
        return output + "\n" + table.rendered() + ConversionText.lines(report.unconverted)
    }
}
