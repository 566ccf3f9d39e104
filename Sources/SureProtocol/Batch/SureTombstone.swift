/// A `transaction_tombstone` event: the publisher no longer has the transaction.
public struct SureTombstone: Sendable {
    public let binding: SureBinding
    public let sourceID: String
}
