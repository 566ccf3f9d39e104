import Ledger

/// The uncategorized spending of a scope (`purse categories --uncategorized`), grouped by
/// merchant (else description), largest net first, per currency: what a rule would file.
public struct UncategorizedReport: Sendable {
    public struct Row: Sendable, Equatable {
        /// The merchant name, else the description.
        public let name: String
        /// True when `name` is a merchant name (a rule matches it with --merchant), false for a
        /// description (--description).
        public let isMerchant: Bool
        public let currency: String
        public let count: Int
        public let spent: Int64
        public let refunded: Int64
        /// spent - refunded.
        public let net: Int64
    }

    public let months: [YearMonth]
    public let timeZones: [String]
    /// Largest net first, then by name and currency.
    public let rows: [Row]
}
