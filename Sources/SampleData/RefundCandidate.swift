struct RefundCandidate {
    var account: Int
    var payee: Int
    var amount: Int64
    var foreign: Currency?
    var foreignAmount: Int64
    var rate: Int64
}
