import Ledger

/// What the user set on one transaction (`purse set`, `purse split`): kept apart from what syncs
/// bring, by the transaction's ID, so no sync loses it and a deleted transaction's comes back
/// with it.
public struct TransactionOverride: Sendable, Equatable {
    /// One part of a split: a category and its share of the amount.
    public struct Part: Sendable, Equatable {
        public let category: String
        /// Positive, in 1/10,000 units of the transaction's currency.
        public let amount: Int64

        public init(category: String, amount: Int64) {
            self.category = category
            self.amount = amount
        }
    }

    public let transactionID: String
    public var category: String?
    /// expense, income or transfer.
    public var flow: Flow?
    public var note: String?
    public var tags: [String] = []
    /// Never counts.
    public var isExcluded = false
    /// Counts, but `report anomalies` never flags it (`--not-anomaly`).
    public var isNotAnomaly = false
    /// The parts of a split, in the order given; empty: not split.
    public var split: [Part] = []
    /// Who the transaction is of (`--person`): beats a rule's person and the statement's.
    public var person: String?

    public init(
        transactionID: String, category: String? = nil, flow: Flow? = nil, note: String? = nil, tags: [String] = [],
        isExcluded: Bool = false, split: [Part] = []
    ) {
        self.transactionID = transactionID
        self.category = category
        self.flow = flow
        self.note = note
        self.tags = tags
        self.isExcluded = isExcluded
        self.split = split
    }

    /// Nothing set: the transaction is as its source and the rules make it.
    public var isEmpty: Bool {
        category == nil && flow == nil && note == nil && tags.isEmpty && !isExcluded && !isNotAnomaly && split.isEmpty
            && person == nil
    }
}
