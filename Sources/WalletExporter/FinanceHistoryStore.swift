import Foundation
import Ledger

/// The part of FinanceKit's `FinanceStore` an exporter needs, in FinanceKit's shape: the user's
/// authorisation, the accounts shared now, and one history per stream (the accounts, and per
/// account its balances and its transactions) handed out as change batches after a saved token.
///
/// On an iPhone, `FinanceKitHistoryStore` implements it over FinanceKit itself; in tests, a
/// simulated store does. History tokens are opaque bytes here: FinanceKit's `HistoryToken` is
/// Codable, and its encoding is what the exporter keeps per stream.
///
/// A history reads up to what there is now and ends (FinanceKit's `isMonitoring: false`): the
/// exporter runs again when the app opens or background delivery calls it.
public protocol FinanceHistoryStore: Sendable {
    /// Where the user's authorisation stands, without asking.
    func authorizationStatus() async throws -> FinanceAuthorizationStatus
    /// Asks the user (once: later calls return the decision they made).
    func requestAuthorization() async throws -> FinanceAuthorizationStatus
    /// The accounts the user shares now.
    func accounts() async throws -> [Account]
    /// The accounts' changes after `token` (from the start when nil).
    func accountHistory(since token: Data?) -> AsyncThrowingStream<HistoryChanges<Account>, any Error>
    /// One account's balance observations after `token` (from the start when nil).
    func accountBalanceHistory(forAccountID accountID: String, since token: Data?)
        -> AsyncThrowingStream<HistoryChanges<AccountBalance>, any Error>
    /// One account's transactions after `token` (from the start when nil).
    func transactionHistory(forAccountID accountID: String, since token: Data?)
        -> AsyncThrowingStream<HistoryChanges<Transaction>, any Error>
}
