import Ledger

/// Apple Card's CSV export: `Transaction Date,Clearing Date,Description,Merchant,Category,
/// Type,Amount (USD)[,Purchased By]`, dates MM/DD/YYYY, charges positive and payments and
/// credits negative (spend-positive). It has no IDs: a row is keyed by its day, amount and
/// description, and `StatementRecords` adds its occurrence among identical rows of that day.
public struct AppleCardCSV {
    let file: String

    public init(file: String) {
        self.file = file
    }

    /// Header names compared without spaces and case: Apple writes `Amount (USD)`, some
    /// exports `Amount(USD)`.
    static func normalized(_ name: String) -> String {
        name.filter { !$0.isWhitespace }.lowercased()
    }

    static func isHeader(_ line: String) -> Bool {
        let names = line.split(separator: ",").map { normalized(String($0).trimming("\"")) }
        return names.contains("transactiondate") && names.contains("clearingdate") && names.contains("merchant")
            && names.contains { $0.hasPrefix("amount(") }
    }

    public func parse(_ text: String) throws(StatementError) -> Statement {
        var reader = try rows(text)
        return try reader.readAll()
    }

    /// The file's rows one at a time.
    public func rows(_ text: String) throws(StatementError) -> Rows {
        try Rows(file: file, bytes: ByteStream(text))
    }

    /// The rows of a file read as it streams.
    public func rows(_ statement: StatementFile) throws(StatementError) -> Rows {
        try Rows(file: file, bytes: statement.bytes())
    }

    /// Apple Card CSV rows, read as they stream.
    public struct Rows: StatementRowReader {
        let file: String
        private var records: CSVRecords
        private let header: CSVRecords.Record
        private let dateColumn: Int
        private let clearingColumn: Int?
        private let descriptionColumn: Int
        private let merchantColumn: Int?
        private let categoryColumn: Int?
        private let typeColumn: Int
        private let amountColumn: Int
        private let personColumn: Int?
        private let currency: String
        private var warnings = StatementWarnings()

        init(file: String, bytes: ByteStream) throws(StatementError) {
            self.file = file
            records = CSVRecords(file: file, bytes: bytes)
            guard let header = try records.next() else {
                throw StatementError(file: file, line: 1, field: nil, message: "the file is empty")
            }
            self.header = header
            records.names = header.fields.map { $0.trimming(" \t") }
            let names = header.fields.map(AppleCardCSV.normalized)
            func column(_ name: String) throws(StatementError) -> Int {
                guard let index = names.firstIndex(of: name) else {
                    throw StatementError(file: file, line: header.line, field: name, message: "Apple Card's header lacks this column")
                }
                return index
            }
            dateColumn = try column("transactiondate")
            clearingColumn = names.firstIndex(of: "clearingdate")
            descriptionColumn = try column("description")
            merchantColumn = names.firstIndex(of: "merchant")
            categoryColumn = names.firstIndex(of: "category")
            personColumn = names.firstIndex(of: "purchasedby")
            typeColumn = try column("type")
            guard let amountColumn = names.firstIndex(where: { $0.hasPrefix("amount(") && $0.hasSuffix(")") }) else {
                throw StatementError(file: file, line: header.line, field: "Amount (USD)", message: "Apple Card's header lacks this column")
            }
            self.amountColumn = amountColumn
            currency = String(names[amountColumn].dropFirst(7).dropLast()).uppercased()
        }

        public mutating func next() throws(StatementError) -> StatementEntry? {
            guard let record = try records.next() else { return nil }
            let (date, clearing) = try days(record)
            let spent: Int64
            do {
                spent = try StatementAmount.units(cell(record, amountColumn))
            } catch {
                throw bad(record, amountColumn, "'\(cell(record, amountColumn))' is not an amount")
            }
            let description = cell(record, descriptionColumn).collapsingSpaces
            guard !description.isEmpty else { throw bad(record, descriptionColumn, "empty") }
            let type = type(cell(record, typeColumn))
            let merchant = cell(record, merchantColumn).collapsingSpaces
            let category = cell(record, categoryColumn)
            let person = cell(record, personColumn).collapsingSpaces
            if !category.isEmpty, !StatementCategory.isKnown(category) {
                warnings.add("\(file): Apple Card Category '\(category)' has no purse category; rules and the money rules decide")
            }
            return StatementEntry(
                date: date, postedDate: clearing, signedUnits: -spent, description: merchant.isEmpty ? description : merchant,
                originalDescription: description, merchantName: merchant.isEmpty ? nil : merchant, type: type,
                identity: "row:\(date):\(-spent):\(description.lowercased())", category: category.isEmpty ? nil : category,
                line: record.line, person: person.isEmpty ? nil : person)
        }

        private func cell(_ record: CSVRecords.Record, _ index: Int?) -> String {
            guard let index, index < record.fields.count else { return "" }
            return record.fields[index].trimming(" \t")
        }

        /// Bad input in the row, named by the column's header.
        private func bad(_ record: CSVRecords.Record, _ column: Int, _ message: String) -> StatementError {
            StatementError(file: file, line: record.line, field: header.fields[column].trimming(" \t"), message: message)
        }

        /// The transaction day and the clearing day, if any, both MM/DD/YYYY.
        private func days(_ record: CSVRecords.Record) throws(StatementError) -> (date: CivilDate, clearing: CivilDate?) {
            guard let date = StatementDate.parse(cell(record, dateColumn), format: "MM/DD/YYYY") else {
                throw bad(record, dateColumn, "'\(cell(record, dateColumn))' is not a date MM/DD/YYYY")
            }
            let clearingText = cell(record, clearingColumn)
            let clearing = clearingText.isEmpty ? nil : StatementDate.parse(clearingText, format: "MM/DD/YYYY")
            if !clearingText.isEmpty, clearing == nil, let clearingColumn {
                throw bad(record, clearingColumn, "'\(clearingText)' is not a date MM/DD/YYYY")
            }
            return (date, clearing)
        }

        /// Apple's Type word as FinanceKit's, with a warning for a word purse does not know.
        private mutating func type(_ word: String) -> TransactionType {
            let type = AppleCardCSV.type(word)
            if case .unknown = type, word.lowercased() != "unknown" {
                warnings.add("\(file): Apple Card Type '\(word)' is not known to purse; imported as unknown")
            }
            return type
        }

        public mutating func finish() throws(StatementError) -> Statement {
            Statement(format: .appleCardCSV, currency: currency, entries: [], warnings: warnings.lines(file: file))
        }
    }

    /// Apple's Type as FinanceKit's: a payment is a bill payment, so the bank debit that paid
    /// it pairs with it as an internal transfer; a Daily Cash adjustment (`Debit`) moves Daily
    /// Cash, not spending, so it is a transfer.
    static func type(_ word: String) -> TransactionType {
        switch word.filter({ !$0.isWhitespace }).lowercased() {
        case "purchase", "installment": .pointOfSale
        case "payment": .billPayment
        case "credit", "return", "refund": .refund
        case "debit", "dailycash", "dailycashadjustment": .transfer
        case "interest": .interest
        case "fee", "fees": .fee
        default: .unknown
        }
    }
}
