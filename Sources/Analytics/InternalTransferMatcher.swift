import Ledger
import LedgerStore

/// Pairs a debit on one account with a credit on another of the same currency and amount,
/// at most three days apart, neither with a merchant category code, both of a type that moves
/// money between accounts (README, "How purse counts money", Internal transfers). Booked and
/// pending transactions pair alike, whether or not a report counts pending ones, so a booked
/// one counts the same either way. Deterministic: the smallest time gap first, then the lower
/// IDs; a transaction is in at most one pair.
enum InternalTransferMatcher {
    static let maximumGap: Int64 = 3 * 86_400
    /// Types that move money between accounts (`transfer` itself is a transfer by its type);
    /// `unknown` takes in the types purse does not know.
    static let candidateTypes: [TransactionType] = [
        .billPayment, .deposit, .withdrawal, .standingOrder, .directDebit, .loan, .adjustment, .unknown,
    ]

    /// Whether the transaction, by what it is, could be half of a pair (its state and the
    /// user's rules aside): what the keeper asks before it classifies a row on its own.
    static func mayPair(_ transaction: ReportTransaction) -> Bool {
        transaction.merchantCategoryCode == nil && candidateTypes.contains(transaction.type.forMoneyRules)
    }

    /// The partner of every matched transaction, both ways. `candidates` are those whose state
    /// pairs and whose flow no rule of the user sets (`ClassificationPass`).
    static func match(_ candidates: [ReportTransaction]) -> [String: String] {
        struct Key: Hashable {
            let currency: String
            let amount: Int64
        }
        var groups: [Key: (debits: [ReportTransaction], credits: [ReportTransaction])] = [:]
        for candidate in candidates where mayPair(candidate) {
            let key = Key(currency: candidate.currency, amount: candidate.amount)
            if candidate.indicator == .debit {
                groups[key, default: ([], [])].debits.append(candidate)
            } else {
                groups[key, default: ([], [])].credits.append(candidate)
            }
        }
        var pairs: [(gap: Int64, debit: String, credit: String)] = []
        for group in groups.values where !group.debits.isEmpty && !group.credits.isEmpty {
            for debit in group.debits {
                for credit in group.credits where credit.accountID != debit.accountID {
                    let gap = abs(debit.time - credit.time)
                    if gap <= maximumGap { pairs.append((gap, debit.id, credit.id)) }
                }
            }
        }
        pairs.sort {
            ($0.gap, min($0.debit, $0.credit), max($0.debit, $0.credit)) < ($1.gap, min($1.debit, $1.credit), max($1.debit, $1.credit))
        }
        var partners: [String: String] = [:]
        for pair in pairs where partners[pair.debit] == nil && partners[pair.credit] == nil {
            partners[pair.debit] = pair.credit
            partners[pair.credit] = pair.debit
        }
        return partners
    }
}
