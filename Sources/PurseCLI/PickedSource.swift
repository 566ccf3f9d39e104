import Ledger
import WalletExport

/// Picked transactions as a source of one snapshot per stream, so a report on them sees a
/// ledger made exactly as a sync makes one (README, "Picked transactions").
final class PickedSource: LedgerSource {
    let kind = "picked"
    let externalID: String
    let displayName: String
    let location: String
    /// The zones of the file's first line, kept for the source as a sync keeps a manifest's.
    var timeZone: String? { picked.timeZone }
    var accountTimeZones: [String: String] { picked.accountTimeZones }
    private let picked: PickedTransactions

    init(_ picked: PickedTransactions, file: String) {
        self.picked = picked
        externalID = file
        displayName = file
        location = file
    }

    func streams() throws -> [LedgerStream] {
        [.accounts] + picked.accounts.map { .transactions(accountID: $0.id) }
    }

    func changes(for stream: LedgerStream, after token: StreamToken?) throws -> any ChangeSequence {
        let records: StreamChange.Records
        switch stream {
        case .accounts: records = .accounts(ChangeSet(inserted: picked.accounts))
        case .transactions(let accountID):
            records = .transactions(ChangeSet(inserted: picked.transactions.filter { $0.accountID == accountID }))
        case .balances: records = .balances(ChangeSet())
        }
        return Snapshot(
            change: StreamChange(
                records: records, replacesStream: true, isResync: false, token: StreamToken(generation: "picked", sequence: 1),
                file: location, line: nil))
    }

    /// The one change set of a stream.
    private final class Snapshot: ChangeSequence {
        private var change: StreamChange?
        let resumeHint: StreamToken? = nil

        init(change: StreamChange) {
            self.change = change
        }

        func next() throws -> StreamChange? {
            defer { change = nil }
            return change
        }
    }
}
