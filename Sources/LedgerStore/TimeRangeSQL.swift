import Storage

/// The SQL that limits a query of transactions (`t`) to some instants of some accounts: one
/// range for all (`from..<until`), or each account its own (`AccountTimeRange`, at most one an
/// account). Accounts that share their range are one condition on the time index, as before
/// accounts had zones; ranges that differ keep the time index for their envelope and check each
/// row against its account's range, so rows still come in time order without a sort.
struct TimeRangeSQL {
    /// Who checks each row against its account's range, when ranges differ.
    enum RangeCheck {
        case sql
        /// The reader, with `readerBounds`; `everyAccount`: the ranges list every account of
        /// the ledger, so the SQL need not name them.
        case reader(everyAccount: Bool)
    }

    private(set) var conditions: [String] = []
    private(set) var values: [SQLValue] = []
    /// What the reader checks each row against, when the SQL leaves the ranges to it.
    private(set) var readerBounds: AccountBounds?

    /// `ranges` nil: every account, within `from..<until`; otherwise exactly those accounts
    /// (none: nothing), each within its own range. Ranges that differ, checked by the reader:
    /// the SQL reads their envelope, and the reader checks each row with `readerBounds`.
    /// `byAccount` false keeps SQLite off the account and time index, for a query that an index
    /// of its own serves better.
    init(from: Int64?, until: Int64?, ranges: [AccountTimeRange]?, checkedBy check: RangeCheck = .sql, byAccount: Bool = true) {
        guard let ranges else {
            bound(from: from, until: until)
            return
        }
        guard let first = ranges.first else {
            conditions.append("0")
            return
        }
        if ranges.allSatisfy({ $0.from == first.from && $0.until == first.until }) {
            bound(from: first.from, until: first.until)
            let membership = SQLMembership(byAccount ? "t.account_id" : "+t.account_id", ranges.map { .text($0.accountID) })
            conditions.append(membership.sql)
            values += membership.values
            return
        }
        bound(
            from: ranges.contains { $0.from == nil } ? nil : ranges.compactMap(\.from).min(),
            until: ranges.contains { $0.until == nil } ? nil : ranges.compactMap(\.until).max())
        if case .reader(let everyAccount) = check {
            readerBounds = AccountBounds(ranges)
            // A unary plus keeps SQLite on the time index, which gives the rows in time order.
            if !everyAccount { add(SQLMembership("+t.account_id", ranges.map { .text($0.accountID) })) }
            return
        }
        // Each row's own first and last instant, by a CASE on its account (none for an account
        // not listed, which leaves the row out): a table of the ranges joined to every row took
        // a quarter of the time a year's rows are read in.
        let whens = Array(repeating: "WHEN ? THEN ?", count: ranges.count).joined(separator: " ")
        conditions += [
            "t.transaction_time >= CASE t.account_id \(whens) END", "t.transaction_time <= CASE t.account_id \(whens) END",
        ]
        let bounds = ranges.map { (accountID: $0.accountID, bounds: AccountBounds.bounds($0)) }
        values += bounds.flatMap { [.text($0.accountID), .integer($0.bounds.first)] }
        values += bounds.flatMap { [.text($0.accountID), .integer($0.bounds.last)] }
    }

    /// One more condition on the rows.
    mutating func add(_ membership: SQLMembership) {
        conditions.append(membership.sql)
        values += membership.values
    }

    private mutating func bound(from: Int64?, until: Int64?) {
        if let from {
            conditions.append("t.transaction_time >= ?")
            values.append(.integer(from))
        }
        if let until {
            conditions.append("t.transaction_time < ?")
            values.append(.integer(until))
        }
    }
}
