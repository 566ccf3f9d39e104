/// `--account` and `--all`: which accounts a command counts or lists.
struct AccountScope {
    static let account = OptionSpec(
        "account", value: "ACCOUNT", help: "Only this account: its ID or display name. Repeatable.", repeatable: true)
    static let all = OptionSpec("all", help: "Include hidden accounts too (see 'purse accounts set').")

    /// The accounts named, as typed (an ID, the start of one, or a display name); empty: all.
    let names: [String]
    /// `--all`: hidden accounts too.
    let includesHidden: Bool

    init(_ parsed: ParsedCommand) {
        names = parsed.values(Self.account.name)
        includesHidden = parsed.has(Self.all)
    }
}
