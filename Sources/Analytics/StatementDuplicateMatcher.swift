import Ledger
import LedgerStore

/// Rows imported from a statement into an account that also syncs repeat what the sync brought
/// (README, "Statements beside Wallet or Sure data"): an imported row and a synced row of the
/// same account, with the same direction and amount, at most 3 days apart, are one transaction,
/// and only the synced one counts.
///
/// Twins are matched as a whole, not closest first: the most pairs, then the smallest total
/// gap, then the earlier rows (by time, then ID) first. Closest first strands rows: synced rows
/// on the 10th and 12th and imported ones on the 12th and 14th pair 12th with 12th and leave two
/// rows unpaired, counting one transaction twice. The answer never depends on the order rows
/// were read in, nor on whether the import or the sync came first.
///
/// Rows of one account, direction and amount are matched a chain at a time (rows each at most
/// 3 days from the next, `LedgerStore.statementReach`), so the stored classification, which
/// matches only the chains a change reaches, gives what matching the whole ledger gives.
enum StatementDuplicateMatcher {
    static let maximumGap: Int64 = 3 * 86_400

    /// The largest chain (imported rows times synced rows) matched exactly. Past it a chain
    /// falls back to closest first, then by ID: the exact matching's table grows with the
    /// product, and a chain that long (hundreds of same-amount rows on one account, each within
    /// 3 days of the next, both imported and synced) is a daily fixed charge, where closest
    /// first finds the same pairs unless a day is missing on one side.
    static let exactLimit = 1_000_000

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
        var groups: [Key: [LedgerStore.SharedAccountTransaction]] = [:]
        for row in rows {
            groups[Key(accountID: row.accountID, indicator: row.indicator, amount: row.amount), default: []].append(row)
        }
        var duplicates: [String: String] = [:]
        for group in groups.values {
            let sorted = group.sorted { ($0.time, $0.id) < ($1.time, $1.id) }
            var start = 0
            for end in 1...sorted.count where end == sorted.count || sorted[end].time - sorted[end - 1].time > maximumGap {
                let chain = sorted[start..<end]
                let imported = chain.filter { $0.id.hasPrefix(Transaction.statementIDPrefix) }
                let synced = chain.filter { !$0.id.hasPrefix(Transaction.statementIDPrefix) }
                let pairs =
                    imported.count * synced.count <= exactLimit
                    ? matchExactly(imported, synced) : matchClosestFirst(imported, synced)
                for (importedID, syncedID) in pairs { duplicates[importedID] = syncedID }
                start = end
            }
        }
        return duplicates
    }

    /// The best matching of one chain, both sides in time order. Some best matching keeps the
    /// order of time (of two crossing pairs, swapping partners keeps both within the gap and
    /// makes neither gap sum larger), so the best matching is an alignment of the two
    /// sequences, found like a longest common subsequence. On a tie the walk back leaves the
    /// latest rows unpaired first, so the earlier rows pair.
    static func matchExactly(
        _ imported: [LedgerStore.SharedAccountTransaction], _ synced: [LedgerStore.SharedAccountTransaction]
    ) -> [(String, String)] {
        guard !imported.isEmpty, !synced.isEmpty else { return [] }
        struct Score: Comparable {
            var pairs = 0
            var gap: Int64 = 0

            static func < (left: Score, right: Score) -> Bool {
                (left.pairs, -left.gap) < (right.pairs, -right.gap)
            }
        }
        enum Step: UInt8 {
            case skipSynced, skipImported, pair
        }
        let width = synced.count + 1
        // best[i * width + j]: the best matching of the first i imported and the first j synced rows.
        var best = [Score](repeating: Score(), count: (imported.count + 1) * width)
        var steps = [Step](repeating: .skipSynced, count: best.count)
        for i in 0...imported.count {
            for j in 0...synced.count where i > 0 || j > 0 {
                let cell = i * width + j
                if j > 0 {
                    best[cell] = best[cell - 1]
                    steps[cell] = .skipSynced
                }
                if i > 0 && (j == 0 || best[cell - width] > best[cell]) {
                    best[cell] = best[cell - width]
                    steps[cell] = .skipImported
                }
                guard i > 0, j > 0 else { continue }
                let gap = abs(imported[i - 1].time - synced[j - 1].time)
                guard gap <= maximumGap else { continue }
                var paired = best[cell - width - 1]
                paired.pairs += 1
                paired.gap += gap
                if paired > best[cell] {
                    best[cell] = paired
                    steps[cell] = .pair
                }
            }
        }
        var pairs: [(String, String)] = []
        var (i, j) = (imported.count, synced.count)
        while i > 0 && j > 0 {
            switch steps[i * width + j] {
            case .skipSynced: j -= 1
            case .skipImported: i -= 1
            case .pair:
                pairs.append((imported[i - 1].id, synced[j - 1].id))
                i -= 1
                j -= 1
            }
        }
        return pairs
    }

    /// Pairs one to one, closest first, then by ID: the fallback for a chain too long to match
    /// exactly.
    static func matchClosestFirst(
        _ imported: [LedgerStore.SharedAccountTransaction], _ synced: [LedgerStore.SharedAccountTransaction]
    ) -> [(String, String)] {
        var candidates: [(gap: Int64, imported: String, synced: String)] = []
        for one in imported {
            for other in synced where abs(one.time - other.time) <= maximumGap {
                candidates.append((abs(one.time - other.time), one.id, other.id))
            }
        }
        candidates.sort { ($0.gap, $0.imported, $0.synced) < ($1.gap, $1.imported, $1.synced) }
        var used: Set<String> = []
        var pairs: [(String, String)] = []
        for pair in candidates where !used.contains(pair.imported) && !used.contains(pair.synced) {
            used.insert(pair.imported)
            used.insert(pair.synced)
            pairs.append((pair.imported, pair.synced))
        }
        return pairs
    }
}
