import Ledger
import Storage

extension LedgerStore {
    /// Which transactions a report reads. Times are Unix seconds; `until` is exclusive.
    public struct ReportSelection: Sendable {
        var from: Int64?
        var until: Int64?
        /// Only these accounts, each within its own range (`from` and `until` then do not
        /// apply); nil: every account within `from..<until`.
        public var accountRanges: [AccountTimeRange]?
        var statuses: [TransactionStatus]
        /// True reads every transaction whose status is not in `statuses` instead, statuses
        /// purse does not know included: what a report leaves out.
        public var excludesStatuses = false
        public var currencies: [String] = []
        /// Only transactions without a merchant category code and of these types (empty: any);
        /// `unknown` also stands for the types purse does not know.
        public var transferCandidateTypes: [TransactionType] = []
        /// False reads no merchant names or descriptions (they come back empty), and IDs only of
        /// transactions without a merchant category code (the only ones that can be internal
        /// transfers): reports that need neither read less.
        public var includesText = true
        /// False leaves transactions of the same second in the order SQLite reads them instead of
        /// ID order, which spares holding and ordering them when only totals are wanted.
        public var tiesByID = true
        /// True reads only pending and authorized transactions (`statuses` aside), from their
        /// own small index: few of a ledger's transactions wait to book.
        public var onlyNotBooked = false
        /// True reads each transaction's stored classification, and only classified ones.
        public var readsStoredClassification = false
        /// True orders by currency and amount, then time: the rows that may pair as internal
        /// transfers come together, a chain of them at a time.
        public var ordersByAmount = false
        /// The spending sums count only the rows classified in `classifiedFrom..<classifiedBefore`
        /// (nil: open): a report read a month at a time gets each month's rows whole, even those
        /// read past the month's last day, where a clock going back repeats the day before's hour.
        public var classifiedFrom: YearMonth?
        public var classifiedBefore: YearMonth?

        public init(from: Int64?, until: Int64?, statuses: [TransactionStatus]) {
            self.from = from
            self.until = until
            self.statuses = statuses
        }
    }

    /// Streams the selected transactions to `body` in time order, those of one second in ID
    /// order (`tiesByID`), or by currency and amount first (`ordersByAmount`). The ties of a
    /// second are put in order as they come (`TiesInIDOrder`), in one snapshot of the ledger.
    public func forEachReportTransaction(_ selection: ReportSelection, _ body: (ReportTransaction) throws -> Void) throws {
        var conditions: [String] = []
        var values: [SQLValue] = []
        func list(_ column: String, _ items: [SQLValue], negated: Bool = false) {
            guard !items.isEmpty else { return }
            let membership = SQLMembership(column, items, negated: negated)
            conditions.append(membership.sql)
            values += membership.values
        }
        // The transactions waiting to book have an index of their own: with the accounts listed
        // (one account, or all of one range), SQLite took the account and time index instead,
        // and stepped through every row of the accounts.
        let range = TimeRangeSQL(
            from: selection.from, until: selection.until, ranges: selection.accountRanges,
            checkedBy: .reader(everyAccount: try listsEveryAccount(selection.accountRanges)), byAccount: !selection.onlyNotBooked)
        var bounds = range.readerBounds
        conditions += range.conditions
        values += range.values
        list("t.status", selection.statuses.map { .text($0.rawValue) }, negated: selection.excludesStatuses)
        list("t.currency", selection.currencies.map(SQLValue.text))
        if !selection.transferCandidateTypes.isEmpty {
            conditions.append("t.mcc IS NULL")
            if let (condition, typeValues) = TransactionType.sqlCondition("t.type", oneOf: selection.transferCandidateTypes) {
                conditions.append(condition)
                values += typeValues
            }
        }
        let textColumns =
            selection.includesText
            ? "t.id, t.merchant_name, t.description, t.original_description"
            : "CASE WHEN t.mcc IS NULL THEN t.id ELSE '' END, NULL, '', ''"
        if selection.readsStoredClassification { conditions.append("t.class_state IS NOT NULL") }
        // Spelled as the partial index spells it, so SQLite can use that index.
        if selection.onlyNotBooked { conditions.append("t.status IN ('pending', 'authorized')") }
        var names: [String: String] = [:]
        try TiesInIDOrder<ReportTransaction>.forEach(
            self,
            // Only rows read in time order with their IDs can be put in ID order as they come.
            ordersTies: selection.tiesByID && selection.includesText && !selection.ordersByAmount,
            prepare: { seconds, tiesInSQL in
                let bound = seconds.condition
                let chosen = conditions + bound.sql
                let statement = try connection.prepare(
                    """
                    SELECT \(reportColumns(text: textColumns, stored: selection.readsStoredClassification))
                    FROM transactions t JOIN accounts a ON a.id = t.account_id \(accountNameSQL.join)
                        \(statementCategorySQL.join)
                    \(chosen.isEmpty ? "" : "WHERE " + chosen.joined(separator: " AND "))
                    ORDER BY \(selection.ordersByAmount ? "t.currency, t.amount, " : "")t.transaction_time\(
                        selection.tiesByID && tiesInSQL ? ", t.id" : "")
                    """)
                try statement.bind(values + bound.values)
                return statement
            },
            row: { statement in
                let transaction = reportTransaction(statement, names: &names)
                guard bounds?.admits(transaction.accountID, time: transaction.time) ?? true else { return nil }
                return (transaction, transaction.time)
            }, precedes: { $0.id.precedesInBytes($1.id) }, body)
    }

    /// How many transactions the selection's accounts hold on its days, whatever their status
    /// or classification, up to `limit`: as many as `forEachCountedCharge` can hand out at most,
    /// and no more than the caller's question needs. Each account's range is counted on its own,
    /// from the account and time index alone: one query over all of them reads each row's
    /// account from the table, and took longer to count 200,000 rows than the index takes to
    /// count a million.
    public func transactionCount(_ selection: ReportSelection, upTo limit: Int) throws -> Int {
        var count = 0
        for ranges in selection.accountRanges.map({ $0.map { [$0] } }) ?? [nil] where count < limit {
            let range = TimeRangeSQL(from: selection.from, until: selection.until, ranges: ranges)
            let (from, until) = ranges?.first.map { ($0.from, $0.until) } ?? (selection.from, selection.until)
            // SQLite counts an index's entries in half the time when no LIMIT stops it: a year
            // or less is counted whole, a longer or open range stops at the limit.
            let span = from.flatMap { from in until.map { $0.subtractingReportingOverflow(from) } }
            let isShort = span.map { !$0.overflow && $0.partialValue <= Self.wholeCountSeconds } ?? false
            let rows = "FROM transactions t WHERE \(range.conditions.isEmpty ? "1" : range.conditions.joined(separator: " AND "))"
            let statement = try connection.prepare(
                isShort ? "SELECT count(*) \(rows)" : "SELECT count(*) FROM (SELECT 1 \(rows) LIMIT ?)")
            try statement.bind(range.values + (isShort ? [] : [.integer(Int64(limit - count))]))
            _ = try statement.step()
            count = min(limit, count + Int(statement.int64(0)))
        }
        return count
    }

    /// The longest range `transactionCount` counts without a limit: a year and the margins of
    /// its accounts' zones.
    static let wholeCountSeconds: Int64 = 368 * 86_400

    /// Whether the selection's accounts hold at most `limit` transactions on its days, whatever
    /// their status or classification, as `transactionCount` would say. When the selection
    /// names every account and their ranges span a year or less, the transactions of the ranges'
    /// envelope are counted on the time index alone (a quarter fewer instructions than each
    /// account's range on the account index, for a year of the bench's ledger), and only when
    /// they are more than `limit`, each account's rows in the envelope but outside its own range
    /// (a zone's margin at either end) are counted and taken off. An account named twice is
    /// counted twice, as `transactionCount` counts it.
    public func holds(atMost limit: Int, _ selection: ReportSelection) throws -> Bool {
        guard let ranges = selection.accountRanges, !ranges.contains(where: { $0.from == nil || $0.until == nil }),
            let from = ranges.compactMap(\.from).min(), let until = ranges.compactMap(\.until).max(),
            case let span = until.subtractingReportingOverflow(from), !span.overflow, span.partialValue <= Self.wholeCountSeconds,
            Set(ranges.map(\.accountID)).count == ranges.count, try listsEveryAccount(ranges)
        else { return try transactionCount(selection, upTo: limit + 1) <= limit }
        // A range of a year or less is counted whole: the envelope's count is exact.
        let envelope = ReportSelection(from: from, until: until, statuses: [])
        let held = try transactionCount(envelope, upTo: .max)
        if held <= limit { return true }
        var margins = envelope
        margins.accountRanges = ranges.flatMap { range in
            [
                AccountTimeRange(accountID: range.accountID, from: from, until: range.from),
                AccountTimeRange(accountID: range.accountID, from: range.until, until: until),
            ]
        }
        return held - (try transactionCount(margins, upTo: .max)) <= limit
    }

    /// Streams the selected transactions whose stored classification is in one of `states` and
    /// `flows`, in time order (then ID), as only their counted charge. `byMerchant` orders by
    /// account, merchant, currency, direction and flow first, so that each of those comes whole
    /// and the reader holds one at a time. The selection's text, transfer and order options do
    /// not apply. The rows are read on another thread while `body` takes them (`ReadAhead`):
    /// `body` must not use the store. A row before `identifiedFrom` comes with an empty ID unless
    /// it is split: a reader that looks IDs up only for a split's parts is spared a string a row.
    /// In time order, the rows before `packedBefore` (and `identifiedFrom`), floored to a charge
    /// pack's start, come first from the charge packs where they cover the selection
    /// (`forEachPackedCharge`): then only expenses and income come of those, a pack at a time.
    public func forEachCountedCharge(
        _ selection: ReportSelection, states: [ClassificationState], flows: [Flow], byMerchant: Bool = false,
        identifiedFrom: Int64 = .min, packedBefore: Int64? = nil, _ body: (CountedCharge) throws -> Void
    ) throws {
        // The packs and the transactions in one snapshot: a commit between the two reads could
        // move rows from one to the other.
        try readSnapshot {
            var rows = CountedChargeRows()
            var selection = selection
            if let packedBefore, !byMerchant,
                let end = try forEachPackedCharge(
                    selection, states: states, flows: flows, before: min(packedBefore, identifiedFrom), rows: &rows, body)
            {
                selection.from = selection.from.map { max($0, end) }
                selection.accountRanges = selection.accountRanges?.map {
                    AccountTimeRange(accountID: $0.accountID, from: $0.from.map { max($0, end) }, until: $0.until)
                }
            }
            var range = TimeRangeSQL(
                from: selection.from, until: selection.until, ranges: selection.accountRanges,
                checkedBy: .reader(everyAccount: try listsEveryAccount(selection.accountRanges)))
            for membership in [
                SQLMembership("t.status", selection.statuses.map { .text($0.rawValue) }, negated: selection.excludesStatuses),
                SQLMembership("t.currency", selection.currencies.map(SQLValue.text)),
                SQLMembership("t.class_state", states.map { .text($0.rawValue) }),
                // Every flow asked is no condition: a list of three or more costs a lookup a row, and
                // a classified row has one of them (another fails the read, as `unexpectedValue`).
                SQLMembership("t.class_flow", Set(flows) == Set(Flow.allCases) ? [] : flows.map { .text($0.rawValue) }),
            ] where !membership.values.isEmpty {
                range.add(membership)
            }
            var bounds = range.readerBounds
            try ReadAhead<CountedChargeRow>.run(
                read: { emit in
                    var arena = TextArena()
                    try TiesInIDOrder<CountedChargeRow>.forEach(
                        self, ordersTies: !byMerchant,
                        prepare: { seconds, tiesInSQL in
                            let bound = seconds.condition
                            let chosen = range.conditions + bound.sql
                            let order =
                                byMerchant
                                ? "t.account_id, 3, t.currency, t.credit_debit, t.class_flow, t.transaction_time, t.id"
                                : tiesInSQL ? "t.transaction_time, t.id" : "t.transaction_time"
                            let statement = try connection.prepare(
                                """
                                SELECT \(Self.countedChargeColumns)
                                FROM transactions t
                                WHERE \(chosen.isEmpty ? "1" : chosen.joined(separator: " AND "))
                                ORDER BY \(order)
                                """)
                            try statement.bind(range.values + bound.values)
                            return statement
                        },
                        row: { statement in
                            let row = CountedChargeRow(statement, arena: &arena)
                            return (row, row.time)
                        }, precedes: { $0.precedesInID($1) }, emit)
                },
                take: { row in
                    let charge = try rows.charge(row, identified: row.isSplit || row.time >= identifiedFrom)
                    guard bounds?.admits(charge.accountID, spelling: charge.accountSpelling, time: charge.time) ?? true else { return }
                    try body(charge)
                })
        }
    }

    /// A counted charge's columns (`CountedChargeRow`), as its read and the charge packs take them.
    static let countedChargeColumns = """
        t.id, t.account_id, COALESCE(t.merchant_name, t.description), t.transaction_time, t.amount, t.currency,
            t.credit_debit = 'credit', t.class_flow, t.class_category, t.class_source = 'split'
        """

    /// Whether `ranges` list every account of the ledger, so that a query need not name them.
    func listsEveryAccount(_ ranges: [AccountTimeRange]?) throws -> Bool {
        guard let ranges else { return true }
        let listed = Set(ranges.map(\.accountID))
        let statement = try connection.cached("SELECT id FROM accounts")
        defer { statement.reset() }
        while try statement.step() {
            if !listed.contains(statement.text(0)) { return false }
        }
        return true
    }

    /// The columns `reportTransaction` reads, with the stored classification when `stored`.
    func reportColumns(text: String = "t.id, t.merchant_name, t.description, t.original_description", stored: Bool) -> String {
        """
        \(text), t.account_id, \(accountNameSQL.name), a.kind, t.transaction_time, t.amount,
            t.currency, t.credit_debit, t.mcc, t.type, t.status, \(statementCategorySQL.column), t.row_id\(
            stored ? ", t.class_state, t.class_flow, t.class_category, t.class_source, t.class_reason, t.class_partner, t.class_month" : "")
        """
    }

    /// One row of `reportColumns`. Account names repeat on every row: `names` keeps one copy of each.
    func reportTransaction(_ statement: Statement, names: inout [String: String]) -> ReportTransaction {
        let accountID = statement.text(4)
        let name: String
        if let known = names[accountID] {
            name = known
        } else {
            name = statement.text(5)
            names[accountID] = name
        }
        var transaction = ReportTransaction(
            id: statement.text(0), accountID: accountID, accountName: name,
            accountKind: AccountKind(rawValue: statement.text(6)), time: statement.int64(7),
            amount: statement.int64(8), currency: statement.text(9),
            indicator: statement.text(10) == "credit" ? .credit : .debit,
            merchantCategoryCode: statement.optionalInt64(11).map(Int.init), merchantName: statement.optionalText(1),
            description: statement.text(2), originalDescription: statement.text(3),
            type: TransactionType(rawValue: statement.text(12)),
            status: TransactionStatus(rawValue: statement.text(13)), statementCategory: statement.optionalText(14))
        transaction.rowID = statement.int64(15)
        transaction.stored = storedClassification(statement, from: 16)
        return transaction
    }
}
