import Ledger
import Storage

extension LedgerStore {
    /// Whether the ledger has goals (migration 22): an older ledger read as it is has none.
    var hasGoals: Bool { openedSchemaVersion >= 22 }

    /// Every goal, by name ignoring case.
    public func goalRecords() throws -> [GoalRecord] {
        guard hasGoals else { return [] }
        let query = try connection.prepare(
            "SELECT name, account_id, target, currency, by_month FROM goals ORDER BY name COLLATE NOCASE, name")
        var records: [GoalRecord] = []
        while try query.step() {
            guard let month = YearMonth(iso: query.text(4)) else { continue }
            records.append(
                GoalRecord(
                    name: query.text(0), accountID: query.text(1), target: query.int64(2), currency: query.text(3), byMonth: month))
        }
        return records
    }

    /// Saves `record`, replacing the goal of the same name in any case (its spelling too);
    /// true when one was replaced.
    @discardableResult
    public func saveGoal(_ record: GoalRecord) throws -> Bool {
        let replaced = try removeGoal(named: record.name)
        try connection.cached("INSERT INTO goals (name, account_id, target, currency, by_month) VALUES (?, ?, ?, ?, ?)").run([
            .text(record.name), .text(record.accountID), .integer(record.target), .text(record.currency),
            .text(record.byMonth.description),
        ])
        return replaced
    }

    /// Removes the goal named `name` in any case; false when there is none.
    @discardableResult
    public func removeGoal(named name: String) throws -> Bool {
        try connection.cached("DELETE FROM goals WHERE name = ?").run([.text(name)])
        return connection.changes > 0
    }
}
