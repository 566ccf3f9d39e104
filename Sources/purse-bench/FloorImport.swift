import Foundation
import Ledger
import LedgerStore
import Storage

/// The raw floor: the very rows a sync stored, already parsed, inserted into the very same
/// schema with one prepared statement in one transaction. No JSON at all.
enum FloorImport {
    static let columns = [
        "id", "account_id", "transaction_date", "transaction_time", "posted_date", "amount", "currency", "credit_debit",
        "signed_amount", "foreign_amount", "foreign_currency", "exchange_rate", "description", "original_description",
        "mcc", "merchant_name", "type", "status",
    ]

    /// Writes the transactions (and the accounts they need) of a synced database as TSV. Untimed.
    static func dump(database: String, to rowsFile: String) throws {
        let connection = try Connection(path: database, readOnly: true)
        guard
            let output = FileHandle(forWritingAtPath: rowsFile)
                ?? {
                    _ = FileManager.default.createFile(atPath: rowsFile, contents: nil)
                    return FileHandle(forWritingAtPath: rowsFile)
                }()
        else { throw BenchmarkError("cannot write \(rowsFile)") }
        defer { try? output.close() }
        var buffer = ""
        func flush() {
            output.write(Data(buffer.utf8))
            buffer = ""
        }
        let accounts = try connection.prepare("SELECT id, kind, display_name, institution_name, currency FROM accounts")
        while try accounts.step() {
            buffer += "A\t" + (0..<5).map { escape(accounts.text($0)) }.joined(separator: "\t") + "\n"
        }
        let rows = try connection.prepare("SELECT \(columns.joined(separator: ", ")) FROM transactions ORDER BY row_id")
        while try rows.step() {
            buffer +=
                "T\t" + (0..<Int32(columns.count)).map { rows.isNull($0) ? "\\N" : escape(rows.text($0)) }.joined(separator: "\t") + "\n"
            if buffer.utf8.count > 1 << 20 { flush() }
        }
        flush()
    }

    /// Runs in its own process: a fresh database, the same schema, one statement, one transaction.
    static func run(database: String, rowsFile: String) throws {
        // The schema is the ledger's own; the rows go in through a bare connection, with the
        // same page cache the ledger uses, since only LedgerStore writes the ledger's SQL.
        _ = try LedgerStore(path: database, mode: .create, now: Timestamp.utc(epochSeconds: 0))
        let connection = try Connection(path: database)
        try connection.execute("PRAGMA cache_size = -32768")
        guard let file = fopen(rowsFile, "r") else { throw BenchmarkError("cannot read \(rowsFile)") }
        defer { fclose(file) }
        try connection.transaction {
            try connection.execute(
                "INSERT INTO sources (id, kind, external_id, name, created_at) VALUES (1, 'floor', 'floor', 'floor', 'x')")
            let account = try connection.prepare(
                "INSERT INTO accounts (id, source_id, kind, display_name, institution_name, currency) VALUES (?, 1, ?, ?, ?, ?)")
            let insert = try connection.prepare(
                "INSERT INTO transactions (\(columns.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
            )
            let integerColumns: Set<Int> = Set(
                ["transaction_time", "amount", "signed_amount", "foreign_amount", "mcc"].compactMap { columns.firstIndex(of: $0) })
            var buffer: UnsafeMutablePointer<CChar>?
            var capacity = 0
            defer { free(buffer) }
            while true {
                let length = getline(&buffer, &capacity, file)
                guard length > 0, let buffer else { break }
                let line = String(cString: buffer).dropLast()
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                if fields[0] == "A" {
                    try account.run(fields.dropFirst().map { .text(unescape($0)) })
                    continue
                }
                insert.reset()
                for (index, field) in fields.dropFirst().enumerated() {
                    let position = Int32(index + 1)
                    if field == "\\N" {
                        try insert.bind(SQLValue.null, at: position)
                    } else if integerColumns.contains(index) {
                        try insert.bind(Int64(field), at: position)
                    } else {
                        try insert.bind(unescape(field), at: position)
                    }
                }
                _ = try insert.step()
            }
        }
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
    }

    static func unescape(_ text: Substring) -> String {
        guard text.contains("\\") else { return String(text) }
        var output = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "t": output.append("\t")
                case "n": output.append("\n")
                case "r": output.append("\r")
                default: output.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                output.append(character)
            }
        }
        return output
    }
}
