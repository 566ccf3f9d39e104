import LedgerStore

/// What `purse status` shows: where the database is, what it holds, and each source with its
/// streams and the statement files imported.
public struct StatusReport: Sendable {
    public let database: String
    public let schemaVersion: Int
    public let accounts: Int
    public let balanceObservations: Int
    public let transactions: Int
    public let sources: [SourceStatus]
    /// Oldest first.
    public let statementImports: [StatementImportRecord]
    /// Each account's display name by ID, for the statement imports.
    public let accountNames: [String: String]

    public init(
        database: String, schemaVersion: Int, accounts: Int, balanceObservations: Int, transactions: Int, sources: [SourceStatus],
        statementImports: [StatementImportRecord], accountNames: [String: String]
    ) {
        self.database = database
        self.schemaVersion = schemaVersion
        self.accounts = accounts
        self.balanceObservations = balanceObservations
        self.transactions = transactions
        self.sources = sources
        self.statementImports = statementImports
        self.accountNames = accountNames
    }
}
