import Ledger
import Storage

/// Accounts a sync owns that statements were also imported into: where an imported row may
/// repeat a synced one (README, "Statements beside Wallet or Sure data").
extension LedgerStore {
    /// A transaction of an account that has both synced rows and rows imported from statements.
    public struct SharedAccountTransaction: Sendable, Equatable {
        public let id: String
        public let accountID: String
        public let time: Int64
        public let amount: Int64
        public let indicator: CreditDebitIndicator

        public init(id: String, accountID: String, time: Int64, amount: Int64, indicator: CreditDebitIndicator) {
            self.id = id
            self.accountID = accountID
            self.time = time
            self.amount = amount
            self.indicator = indicator
        }
    }

    /// The accounts a sync owns that statements were also imported into.
    private static let sharedAccountsSQL = """
        SELECT i.account_id FROM statement_imports i JOIN accounts a ON a.id = i.account_id
            JOIN sources s ON s.id = a.source_id WHERE s.kind != 'statement'
        """

    /// The IDs of the accounts a sync owns that statements were also imported into.
    public func sharedAccountIDs() throws -> Set<String> {
        guard hasStatementImports else { return [] }
        let query = try connection.prepare(Self.sharedAccountsSQL)
        var ids: Set<String> = []
        while try query.step() { ids.insert(query.text(0)) }
        return ids
    }

    /// The transactions, in `[from, until)` and with one of `statuses`, of the accounts a sync
    /// owns that statements were also imported into: where an imported row may repeat a synced
    /// one. None for a ledger where imports only went into accounts they created.
    public func transactionsOfSharedAccounts(from: Int64?, until: Int64?, statuses: [TransactionStatus]) throws
        -> [SharedAccountTransaction]
    {
        guard hasStatementImports else { return [] }
        var range = TimeRangeSQL(from: from, until: until, ranges: nil)
        if !statuses.isEmpty { range.add(SQLMembership("t.status", statuses.map { .text($0.rawValue) })) }
        let conditions = ["t.account_id IN (\(Self.sharedAccountsSQL))"] + range.conditions
        let query = try connection.prepare(
            """
            SELECT t.id, t.account_id, t.transaction_time, t.amount, t.credit_debit FROM transactions t
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY t.transaction_time, t.id
            """)
        try query.bind(range.values)
        var rows: [SharedAccountTransaction] = []
        while try query.step() {
            rows.append(
                SharedAccountTransaction(
                    id: query.text(0), accountID: query.text(1), time: query.int64(2), amount: query.int64(3),
                    indicator: query.text(4) == "credit" ? .credit : .debit))
        }
        return rows
    }
}
