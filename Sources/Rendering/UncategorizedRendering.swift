import Analytics
import Ledger

/// `categories --uncategorized` as CSV, JSON and text: the uncategorized spending by merchant or
/// description, each with the `rules add` command that would file it.
public enum UncategorizedRendering {
    static let csvHeader = ["merchant", "currency", "count", "spent", "refunded", "net", "rule"]

    /// `purse rules add --merchant 'Foxtons' --category CATEGORY`, quoted for a POSIX shell.
    public static func ruleCommand(_ row: UncategorizedReport.Row) -> String {
        let quoted = "'" + row.name.replacingOccurrences(of: "'", with: "'\\''") + "'"
        return "purse rules add \(row.isMerchant ? "--merchant" : "--description") \(quoted) --category CATEGORY"
    }

    public static func csv(_ report: UncategorizedReport, write: @escaping (String) -> Void) {
        let csv = CSVWriter(header: csvHeader, write: write)
        for row in report.rows {
            csv.row([
                .text(row.name), .text(row.currency), .number(String(row.count)),
                .number(MoneyFormat.machine(row.spent, currency: row.currency)),
                .number(MoneyFormat.machine(row.refunded, currency: row.currency)),
                .number(MoneyFormat.machine(row.net, currency: row.currency)), .text(ruleCommand(row)),
            ])
        }
    }

    public static func json(_ report: UncategorizedReport) -> JSONOutput {
        .object(
            [
                ("schema", .string("purse.uncategorized.v1")),
                ("months", .array(report.months.map { .string($0.description) })),
            ] + TimeZoneText.json(report.timeZones) + [
                (
                    "rows",
                    .array(
                        report.rows.map { row in
                            .object([
                                ("merchant", .string(row.name)),
                                ("currency", .string(row.currency)),
                                ("count", .integer(Int64(row.count))),
                                ("spent", .string(MoneyFormat.machine(row.spent, currency: row.currency))),
                                ("refunded", .string(MoneyFormat.machine(row.refunded, currency: row.currency))),
                                ("net", .string(MoneyFormat.machine(row.net, currency: row.currency))),
                                ("rule", .string(ruleCommand(row))),
                            ])
                        })
                )
            ])
    }

    public static func text(_ report: UncategorizedReport, style: TextStyle) -> String {
        let output = "Uncategorized spending, \(MonthName.span(report.months)) (\(TimeZoneText.times(report.timeZones))).\n"
        guard !report.rows.isEmpty else { return output + "\nNothing is uncategorized.\n" }
        var table = TextTable(columns: [
            .init("Merchant or description", maximumWidth: 32), .init("Count", .right), .init("Net", .right), .init("File it with"),
        ])
        for row in report.rows {
            table.append([row.name, String(row.count), MoneyFormat.text(row.net, currency: row.currency), ruleCommand(row)])
        }
        return output + "\n" + table.rendered()
    }
}
