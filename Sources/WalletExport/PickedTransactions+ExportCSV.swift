import Ledger

/// A `purse export transactions` CSV read back into transactions (README, "Picked
/// transactions"). The CSV gives each transaction's local day, not its instant: a transaction is
/// placed at the start of that day in the report time zone, so the reports of the same zone see
/// it on the same day. The formula guard's leading `'` is taken off again. The rows of a split's
/// parts are one transaction again, and a booked row the ledger did not count is left out. The
/// header is the writer's, given by the caller, so the two cannot drift.
extension PickedTransactions {
    /// The columns in which the rows of a split's parts differ; every other cell repeats.
    static let partColumns: Set<String> = ["amount", "signed_amount", "category", "category_source"]

    /// How many of the header's last columns an older export lacks at most: `order_id`, then
    /// `merchant_shown`, then `person`, came later.
    static let laterColumns = 3

    /// True when the bytes start with `header` (or an older export's, without its later columns).
    public static func isExportCSV(_ bytes: [UInt8], header: [String]) -> Bool {
        bytes.starts(with: Array(header.dropLast(laterColumns).joined(separator: ",").utf8))
    }

    public static func exportCSV(_ bytes: [UInt8], header: [String], file: String, zone: ReportTimeZone) throws -> PickedTransactions {
        // Every record is read first, so a broken quote anywhere is the error, before any cell's.
        let records = try exportRecords(String(decoding: bytes, as: UTF8.self), file: file)
        guard let first = records.first else { return PickedTransactions(accounts: [], transactions: []) }
        guard first.fields.count >= header.count - laterColumns, first.fields == Array(header.prefix(first.fields.count)) else {
            throw SourceError.badInput(
                file: file, line: 1, field: nil, message: "not the header of 'purse export transactions': \(header.joined(separator: ","))")
        }
        var rows = ExportRows(header: first.fields, file: file, zone: zone)
        for record in records.dropFirst() { try rows.add(record) }
        return PickedTransactions(accounts: [], transactions: rows.transactions, accountNames: rows.accountNames)
    }

    private static func exportRecords(_ text: String, file: String) throws(SourceError) -> [CSVReader.Record] {
        var reader = CSVReader(text: text, dialect: .strict)
        var records: [CSVReader.Record] = []
        do {
            while let record = try reader.next() { records.append(record) }
        } catch {
            let message = error.kind == .textAfterQuote ? "text after a closing quote" : "a quoted cell is not closed"
            throw SourceError.badInput(file: file, line: error.line, field: nil, message: message)
        }
        return records
    }

    /// The export's rows after its header, made into transactions one at a time.
    struct ExportRows {
        let header: [String]
        let file: String
        let zone: ReportTimeZone
        private(set) var transactions: [Transaction] = []
        private(set) var accountNames: [String: String] = [:]
        private var seen: Set<String> = []
        /// The first row of the transaction the previous row belongs to, and the transaction's
        /// place in `transactions` (nil when it is left out).
        private var current: (row: ExportRow, index: Int?)?

        init(header: [String], file: String, zone: ReportTimeZone) {
            self.header = header
            self.file = file
            self.zone = zone
        }

        mutating func add(_ record: CSVReader.Record) throws {
            guard record.fields.count == header.count else {
                throw SourceError.badInput(
                    file: file, line: record.line, field: nil, message: "\(record.fields.count) cells where the header has \(header.count)")
            }
            let row = ExportRow(header: header, record: record, file: file, zone: zone)
            // IDs are kept as the export wrote them: the ledger's own.
            let id = row.text("id")
            guard !id.isEmpty else { throw row.bad("id", "must not be empty") }
            guard let amount = try row.money("amount", currency: row.text("currency")) else { throw row.bad("amount", "must not be empty") }
            // A split is one row per part with its ID repeated: the parts make the transaction whole again.
            if let current, current.row.text("id") == id {
                try addPart(row, amount: amount, to: current)
                return
            }
            guard seen.insert(id).inserted else {
                throw row.bad("id", "transaction '\(id)' appears twice (the rows of a split's parts follow one another)")
            }
            guard let transaction = try row.transaction(id: id, amount: amount) else {
                current = (row, nil)
                return
            }
            accountNames[transaction.accountID] = row.text("account")
            current = (row, transactions.count)
            transactions.append(transaction)
        }

        private mutating func addPart(_ row: ExportRow, amount: Money, to first: (row: ExportRow, index: Int?)) throws {
            let id = first.row.text("id")
            for (index, name) in header.enumerated() where !partColumns.contains(name) && row.cells[index] != first.row.cells[index] {
                throw row.bad(
                    name,
                    "'\(row.cells[index])' where line \(first.row.line), the first row of transaction '\(id)', has '\(first.row.cells[index])' "
                        + "(the rows of a split's parts differ only in \(partColumns.sorted().joined(separator: ", ")))")
            }
            guard let index = first.index else { return }
            do {
                transactions[index].transactionAmount = try transactions[index].transactionAmount.adding(amount)
            } catch {
                throw row.bad("amount", error.description)
            }
        }
    }

    /// One row of the export, its cells by column name.
    struct ExportRow {
        let cells: [String]
        let line: Int
        let file: String
        let zone: ReportTimeZone
        private let byName: [String: String]

        init(header: [String], record: CSVReader.Record, file: String, zone: ReportTimeZone) {
            cells = record.fields
            line = record.line
            self.file = file
            self.zone = zone
            var byName: [String: String] = [:]
            for (name, value) in zip(header, record.fields) { byName[name] = value }
            self.byName = byName
        }

        func bad(_ column: String, _ message: String) -> SourceError {
            SourceError.badInput(file: file, line: line, field: column, message: message)
        }

        func text(_ column: String) -> String { Self.unguarded(byName[column] ?? "") }

        func optional(_ column: String) -> String? { (byName[column] ?? "").isEmpty ? nil : text(column) }

        /// The row's transaction; nil for a booked one the ledger does not count (excluded by the
        /// user, or a statement row repeating a synced one), left out so the numbers are the
        /// ledger's. A pending one is kept for --include-pending to decide.
        func transaction(id: String, amount: Money) throws -> Transaction? {
            let accountID = text("account_id")
            guard !accountID.isEmpty else { throw bad("account_id", "must not be empty") }
            guard let date = try day("transaction_date") else { throw bad("transaction_date", "must not be empty") }
            guard let direction = CreditDebitIndicator(rawValue: text("direction")) else {
                throw bad("direction", "must be credit or debit, not '\(text("direction"))'")
            }
            let code = try merchantCategoryCode()
            guard let counted = ["true": true, "false": false][text("counted")] else {
                throw bad("counted", "must be true or false, not '\(text("counted"))'")
            }
            let status = TransactionStatus(rawValue: text("status"))
            guard counted || status != .booked else { return nil }
            return Transaction(
                id: id, accountID: accountID, transactionDate: date, postedDate: try day("posted_date"), transactionAmount: amount,
                foreignCurrencyAmount: try optional("foreign_currency").flatMap { try money("foreign_amount", currency: $0) },
                foreignCurrencyExchangeRate: optional("exchange_rate"), creditDebitIndicator: direction,
                transactionDescription: text("description"), originalTransactionDescription: text("original_description"),
                merchantCategoryCode: code, merchantName: optional("merchant"), transactionType: TransactionType(rawValue: text("type")),
                status: status)
        }

        func money(_ column: String, currency: String) throws -> Money? {
            guard let value = optional(column) else { return nil }
            do {
                return Money(units: try Money.parseUnits(value, allowSign: false), currency: currency)
            } catch {
                throw bad(column, error.description)
            }
        }

        /// The start of the column's day in the report's zone, which can be in the year before or
        /// after in UTC.
        func day(_ column: String) throws -> Timestamp? {
            guard let value = optional(column) else { return nil }
            guard let date = CivilDate(iso: value) else { throw bad(column, "'\(value)' is not a day (YYYY-MM-DD)") }
            guard Timestamp.supportedYears.contains(date.year) else {
                throw bad(column, TimestampError.outsideSupportedYears(year: date.year, inUTC: false).message(for: value))
            }
            do {
                return try Timestamp.utc(epochSeconds: zone.startOfDay(date)).checkingSupportedYears()
            } catch {
                guard case .outsideSupportedYears(let year, _) = error else { throw bad(column, error.message(for: value)) }
                throw bad(column, TimestampError.outsideSupportedYears(year: year, inUTC: true).message(for: value))
            }
        }

        private func merchantCategoryCode() throws -> Int? {
            guard let value = optional("mcc") else { return nil }
            guard let number = Int(value), (0...9999).contains(number) else { throw bad("mcc", "'\(value)' is not a code from 0 to 9999") }
            return number
        }

        /// A text cell as it was before the export's formula guard.
        private static func unguarded(_ text: String) -> String {
            guard text.hasPrefix("'"), let second = text.unicodeScalars.dropFirst().first,
                ["=", "+", "-", "@", "\t", "\r"].contains(second)
            else { return text }
            return String(text.dropFirst())
        }
    }
}
