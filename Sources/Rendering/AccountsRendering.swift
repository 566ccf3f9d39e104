import Analytics
import LedgerStore

/// `purse accounts` as text, CSV and JSON: every ID whole in CSV and JSON, the start of it in text.
public enum AccountsRendering {
    static let csvHeader = [
        "id", "account", "kind", "institution", "currency", "balance", "balance_as_of", "source", "source_id", "time_zone", "hidden",
    ]

    public static func csv(_ listed: [ListedAccount], write: @escaping (String) -> Void) {
        let csv = CSVWriter(header: csvHeader, write: write)
        for item in listed {
            let summary = item.summary
            csv.row([
                .text(summary.account.id), .text(summary.account.displayName), .text(summary.account.kind.rawValue),
                .text(summary.account.institutionName), .text(summary.account.currencyCode),
                summary.latestBalance.map { .number(MoneyFormat.machine($0)) } ?? .empty,
                item.asOf.map { .number($0) } ?? .empty, .text(summary.sourceName), .text(item.account.sourceID),
                .text(item.zone), .number(item.account.isHidden ? "true" : "false"),
            ])
        }
    }

    public static func json(_ listed: [ListedAccount]) -> JSONOutput {
        .object([
            ("schema", .string("purse.accounts.v1")),
            (
                "accounts",
                .array(
                    listed.map { item in
                        let summary = item.summary
                        return .object([
                            ("id", .string(summary.account.id)),
                            ("account", .string(summary.account.displayName)),
                            ("kind", .string(summary.account.kind.rawValue)),
                            ("institution", .string(summary.account.institutionName)),
                            ("currency", .string(summary.account.currencyCode)),
                            ("balance", .optional(summary.latestBalance.map(MoneyFormat.machine))),
                            ("balance_as_of", .optional(item.asOf)),
                            ("source", .string(summary.sourceName)),
                            ("source_id", .string(item.account.sourceID)),
                            ("time_zone", .string(item.zone)),
                            ("hidden", .bool(item.account.isHidden)),
                        ])
                    })
            ),
        ])
    }

    public static func text(_ listed: [ListedAccount]) -> String {
        guard !listed.isEmpty else { return "No accounts yet: run 'purse sync PATH' on a Wallet export.\n" }
        var table = TextTable(columns: [
            .init("Account", maximumWidth: 32), .init("Kind"), .init("Institution", maximumWidth: 24),
            .init("Currency"), .init("Balance", .right), .init("As of"), .init("Time zone"),
            .init("Source", maximumWidth: 24), .init("ID"),
        ])
        for item in listed {
            let summary = item.summary
            table.append([
                summary.account.displayName + (item.account.isHidden ? " (hidden)" : ""), summary.account.kind.rawValue,
                summary.account.institutionName, summary.account.currencyCode,
                summary.latestBalance.map(MoneyFormat.text) ?? "",
                item.asOf ?? "no balance yet", item.zone, summary.sourceName,
                ReportAccounts.shortID(summary.account.id),
            ])
        }
        let hidden = listed.filter(\.account.isHidden).count
        return table.rendered()
            + (hidden == 0
                ? "" : "\(hidden) hidden: reports leave \(hidden == 1 ? "it" : "them") out unless given --all or --account.\n")
    }
}
