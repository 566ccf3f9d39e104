import Analytics
import Rendering

/// `purse merchants`: the raw merchant texts of a period by spending, with the name each is shown
/// under and the `rules add ... --rename` command that would clean it.
enum MerchantsCommand: PurseCommand {
    static let spec = CommandSpec(
        ["merchants"], summary: "Raw merchant texts by spending, with the rule that would clean each name.",
        discussion: """
            Lists the merchant name (else description) of each counted expense or refund of a period, \
            largest net first, with the name reports show it under now and the 'purse rules add ... \
            --rename' command that would clean it; CSV columns: merchant, currency, count, net, shown, rule.
            """,
        options: [uncategorized, unnamed] + ScopeOptions.options + OutputOptions.listing)

    static let uncategorized = OptionSpec("uncategorized", help: "Only Uncategorized spending.")
    static let unnamed = OptionSpec("unnamed", help: "Only texts no rename rule covers.")

    static func run(_ context: CommandContext) throws {
        let onlyUncategorized = context.command.has(uncategorized)
        let onlyUnnamed = context.command.has(unnamed)
        try ReportRunner.run(
            context,
            onPeriod: { store, scope, months in
                try MerchantsAnalysis.report(
                    store, scope: scope, months: months, uncategorized: onlyUncategorized, unnamed: onlyUnnamed)
            }, text: MerchantsRendering.text, csv: MerchantsRendering.csv, json: MerchantsRendering.json)
    }
}
