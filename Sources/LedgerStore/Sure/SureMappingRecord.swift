import Ledger

/// One source account of a Sure connection as stored: its binding (`SureAccountMapping`: lineage,
/// mapping version, what it was confirmed as, the ledger account it feeds), the connection, how
/// the account came to be and when Sure stopped offering it. The binding's fields read as the
/// record's own (`record.name`).
@dynamicMemberLookup
public struct SureMappingRecord: Sendable, Equatable {
    var connectionID: String
    /// The binding as the protocol checks batches against it.
    public var mapping: SureAccountMapping
    var accountOrigin: String
    public var unavailableAt: String?

    public init(
        connectionID: String, mapping: SureAccountMapping, accountOrigin: String = "created", unavailableAt: String? = nil
    ) {
        self.connectionID = connectionID
        self.mapping = mapping
        self.accountOrigin = accountOrigin
        self.unavailableAt = unavailableAt
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<SureAccountMapping, Value>) -> Value {
        mapping[keyPath: keyPath]
    }

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<SureAccountMapping, Value>) -> Value {
        get { mapping[keyPath: keyPath] }
        set { mapping[keyPath: keyPath] = newValue }
    }
}
