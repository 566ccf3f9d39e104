import Foundation
import Ledger

/// The file `purse report spending --input FILE` (and `income`, `cashflow`, `explain`) reads
/// (README, "Picked transactions"): JSON lines, the accounts first and then the transactions,
/// each written as the Wallet export writes it. Made for what FinanceKitUI's `TransactionPicker`
/// hands an app: a few transactions the user chose, nothing else of theirs.
public enum PickedTransactionsFile {
    /// Writes `transactions`, with those of `accounts` they belong to (the others would tell
    /// more than the user picked), to `url` in one piece: a temporary file next to it, synced
    /// and renamed over it, so a reader or a file-sync tool never sees half a file. The folder
    /// must exist. An account a line does not describe is, to purse, an asset account named by
    /// its ID (what the picker gives, without authorisation, has no accounts).
    public static func write(_ transactions: [Transaction], accounts: [Account] = [], to url: URL) throws {
        let picked = Set(transactions.map(\.accountID))
        let bytes = ExportJSONText.pickedLines(accounts: accounts.filter { picked.contains($0.id) }, transactions: transactions)
        try DurableFile.replace(url, with: bytes)
    }
}
