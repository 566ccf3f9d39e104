/// FinanceKit's transaction statuses, by their case names.
public enum TransactionStatus: String, CaseIterable, Sendable {
    case authorized
    case booked
    case memo
    case pending
    case rejected
}
