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

extension AnomalyReport.Anomaly {
    /// The most pressing first (the summary lists only a few): a charge taken twice, then a
    /// recurring charge that changed price or did not come, a large first charge, and last the
    /// spikes, the furthest above their usual first (as a ratio, so currencies compare); each
    /// kind by date.
    public static func byImportance(_ anomalies: [Self]) -> [Self] {
        let rank: [AnomalyReport.Kind: Int] = [.doubleCharge: 0, .priceChange: 1, .missed: 2, .newMerchant: 3, .spike: 4]
        return anomalies.enumerated().sorted { left, right in
            let (a, b) = (left.element, right.element)
            if a.kind != b.kind { return rank[a.kind, default: 5] < rank[b.kind, default: 5] }
            if a.kind == .spike, let aBase = a.baseline, let bBase = b.baseline, aBase > 0, bBase > 0 {
                let (aRatio, bRatio) = (Int128(a.amount) * Int128(bBase), Int128(b.amount) * Int128(aBase))
                if aRatio != bRatio { return aRatio > bRatio }
            }
            return left.offset < right.offset
        }.map(\.element)
    }
}
