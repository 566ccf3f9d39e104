import Foundation
import Storage

/// Appends one change set to the largest transaction stream of an export: `changed` existing
/// transactions updated (their amount raised by one cent) and `deleted` others deleted, as the
/// next sequence of the stream's current generation.
enum IncrementalChange {
    static func append(changed: Int, deleted: Int, database: String, export: String) throws {
        let connection = try Connection(path: database, readOnly: true)
        guard
            let accountID = try connection.scalarText(
                "SELECT account_id FROM transactions GROUP BY account_id ORDER BY count(*) DESC LIMIT 1"),
            let generation = try connection.scalarText(
                "SELECT generation FROM streams WHERE name = ?", [.text("transactions/" + accountID)]),
            let sequence = try connection.scalarInt("SELECT sequence FROM streams WHERE name = ?", [.text("transactions/" + accountID)])
        else { throw BenchmarkError("the synced database has no transactions") }
        let query = try connection.prepare(
            """
            SELECT id, transaction_date, amount, currency, credit_debit, description, original_description, mcc, merchant_name, type
            FROM transactions WHERE account_id = ? AND status = 'booked' ORDER BY row_id LIMIT ?
            """)
        try query.bind([.text(accountID), .integer(Int64(changed + deleted))])
        var updated: [String] = []
        var deletedIDs: [String] = []
        while try query.step() {
            if updated.count < changed {
                let units = query.int64(2) + 100
                let amount = "\(units / 10_000).\(String(format: "%04d", units % 10_000))"
                func quoted(_ text: String) -> String {
                    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
                }
                updated.append(
                    "{\"id\":\(quoted(query.text(0))),\"accountID\":\(quoted(accountID)),\"transactionDate\":\(quoted(query.text(1))),"
                        + "\"transactionAmount\":{\"amount\":\"\(amount)\",\"currencyCode\":\(quoted(query.text(3)))},"
                        + "\"creditDebitIndicator\":\(quoted(query.text(4))),\"transactionDescription\":\(quoted(query.text(5))),"
                        + "\"originalTransactionDescription\":\(quoted(query.text(6))),"
                        + "\"merchantCategoryCode\":\(query.optionalInt64(7).map(String.init) ?? "null"),"
                        + "\"merchantName\":\(query.optionalText(8).map(quoted) ?? "null"),"
                        + "\"transactionType\":\(quoted(query.text(9))),\"status\":\"booked\"}")
            } else {
                deletedIDs.append("\"\(query.text(0))\"")
            }
        }
        let line =
            "{\"generation\":\"\(generation)\",\"sequence\":\(sequence + 1),\"inserted\":[],\"updated\":[\(updated.joined(separator: ","))],\"deleted\":[\(deletedIDs.joined(separator: ","))]}\n"
        let files = try FileManager.default.contentsOfDirectory(atPath: export + "/transactions")
        guard let file = files.first(where: { $0.uppercased() == accountID + ".JSONL" }) else {
            throw BenchmarkError("no stream file for \(accountID)")
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: export + "/transactions/" + file))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(line.utf8))
    }
}
