import Foundation
import Ledger

/// One batch of a FinanceKit history (its `FinanceStore.Changes`): the records inserted and
/// updated, the IDs deleted, and the token that resumes the history after this batch.
public struct HistoryChanges<Record: Sendable>: Sendable {
    public var changes: ChangeSet<Record>
    /// FinanceKit's `newToken`, encoded.
    public var newToken: Data

    public init(changes: ChangeSet<Record>, newToken: Data) {
        self.changes = changes
        self.newToken = newToken
    }
}
