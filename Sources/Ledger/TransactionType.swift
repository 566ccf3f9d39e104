/// FinanceKit's transaction types, by their case names.
public enum TransactionType: String, CaseIterable, Sendable {
    case adjustment
    case atm
    case billPayment
    case check
    case deposit
    case directDebit
    case directDeposit
    case dividend
    case fee
    case interest
    case loan
    case pointOfSale
    case refund
    case standingOrder
    case transfer
    case unknown
    case withdrawal
}
