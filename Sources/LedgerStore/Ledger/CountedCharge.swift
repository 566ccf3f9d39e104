import Ledger

/// A counted transaction as the recurring analysis reads it: only what finds a series, from the
/// stored classification, so a year of them reads without building whole transactions.
public struct CountedCharge: Sendable {
    public let id: String
    public let accountID: String
    /// Its merchant name, else its description.
    public let merchant: String
    /// Unix seconds of the transaction date.
    public let time: Int64
    public let amount: Int64
    public let currency: String
    public let indicator: CreditDebitIndicator
    public let flow: Flow
    public let category: String
    /// Whether it counts as the parts of a split (`purse split`).
    public let isSplit: Bool
}
