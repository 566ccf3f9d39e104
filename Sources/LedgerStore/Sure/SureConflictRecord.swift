/// A conflict Sure could not settle by itself: open until resolved.
public struct SureConflictRecord: Sendable, Equatable {
    public var id: String
    public var connectionID: String
    public var lineageID: String
    public var kind: String
    /// What it is about: a transaction's source id, or `source_id|kind|instant` for a balance.
    public var identity: String
    public var status: SureConflictStatus
    /// The details object as compact JSON.
    public var details: String
    public var resolution: String?
    public var createdAt: String
    public var resolvedAt: String?

    public init(
        id: String, connectionID: String, lineageID: String, kind: String, identity: String, status: SureConflictStatus,
        details: String, resolution: String? = nil, createdAt: String, resolvedAt: String? = nil
    ) {
        self.id = id
        self.connectionID = connectionID
        self.lineageID = lineageID
        self.kind = kind
        self.identity = identity
        self.status = status
        self.details = details
        self.resolution = resolution
        self.createdAt = createdAt
        self.resolvedAt = resolvedAt
    }
}
