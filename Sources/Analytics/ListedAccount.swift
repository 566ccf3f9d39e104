import Ledger
import LedgerStore

/// An account as `purse accounts` lists it: its summary, and its settings and zone.
public struct ListedAccount: Sendable {
    public let summary: AccountSummary
    public let account: LedgerAccount
    public let zone: String
    /// When the latest balance was observed, told in the account's zone as it is now (a
    /// zone set after the balance came in included).
    public let asOf: String?

    public init(summary: AccountSummary, account: LedgerAccount, zone: String, asOf: String?) {
        self.summary = summary
        self.account = account
        self.zone = zone
        self.asOf = asOf
    }
}
