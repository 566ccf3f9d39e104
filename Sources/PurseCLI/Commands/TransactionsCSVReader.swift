import Foundation
import Ledger
import Rendering
import WalletExport

/// Reads a `purse export transactions` CSV back into transactions, for reports on picked
/// transactions (README, "Picked transactions"). The CSV gives each transaction's local day,
/// not its instant: a transaction is placed at the start of that day in the report time zone,
/// so the reports of the same zone see it on the same day. The formula guard's leading `'` is
/// taken off again. The rows of a split's parts are one transaction again, and a booked row the
/// ledger did not count is left out.
enum TransactionsCSVReader {
    /// True when the bytes start with the export's header (with or without `order_id`).
    static func isExport(_ bytes: [UInt8]) -> Bool {
        let header = TransactionsRendering.csvHeader.dropLast().joined(separator: ",")
        return bytes.starts(with: Array(header.utf8))
    }

    /// The columns in which the rows of a split's parts differ; every other cell repeats.
    static let partColumns: Set<String> = ["amount", "signed_amount", "category", "category_source"]

    static func read(_ bytes: [UInt8], file: String, zone: ReportTimeZone) throws -> PickedTransactions {
        let rows = try records(String(decoding: bytes, as: UTF8.self), file: file)
        guard let header = rows.first else { return PickedTransactions(accounts: [], transactions: []) }
        let full = TransactionsRendering.csvHeader
        guard header.cells == full || header.cells == Array(full.dropLast()) else {
            throw SourceError.badInput(
                file: file, line: 1, field: nil, message: "not the header of 'purse export transactions': \(full.joined(separator: ","))")
        }
        var transactions: [Transaction] = []
        var names: [String: String] = [:]
        var seen: Set<String> = []
        // The first row of the transaction the previous row belongs to, and the transaction's
        // place in `transactions` (nil when it is left out).
        var current: (line: Int, id: String, cells: [String], index: Int?)?
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
                guard Timestamp.supportedYears.contains(date.year) else {
                    throw bad(column, TimestampError.outsideSupportedYears(year: date.year, inUTC: false).message(for: value))
                }
                // The day starts in the report's zone, which can be in the year before or after in UTC.
                let start = Timestamp.utc(epochSeconds: zone.startOfDay(date))
                do {
                    return try start.checkingSupportedYears()
                } catch {
                    guard case .outsideSupportedYears(let year, _) = error else { throw bad(column, error.message(for: value)) }
                    throw bad(column, TimestampError.outsideSupportedYears(year: year, inUTC: true).message(for: value))
                }
            }
            func money(_ column: String, currency: String) throws -> Money? {
                guard let value = optional(column) else { return nil }
                do {
                    return Money(units: try Money.parseUnits(value, allowSign: false), currency: currency)
                } catch {
                    throw bad(column, error.description)
                }
            }
            // IDs are kept as the export wrote them: the ledger's own.
            let id = text("id")
            guard !id.isEmpty else { throw bad("id", "must not be empty") }
            let currency = text("currency")
            guard let amount = try money("amount", currency: currency) else { throw bad("amount", "must not be empty") }
            // A split is one row per part with its ID repeated: the parts make the transaction whole again.
            if let first = current, first.id == id {
                for (index, name) in header.cells.enumerated() where !partColumns.contains(name) && row.cells[index] != first.cells[index] {
                    throw bad(
                        name,
                        "'\(row.cells[index])' where line \(first.line), the first row of transaction '\(id)', has '\(first.cells[index])' "
                            + "(the rows of a split's parts differ only in \(partColumns.sorted().joined(separator: ", ")))")
                }
                if let index = first.index {
                    do {
                        transactions[index].transactionAmount = try transactions[index].transactionAmount.adding(amount)
                    } catch {
                        throw bad("amount", error.description)
                    }
                }
                continue
            }
            guard seen.insert(id).inserted else {
                throw bad("id", "transaction '\(id)' appears twice (the rows of a split's parts follow one another)")
            }
            let accountID = text("account_id")
            guard !accountID.isEmpty else { throw bad("account_id", "must not be empty") }
            guard let date = try day("transaction_date") else { throw bad("transaction_date", "must not be empty") }
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
            guard let counted = ["true": true, "false": false][text("counted")] else {
                throw bad("counted", "must be true or false, not '\(text("counted"))'")
            }
            let status = TransactionStatus(rawValue: text("status"))
            // A booked transaction the ledger does not count (excluded by the user, or a statement
            // row repeating a synced one) is left out, so the numbers are the ledger's; a pending
            // one is kept for --include-pending to decide.
            guard counted || status != .booked else {
                current = (row.line, id, row.cells, nil)
                continue
            }
            names[accountID] = text("account")
            current = (row.line, id, row.cells, transactions.count)
            transactions.append(
                Transaction(
                    id: id, accountID: accountID, transactionDate: date, postedDate: try day("posted_date"), transactionAmount: amount,
                    foreignCurrencyAmount: try optional("foreign_currency").flatMap { try money("foreign_amount", currency: $0) },
                    foreignCurrencyExchangeRate: optional("exchange_rate"), creditDebitIndicator: direction,
                    transactionDescription: text("description"), originalTransactionDescription: text("original_description"),
                    merchantCategoryCode: code, merchantName: optional("merchant"),
                    transactionType: TransactionType(rawValue: text("type")), status: status))
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
