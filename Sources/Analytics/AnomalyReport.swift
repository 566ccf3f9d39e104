import Ledger

/// What in one month looks wrong or worth a look (`purse report anomalies`): a charge taken twice,
/// a category or merchant far above its usual, a large first charge from a merchant, and the
/// recurring series that changed price or missed a charge. README, "Anomalies", says how each is found.
public struct AnomalyReport: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case doubleCharge = "double-charge"
        case spike
        case newMerchant = "new-merchant"
        case priceChange = "price-change"
        case missed
    }

    /// Why a row is listed: what Rendering turns into the `detail` sentence.
    public enum Reason: Sendable, Equatable {
        /// The same charge as `earlierID`, `seconds` before it (nil: statement rows of one day, no time).
        case sameAs(earlierID: String, earlierDate: CivilDate, seconds: Int64?)
        /// A category's or a merchant's month, against its average of `months`.
        case aboveAverage(months: [YearMonth], isMerchant: Bool)
        /// The merchant's first charge in the whole ledger, over `floor`.
        case firstCharge(floor: Int64)
        /// The series' last charge against its typical amount.
        case priceChange(cadence: RecurringReport.Cadence, lastDate: CivilDate)
        /// The series' charge expected on the row's date did not come.
        case missed(cadence: RecurringReport.Cadence, lastDate: CivilDate)
    }

    public struct Anomaly: Sendable, Equatable {
        public let kind: Kind
        public let date: CivilDate
        /// Empty for a spike, which is a category's or merchant's over every account.
        public let accountID: String
        public let accountName: String
        public let accountLabel: String
        /// The merchant name, else the description; empty for a category's spike.
        public let merchant: String
        /// Empty for a merchant's spike.
        public let category: String
        public let amount: Int64
        public let currency: String
        /// What `amount` is compared with: the first charge of a double charge, the average of a
        /// spike, the typical amount of a price change; nil when there is none.
        public let baseline: Int64?
        public let reason: Reason
        /// The transaction flagged (the later of a double charge); empty for a spike or a missed charge.
        public let transactionID: String
    }

    public let month: YearMonth
    public let timeZones: [String]
    /// By date, kind, merchant, then category and account.
    public let anomalies: [Anomaly]
}
