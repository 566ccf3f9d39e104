import Ledger

/// A batch body that passed Sure's typed validation: the envelope and its events.
public struct SureBatch: Sendable {
    let protocolVersion: Int64
    let connectionID: String
    let publisherID: String
    let generation: Int64
    let streamID: String
    public let batchID: String
    public let sequence: Int64
    public let predecessorDigest: String?
    public let captureID: String
    public let chunkIndex: Int
    public let chunkCount: Int
    public let captureMode: String
    public let snapshotComplete: Bool
    public let capturedAt: Timestamp
    let selectedSourceAccountIDs: [String]
    public let events: [SureEvent]

    /// The captured instant as a comparable key (see `SureInstant`).
    public var capturedKey: String { SureInstant.key(capturedAt) }
}
