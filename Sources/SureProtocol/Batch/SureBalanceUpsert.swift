import Ledger

/// A `balance_upsert` event: one booked or available balance observed at an instant.
public struct SureBalanceUpsert: Sendable {
    public let binding: SureBinding
    /// Lowercased.
    public let sourceID: String
    public let kind: String
    public let observedAt: Timestamp
    public let money: SureMoney
}
