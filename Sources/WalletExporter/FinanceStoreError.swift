/// What a `FinanceHistoryStore` throws for FinanceKit's own `FinanceError` cases that the
/// exporter handles; any other error passes through as it is.
public enum FinanceStoreError: Error, Equatable, Sendable {
    /// The saved token points into history FinanceKit has compacted: the stream must start over.
    case historyTokenInvalid
    /// Access is restricted for now (Wallet unavailable, a device management policy).
    case dataRestricted
}
