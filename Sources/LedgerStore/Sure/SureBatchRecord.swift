/// A stored batch: its envelope, digest, receipt status and (for 7 days after it settles) its bytes.
public struct SureBatchRecord: Sendable, Equatable {
    public var rowID: Int64
    public var connectionID: String
    public var generation: Int64
    public var streamID: String
    public var batchID: String
    public var sequence: Int64
    public var predecessorDigest: String?
    public var payloadDigest: String
    public var captureID: String
    public var chunkIndex: Int
    public var chunkCount: Int
    public var captureMode: String
    var snapshotComplete: Bool
    public var capturedAt: String
    public var capturedKey: String
    public var status: SureBatchStatus
    public var hasPayload: Bool
    public var file: String?
    public var attempts: Int
    public var retryTime: Int64?
    public var errorCode: String?
    var counts: String?
    public var acceptedAt: String
    public var appliedAt: String?

    public init(
        rowID: Int64 = 0, connectionID: String, generation: Int64, streamID: String, batchID: String,
        sequence: Int64, predecessorDigest: String?, payloadDigest: String, captureID: String,
        chunkIndex: Int, chunkCount: Int, captureMode: String, snapshotComplete: Bool, capturedAt: String,
        capturedKey: String, status: SureBatchStatus, hasPayload: Bool = true, file: String?, attempts: Int = 0,
        retryTime: Int64? = nil, errorCode: String? = nil, counts: String? = nil, acceptedAt: String,
        appliedAt: String? = nil
    ) {
        self.rowID = rowID
        self.connectionID = connectionID
        self.generation = generation
        self.streamID = streamID
        self.batchID = batchID
        self.sequence = sequence
        self.predecessorDigest = predecessorDigest
        self.payloadDigest = payloadDigest
        self.captureID = captureID
        self.chunkIndex = chunkIndex
        self.chunkCount = chunkCount
        self.captureMode = captureMode
        self.snapshotComplete = snapshotComplete
        self.capturedAt = capturedAt
        self.capturedKey = capturedKey
        self.status = status
        self.hasPayload = hasPayload
        self.file = file
        self.attempts = attempts
        self.retryTime = retryTime
        self.errorCode = errorCode
        self.counts = counts
        self.acceptedAt = acceptedAt
        self.appliedAt = appliedAt
    }
}
