/// One side of a FinanceKit balance (available or booked) at a moment.
public struct Balance: Equatable, Sendable {
    public var amount: Money
    public var asOfDate: Timestamp
    public var creditDebitIndicator: CreditDebitIndicator

    public init(amount: Money, asOfDate: Timestamp, creditDebitIndicator: CreditDebitIndicator) {
        self.amount = amount
        self.asOfDate = asOfDate
        self.creditDebitIndicator = creditDebitIndicator
    }

    /// The balance with its sign: a debt (debit) is negative.
    public var signedUnits: Int64 { creditDebitIndicator.signed(amount.units) }
}
