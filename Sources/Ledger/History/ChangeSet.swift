/// One FinanceKit change set of a stream: records inserted, records updated, IDs deleted.
public struct ChangeSet<Record: Sendable>: Sendable {
    public var inserted: [Record]
    public var updated: [Record]
    public var deleted: [String]

    public init(inserted: [Record] = [], updated: [Record] = [], deleted: [String] = []) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
    }
}
