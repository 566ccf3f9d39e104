import Ledger

extension BankCSV {
    /// A bank CSV's rows, read as they stream. The balance of each day is kept (the first and
    /// the last a day's rows give), not the rows.
    public struct Rows: StatementRowReader {
        let csv: BankCSV
        private var records: CSVRecords
        private let names: [String]
        private let indexes: [String: Int]
        private let dateFormat: String
        private let guessedDateFormat: String?
        private var firstDate: CivilDate?
        private var lastDate: CivilDate?
        private var dayBalances: [CivilDate: (first: Int64, last: Int64)] = [:]

        init(_ csv: BankCSV, bytes: ByteStream) throws(StatementError) {
            self.csv = csv
            var records = CSVRecords(file: csv.file, bytes: bytes, delimiter: csv.layout.delimiter)
            let header = try Self.header(&records, file: csv.file, skip: csv.layout.skip)
            names = header.fields.map { $0.trimming(" \t\u{FEFF}") }
            records.names = names
            indexes = try Self.indexes(csv.layout.columns, names: names, file: csv.file, line: header.line)
            self.records = records
            if let given = csv.layout.dateFormat {
                dateFormat = given
                guessedDateFormat = nil
            } else {
                guessedDateFormat = try Self.guessDateFormat(records, names: names, indexes: indexes, headerLine: header.line)
                // No date to read (a header alone): any format reads the nothing there is.
                dateFormat = guessedDateFormat ?? "YYYY-MM-DD"
            }
        }

        /// The first record after the lines --skip leaves out.
        private static func header(_ records: inout CSVRecords, file: String, skip: Int) throws(StatementError) -> CSVRecords.Record {
            while let record = try records.next() {
                if record.line > skip { return record }
            }
            throw StatementError(
                file: file, line: nil, field: nil,
                message: skip > 0 ? "no header row after the \(skip) lines --skip leaves out" : "no header row")
        }

        /// Field -> column index, from a column's number or its name in the header (in any case).
        private static func indexes(
            _ columns: [String: String], names: [String], file: String, line: Int
        ) throws(StatementError) -> [String: Int] {
            var indexes: [String: Int] = [:]
            for (field, column) in columns {
                if let number = Int(column) {
                    guard number >= 1 else {
                        throw StatementError(file: file, line: line, field: field, message: "column \(number) does not exist")
                    }
                    indexes[field] = number - 1
                } else if let index = names.firstIndex(where: { $0.lowercased() == column.lowercased() }) {
                    indexes[field] = index
                } else {
                    throw StatementError(
                        file: file, line: line, field: field,
                        message: "no column named '\(column)' in the header (\(names.filter { !$0.isEmpty }.joined(separator: ", ")))")
                }
            }
            return indexes
        }

        /// The date format all the file's dates read in, from a first pass over the dates alone (a
        /// copy of the reader, so the rows are read again); nil when no row has a date.
        private static func guessDateFormat(
            _ records: CSVRecords, names: [String], indexes: [String: Int], headerLine: Int
        ) throws(StatementError) -> String? {
            var scan = records
            var guess = StatementDate.FormatGuess()
            var firstDated: Int?
            var firstLine: Int?
            while let record = try scan.next() {
                firstLine = firstLine ?? record.line
                let date = Self.cell(record, "date", indexes: indexes)
                guard !date.isEmpty else { continue }
                firstDated = firstDated ?? record.line
                guess.add(date)
            }
            guard firstDated != nil else { return nil }
            guard let guessed = guess.format else {
                throw StatementError(
                    file: records.file, line: firstLine ?? headerLine, field: Self.columnName("date", names: names, indexes: indexes),
                    message: "every date reads both as day/month and month/day; give --date-format (e.g. DD/MM/YYYY)")
            }
            return guessed
        }

        static func cell(_ record: CSVRecords.Record, _ field: String, indexes: [String: Int]) -> String {
            guard let index = indexes[field], index < record.fields.count else { return "" }
            var value = record.fields[index].trimming(" \t")
            // A spreadsheet's guard that keeps a number as text.
            if value.hasPrefix("'") { value.removeFirst() }
            return value
        }

        static func columnName(_ field: String, names: [String], indexes: [String: Int]) -> String {
            guard let index = indexes[field], index < names.count, !names[index].isEmpty else { return field }
            return names[index]
        }

        private func cell(_ record: CSVRecords.Record, _ field: String) -> String { Self.cell(record, field, indexes: indexes) }

        private func columnName(_ field: String) -> String { Self.columnName(field, names: names, indexes: indexes) }

        private func amount(_ record: CSVRecords.Record, _ field: String) throws(StatementError) -> Int64? {
            let text = cell(record, field)
            guard !text.isEmpty else { return nil }
            let decimalComma = csv.layout.decimalComma
            let style: StatementAmount.Style = decimalComma ? .decimalComma : .decimalPoint
            do {
                return try StatementAmount.units(text, style: style)
            } catch {
                // An amount that reads with the other decimal mark says which option is wrong.
                let other: StatementAmount.Style = decimalComma ? .decimalPoint : .decimalComma
                let hint =
                    (try? StatementAmount.units(text, style: other)) == nil
                    ? "" : decimalComma ? " with --decimal-comma" : " (a decimal comma needs --decimal-comma)"
                throw StatementError(
                    file: csv.file, line: record.line, field: columnName(field), message: "'\(text)' is not an amount\(hint)")
            }
        }

        public mutating func next() throws(StatementError) -> StatementEntry? {
            guard let record = try records.next() else { return nil }
            let (date, posted) = try days(record)
            let units = try signedUnits(record)
            let rowCurrency = cell(record, "currency").uppercased()
            if !rowCurrency.isEmpty, rowCurrency != csv.currency {
                throw StatementError(
                    file: csv.file, line: record.line, field: columnName("currency"),
                    message: "'\(rowCurrency)' is not the account's currency \(csv.currency)")
            }
            let description = cell(record, "description").collapsingSpaces
            let status = BankCSV.status(cell(record, "status"))
            let typeWord = cell(record, "type")
            let identity =
                indexes["status"] != nil
                ? "row:\(cell(record, "date").collapsingSpaces):\(description.lowercased())"
                : "row:\(date):\(units):\(description.lowercased())"
            let merchant = cell(record, "merchant").collapsingSpaces
            let category = cell(record, "category")
            if let balance = try amount(record, "balance"), status == .booked {
                dayBalances[date] = (dayBalances[date]?.first ?? balance, balance)
            }
            firstDate = firstDate ?? date
            lastDate = date
            return StatementEntry(
                date: date, postedDate: posted, signedUnits: units, description: description.isEmpty ? typeWord : description,
                originalDescription: description, merchantName: merchant.isEmpty ? nil : merchant,
                type: BankCSV.type(typeWord, credit: units > 0), status: status, identity: identity,
                category: category.isEmpty ? nil : category, line: record.line)
        }

        /// The row's day and its posted day, if any.
        private func days(_ record: CSVRecords.Record) throws(StatementError) -> (date: CivilDate, posted: CivilDate?) {
            let dateText = cell(record, "date")
            guard let date = StatementDate.parse(dateText, format: dateFormat) else {
                throw StatementError(
                    file: csv.file, line: record.line, field: columnName("date"), message: "'\(dateText)' is not a date \(dateFormat)")
            }
            let postedText = cell(record, "posted")
            guard !postedText.isEmpty else { return (date, nil) }
            guard let posted = StatementDate.parse(postedText, format: dateFormat) else {
                throw StatementError(
                    file: csv.file, line: record.line, field: columnName("posted"),
                    message: "'\(postedText)' is not a date \(dateFormat)")
            }
            return (date, posted)
        }

        /// The row's amount, money in positive: from the amount column by the layout's sign, or
        /// from the debit and credit columns; a fee charged with the row (Revolut's Fee column) is
        /// money out on top of it.
        private func signedUnits(_ record: CSVRecords.Record) throws(StatementError) -> Int64 {
            var units: Int64
            if indexes["amount"] != nil {
                guard let value = try amount(record, "amount") else {
                    throw StatementError(file: csv.file, line: record.line, field: columnName("amount"), message: "empty")
                }
                units = csv.layout.sign == .spendPositive ? -value : value
            } else {
                units = try debitOrCredit(record)
            }
            guard let fee = try amount(record, "fee"), fee != 0 else { return units }
            do {
                units = try Money.difference(units, abs(fee), currency: csv.currency)
            } catch {
                throw StatementError(file: csv.file, line: record.line, field: columnName("fee"), message: "\(error)")
            }
            return units
        }

        private func debitOrCredit(_ record: CSVRecords.Record) throws(StatementError) -> Int64 {
            let debit = try amount(record, "debit")
            let credit = try amount(record, "credit")
            switch (debit, credit) {
            case (let debit?, nil): return -abs(debit)
            case (nil, let credit?): return abs(credit)
            case (nil, nil):
                throw StatementError(
                    file: csv.file, line: record.line, field: columnName("debit"), message: "both amount columns are empty")
            case (let debit?, let credit?):
                guard debit == 0 || credit == 0 else {
                    throw StatementError(
                        file: csv.file, line: record.line, field: columnName("credit"), message: "both amount columns hold an amount")
                }
                return abs(credit) - abs(debit)
            }
        }

        /// The balance after each day's last row: a file written newest first gives it in the
        /// day's first row, one written oldest first in its last.
        public mutating func finish() throws(StatementError) -> Statement {
            let newestFirst = (firstDate ?? CivilDate(year: 1, month: 1, day: 1)) > (lastDate ?? CivilDate(year: 1, month: 1, day: 1))
            let balances = dayBalances.keys.sorted().map { day in
                StatementBalance(date: day, booked: newestFirst ? dayBalances[day]?.first : dayBalances[day]?.last, available: nil)
            }
            var statement = Statement(format: .csv, currency: csv.currency, entries: [], balances: balances)
            statement.guessedDateFormat = guessedDateFormat
            return statement
        }
    }
}
