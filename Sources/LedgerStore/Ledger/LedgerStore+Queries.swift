import Ledger
import Storage

extension LedgerStore {
    /// Every source with its streams; `countingRecords` false leaves each stream's record count
    /// 0 instead of counting the rows (a freshness check needs only the times).
    public func sourceStatuses(countingRecords: Bool = true) throws -> [SourceStatus] {
        let records =
            countingRecords
            ? """
            CASE WHEN s.name = 'accounts' THEN (SELECT count(*) FROM accounts WHERE source_id = s.source_id)
                         WHEN s.name LIKE 'balances/%' THEN (SELECT count(*) FROM balances WHERE account_id = substr(s.name, 10))
                         WHEN s.name LIKE 'transactions/%' THEN (SELECT count(*) FROM transactions WHERE account_id = substr(s.name, 14))
                         ELSE 0 END
            """ : "0"
        let sources = try connection.prepare(
            "SELECT id, kind, external_id, name, location, created_at, last_synced_at, \(hasAccountSettings ? "exported_at" : "NULL") "
                + "FROM sources ORDER BY id")
        var result: [SourceStatus] = []
        while try sources.step() {
            let rowID = sources.int64(0)
            let streams = try connection.prepare(
                """
                SELECT s.name, s.generation, s.sequence, s.resume_offset, s.resume_line, s.changed_at, \(records)
                FROM streams s WHERE s.source_id = ? ORDER BY s.name = 'accounts' DESC, substr(s.name, instr(s.name, '/') + 1), s.name
                """)
            try streams.bind([.integer(rowID)])
            var streamStatuses: [SourceStatus.Stream] = []
            while try streams.step() {
                streamStatuses.append(
                    SourceStatus.Stream(
                        name: streams.text(0),
                        token: StreamToken(
                            generation: streams.text(1), sequence: streams.int64(2),
                            resumeOffset: streams.optionalInt64(3), resumeLine: streams.optionalInt64(4).map(Int.init)),
                        changedAt: streams.text(5), records: streams.int(6)))
            }
            let exportedAt = sources.optionalText(7)
            let lastCapturedAt = try lastCapture(sourceRowID: rowID)
            result.append(
                SourceStatus(
                    kind: sources.text(1), externalID: sources.text(2), name: sources.text(3),
                    location: sources.optionalText(4), createdAt: sources.text(5),
                    lastSyncedAt: sources.optionalText(6), exportedAt: exportedAt, lastCapturedAt: lastCapturedAt,
                    newestRecordAt: exportedAt == nil && lastCapturedAt == nil ? try newestRecord(sourceRowID: rowID) : nil,
                    streams: streamStatuses))
        }
        return result
    }

    /// The newest capture applied from the source's Sure connections, as the publisher wrote
    /// its `captured_at`; nil for other sources, and before any capture.
    func lastCapture(sourceRowID: Int64) throws -> String? {
        guard openedSchemaVersion >= 4 else { return nil }
        let query = try connection.prepare(
            "SELECT last_captured_at FROM sure_connections WHERE source_row_id = ? AND last_captured_at IS NOT NULL")
        try query.bind([.integer(sourceRowID)])
        var newest: Timestamp?
        while try query.step() {
            guard let captured = Timestamp(rfc3339: query.text(0)) else { continue }
            if newest.map({ captured.epochSeconds > $0.epochSeconds }) ?? true { newest = captured }
        }
        return newest?.text
    }

    /// The time of the newest transaction or balance observation of the source's accounts; nil
    /// when they hold none.
    func newestRecord(sourceRowID: Int64) throws -> String? {
        // Per account, so each max() is read from the end of its account's index range.
        let newest = try connection.scalarInt(
            """
            SELECT max(time) FROM (
                SELECT (SELECT max(transaction_time) FROM transactions WHERE account_id = a.id) AS time
                FROM accounts a WHERE a.source_id = ?1
                UNION ALL
                SELECT (SELECT max(observed_time) FROM balances WHERE account_id = a.id) FROM accounts a WHERE a.source_id = ?1)
            """, [.integer(sourceRowID)])
        return newest.map { Timestamp.utc(epochSeconds: $0).text }
    }

    /// The newest transaction time of each of `accountIDs` that has one.
    public func newestTransactionTimes(accountIDs: [String]) throws -> [String: Int64] {
        // One lookup per account: SQLite answers a lone max() from the end of the account's index
        // range, where max() grouped over an IN list reads every row of those accounts.
        var times: [String: Int64] = [:]
        for id in accountIDs {
            let query = try connection.cached("SELECT max(transaction_time) FROM transactions WHERE account_id = ?")
            try query.bind([.text(id)])
            if try query.step(), !query.isNull(0) { times[id] = query.int64(0) }
            query.reset()
        }
        return times
    }

    /// Row counts of the ledger's main tables.
    public func counts() throws -> (accounts: Int, balances: Int, transactions: Int) {
        (
            Int(try connection.scalarInt("SELECT count(*) FROM accounts") ?? 0),
            Int(try connection.scalarInt("SELECT count(*) FROM balances") ?? 0),
            Int(try connection.scalarInt("SELECT count(*) FROM transactions") ?? 0)
        )
    }

    public func accountSummaries() throws -> [AccountSummary] {
        let query = try connection.prepare(
            """
            SELECT a.id, a.kind, \(accountNameSQL.name), a.institution_name, a.account_description, a.currency, a.opening_date,
                a.credit_limit, a.credit_limit_currency, a.minimum_payment, a.minimum_payment_currency,
                a.next_payment_due_date, a.overdue_payment, a.overdue_payment_currency, s.name,
                b.observed_signed, b.currency, coalesce(b.booked_as_of, b.available_as_of)
            FROM accounts a JOIN sources s ON s.id = a.source_id
            LEFT JOIN balances b ON b.row_id = (SELECT row_id FROM balances WHERE account_id = a.id
                ORDER BY observed_time DESC, row_id DESC LIMIT 1)
            \(accountNameSQL.join)
            ORDER BY \(accountNameSQL.name) COLLATE NOCASE, a.id
            """)
        var result: [AccountSummary] = []
        while try query.step() {
            func money(_ amount: Int32, _ currency: Int32) -> Money? {
                query.optionalInt64(amount).map { Money(units: $0, currency: query.text(currency)) }
            }
            var credit: CreditInformation?
            if query.text(1) == AccountKind.liability.rawValue {
                credit = CreditInformation(
                    creditLimit: money(7, 8), minimumNextPaymentAmount: money(9, 10),
                    nextPaymentDueDate: query.optionalText(11).flatMap(Timestamp.init(rfc3339:)),
                    overduePaymentAmount: money(12, 13))
            }
            let account = Account(
                id: query.text(0), kind: AccountKind(rawValue: query.text(1)),
                displayName: query.text(2), institutionName: query.text(3),
                accountDescription: query.optionalText(4), currencyCode: query.text(5),
                openingDate: query.optionalText(6).flatMap(Timestamp.init(rfc3339:)), creditInformation: credit)
            result.append(
                AccountSummary(
                    account: account, sourceName: query.text(14), latestBalance: money(15, 16),
                    latestBalanceAsOf: query.optionalText(17)))
        }
        return result
    }

    /// A transaction with a foreign amount and the card's rate: the condition of the
    /// `transactions_foreign` index (migration 20), which SQLite uses only for a query whose
    /// condition implies it.
    private static let hasForeignAmount = "t.foreign_amount IS NOT NULL AND t.exchange_rate IS NOT NULL"

    /// How many transactions within `from..<until` (nil: open) have a foreign amount and the
    /// card's rate, counted from their own index: at least as many as a report of foreign
    /// purchases within those instants reads, so that it can make room for them once.
    public func foreignTransactionCount(from: Int64?, until: Int64?) throws -> Int {
        let range = TimeRangeSQL(from: from, until: until, ranges: nil)
        let statement = try connection.prepare(
            "SELECT count(*) FROM transactions t WHERE "
                + ([Self.hasForeignAmount] + range.conditions).joined(separator: " AND "))
        try statement.bind(range.values)
        _ = try statement.step()
        return Int(statement.int64(0))
    }

    /// Streams matching transactions in order to `body`, which returns false to stop.
    public func forEachTransaction(_ query: TransactionQuery, _ body: (TransactionRecord) throws -> Bool) throws {
        var conditions: [String] = []
        var values: [SQLValue] = []
        func list(_ column: String, _ items: [SQLValue]) {
            guard !items.isEmpty else { return }
            let membership = SQLMembership(column, items)
            conditions.append(membership.sql)
            values += membership.values
        }
        // Foreign purchases have an index of their own: with every account named (a ledger of
        // one account, or all of one range), SQLite took the account and time index instead, and
        // stepped through every row of the accounts. Named accounts that are not every account
        // may be few, and are left to SQLite.
        let foreignOfEveryAccount = try query.onlyForeign && listsEveryAccount(query.accountRanges)
        let range = TimeRangeSQL(from: nil, until: nil, ranges: query.accountRanges, byAccount: !foreignOfEveryAccount)
        conditions += range.conditions
        values += range.values
        list("t.mcc", query.merchantCategoryCodes.map { .integer(Int64($0)) })
        list("t.status", query.statuses.map { .text($0.rawValue) })
        if let (condition, typeValues) = TransactionType.sqlCondition("t.type", oneOf: query.types) {
            conditions.append(condition)
            values += typeValues
        }
        if query.onlyForeign { conditions.append(Self.hasForeignAmount) }
        let order =
            switch query.sort {
            case .date: "t.transaction_time, t.id"
            case .dateDescending: "t.transaction_time DESC, t.id DESC"
            case .amount: "t.amount, t.transaction_time, t.id"
            case .amountDescending: "t.amount DESC, t.transaction_time, t.id"
            }
        let statement = try connection.prepare(
            """
            SELECT t.id, t.account_id, t.transaction_date, t.posted_date, t.amount, t.currency, t.credit_debit,
                t.foreign_amount, t.foreign_currency, t.exchange_rate, t.description, t.original_description, t.mcc,
                t.merchant_name, t.type, t.status, \(accountNameSQL.name), \(statementCategorySQL.column)\(
                hasStoredClassification
                ? ", t.class_state, t.class_flow, t.class_category, t.class_source, t.class_reason, t.class_partner, t.class_month" : "")
            FROM transactions t JOIN accounts a ON a.id = t.account_id \(accountNameSQL.join)
                \(statementCategorySQL.join)
            \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
            ORDER BY \(order)
            """)
        try statement.bind(values)
        while try statement.step() {
            guard let date = Timestamp(rfc3339: statement.text(2)) else { continue }
            let foreign = statement.optionalInt64(7).map { Money(units: $0, currency: statement.text(8)) }
            let transaction = Transaction(
                id: statement.text(0), accountID: statement.text(1), transactionDate: date,
                postedDate: statement.optionalText(3).flatMap(Timestamp.init(rfc3339:)),
                transactionAmount: Money(units: statement.int64(4), currency: statement.text(5)),
                foreignCurrencyAmount: foreign, foreignCurrencyExchangeRate: statement.optionalText(9),
                creditDebitIndicator: CreditDebitIndicator(rawValue: statement.text(6)) ?? .debit,
                transactionDescription: statement.text(10), originalTransactionDescription: statement.text(11),
                merchantCategoryCode: statement.optionalInt64(12).map(Int.init), merchantName: statement.optionalText(13),
                transactionType: TransactionType(rawValue: statement.text(14)),
                status: TransactionStatus(rawValue: statement.text(15)))
            let record = TransactionRecord(
                transaction: transaction, accountName: statement.text(16), statementCategory: statement.optionalText(17),
                stored: storedClassification(statement, from: 18))
            guard try body(record) else { return }
        }
    }
}
