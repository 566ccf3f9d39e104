/// FinanceKit's sign of an amount: amounts are positive and the indicator says which way they go.
public enum CreditDebitIndicator: String, CaseIterable, Sendable {
    /// Raises an asset or lowers what is owed on a liability.
    case credit
    /// Lowers an asset or raises what is owed.
    case debit

    /// The signed value of a positive amount: debit is negative, on assets and liabilities alike.
    public func signed(_ units: Int64) -> Int64 { self == .debit ? -units : units }
}
