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

        init(_ csv: BankCSV, text: String) throws(StatementError) {
            self.csv = csv
            let file = csv.file
            let layout = csv.layout
            var records = CSVRecords(file: file, text: text, delimiter: layout.delimiter)
            var header: CSVRecords.Record?
            while let record = try records.next() {
                if record.line > layout.skip {
                    header = record
                    break
                }
            }
            guard let header else {
                throw StatementError(
                    file: file, line: nil, field: nil,
                    message: layout.skip > 0 ? "no header row after the \(layout.skip) lines --skip leaves out" : "no header row")
            }
            names = header.fields.map { $0.trimming(" \t\u{FEFF}") }
            records.names = names
            var indexes: [String: Int] = [:]
            for (field, column) in layout.columns {
                if let number = Int(column) {
                    guard number >= 1 else {
                        throw StatementError(file: file, line: header.line, field: field, message: "column \(number) does not exist")
                    }
                    indexes[field] = number - 1
                } else if let index = names.firstIndex(where: { $0.lowercased() == column.lowercased() }) {
                    indexes[field] = index
                } else {
                    throw StatementError(
                        file: file, line: header.line, field: field,
                        message: "no column named '\(column)' in the header (\(names.filter { !$0.isEmpty }.joined(separator: ", ")))")
                }
            }
            self.indexes = indexes
            self.records = records
            if let given = layout.dateFormat {
                dateFormat = given
                guessedDateFormat = nil
            } else {
                // A first pass over the dates alone: a copy of the reader, so the rows are read again.
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
                if firstDated == nil {
                    // No date to read (a header alone): any format reads the nothing there is.
                    dateFormat = "YYYY-MM-DD"
                    guessedDateFormat = nil
                } else if let guessed = guess.format {
                    dateFormat = guessed
                    guessedDateFormat = guessed
                } else {
                    throw StatementError(
                        file: file, line: firstLine ?? header.line, field: Self.columnName("date", names: names, indexes: indexes),
                        message: "every date reads both as day/month and month/day; give --date-format (e.g. DD/MM/YYYY)")
                }
            }
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
            let file = csv.file
            let dateText = cell(record, "date")
            guard let date = StatementDate.parse(dateText, format: dateFormat) else {
                throw StatementError(
                    file: file, line: record.line, field: columnName("date"), message: "'\(dateText)' is not a date \(dateFormat)")
            }
            let postedText = cell(record, "posted")
            let posted = postedText.isEmpty ? nil : StatementDate.parse(postedText, format: dateFormat)
            if !postedText.isEmpty, posted == nil {
                throw StatementError(
                    file: file, line: record.line, field: columnName("posted"), message: "'\(postedText)' is not a date \(dateFormat)")
            }
            var units: Int64
            if indexes["amount"] != nil {
                guard let value = try amount(record, "amount") else {
                    throw StatementError(file: file, line: record.line, field: columnName("amount"), message: "empty")
                }
                units = csv.layout.sign == .spendPositive ? -value : value
            } else {
                let debit = try amount(record, "debit")
                let credit = try amount(record, "credit")
                switch (debit, credit) {
                case (let debit?, nil): units = -abs(debit)
                case (nil, let credit?): units = abs(credit)
                case (nil, nil):
                    throw StatementError(
                        file: file, line: record.line, field: columnName("debit"), message: "both amount columns are empty")
                case (let debit?, let credit?):
                    guard debit == 0 || credit == 0 else {
                        throw StatementError(
                            file: file, line: record.line, field: columnName("credit"), message: "both amount columns hold an amount")
                    }
                    units = abs(credit) - abs(debit)
                }
            }
            // A fee charged with the row (Revolut's Fee column) is money out on top of it.
            if let fee = try amount(record, "fee"), fee != 0 {
                do {
                    units = try Money.difference(units, abs(fee), currency: csv.currency)
                } catch {
                    throw StatementError(file: file, line: record.line, field: columnName("fee"), message: "\(error)")
                }
            }
            let rowCurrency = cell(record, "currency").uppercased()
            if !rowCurrency.isEmpty, rowCurrency != csv.currency {
                throw StatementError(
                    file: file, line: record.line, field: columnName("currency"),
                    message: "'\(rowCurrency)' is not the account's currency \(csv.currency)")
            }
            let description = cell(record, "description").collapsingSpaces
            let statusWord = cell(record, "status")
            let status = BankCSV.status(statusWord)
            let typeWord = cell(record, "type")
            let identity =
                indexes["status"] != nil
                ? "row:\(dateText.collapsingSpaces):\(description.lowercased())"
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
