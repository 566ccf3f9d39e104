import Ledger

/// A bank's CSV read through a `BankCSVLayout`. A row is keyed by its day, amount and
/// description (plus its occurrence, added by `StatementRecords`); when the layout maps a
/// status column the amount is left out, because a pending card hold may complete for another
/// amount and must stay the same transaction. A balance column gives one balance per day: the
/// one after the day's last row.
public struct BankCSV {
    let file: String
    let layout: BankCSVLayout
    let currency: String

    public init(file: String, layout: BankCSVLayout, currency: String) {
        self.file = file
        self.layout = layout
        self.currency = currency
    }

    public func parse(_ text: String) throws(StatementError) -> Statement {
        var records = try CSVRecords(file: file, delimiter: layout.delimiter).read(text)
        records = records.filter { $0.line > layout.skip }
        guard let header = records.first else {
            throw StatementError(
                file: file, line: nil, field: nil,
                message: layout.skip > 0 ? "no header row after the \(layout.skip) lines --skip leaves out" : "no header row")
        }
        let names = header.fields.map { $0.trimming(" \t\u{FEFF}") }
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
        let rows = Array(records.dropFirst())
        func cell(_ record: CSVRecords.Record, _ field: String) -> String {
            guard let index = indexes[field], index < record.fields.count else { return "" }
            var value = record.fields[index].trimming(" \t")
            // A spreadsheet's guard that keeps a number as text.
            if value.hasPrefix("'") { value.removeFirst() }
            return value
        }
        func columnName(_ field: String) -> String {
            guard let index = indexes[field], index < names.count, !names[index].isEmpty else { return field }
            return names[index]
        }
        let dateFormat: String
        var guessedDateFormat: String?
        if let given = layout.dateFormat {
            dateFormat = given
        } else if rows.allSatisfy({ cell($0, "date").isEmpty }) {
            // No date to read (a header alone): any format reads the nothing there is.
            dateFormat = "YYYY-MM-DD"
        } else {
            let samples = rows.map { cell($0, "date") }
            guard let guessed = StatementDate.guessFormat(samples) else {
                throw StatementError(
                    file: file, line: rows.first?.line ?? header.line, field: columnName("date"),
                    message: "every date reads both as day/month and month/day; give --date-format (e.g. DD/MM/YYYY)")
            }
            dateFormat = guessed
            guessedDateFormat = guessed
        }
        func amount(_ record: CSVRecords.Record, _ field: String) throws(StatementError) -> Int64? {
            let text = cell(record, field)
            guard !text.isEmpty else { return nil }
            let style: StatementAmount.Style = layout.decimalComma ? .decimalComma : .decimalPoint
            do {
                return try StatementAmount.units(text, style: style)
            } catch {
                // An amount that reads with the other decimal mark says which option is wrong.
                let other: StatementAmount.Style = layout.decimalComma ? .decimalPoint : .decimalComma
                let hint =
                    (try? StatementAmount.units(text, style: other)) == nil
                    ? "" : layout.decimalComma ? " with --decimal-comma" : " (a decimal comma needs --decimal-comma)"
                throw StatementError(
                    file: file, line: record.line, field: columnName(field), message: "'\(text)' is not an amount\(hint)")
            }
        }
        var entries: [StatementEntry] = []
        var balances: [StatementBalance] = []
        for record in rows {
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
                units = layout.sign == .spendPositive ? -value : value
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
            if let fee = try amount(record, "fee"), fee != 0 { units -= abs(fee) }
            let rowCurrency = cell(record, "currency").uppercased()
            if !rowCurrency.isEmpty, rowCurrency != currency {
                throw StatementError(
                    file: file, line: record.line, field: columnName("currency"),
                    message: "'\(rowCurrency)' is not the account's currency \(currency)")
            }
            let description = cell(record, "description").collapsingSpaces
            let statusWord = cell(record, "status")
            let status = Self.status(statusWord)
            let typeWord = cell(record, "type")
            let identity =
                indexes["status"] != nil
                ? "row:\(dateText.collapsingSpaces):\(description.lowercased())"
                : "row:\(date):\(units):\(description.lowercased())"
            let merchant = cell(record, "merchant").collapsingSpaces
            let category = cell(record, "category")
            entries.append(
                StatementEntry(
                    date: date, postedDate: posted, signedUnits: units, description: description.isEmpty ? typeWord : description,
                    originalDescription: description, merchantName: merchant.isEmpty ? nil : merchant,
                    type: Self.type(typeWord, credit: units > 0), status: status, identity: identity,
                    category: category.isEmpty ? nil : category, line: record.line))
            if let balance = try amount(record, "balance"), status == .booked {
                balances.append(StatementBalance(date: date, booked: balance, available: nil))
            }
        }
        var statement = Statement(format: .csv, currency: currency, entries: entries, balances: Self.lastOfEachDay(balances, rows: entries))
        statement.guessedDateFormat = guessedDateFormat
        return statement
    }

    /// The balance after each day's last row: a file written newest first gives it in the
    /// day's first row, one written oldest first in its last.
    static func lastOfEachDay(_ balances: [StatementBalance], rows: [StatementEntry]) -> [StatementBalance] {
        let newestFirst =
            (rows.first?.date ?? CivilDate(year: 1, month: 1, day: 1)) > (rows.last?.date ?? CivilDate(year: 1, month: 1, day: 1))
        var byDay: [CivilDate: StatementBalance] = [:]
        var order: [CivilDate] = []
        for balance in balances {
            if byDay[balance.date] == nil {
                order.append(balance.date)
                byDay[balance.date] = balance
            } else if !newestFirst {
                byDay[balance.date] = balance
            }
        }
        return order.sorted().compactMap { byDay[$0] }
    }

    static func status(_ word: String) -> TransactionStatus {
        switch word.lowercased() {
        case "pending", "authorised", "authorized": .pending
        case "reverted", "declined", "failed", "cancelled", "canceled", "rejected": .rejected
        default: .booked
        }
    }

    /// Bank type words (UK codes, Revolut's words, generic ones) as FinanceKit's types; the
    /// rest is `unknown`, which the money rules take by its direction.
    static func type(_ word: String, credit: Bool) -> TransactionType {
        switch word.uppercased().filter({ !$0.isWhitespace }) {
        case "DEB", "CARD_PAYMENT", "POS", "PURCHASE", "CARD": .pointOfSale
        case "DD", "DIRECTDEBIT", "DIRECT_DEBIT": .directDebit
        case "FPO", "WITHDRAWAL": .withdrawal
        case "FPI", "BGC", "DEP", "TOPUP", "DEPOSIT": .deposit
        case "PAY", "PAYMENT", "BP", "BILLPAYMENT": .billPayment
        case "SO", "STANDINGORDER": .standingOrder
        case "TFR", "EXCHANGE": .transfer
        case "TRANSFER": credit ? .deposit : .withdrawal
        case "CPT", "ATM", "CASH": .atm
        case "CHQ", "CHECK", "CHEQUE": .check
        case "FEE", "CHG", "CHARGE": .fee
        case "INT", "INTEREST": .interest
        case "CARD_REFUND", "REFUND": .refund
        case "COR", "CASHBACK", "REWARD", "ADJUSTMENT": .adjustment
        default: .unknown
        }
    }
}
