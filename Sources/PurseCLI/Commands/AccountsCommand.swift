import LedgerStore
import Rendering

/// `purse accounts`: each account with kind, institution, currency and latest balance.
enum AccountsCommand {
    static func run(_ context: CommandContext) throws {
        let format = try context.outputFormat(allowed: [.text, .csv, .json], fallback: .text)
        let summaries = try context.reading { try $0.accountSummaries() }
        try context.writingData { write(summaries, format: format, to: $0) }
    }

    static func write(_ summaries: [AccountSummary], format: OutputFormat, to sink: TextSink) {
        switch format {
        case .csv:
            let csv = CSVWriter(
                header: ["id", "account", "kind", "institution", "currency", "balance", "balance_as_of", "source"],
                write: sink.write)
            for summary in summaries {
                csv.row([
                    .text(summary.account.id), .text(summary.account.displayName), .text(summary.account.kind.rawValue),
                    .text(summary.account.institutionName), .text(summary.account.currencyCode),
                    summary.latestBalance.map { .number(MoneyFormat.machine($0)) } ?? .empty,
                    summary.latestBalanceAsOf.map { .number($0) } ?? .empty, .text(summary.sourceName),
                ])
            }
        case .json:
            let value = JSONOutput.object([
                ("schema", .string("purse.accounts.v1")),
                (
                    "accounts",
                    .array(
                        summaries.map { summary in
                            .object([
                                ("id", .string(summary.account.id)),
                                ("account", .string(summary.account.displayName)),
                                ("kind", .string(summary.account.kind.rawValue)),
                                ("institution", .string(summary.account.institutionName)),
                                ("currency", .string(summary.account.currencyCode)),
                                ("balance", .optional(summary.latestBalance.map(MoneyFormat.machine))),
                                ("balance_as_of", .optional(summary.latestBalanceAsOf)),
                                ("source", .string(summary.sourceName)),
                            ])
                        })
                ),
            ])
            sink.write(value.pretty + "\n")
        case .text:
            guard !summaries.isEmpty else {
                sink.write("No accounts yet: run 'purse sync PATH' on a Wallet export.\n")
                return
            }
            var table = TextTable(columns: [
                .init("Account", maximumWidth: 32), .init("Kind"), .init("Institution", maximumWidth: 24),
                .init("Currency"), .init("Balance", .right), .init("As of"),
            ])
            for summary in summaries {
                table.append([
                    summary.account.displayName, summary.account.kind.rawValue, summary.account.institutionName,
                    summary.account.currencyCode,
                    summary.latestBalance.map(MoneyFormat.text) ?? "",
                    summary.latestBalanceAsOf ?? "no balance yet",
                ])
            }
            sink.write(table.rendered())
        }
    }
}
