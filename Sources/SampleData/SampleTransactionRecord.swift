/// Everything needed to print a transaction, so that a pending record can be printed again,
/// booked, in a later change set.
struct SampleTransactionRecord {
    var id: SampleUUID
    var account: Int
    var day: Int
    var seconds: Int
    var postedDay: Int?
    var amount: Int64
    var foreign: Currency?
    var foreignAmount: Int64 = 0
    var rate: Int64 = 0
    var credit: Bool
    var payee: Int
    var rawSeed: UInt64
    var type: SampleTransactionType
    var status: SampleTransactionStatus
}

enum SampleTransactionType: Int {
    case atm, billPayment, deposit, directDebit, directDeposit, fee, interest, pointOfSale, refund
    case standingOrder, withdrawal

    static let names: [[UInt8]] = [
        "atm", "billPayment", "deposit", "directDebit", "directDeposit", "fee",
        "interest", "pointOfSale", "refund", "standingOrder", "withdrawal",
    ]
    .map { Array($0.utf8) }
}

enum SampleTransactionStatus: Int {
    case authorized, booked, memo, pending, rejected

    static let names: [[UInt8]] = ["authorized", "booked", "memo", "pending", "rejected"].map { Array($0.utf8) }
}
