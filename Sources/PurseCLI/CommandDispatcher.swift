/// Finds the code of a parsed command.
enum CommandDispatcher {
    static func run(_ context: CommandContext) throws {
        switch context.command.path {
        case ["sync"]: try SyncCommand.run(context)
        case ["import"]: try ImportCommand.run(context)
        case ["status"]: try StatusCommand.run(context)
        case ["accounts"]: try AccountsCommand.run(context)
        case ["transactions"]: try TransactionsCommand.run(context, export: false)
        case ["export", "transactions"]: try TransactionsCommand.run(context, export: true)
        case ["sample"]: try SampleCommand.run(context)
        case ["report", "spending"]: try ReportSpendingCommand.run(context)
        case ["report", "income"]: try ReportIncomeCommand.run(context)
        case ["report", "cashflow"]: try ReportCashflowCommand.run(context)
        case ["report", "trend"]: try ReportTrendCommand.run(context)
        case ["report", "networth"]: try ReportNetWorthCommand.run(context)
        case ["report", "drift"]: try ReportDriftCommand.run(context)
        case ["explain"]: try ExplainCommand.run(context)
        case ["rules", "add"]: try RulesCommand.add(context)
        case ["rules", "list"]: try RulesCommand.list(context)
        case ["rules", "remove"]: try RulesCommand.remove(context)
        case ["categories"]: try CategoriesCommand.run(context)
        case ["report", "budget"]: try BudgetCommand.report(context)
        case ["report", "summary"]: try ReportSummaryCommand.run(context)
        case ["budget", "set"]: try BudgetCommand.set(context)
        case ["budget", "remove"]: try BudgetCommand.remove(context)
        case ["budget", "list"]: try BudgetCommand.list(context)
        case ["budget", "check"]: try BudgetCommand.check(context)
        case let path where path.first == "sure": try SureCommand.run(context)
        default: throw context.usageError("the command '\(context.command.path.joined(separator: " "))' is not implemented")
        }
    }
}
