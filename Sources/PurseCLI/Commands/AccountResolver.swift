import Analytics
import LedgerStore

/// `--account` for every command that takes it: an account's ID or its display name, in any
/// case, or the start of an ID that only one account's ID has (as `accounts` shows it). A name no account has is a usage error that suggests the closest names; a name several
/// accounts share (two people's "Apple Card" in one database) is a usage error listing them, so
/// a report never silently adds up accounts the user did not mean.
enum AccountResolver {
    /// The IDs of the accounts named by the command's `--account` options, each once, in the
    /// order given; empty when there are none (all accounts).
    static func accountIDs(_ context: CommandContext, among accounts: [LedgerAccount]) throws -> [String] {
        let names = AccountScope(context.command).names
        guard !names.isEmpty else { return [] }
        var ids: [String] = []
        for name in names {
            let id = try resolve(name, among: accounts, context: context)
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    static func resolve(_ name: String, among accounts: [LedgerAccount], context: CommandContext) throws -> String {
        let folded = name.lowercased()
        // An exact ID always names one account, even when it is also someone's display name.
        if let account = accounts.first(where: { $0.id.lowercased() == folded }) { return account.id }
        let named = accounts.filter { $0.displayName.lowercased() == folded }
        if named.count == 1 { return named[0].id }
        guard named.isEmpty else {
            let listed = named.map { "\($0.id) '\($0.displayName)' from \($0.sourceName)" }
            throw context.usageError(
                "\(named.count) accounts are named '\(name)': \(listed.joined(separator: ", ")); "
                    + "give the ID of the one you mean")
        }
        // The short ID `accounts` shows, or any longer start of an ID, when it is one account's.
        let started = accounts.filter {
            $0.id.lowercased().hasPrefix(folded) || ReportAccounts.shortID($0.id).lowercased() == folded
        }
        if folded.count >= 4, started.count == 1 { return started[0].id }
        if folded.count >= 4, started.count > 1 {
            throw context.usageError(
                "\(started.count) account IDs start with '\(name)': \(started.map(\.id).joined(separator: ", ")); give more of the ID")
        }
        var displayNames: [String] = []
        for account in accounts where !displayNames.contains(account.displayName) {
            displayNames.append(account.displayName)
        }
        throw context.usageError(
            "no account with the ID or name '\(name)' (see 'purse accounts')",
            suggestions: ClosestMatch.closest(name, among: displayNames))
    }
}
