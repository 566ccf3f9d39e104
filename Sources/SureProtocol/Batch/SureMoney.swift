import Ledger

/// A money object: an unsigned amount, a currency and a direction.
public struct SureMoney: Sendable, Equatable {
    public let amount: Money
    let text: String
    public let direction: CreditDebitIndicator
}
