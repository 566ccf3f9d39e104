/// One statement file imported into an account: `purse status` lists them per account.
public struct StatementImportRecord: Equatable, Sendable {
    public var accountID: String
    /// The file as named on the command line.
    public var file: String
    public var sha256: String
    public var format: String
    public var importedAt: String
    /// Rows the file holds, and of them those new to the ledger and those it changed.
    public var transactions: Int
    public var inserted: Int
    public var updated: Int

    public init(
        accountID: String, file: String, sha256: String, format: String, importedAt: String, transactions: Int, inserted: Int,
        updated: Int
    ) {
        self.accountID = accountID
        self.file = file
        self.sha256 = sha256
        self.format = format
        self.importedAt = importedAt
        self.transactions = transactions
        self.inserted = inserted
        self.updated = updated
    }
}
