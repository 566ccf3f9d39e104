/// A Sure publisher connection as stored: identity, cursor and health.
public struct SureConnectionRecord: Sendable, Equatable {
    public var id: String
    public var publisherID: String
    public var status: SureConnectionStatus
    public var generation: Int64
    public var streamID: String
    public var nextSequence: Int64
    public var predecessorDigest: String?
    public var repairReason: String?
    public var credentialDigest: String?
    public var sourceRowID: Int64
    public var consentGrantedAt: String
    var createdAt: String
    public var lastDeviceContactAt: String?
    public var lastAcceptedAt: String?
    public var lastImportedAt: String?
    public var lastDownstreamAt: String?
    public var lastCapturedAt: String?
    public var lastCapturedKey: String?
    public var disposition: String?
    public var purgeRequestedAt: String?
    public var purgeCompletedAt: String?

    public init(
        id: String, publisherID: String, status: SureConnectionStatus, generation: Int64, streamID: String,
        nextSequence: Int64, predecessorDigest: String?, repairReason: String?, credentialDigest: String?,
        sourceRowID: Int64, consentGrantedAt: String, createdAt: String
    ) {
        self.id = id
        self.publisherID = publisherID
        self.status = status
        self.generation = generation
        self.streamID = streamID
        self.nextSequence = nextSequence
        self.predecessorDigest = predecessorDigest
        self.repairReason = repairReason
        self.credentialDigest = credentialDigest
        self.sourceRowID = sourceRowID
        self.consentGrantedAt = consentGrantedAt
        self.createdAt = createdAt
    }
}
