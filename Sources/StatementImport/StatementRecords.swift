import Ledger

/// A parsed statement as the ledger's records for one account. IDs are derived from the
/// account and each row's identity, so importing a file again, or an overlapping one, finds
/// the same IDs and changes nothing. A day without a time is kept at noon in the account's zone,
/// so it stays on the day the statement writes; a balance is the one at the end of its day.
public struct StatementRecords: Equatable, Sendable {
    public var transactions: [Transaction]
    public var balances: [AccountBalance]
    /// The purse category the statement's label gives, by transaction ID.
    public var categories: [String: String]
    /// Who made each purchase, when the statement says, by transaction ID.
    public var people: [String: String]
    /// IDs of transactions the statement takes back.
    public var deletedIDs: [String]

    public init(_ statement: Statement, accountID: String, currency: String, zone: ReportTimeZone, file: String) throws(StatementError) {
        try Self.check(statement, currency: currency, file: file)
        var maker = Maker(accountID: accountID, currency: currency, zone: zone, file: file)
        transactions = []
        categories = [:]
        people = [:]
        for entry in statement.entries {
            let made = try maker.transaction(entry)
            transactions.append(made.transaction)
            if let category = made.category { categories[made.transaction.id] = category }
            if let person = entry.person { people[made.transaction.id] = person }
        }
        balances = try maker.balances(statement)
        deletedIDs = maker.deletedIDs(statement)
    }

    /// A statement that states another currency than the account's is refused.
    public static func check(_ statement: Statement, currency: String, file: String) throws(StatementError) {
        if let stated = statement.currency, stated != currency {
            throw StatementError(
                file: file, line: nil, field: statement.format == .ofx ? "CURDEF" : "currency",
                message: "the statement is in \(stated) but the account is in \(currency)")
        }
    }

    /// Rows made into records one at a time, as a reader gives them. What `transaction(_:)` keeps
    /// per row is the count of identical rows seen, by a `RowKey` of their identity; an import
    /// counts them with `RowOccurrences` instead, which holds one day's.
    public struct Maker {
        let accountID: String
        let currency: String
        let zone: ReportTimeZone
        let file: String
        private var occurrences: [RowKey: Int] = [:]

        public init(accountID: String, currency: String, zone: ReportTimeZone, file: String) {
            self.accountID = accountID
            self.currency = currency
            self.zone = zone
            self.file = file
        }

        /// The day placed in the account's zone, refused when that instant's local or UTC year
        /// is outside the years every other reader takes (a mistyped `0000` or `9999` year).
        func instant(_ day: CivilDate, hour: Int, minute: Int = 0, line: Int?, field: String) throws(StatementError) -> Timestamp {
            do {
                return try zone.localInstant(day, hour: hour, minute: minute).checkingSupportedYears()
            } catch {
                throw StatementError(file: file, line: line, field: field, message: error.message(for: day.description))
            }
        }

        /// The row's transaction, with the purse category its statement label gives.
        public mutating func transaction(_ entry: StatementEntry) throws(StatementError) -> (transaction: Transaction, category: String?) {
            var occurrence: Int?
            if entry.identity.hasPrefix("row:") {
                let key = RowKey(entry.identity)
                occurrence = occurrences[key, default: 0]
                occurrences[key] = occurrence! + 1
            }
            return try transaction(entry, occurrence: occurrence)
        }

        /// The same for a row whose place among identical rows is counted elsewhere
        /// (`RowOccurrences`, which holds one day's rows, not the file's).
        public func transaction(_ entry: StatementEntry, occurrence: Int?) throws(StatementError) -> (
            transaction: Transaction, category: String?
        ) {
            var identity = entry.identity
            // Identical rows of one day are real repeats (two coffees): the n-th stays the n-th.
            if let occurrence { identity += "#\(occurrence)" }
            let id = StatementRecords.id(String(Transaction.statementIDPrefix.dropLast()), accountID, identity)
            let transaction = Transaction(
                id: id, accountID: accountID, transactionDate: try instant(entry.date, hour: 12, line: entry.line, field: "date"),
                postedDate: try entry.postedDate.map { day throws(StatementError) in
                    try instant(day, hour: 12, line: entry.line, field: "posted date")
                },
                transactionAmount: Money(units: abs(entry.signedUnits), currency: currency),
                creditDebitIndicator: entry.signedUnits > 0 ? .credit : .debit, transactionDescription: entry.description,
                originalTransactionDescription: entry.originalDescription, merchantName: entry.merchantName,
                transactionType: entry.type, status: entry.status)
            return (transaction, entry.category.flatMap { StatementCategory.purseCategory(for: $0) })
        }

        public func balances(_ statement: Statement) throws(StatementError) -> [AccountBalance] {
            try statement.balances.map { balance throws(StatementError) -> AccountBalance? in
                let asOf = try instant(balance.date, hour: 23, minute: 59, line: nil, field: "balance date")
                func observed(_ units: Int64?) -> Balance? {
                    units.map {
                        Balance(
                            amount: Money(units: abs($0), currency: currency), asOfDate: asOf,
                            creditDebitIndicator: $0 < 0 ? .debit : .credit)
                    }
                }
                return AccountBalance(
                    id: StatementRecords.id(String(AccountBalance.statementIDPrefix.dropLast()), accountID, balance.date.description),
                    accountID: accountID, currencyCode: currency, available: observed(balance.available), booked: observed(balance.booked))
            }.compactMap { $0 }
        }

        public func deletedIDs(_ statement: Statement) -> [String] {
            statement.deletedIdentities.map { StatementRecords.id(String(Transaction.statementIDPrefix.dropLast()), accountID, $0) }
        }
    }

    static func id(_ kind: String, _ accountID: String, _ identity: String) -> String {
        let digest = SHA256.hexDigest(Array((accountID + "\u{1F}" + identity).utf8))
        return kind + "-" + digest.prefix(32)
    }
}
