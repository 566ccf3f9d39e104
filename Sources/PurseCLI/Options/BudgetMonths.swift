import Ledger

/// `--month`, or `--from` to `--to` in months: the months a budget report covers, budgets being
/// kept by month. A missing bound is this month.
struct BudgetMonths {
    static let from = OptionSpec("from", value: "YYYY-MM", help: "First month of a multi-month view.")
    static let to = OptionSpec("to", value: "YYYY-MM", help: "Last month of a multi-month view.")

    /// In order: --month, or --from to --to, else this month.
    let months: [YearMonth]

    /// `current` is this month in the report time zone. --month with --from/--to is refused
    /// before either is read.
    init(_ parsed: ParsedCommand, current: YearMonth) throws(CommandError) {
        let fromText = parsed.text(Self.from)
        let toText = parsed.text(Self.to)
        guard fromText != nil || toText != nil else {
            months = [try parsed.value(PeriodOptions.month, as: MonthChoice.self)?.month(current: current) ?? current]
            return
        }
        if parsed.isGiven(PeriodOptions.month) { throw PeriodOptions.bothGiven(parsed) }
        guard let from = fromText.map(YearMonth.parse) ?? current, let to = toText.map(YearMonth.parse) ?? current else {
            throw parsed.refusal("options '--from' and '--to' need YYYY-MM")
        }
        guard from <= to else { throw parsed.refusal("--to \(to) is before --from \(from)") }
        months = PeriodOptions.months(from: from, through: to)
    }
}
