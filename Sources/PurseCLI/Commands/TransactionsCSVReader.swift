import Foundation
import Ledger
import WalletExport

/// Reads a `purse export transactions` CSV back into transactions, for reports on picked
/// transactions (README, "Picked transactions"). The CSV gives each transaction's local day,
/// not its instant: a transaction is placed at the start of that day in the report time zone,
/// so the reports of the same zone see it on the same day. The formula guard's leading `'` is
/// taken off again.
enum TransactionsCSVReader {
    /// True when the bytes start with the export's header (with or without `order_id`).
    static func isExport(_ bytes: [UInt8]) -> Bool {
        let header = TransactionsCommand.csvHeader.dropLast().joined(separator: ",")
        return bytes.starts(with: Array(header.utf8))
    }

    static func read(_ bytes: [UInt8], file: String, zone: ReportTimeZone) throws -> PickedTransactions {
        let rows = try records(String(decoding: bytes, as: UTF8.self), file: file)
        guard let header = rows.first else { return PickedTransactions(accounts: [], transactions: []) }
        let full = TransactionsCommand.csvHeader
        guard header.cells == full || header.cells == Array(full.dropLast()) else {
            throw SourceError.badInput(
                file: file, line: 1, field: nil, message: "not the header of 'purse export transactions': \(full.joined(separator: ","))")
        }
        var transactions: [Transaction] = []
        var names: [String: String] = [:]
        var seen: Set<String> = []
        for row in rows.dropFirst() {
            func bad(_ column: String, _ message: String) -> SourceError {
                SourceError.badInput(file: file, line: row.line, field: column, message: message)
            }
            guard row.cells.count == header.cells.count else {
                throw SourceError.badInput(
                    file: file, line: row.line, field: nil, message: "\(row.cells.count) cells where the header has \(header.cells.count)")
            }
            var cell: [String: String] = [:]
            for (name, value) in zip(header.cells, row.cells) { cell[name] = value }
            func text(_ column: String) -> String { unguarded(cell[column] ?? "") }
            func optional(_ column: String) -> String? { (cell[column] ?? "").isEmpty ? nil : text(column) }
            func day(_ column: String) throws -> Timestamp? {
                guard let value = optional(column) else { return nil }
                guard let date = CivilDate(iso: value) else { throw bad(column, "'\(value)' is not a day (YYYY-MM-DD)") }
                return Timestamp.utc(epochSeconds: zone.startOfDay(date))
            }
            func money(_ column: String, currency: String) throws -> Money? {
                guard let value = optional(column) else { return nil }
                do {
                    return Money(units: try Money.parseUnits(value, allowSign: false), currency: currency)
                } catch {
                    throw bad(column, error.description)
                }
            }
            let id = text("id").uppercased()
            guard !id.isEmpty else { throw bad("id", "must not be empty") }
            guard seen.insert(id).inserted else { throw bad("id", "transaction \(id) appears twice") }
            let accountID = text("account_id").uppercased()
            guard !accountID.isEmpty else { throw bad("account_id", "must not be empty") }
            let currency = text("currency")
            guard let date = try day("transaction_date") else { throw bad("transaction_date", "must not be empty") }
            guard let amount = try money("amount", currency: currency) else { throw bad("amount", "must not be empty") }
            guard let direction = CreditDebitIndicator(rawValue: text("direction")) else {
                throw bad("direction", "must be credit or debit, not '\(text("direction"))'")
            }
            var code: Int?
            if let value = optional("mcc") {
                guard let number = Int(value), (0...9999).contains(number) else {
                    throw bad("mcc", "'\(value)' is not a code from 0 to 9999")
                }
                code = number
            }
            names[accountID] = text("account")
            transactions.append(
                Transaction(
                    id: id, accountID: accountID, transactionDate: date, postedDate: try day("posted_date"), transactionAmount: amount,
                    foreignCurrencyAmount: try optional("foreign_currency").flatMap { try money("foreign_amount", currency: $0) },
                    foreignCurrencyExchangeRate: optional("exchange_rate"), creditDebitIndicator: direction,
                    transactionDescription: text("description"), originalTransactionDescription: text("original_description"),
                    merchantCategoryCode: code, merchantName: optional("merchant"),
                    transactionType: TransactionType(rawValue: text("type")), status: TransactionStatus(rawValue: text("status"))))
        }
        return PickedTransactions(accounts: [], transactions: transactions, accountNames: names)
    }

    /// A text cell as it was before the export's formula guard.
    private static func unguarded(_ text: String) -> String {
        guard text.hasPrefix("'"), let second = text.unicodeScalars.dropFirst().first,
            ["=", "+", "-", "@", "\t", "\r"].contains(second)
        else { return text }
        return String(text.dropFirst())
    }

    /// RFC 4180 records, each with the line it starts on.
    private static func records(_ text: String, file: String) throws -> [(line: Int, cells: [String])] {
        var records: [(line: Int, cells: [String])] = []
        var cells: [String] = []
        var cell = ""
        var quoted = false
        var line = 1
        var start = 1
        var scalars = text.unicodeScalars.makeIterator()
        var atCellStart = true
        while let scalar = scalars.next() {
            if quoted {
                if scalar == "\"" {
                    guard let next = scalars.next() else {
                        quoted = false
                        break
                    }
                    if next == "\"" {
                        cell.unicodeScalars.append("\"")
                        continue
                    }
                    quoted = false
                    if next == "," {
                        cells.append(cell)
                        cell = ""
                        atCellStart = true
                    } else if next == "\n" {
                        cells.append(cell)
                        records.append((start, cells))
                        (cells, cell, atCellStart) = ([], "", true)
                        line += 1
                        start = line
                    } else {
                        throw SourceError.badInput(file: file, line: line, field: nil, message: "text after a closing quote")
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    cell.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where atCellStart:
                quoted = true
                atCellStart = false
            case ",":
                cells.append(cell)
                cell = ""
                atCellStart = true
            case "\n":
                cells.append(cell)
                records.append((start, cells))
                (cells, cell, atCellStart) = ([], "", true)
                line += 1
                start = line
            default:
                cell.unicodeScalars.append(scalar)
                atCellStart = false
            }
        }
        guard !quoted else { throw SourceError.badInput(file: file, line: start, field: nil, message: "a quoted cell is not closed") }
        if !cells.isEmpty || !cell.isEmpty {
            cells.append(cell)
            records.append((start, cells))
        }
        return records
    }
}
