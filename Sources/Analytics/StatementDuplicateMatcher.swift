import Ledger
import LedgerStore

/// Rows imported from a statement into an account that also syncs repeat what the sync brought
/// (README, "Importing statements"): an imported row and a synced row of the same account, with
/// the same direction and amount, at most 3 days apart, are one transaction, and only the
/// synced one counts. Pairs are one to one, closest first, then by ID, so the result never
/// depends on the order rows were read in, nor on whether the import or the sync came first.
enum StatementDuplicateMatcher {
    static let maximumGap: Int64 = 3 * 86_400

    /// The imported rows that repeat a synced one, by account, in time order.
    static func duplicateRows(_ rows: [LedgerStore.SharedAccountTransaction]) -> [String: [LedgerStore.SharedAccountTransaction]] {
        let duplicates = match(rows)
        return Dictionary(grouping: rows.filter { duplicates[$0.id] != nil }, by: \.accountID)
    }

    /// Imported transaction ID -> the synced transaction ID it repeats.
    static func match(_ rows: [LedgerStore.SharedAccountTransaction]) -> [String: String] {
        struct Key: Hashable {
            let accountID: String
            let indicator: CreditDebitIndicator
            let amount: Int64
        }
        var groups: [Key: (imported: [LedgerStore.SharedAccountTransaction], synced: [LedgerStore.SharedAccountTransaction])] = [:]
        for row in rows {
            let key = Key(accountID: row.accountID, indicator: row.indicator, amount: row.amount)
            if row.id.hasPrefix(Transaction.statementIDPrefix) {
                groups[key, default: ([], [])].imported.append(row)
            } else {
                groups[key, default: ([], [])].synced.append(row)
            }
        }
        var duplicates: [String: String] = [:]
        for group in groups.values where !group.imported.isEmpty && !group.synced.isEmpty {
            var pairs: [(gap: Int64, imported: String, synced: String)] = []
            for imported in group.imported {
                for synced in group.synced where abs(imported.time - synced.time) <= maximumGap {
                    pairs.append((abs(imported.time - synced.time), imported.id, synced.id))
                }
            }
            pairs.sort { ($0.gap, $0.imported, $0.synced) < ($1.gap, $1.imported, $1.synced) }
            var used: Set<String> = []
            for pair in pairs where !used.contains(pair.imported) && !used.contains(pair.synced) {
                used.insert(pair.imported)
                used.insert(pair.synced)
                duplicates[pair.imported] = pair.synced
            }
        }
        return duplicates
    }
}
