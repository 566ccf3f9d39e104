/// The scope of a report over transactions: its period, accounts, currencies and whether
/// pending transactions count.
struct ScopeOptions {
    static let includePending = OptionSpec(
        "include-pending", help: "Count pending and authorized transactions too (booked always count).")
    static let currency = OptionSpec("currency", value: "CODE", help: "Only this currency, e.g. USD. Repeatable.", repeatable: true)
    static let options: [OptionSpec] = [
        PeriodOptions.month, PeriodOptions.from, PeriodOptions.to, includePending, AccountScope.account, AccountScope.all, currency,
    ]

    let includePending: Bool
    /// The codes given, upper-cased; which of them an account holds is checked against the ledger.
    let currencies: [String]

    init(_ parsed: ParsedCommand) throws(CommandError) {
        includePending = parsed.has(Self.includePending)
        currencies = try parsed.list(Self.currency, as: String.self).map { $0.uppercased() }
    }
}
