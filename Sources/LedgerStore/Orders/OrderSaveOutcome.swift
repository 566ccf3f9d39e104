import Ledger

/// What adding an order package did, in the words of FinanceKit's `containsOrder(matching:updatedDate:)`
/// seen from the ledger: which version of the order it held before.
public enum OrderSaveOutcome: Equatable, Sendable {
    /// No version was stored (`.notFound`): the order is added.
    case added
    /// An older version was stored (`.olderExists`): the new one replaces it.
    case replaced(previous: Timestamp)
    /// The same version is stored (`.exists`): nothing changes. `sameContents` is false when
    /// the package's order.json differs although its `updatedAt` does not.
    case unchanged(sameContents: Bool)
    /// A newer version is stored (`.newerExists`): the package is refused and nothing changes.
    case newerStored(Timestamp)
}
