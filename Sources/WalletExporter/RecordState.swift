import Ledger

/// The records of one stream as change sets leave them, by ID: what a snapshot writes.
struct RecordState<Record: Sendable> {
    private let id: KeyPath<Record, String>
    private var byID: [String: Record] = [:]

    init(id: KeyPath<Record, String>) {
        self.id = id
    }

    /// Applies a change set: a snapshot's `inserted` is the whole stream, `inserted` and
    /// `updated` say "this is the record now", `deleted` removes (IDs compare ignoring case).
    mutating func apply(_ set: ChangeSet<Record>, isSnapshot: Bool = false) {
        if isSnapshot { byID.removeAll() }
        for record in set.inserted + set.updated { byID[record[keyPath: id].uppercased()] = record }
        for deleted in set.deleted { byID[deleted.uppercased()] = nil }
    }

    /// The records, in ID order so the same state always writes the same line.
    var records: [Record] { byID.sorted { $0.key < $1.key }.map(\.value) }

    /// The stream's whole state as a snapshot's change set.
    var snapshot: ChangeSet<Record> { ChangeSet(inserted: records) }
}
