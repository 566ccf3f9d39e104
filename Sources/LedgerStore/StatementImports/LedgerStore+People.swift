import Ledger
import Storage

/// Who a statement says made each purchase (Apple Card Family's `Purchased By`), kept on the
/// imported row itself.
extension LedgerStore {
    /// Whether the ledger keeps people (schema 25): an older ledger read as it is has none.
    var hasPeople: Bool { openedSchemaVersion >= 25 }

    /// Keeps the person a statement row names (nil: none).
    public func saveStatementPerson(transactionID: String, person: String?) throws {
        try connection.cached("UPDATE transactions SET person = ? WHERE id = ?").run([.optional(person), .text(transactionID)])
    }

    /// Each row a statement named a person on, with that person and, when the stored
    /// classification holds it as a synced row's repeat, that synced row's ID.
    public func statementPeople() throws -> [(id: String, person: String, storedTwin: String?)] {
        guard hasPeople else { return [] }
        let twin = hasStoredClassification ? "CASE WHEN class_state = 'duplicate' THEN class_partner END" : "NULL"
        let query = try connection.prepare("SELECT id, person, \(twin) FROM transactions WHERE person IS NOT NULL")
        var people: [(id: String, person: String, storedTwin: String?)] = []
        while try query.step() { people.append((query.text(0), query.text(1), query.optionalText(2))) }
        return people
    }
}
