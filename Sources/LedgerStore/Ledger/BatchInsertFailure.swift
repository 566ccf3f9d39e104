/// `LedgerStore.insertTransactions` failed before its statement stored anything: SQLite undid
/// the statement, or the whole transaction when `LedgerStore.isInTransaction` is false. Any
/// other error it throws comes after the rows were stored, and must end the transaction.
public struct BatchInsertFailure: Error {
    public let underlying: any Error
}
