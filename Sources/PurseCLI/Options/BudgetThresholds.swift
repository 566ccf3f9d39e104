/// `--warn-at PCT` of the budget reports: from which share used a budget warns.
struct BudgetThresholds {
    static let warnAt = OptionSpec(
        "warn-at", value: "PCT",
        help: "Warn about each budget used at least PCT percent, 1 to 1000 (default 80; 'budget check' lists warnings only with it).")

    /// The level given; nil without --warn-at.
    let given: WarnLevel?

    init(_ parsed: ParsedCommand) throws(CommandError) {
        given = try parsed.value(Self.warnAt)
    }

    /// The level budgets warn from.
    var warnAt: WarnLevel { given ?? .standard }
}
