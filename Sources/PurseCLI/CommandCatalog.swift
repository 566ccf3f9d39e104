/// Every command, in the order the command list shows them: the parser, `--help` and the
/// dispatch are all made from this list.
enum CommandCatalog {
    static let commands: [any PurseCommand.Type] = [
        SyncCommand.self, ImportCommand.self, PricesCommand.Import.self, PricesCommand.self, StatusCommand.self, AccountsCommand.self,
        AccountsCommand.Set.self,
        ConfigCommand.self, ConfigCommand.Get.self, ConfigCommand.Set.self, TransactionsCommand.self, TransactionsCommand.Export.self,
        ReportSpendingCommand.self, ReportIncomeCommand.self, ReportRecurringCommand.self, ReportUpcomingCommand.self,
        ReportAnomaliesCommand.self,
        ReportCashflowCommand.self,
        ReportTrendCommand.self, ReportNetWorthCommand.self, ReportDriftCommand.self, ReportFXCommand.self, ExplainCommand.self,
        RulesCommand.Add.self, RulesCommand.List.self, RulesCommand.Remove.self, OrdersCommand.self, RulesCommand.Move.self,
        RulesCommand.Test.self, OverrideCommand.self, OverrideCommand.Unset.self, OverrideCommand.Split.self, CategoriesCommand.self,
        MerchantsCommand.self,
        CategoriesCommand.Group.self, CategoriesCommand.Ungroup.self,
        OrdersCommand.Add.self, OrdersCommand.Show.self, BudgetCommand.Report.self, BudgetCommand.Set.self, BudgetCommand.Remove.self,
        BudgetCommand.List.self, BudgetCommand.Check.self, GoalCommand.Set.self, GoalCommand.Remove.self,
        GoalCommand.List.self, GoalCommand.Check.self, SureCommand.Connect.self, SureCommand.Status.self, SureCommand.Receipt.self,
        SureCommand.Conflicts.self, SureCommand.Resolve.self, SureCommand.Repair.self, SureCommand.RotateCredential.self,
        SureCommand.Disconnect.self, SureCommand.Capabilities.self, ReportSummaryCommand.self, SampleCommand.self,
    ]

    /// The commands' entries, for the parser and `--help`.
    static let all: [CommandSpec] = commands.map { $0.spec }

    /// The command whose words are `path`; the parser only hands over paths of this list.
    static func command(at path: [String]) -> (any PurseCommand.Type)? {
        commands.first { $0.spec.path == path }
    }
}
