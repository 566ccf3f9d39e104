import Ledger

/// What each rule changes in a scope (`purse rules test`), nothing written: per rule, the
/// transactions it matches, and for those whose flow or category it changes, from what to what,
/// per currency.
public struct RuleTestReport: Sendable {
    /// One change of one rule: transactions moved from one flow and category to another.
    public struct Change: Sendable, Equatable {
        public let ruleID: Int64
        public let fromFlow: Flow
        public let fromCategory: String
        public let toFlow: Flow
        public let toCategory: String
        public let currency: String
        public let count: Int
        /// The sum of their (unsigned) amounts.
        public let amount: Int64
    }

    /// One rename of one rule: transactions of one raw merchant text shown under its name.
    public struct Rename: Sendable, Equatable {
        public let ruleID: Int64
        /// The merchant name, else the description.
        public let from: String
        public let to: String
        public let currency: String
        public let count: Int
        /// The sum of their (unsigned) amounts.
        public let amount: Int64
    }

    /// What one rule tags or puts down to a person, in one currency.
    public struct Label: Sendable, Equatable {
        public enum Kind: String, Sendable {
            case tag, person
        }

        public let ruleID: Int64
        public let kind: Kind
        public let name: String
        public let currency: String
        public let count: Int
        /// The sum of their (unsigned) amounts.
        public let amount: Int64
    }

    /// One rule, in the order rules apply, with how many counted transactions of the scope it
    /// is the first to match (of the rules that classify, or of those that rename).
    public struct RuleMatches: Sendable, Equatable {
        public let ruleID: Int64
        public let matches: Int
    }

    public let months: [YearMonth]
    public let timeZones: [String]
    public let rules: [RuleMatches]
    /// By rule (in the order rules apply), then from, to and currency.
    public let changes: [Change]
    /// By rule (in the order rules apply), then from and currency.
    public var renames: [Rename] = []
    /// By rule (in the order rules apply), then kind, name and currency.
    public var labels: [Label] = []
}
