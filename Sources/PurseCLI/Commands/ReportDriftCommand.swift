import Analytics
import Rendering

/// `purse report drift`: where balances derived from the transactions disagree with the observed
/// ones. Drift is information (exit 0) unless --fail-on-drift asks for exit 1.
enum ReportDriftCommand: PurseCommand {
    static let spec = CommandSpec(
        ["report", "drift"], summary: "Derived vs observed balances: where the ledger misses something.",
        options: [
            AccountScope.account,
            AccountScope.all,
            failOnDrift,
        ] + OutputOptions.report)

    static let failOnDrift = OptionSpec("fail-on-drift", help: "Exit 1 when any drift is found (default: exit 0, drift is information).")

    static func run(_ context: CommandContext) throws {
        let report = try ReportRunner.run(
            context, options: { try context.reportTimeZone() },
            analyse: { store, _ in try BalanceAnalysis.drift(store, accounts: try context.reportAccounts(store)) },
            text: { report, _ in DriftRendering.text(report) }, csv: DriftRendering.csv, json: DriftRendering.json)
        if report.hasDrift, context.command.has(failOnDrift) { throw CheckFailed() }
    }
}
