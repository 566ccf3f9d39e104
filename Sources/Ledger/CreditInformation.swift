/// What a liability account tells about its credit line; every field is optional.
public struct CreditInformation: Equatable, Sendable {
    public var creditLimit: Money?
    public var minimumNextPaymentAmount: Money?
    public var nextPaymentDueDate: Timestamp?
    public var overduePaymentAmount: Money?

    public init(
        creditLimit: Money? = nil, minimumNextPaymentAmount: Money? = nil,
        nextPaymentDueDate: Timestamp? = nil, overduePaymentAmount: Money? = nil
    ) {
        self.creditLimit = creditLimit
        self.minimumNextPaymentAmount = minimumNextPaymentAmount
        self.nextPaymentDueDate = nextPaymentDueDate
        self.overduePaymentAmount = overduePaymentAmount
    }
}
