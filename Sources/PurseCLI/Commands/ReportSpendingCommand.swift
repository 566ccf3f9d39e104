import Analytics
import Rendering

/// `purse report spending`: spent, refunded and net by category, MCC, merchant, account, month,
/// tag, person or group.
enum ReportSpendingCommand: PurseCommand {
    static let spec = CommandSpec(
        ["report", "spending"], summary: "Spent, refunded and net by category, MCC, merchant, account, month, tag, person or group.",
        discussion: """
            Counts expenses and refunds as the README's "How purse counts money" says: net = spent - \
            refunded, per currency, one row per calendar month and key. Income and transfers never \
            count as spending.
            """,
        options: ScopeOptions.options + [PickedInput.input, by, PersonOptions.person, compare, ConversionOptions.convertTo]
            + OutputOptions.report)

    static let by = OptionSpec(
        "by", value: "GROUP", help: "category, mcc, merchant, account, month, tag, person or group (default category).")
    static let compare = OptionSpec("compare", help: "Add the previous period and the change (text and JSON).")

    static func run(_ context: CommandContext) throws {
        let report = try ReportRunner.run(
            context, formats: OutputFormat.allCases, fallback: .text,
            options: {
                let grouping = try context.command.value(by, as: SpendingReport.Grouping.self) ?? .category
                return (
                    grouping: grouping, period: try ReportPeriod(context: context), target: try ConversionOptions(context.command).target,
                    people: try PersonOptions.names(context)
                )
            },
            analyse: { store, options in
                let period = options.period
                var scope = try period.scope(context: context, store: store)
                scope.people = try PersonOptions.known(options.people, store: store, context: context)
                return try SpendingAnalysis.report(
                    store, scope: scope, months: period.months,
                    grouping: options.grouping,
                    compareWith: context.command.has(compare) ? period.previousMonths : nil, convertingTo: options.target)
            },
            render: { report, format, sink in
                // Ten years of rows are read back as they are written, never held.
                switch format {
                case .csv: try SpendingRendering.csv(report, write: sink.write)
                case .json: try SpendingRendering.writeJSON(report, write: sink.write)
                case .text: try SpendingRendering.writeText(report, style: context.textStyle, write: sink.write)
                }
            })
        context.warn(leftOut: report.unconverted)
    }
}
