/// A change set of one stream as a source hands it to the sync engine, with the token the
/// stream reaches once it is applied.
public struct StreamChange: Sendable {
    /// The change set, typed by the stream it belongs to.
    public enum Records: Sendable {
        case accounts(ChangeSet<Account>)
        case balances(ChangeSet<AccountBalance>)
        case transactions(ChangeSet<Transaction>)
    }

    public var records: Records
    /// A snapshot: `inserted` is the stream's whole state and every other row of it is deleted.
    public var replacesStream: Bool
    /// The saved token was no longer valid, so the stream starts over from this snapshot.
    public var isResync: Bool
    public var token: StreamToken
    /// Where the change set came from, for messages (a file and line, or a batch).
    public var file: String
    public var line: Int?

    /// Records inserted, updated or deleted: the size of the change set.
    public var recordCount: Int {
        switch records {
        case .accounts(let set): set.inserted.count + set.updated.count + set.deleted.count
        case .balances(let set): set.inserted.count + set.updated.count + set.deleted.count
        case .transactions(let set): set.inserted.count + set.updated.count + set.deleted.count
        }
    }

    public init(records: Records, replacesStream: Bool, isResync: Bool, token: StreamToken, file: String, line: Int?) {
        self.records = records
        self.replacesStream = replacesStream
        self.isResync = isResync
        self.token = token
        self.file = file
        self.line = line
    }
}
