/// The kinds of data background delivery reports as changed (FinanceKit's
/// `FinanceStore.BackgroundDataType`), each naming the streams it covers.
public enum ExportDataType: String, CaseIterable, Sendable {
    /// The `accounts` stream.
    case accounts
    /// Every account's `balances/<ID>` stream.
    case accountBalances
    /// Every account's `transactions/<ID>` stream.
    case transactions
}
