import Analytics
import Ledger

/// `report drift` as CSV, JSON and text.
public enum DriftRendering {
    static let csvHeader = ["account_id", "account", "currency", "from", "to", "observed", "derived", "drift", "first_day"]

    public static func csv(_ report: DriftReport, write: @escaping (String) -> Void) {
        let csv = CSVWriter(header: csvHeader, write: write)
        for row in report.divergences {
            csv.row([
                .text(row.accountID), .text(row.accountName), .text(row.currency), .number(row.from.description),
                .number(row.to.description), .number(MoneyFormat.machine(row.observed, currency: row.currency)),
                .number(MoneyFormat.machine(row.derived, currency: row.currency)),
                .number(MoneyFormat.machine(row.drift, currency: row.currency)), .number(row.firstDay.description),
            ])
        }
    }

    public static func json(_ report: DriftReport) -> JSONOutput {
        .object([
            ("schema", .string("purse.drift.v1")),
            ("accounts_checked", .integer(Int64(report.accountsChecked))),
            ("pairs_checked", .integer(Int64(report.pairsChecked))),
            ("pairs_skipped", .integer(Int64(report.pairsSkipped))),
            ("drift_found", .bool(report.hasDrift)),
            ("divergence_count", .integer(Int64(report.distinctDivergences))),
            (
                "rows",
                .array(
                    report.divergences.map { row in
                        .object([
                            ("account_id", .string(row.accountID)),
                            ("account", .string(row.accountName)),
                            ("currency", .string(row.currency)),
                            ("from", .string(row.from.description)),
                            ("to", .string(row.to.description)),
                            ("observed", .string(MoneyFormat.machine(row.observed, currency: row.currency))),
                            ("derived", .string(MoneyFormat.machine(row.derived, currency: row.currency))),
                            ("drift", .string(MoneyFormat.machine(row.drift, currency: row.currency))),
                            ("first_day", .string(row.firstDay.description)),
                        ])
                    })
            ),
        ])
    }

    public static func text(_ report: DriftReport) -> String {
        let checked =
            "Checked \(count(report.pairsChecked, "pair")) of consecutive balance observations"
            + " in \(count(report.accountsChecked, "account"))"
            + (report.pairsSkipped > 0 ? "; skipped \(report.pairsSkipped) in two different currencies" : "") + ".\n"
        guard report.hasDrift else {
            return "No drift: every balance observation agrees with the transactions.\n" + checked
        }
        // A run of pairs with the same drift is one divergence; each pair is a row.
        let output =
            "Reconciliation drift: \(count(report.distinctDivergences, "divergence")) between observed balances"
            + " and the booked transactions.\n" + checked + "\n"
        var table = TextTable(columns: [
            .init("Account", maximumWidth: 28), .init("From"), .init("To"),
            .init("Observed", .right), .init("Derived", .right), .init("Drift", .right),
            .init("First day"),
        ])
        for row in report.divergences {
            table.append([
                row.accountLabel, row.from.description, row.to.description,
                MoneyFormat.text(row.observed, currency: row.currency),
                MoneyFormat.text(row.derived, currency: row.currency),
                BalanceText.change(row.drift, currency: row.currency), row.firstDay.description,
            ])
        }
        return output + table.rendered()
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
