import Analytics
import Ledger

/// `purse merchants` as CSV, JSON and text: each raw merchant text with the name shown now and
/// the `rules add` command that would clean it.
public enum MerchantsRendering {
    static let csvHeader = ["merchant", "currency", "count", "net", "shown", "rule"]

    /// `purse rules add --merchant 'AMZN Mktp US' --rename 'AMZN Mktp US'`, quoted for a POSIX
    /// shell: it matches the suggested name, so every reference code of the merchant, not only
    /// this one. None for a text a rule renames already or that is clean as it is.
    public static func ruleCommand(_ row: MerchantsReport.Row) -> String? {
        guard row.renamed == nil, row.suggestion != row.text else { return nil }
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        // The suggestion is a piece of the text unless spaces were squeezed out of it.
        let matcher = row.text.lowercased().contains(row.suggestion.lowercased()) ? row.suggestion : row.text
        return "purse rules add \(row.isMerchant ? "--merchant" : "--description") \(quoted(matcher)) --rename \(quoted(row.suggestion))"
    }

    public static func csv(_ report: MerchantsReport, write: @escaping (String) -> Void) {
        let csv = CSVWriter(header: csvHeader, write: write)
        for row in report.rows {
            csv.row([
                .text(row.text), .text(row.currency), .number(String(row.count)),
                .number(MoneyFormat.machine(row.net, currency: row.currency)), .text(row.shown),
                ruleCommand(row).map { .text($0) } ?? .empty,
            ])
        }
    }

    public static func json(_ report: MerchantsReport) -> JSONOutput {
        .object(
            [
                ("schema", .string("purse.merchants.v1")),
                ("months", .array(report.months.map { .string($0.description) })),
            ] + TimeZoneText.json(report.timeZones) + [
                (
                    "rows",
                    .array(
                        report.rows.map { row in
                            .object([
                                ("merchant", .string(row.text)),
                                ("currency", .string(row.currency)),
                                ("count", .integer(Int64(row.count))),
                                ("net", .string(MoneyFormat.machine(row.net, currency: row.currency))),
                                ("shown", .string(row.shown)),
                                ("renamed", .bool(row.renamed != nil)),
                                ("suggested_name", .string(row.suggestion)),
                                ("rule", .optional(ruleCommand(row))),
                            ])
                        })
                )
            ])
    }

    public static func text(_ report: MerchantsReport, style: TextStyle) -> String {
        let output = "Merchants by spending, \(MonthName.span(report.months)) (\(TimeZoneText.times(report.timeZones))).\n"
        guard !report.rows.isEmpty else { return output + "\nNo spending to list.\n" }
        var table = TextTable(columns: [
            .init("Merchant or description", maximumWidth: 32), .init("Count", .right), .init("Net", .right),
            .init("Shown as", maximumWidth: 24), .init("Clean it with"),
        ])
        for row in report.rows {
            table.append([
                row.text, String(row.count), MoneyFormat.text(row.net, currency: row.currency), row.shown, ruleCommand(row) ?? "",
            ])
        }
        return output + "\n" + table.rendered()
    }
}
