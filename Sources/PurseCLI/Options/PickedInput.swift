/// `--input FILE` of the spending-shaped reports: picked transactions instead of the ledger
/// (README, "Picked transactions").
struct PickedInput {
    static let input = OptionSpec(
        "input", value: "FILE",
        help:
            "Report on the transactions in FILE (JSON lines of FinanceKit transactions, or an 'export transactions' CSV) instead of the database, which is not opened."
    )

    /// Nil: the ledger.
    let file: String?

    init(_ parsed: ParsedCommand) {
        file = parsed.text(Self.input)
    }
}
