import Ledger

public struct SureBalanceUpsert: Sendable {
    public let binding: SureBinding
    /// Lowercased.
    public let sourceID: String
    public let kind: String
    public let observedAt: Timestamp
    public let money: SureMoney
}
