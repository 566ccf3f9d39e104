import Ledger

/// What one statement file holds once parsed: its rows and balances, with the currency it
/// states (nil when the file does not say) and the warnings parsing it gave.
public struct Statement: Equatable, Sendable {
    public var format: StatementFormat
    public var currency: String?
    public var entries: [StatementEntry]
    public var balances: [StatementBalance]
    public var warnings: [String]
    /// Identities of rows the statement takes back (OFX `CORRECTACTION` DELETE).
    public var deletedIdentities: [String] = []
    /// The date layout told from the file's own dates (a bank CSV read without a
    /// `--date-format`), for a profile to keep: the next file's days may all read both ways.
    public var guessedDateFormat: String?
    /// The account the statement is of, as the file numbers it (OFX only), and the line of its
    /// `ACCTID`; nil when the file does not say.
    public var accountNumber: StatementAccountNumber?
    public var accountNumberLine: Int?

    public init(
        format: StatementFormat, currency: String?, entries: [StatementEntry], balances: [StatementBalance] = [],
        warnings: [String] = []
    ) {
        self.format = format
        self.currency = currency
        self.entries = entries
        self.balances = balances
        self.warnings = warnings
    }
}
