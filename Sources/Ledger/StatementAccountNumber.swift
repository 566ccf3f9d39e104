/// The number a statement file gives its account (OFX `BANKID` and `ACCTID`). purse records it
/// on the account at its first import and never shows it whole: output has its last four
/// characters only.
public struct StatementAccountNumber: Equatable, Sendable {
    /// The bank's routing number, in a bank statement (a card's has none).
    public var bankID: String?
    public var accountID: String

    public init(bankID: String?, accountID: String) {
        self.bankID = bankID
        self.accountID = accountID
    }

    /// `****1234`.
    public var masked: String { Self.masked(accountID) }

    public static func masked(_ number: String) -> String { "****" + number.suffix(4) }
}
