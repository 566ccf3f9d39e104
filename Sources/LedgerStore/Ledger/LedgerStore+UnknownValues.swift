import Ledger
import Storage

extension LedgerStore {
    /// Remembers that a sync met `value`, a name purse does not know, in the records' `field`
    /// (`transactionType`, `status`, `kind`). True when the ledger had not met it before: only
    /// then is it worth a warning. Called in the change set's transaction, so a change set
    /// rolled back leaves no trace of its values either.
    public func recordUnknownValue(field: String, value: String, file: String, line: Int?, now: Timestamp) throws -> Bool {
        try connection.cached(
            """
            INSERT INTO unknown_values (field, value, first_seen_at, file, line) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (field, value) DO NOTHING
            """
        ).run([.text(field), .text(value), .text(now.text), .text(file), .optional(line.map(Int64.init))])
        return connection.changes > 0
    }
}
