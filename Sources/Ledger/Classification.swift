/// How a transaction counts (README, "How purse counts money"): what the ledger keeps beside
/// each transaction, what reports read, and what `explain` shows.
public struct Classification: Hashable, Sendable {
    public var state: ClassificationState
    public var flow: Flow
    public var category: String
    public var categorySource: CategorySource
    public var reason: ClassificationReason
    /// The other half of an internal transfer, or a duplicate's synced twin.
    public var partnerID: String?
    /// The month of the transaction's day in its account's zone.
    public var month: YearMonth
    /// The merchant name a rule shows the transaction under (`rules add ... --rename`), if any.
    /// Not stored: the reader finds it as it reads, so every report agrees.
    public var merchant: String?

    public init(
        state: ClassificationState, flow: Flow, category: String, categorySource: CategorySource, reason: ClassificationReason,
        partnerID: String?, month: YearMonth
    ) {
        self.state = state
        self.flow = flow
        self.category = category
        self.categorySource = categorySource
        self.reason = reason
        self.partnerID = partnerID
        self.month = month
    }

    /// The other half of the internal transfer this transaction is.
    public var transferPartner: String? { reason == .internalTransfer ? partnerID : nil }

    /// The synced transaction this statement row repeats.
    public var twin: String? { state == .duplicate ? partnerID : nil }

    public var reasonText: String {
        switch reason {
        case .override: "override"
        case .rule(let id): "rule #\(id)"
        case .transferType: "type transfer"
        case .merchantRefund: "credit from a merchant (refund)"
        case .cardPayment: "credit on a liability (card payment)"
        case .internalTransfer: "internal transfer with \(partnerID ?? "")"
        case .income: "credit (income)"
        case .expense: "debit (expense)"
        }
    }

    /// A month as the ledger stores it: year * 100 + month.
    public static func number(of month: YearMonth) -> Int64 { Int64(month.year * 100 + month.month) }

    public static func month(number: Int64) -> YearMonth {
        YearMonth(year: Int(number / 100), month: Int(number % 100))
    }
}
