import Storage

/// The SQL that limits a query of transactions (`t`) to some instants of some accounts: one
/// range for all (`from..<until`), or each account its own (`AccountTimeRange`). Accounts that
/// share their range are one condition on the time index, as before accounts had zones; ranges
/// that differ keep the time index for their envelope and check each row against its account's
/// range in a small table joined after it, so rows still come in time order without a sort.
struct TimeRangeSQL {
    /// Goes before `SELECT`; its values are bound first.
    private(set) var with = ""
    private(set) var withValues: [SQLValue] = []
    /// Goes right after `FROM transactions t`.
    private(set) var join = ""
    private(set) var conditions: [String] = []
    private(set) var values: [SQLValue] = []

    /// `ranges` nil: every account, within `from..<until`; otherwise exactly those accounts
    /// (none: nothing), each within its own range.
    init(from: Int64?, until: Int64?, ranges: [AccountTimeRange]?) {
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
            let membership = SQLMembership("t.account_id", ranges.map { .text($0.accountID) })
            conditions.append(membership.sql)
            values += membership.values
            return
        }
        bound(
            from: ranges.contains { $0.from == nil } ? nil : ranges.compactMap(\.from).min(),
            until: ranges.contains { $0.until == nil } ? nil : ranges.compactMap(\.until).max())
        with =
            "WITH report_ranges(account_id, from_time, until_time) AS (VALUES "
            + Array(repeating: "(?, ?, ?)", count: ranges.count).joined(separator: ", ") + ") "
        for range in ranges {
            withValues += [.text(range.accountID), range.from.map(SQLValue.integer) ?? .null, range.until.map(SQLValue.integer) ?? .null]
        }
        // CROSS JOIN keeps `t` the outer loop: SQLite walks the time index, not the small table.
        join = "CROSS JOIN report_ranges r"
        conditions += [
            "r.account_id = t.account_id", "(r.from_time IS NULL OR t.transaction_time >= r.from_time)",
            "(r.until_time IS NULL OR t.transaction_time < r.until_time)",
        ]
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
