import Ledger

/// An order as the ledger keeps it: the order, the package it came from and when it was added.
public struct StoredOrder: Equatable, Sendable {
    public let order: WalletOrder
    /// The order package's path as it was given to `purse orders add`.
    public let file: String
    public let addedAt: String

    public init(order: WalletOrder, file: String, addedAt: String) {
        self.order = order
        self.file = file
        self.addedAt = addedAt
    }
}
