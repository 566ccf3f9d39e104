import Ledger

/// The Wallet orders of the ledger (`purse orders`, `purse orders show`), each with the
/// transaction it is linked to.
public struct OrdersReport: Sendable {
    /// The transaction that paid an order, as a listing names it.
    public struct LinkedTransaction: Sendable, Equatable {
        public let id: String
        public let accountName: String
        /// The transaction date's local day in its account's time zone.
        public let date: CivilDate
        /// Signed as the ledger has it: a purchase is negative.
        public let signedAmount: Int64
        public let currency: String
    }

    /// One order.
    public struct Entry: Sendable {
        public let order: WalletOrder
        /// The order package it came from, as it was given to `purse orders add`.
        public let file: String
        /// The local day of the order's creation in the report time zone.
        public let createdDate: CivilDate
        public let transaction: LinkedTransaction?
    }

    /// The report time zone's name.
    public let timeZone: String
    /// Oldest first.
    public let orders: [Entry]
}
