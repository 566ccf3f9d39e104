/// One event of a batch, by its `kind`.
public enum SureEvent: Sendable {
    case accountUpsert(SureAccountUpsert)
    case accountUnavailable(SureBinding)
    case balanceUpsert(SureBalanceUpsert)
    case transactionUpsert(SureTransactionUpsert)
    case transactionTombstone(SureTombstone)
}
