import Foundation
import Storage

/// What a ledger file holds, read straight from SQLite: every row of the ledger's tables,
/// without the columns that only say when, or from which folder, a run happened. Two files with
/// equal contents answer every report the same way.
struct LedgerContents: Equatable, CustomStringConvertible {
    /// Each table with the columns left out of the comparison (times of the run, paths).
    static let tables: [(name: String, ignoring: Set<String>)] = [
        ("sources", ["location", "created_at", "last_synced_at"]),
        ("streams", ["changed_at"]),
        ("accounts", []),
        ("balances", []),
        ("transactions", []),
        ("unknown_values", ["first_seen_at", "file"]),
        (
            "sure_connections",
            [
                "created_at", "last_device_contact_at", "last_accepted_at", "last_imported_at",
                "last_downstream_at",
            ]
        ),
        ("sure_mappings", ["unavailable_at"]),
        ("sure_batches", ["accepted_at", "applied_at", "updated_time"]),
        ("sure_transactions", ["updated_at", "tombstoned_at"]),
        ("sure_balance_observations", ["created_at"]),
        ("sure_conflicts", ["id", "created_at", "resolved_at"]),
    ]

    /// "table: 'value'|NULL|..." per row, tables in the order above, rows sorted.
    let rows: [String]
    /// Stream name -> sequence of the last change set applied (Wallet exports).
    let tokens: [String: Int64]

    init(path: String, tables: [(name: String, ignoring: Set<String>)] = Self.tables) throws {
        let connection = try Connection(path: path)
        var rows: [String] = []
        for table in tables {
            let columns = try Self.columns(of: table.name, connection).filter { !table.ignoring.contains($0) }
            let line = columns.map { "quote(\($0))" }.joined(separator: " || '|' || ")
            let query = try connection.prepare("SELECT \(line) FROM \(table.name) ORDER BY 1")
            while try query.step() { rows.append(table.name + ": " + query.text(0)) }
        }
        var tokens: [String: Int64] = [:]
        if tables.contains(where: { $0.name == "streams" }) {
            let query = try connection.prepare("SELECT name, sequence FROM streams")
            while try query.step() { tokens[query.text(0)] = query.int64(1) }
        }
        self.rows = rows
        self.tokens = tokens
    }

    private static func columns(of table: String, _ connection: Connection) throws -> [String] {
        let query = try connection.prepare("SELECT name FROM pragma_table_info(?) ORDER BY cid")
        try query.bind([.text(table)])
        var names: [String] = []
        while try query.step() { names.append(query.text(0)) }
        return names
    }

    /// Change sets applied across all Wallet streams (sequences start at 1 in the tests' exports).
    var changeSets: Int64 { tokens.values.reduce(0, +) }

    func count(_ table: String) -> Int { rows.filter { $0.hasPrefix(table + ": ") }.count }

    /// The first row that differs, for a failure message that stays readable.
    func firstDifference(from other: LedgerContents) -> String {
        for (mine, theirs) in zip(rows, other.rows) where mine != theirs {
            return "\(mine.prefix(300)) <> \(theirs.prefix(300))"
        }
        return "\(rows.count) rows <> \(other.rows.count) rows"
    }

    var description: String { "\(rows.count) rows, \(changeSets) change sets" }
}
