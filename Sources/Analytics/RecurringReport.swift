import Ledger

/// Charges that come on a regular cadence (`purse report recurring`), as of the scope's last
/// day: README, "Recurring charges", says how they are found.
public struct RecurringReport: Sendable {
    public enum Cadence: String, Sendable, CaseIterable {
        case weekly, monthly, quarterly, yearly
    }

    public enum Flag: Sendable, Equatable {
        /// The first charge falls in the last three periods of its cadence: it has just become recurring.
        case new
        /// The last amount differs from the typical one, by `change` (last - typical).
        case priceChange(change: Int64)
        /// The next expected date (and its grace) passed before the scope's end without a charge.
        case missed

        public var name: String {
            switch self {
            case .new: "new"
            case .priceChange: "price-change"
            case .missed: "missed"
            }
        }
    }

    public struct Item: Sendable, Equatable {
        /// The merchant name, else the description.
        public let merchant: String
        /// The category of the last charge.
        public let category: String
        public let currency: String
        public let cadence: Cadence
        /// The median of the charges before the last.
        public let typicalAmount: Int64
        public let lastAmount: Int64
        public let firstDate: CivilDate
        public let lastDate: CivilDate
        public let nextDate: CivilDate
        public let count: Int
        public let flags: [Flag]
        /// The account charged: a series is one account's (two people's Netflix are two).
        public internal(set) var accountID = ""
        public internal(set) var accountName = ""
        /// The account's name told apart from another account's of the same name.
        public internal(set) var accountLabel = ""
        /// debit for money out; credit only where a rule or override made money in an expense.
        public internal(set) var direction = CreditDebitIndicator.debit

        public var priceChange: Int64? {
            for flag in flags { if case .priceChange(let change) = flag { return change } }
            return nil
        }
    }

    public let first: CivilDate
    /// The scope's last day: what "missed" and "new" are judged against.
    public let asOf: CivilDate
    public let timeZones: [String]
    /// By merchant (ignoring case), currency, account, then typical amount.
    public let items: [Item]
}
