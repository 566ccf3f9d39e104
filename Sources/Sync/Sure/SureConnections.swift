import Foundation
import Ledger
import LedgerStore
import SureProtocol

/// The control plane of Sure protocol 2 on a local ledger: creating and adopting connections,
/// repair, credential rotation, disconnect and conflict resolution.
public final class SureConnections {
    /// The ledger source every Sure account belongs to.
    static let sourceKind = "sure"
    static let sourceExternalID = "sure-protocol-2"

    let store: LedgerStore
    let now: Timestamp

    public init(store: LedgerStore, now: Timestamp) {
        self.store = store
        self.now = now
    }

    static func newID() -> String { UUID().uuidString.lowercased() }

    func sourceRowID() throws -> Int64 {
        try store.sourceRowID(
            kind: Self.sourceKind, externalID: Self.sourceExternalID, name: "Sure publisher",
            location: nil, now: now)
    }

    // MARK: - Connect and adopt

    /// Creates an active connection for `accounts` with a fresh credential; returns the configuration.
    public func connect(_ accounts: [SureAccountRequest], defaultTimezone: String) throws -> SureConfiguration {
        try SureAccountRequest.validate(accounts, defaultTimezone: defaultTimezone)
        let credential = SureCredential.generate()
        let connectionID = Self.newID()
        return try store.transaction {
            var mappings: [SureMappingRecord] = []
            for (position, account) in accounts.enumerated() {
                let source = account.sourceAccountID.lowercased()
                let (lineage, version) = try reusableLineage(sourceAccountID: source)
                mappings.append(
                    SureMappingRecord(
                        connectionID: connectionID,
                        mapping: SureAccountMapping(
                            sourceAccountID: source, position: position, accountID: account.sourceAccountID,
                            lineageID: lineage ?? Self.newID(), mappingVersion: version, accountableType: account.accountableType,
                            subtype: account.accountableType == "CreditCard" ? "credit_card" : "checking",
                            currency: account.currency, name: account.name ?? "Wallet account",
                            institutionName: account.institutionName ?? "Apple Wallet",
                            ledgerTimezone: account.ledgerTimezone ?? defaultTimezone)))
            }
            let record = SureConnectionRecord(
                id: connectionID, publisherID: Self.newID(), status: .active, generation: 1, streamID: Self.newID(),
                nextSequence: 1, predecessorDigest: nil, repairReason: nil, credentialDigest: credential.digest,
                sourceRowID: try sourceRowID(), consentGrantedAt: now.text, createdAt: now.text)
            try create(record, mappings)
            return SureConfiguration(connection: record, mappings: mappings, credential: credential.text)
        }
    }

    /// Creates a connection a configuration names (one issued elsewhere, e.g. by a Sure server).
    func adopt(_ parsed: SureConnectionFile, file: String) throws -> SureConnectionRecord {
        for mapping in parsed.mappings {
            guard SureCurrencyTable.isKnown(mapping.currency) else {
                throw SourceError.badInput(
                    file: file, line: nil, field: "accounts", message: "'\(mapping.currency)' is not a currency code Sure knows")
            }
        }
        return try store.transaction {
            if let existing = try store.sureConnection(id: parsed.connectionID) { return existing }
            for mapping in parsed.mappings {
                _ = try reusableLineage(sourceAccountID: mapping.sourceAccountID)
            }
            let record = SureConnectionRecord(
                id: parsed.connectionID, publisherID: parsed.publisherID, status: .active, generation: parsed.generation,
                streamID: parsed.streamID, nextSequence: 1, predecessorDigest: nil, repairReason: nil,
                credentialDigest: parsed.credential.map { SureCredential(text: $0).digest },
                sourceRowID: try sourceRowID(), consentGrantedAt: parsed.consentGrantedAt.isEmpty ? now.text : parsed.consentGrantedAt,
                createdAt: now.text)
            try create(record, parsed.mappings.map { SureMappingRecord(connectionID: record.id, mapping: $0) })
            return record
        }
    }

    private func create(_ record: SureConnectionRecord, _ mappings: [SureMappingRecord]) throws {
        try store.insertSureConnection(record, mappings: mappings)
        for mapping in mappings {
            let account = Account(
                id: mapping.accountID, kind: mapping.isLiability ? .liability : .asset,
                displayName: mapping.name, institutionName: mapping.institutionName,
                currencyCode: mapping.currency)
            _ = try store.upsertAccount(account, sourceRowID: record.sourceRowID)
        }
    }

    /// The lineage of an earlier, revoked connection for the same source account (reused with
    /// the next mapping version); refuses when a live connection already publishes it.
    private func reusableLineage(sourceAccountID: String) throws -> (String?, Int64) {
        var lineage: String?
        var version: Int64 = 0
        for connection in try store.sureConnections() {
            for mapping in try store.sureMappings(connectionID: connection.id) where mapping.sourceAccountID == sourceAccountID {
                guard connection.status == .revoked else {
                    throw SureError(
                        .resourceConflict, "source account \(sourceAccountID) is already published by connection \(connection.id)")
                }
                if connection.purgeCompletedAt == nil, mapping.mappingVersion > version {
                    lineage = mapping.lineageID
                    version = mapping.mappingVersion
                }
            }
        }
        return (lineage, version + 1)
    }

    // MARK: - Lookups

    public func connection(_ id: String) throws -> SureConnectionRecord {
        guard let record = try store.sureConnection(id: id) else {
            throw SureError(.notFound, "there is no Sure connection \(id)")
        }
        return record
    }

    func configuration(_ id: String, credential: String?) throws -> SureConfiguration {
        let record = try connection(id)
        return SureConfiguration(connection: record, mappings: try store.sureMappings(connectionID: record.id), credential: credential)
    }

    // MARK: - Repair, rotation, disconnect

    /// A new generation and stream with a new credential; unsettled batches are revoked.
    public func repair(_ id: String) throws -> SureConfiguration {
        let credential = SureCredential.generate()
        try store.transaction {
            var record = try connection(id)
            guard record.status != .revoked else { throw SureError(.connectionRevoked, "connection \(record.id) is disconnected") }
            try store.revokeSureBatches(
                connectionID: record.id, statuses: [.accepted, .processing, .failed],
                code: SureErrorCode.generationReplaced.rawValue, dropPayload: false,
                now: now.epochSeconds)
            record.generation += 1
            record.streamID = Self.newID()
            record.nextSequence = 1
            record.predecessorDigest = nil
            record.status = .active
            record.repairReason = nil
            record.credentialDigest = credential.digest
            // A new generation may carry older captures again.
            record.lastCapturedAt = nil
            record.lastCapturedKey = nil
            try store.saveSureConnection(record)
        }
        return try configuration(id, credential: credential.text)
    }

    /// A new credential; stream, sequence and digest are unchanged.
    public func rotateCredential(_ id: String) throws -> SureConfiguration {
        let credential = SureCredential.generate()
        try store.transaction {
            var record = try connection(id)
            switch record.status {
            case .revoked: throw SureError(.connectionRevoked, "connection \(record.id) is disconnected")
            case .repairRequired: throw SureError(.repairRequired, "connection \(record.id) needs a repair (which issues a credential)")
            default: break
            }
            record.credentialDigest = credential.digest
            try store.saveSureConnection(record)
        }
        return try configuration(id, credential: credential.text)
    }

    /// Revokes the connection; `discard` also purges what it brought in.
    public func disconnect(_ id: String, disposition: String) throws -> SureConnectionRecord {
        guard disposition == "retain" || disposition == "discard" else {
            throw SureError(.invalidDisposition, "disposition must be retain or discard, not '\(disposition)'")
        }
        return try store.transaction {
            var record = try connection(id)
            try store.revokeSureBatches(
                connectionID: record.id, statuses: [.accepted, .processing, .failed],
                code: SureErrorCode.connectionRevoked.rawValue, dropPayload: false,
                now: now.epochSeconds)
            record.status = .revoked
            record.credentialDigest = nil
            if record.disposition != "discard" { record.disposition = disposition }
            if disposition == "discard", record.purgeCompletedAt == nil {
                record.purgeRequestedAt = record.purgeRequestedAt ?? now.text
                try store.saveSureConnection(record)
                for mapping in try store.sureMappings(connectionID: record.id)
                where try !store.sureLineageHasOtherWriter(mapping.lineageID, besides: record.id) {
                    try store.purgeSureLineage(mapping.lineageID, accountID: mapping.accountID, sourceRowID: record.sourceRowID)
                }
                record.purgeCompletedAt = now.text
            }
            try store.saveSureConnection(record)
            return record
        }
    }

    // MARK: - Conflicts

    /// Closes a conflict: `keep_sure` settles its record for good; `retry_after_repair` drops a
    /// declined balance observation (or a tombstone's mark) and fences the connection.
    public func resolve(conflictID: String, resolution: String) throws -> SureConflictRecord {
        guard resolution == "keep_sure" || resolution == "retry_after_repair" else {
            throw SureError(.invalidResolution, "resolution must be keep_sure or retry_after_repair, not '\(resolution)'")
        }
        return try store.transaction {
            guard let conflict = try store.sureConflict(id: conflictID) else {
                throw SureError(.notFound, "there is no conflict \(conflictID)")
            }
            guard conflict.status == .open else {
                throw SureError(.conflictAlreadyResolved, "conflict \(conflict.id) is already resolved")
            }
            try store.resolveSureConflict(id: conflict.id, resolution: resolution, at: now.text)
            let scope = SureConflictKind(rawValue: conflict.kind)?.settlementScope ?? "transaction"
            if resolution == "keep_sure" {
                try store.settleSure(lineageID: conflict.lineageID, scope: scope, identity: conflict.identity, at: now.text)
            } else {
                if scope == "balance" {
                    if let parts = SureApplyRules.balanceIdentityParts(conflict.identity) {
                        try store.deleteSureObservation(
                            lineageID: conflict.lineageID, sourceID: parts.sourceID, kind: parts.kind,
                            observedKey: parts.observedKey)
                    }
                } else if conflict.kind == SureConflictKind.sourceReappeared.rawValue {
                    try store.deleteSureIdentity(lineageID: conflict.lineageID, sourceID: conflict.identity)
                }
                try fence(conflict.connectionID, reason: .conflictRetryRequested, batchCode: .conflictRetryRequested)
            }
            guard let resolved = try store.sureConflict(id: conflict.id) else {
                throw LedgerStoreError.missingRecord(kind: "Sure conflict", id: conflict.id)
            }
            return resolved
        }
    }

    /// Stops the stream: repair_required with `reason`, credential cleared, queued batches revoked.
    func fence(_ id: String, reason: SureErrorCode, batchCode: SureErrorCode, exceptRowIDs: [Int64] = []) throws {
        var record = try connection(id)
        record.status = .repairRequired
        record.repairReason = reason.rawValue
        record.credentialDigest = nil
        try store.saveSureConnection(record)
        try store.revokeSureBatches(
            connectionID: record.id, statuses: [.accepted, .processing], code: batchCode.rawValue,
            dropPayload: true, exceptRowIDs: exceptRowIDs, now: now.epochSeconds)
    }
}
