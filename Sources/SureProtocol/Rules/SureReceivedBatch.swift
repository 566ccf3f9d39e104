/// What a batch already received is compared by when its id comes again.
public struct SureReceivedBatch: Sendable, Equatable {
    var payloadDigest: String
    var sequence: Int64
    var predecessorDigest: String?
    var streamID: String

    public init(payloadDigest: String, sequence: Int64, predecessorDigest: String?, streamID: String) {
        self.payloadDigest = payloadDigest
        self.sequence = sequence
        self.predecessorDigest = predecessorDigest
        self.streamID = streamID
    }
}
