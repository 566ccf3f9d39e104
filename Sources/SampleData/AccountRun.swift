final class AccountRun {
    let id: SampleUUID
    let idBytes: [UInt8]
    let currency: Currency
    let zone: SampleZone
    let isLiability: Bool
    let transactions: ChangeSetStream
    let balances: ChangeSetStream
    /// Signed sum of the transactions so far whose final status is booked.
    var running: Int64 = 0
    /// Updates (pending -> booked) and deletions (released holds) waiting for their day.
    var due: [(day: Int, change: DueChange)] = []

    init(
        id: SampleUUID, currency: Currency, zone: SampleZone, isLiability: Bool,
        transactions: ChangeSetStream, balances: ChangeSetStream
    ) {
        self.id = id
        var bytes: [UInt8] = []
        id.append(to: &bytes)
        idBytes = bytes
        self.currency = currency
        self.zone = zone
        self.isLiability = isLiability
        self.transactions = transactions
        self.balances = balances
    }
}

enum DueChange {
    case update(SampleTransactionRecord)
    case delete(SampleUUID)
}
