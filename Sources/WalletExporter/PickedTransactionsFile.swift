import Foundation
import Ledger

/// The file `purse report spending --input FILE` (and `income`, `cashflow`, `explain`) reads
/// (README, "Picked transactions"): JSON lines, the zones first (as a Wallet export's manifest
/// names them), then the accounts and then the transactions, each written as the Wallet export
/// writes it. Made for what FinanceKitUI's `TransactionPicker` hands an app: a few transactions
/// the user chose, nothing else of theirs.
public enum PickedTransactionsFile {
    /// Writes `transactions`, with those of `accounts` they belong to (the others would tell
    /// more than the user picked), to `url` in one piece: a temporary file next to it, synced
    /// and renamed over it, so a reader or a file-sync tool never sees half a file. The folder
    /// must exist. An account a line does not describe is, to purse, an asset account named by
    /// its ID (what the picker gives, without authorisation, has no accounts). `timeZone` (the
    /// device's) and `accountTimeZones` (of the picked accounts kept in another country) are the
    /// zones whose days purse puts the transactions on, on any computer, as it does synced.
    public static func write(
        _ transactions: [Transaction], accounts: [Account] = [], to url: URL, timeZone: TimeZone = .current,
        accountTimeZones: [String: TimeZone] = [:]
    ) throws {
        let picked = Set(transactions.map(\.accountID))
        let bytes = ExportJSONText.pickedLines(
            timeZone: timeZone.identifier, accountTimeZones: accountTimeZones.filter { picked.contains($0.key) }.mapValues(\.identifier),
            accounts: accounts.filter { picked.contains($0.id) }, transactions: transactions)
        try DurableFile.replace(url, with: bytes)
    }
}
