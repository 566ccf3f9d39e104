import Ledger

/// The raw merchant texts of a scope's spending (`purse merchants`), largest net first, each with
/// the name reports show it under now and the name `purse merchants` suggests for it.
public struct MerchantsReport: Sendable {
    public struct Row: Sendable, Equatable {
        /// The merchant name the bank sent, else the description.
        public let text: String
        /// True when `text` is a merchant name (a rule matches it with --merchant), false for a
        /// description (--description).
        public let isMerchant: Bool
        public let currency: String
        public let count: Int
        /// Expenses minus refunds.
        public let net: Int64
        /// The name a rename rule shows it under, if one does (the first one met).
        public let renamed: String?
        /// The text cleaned of reference codes and store numbers (`MerchantNameCleaner`).
        public let suggestion: String

        /// The name reports show now.
        public var shown: String { renamed ?? text }
    }

    public let months: [YearMonth]
    public let timeZones: [String]
    /// Largest net first, then by text and currency.
    public let rows: [Row]
}
