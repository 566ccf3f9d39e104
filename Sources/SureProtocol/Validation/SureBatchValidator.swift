import Ledger
import StrictJSON

/// Sure's typed validation of a batch body (see the README, "Sure protocol 2"), against a
/// connection's identity, consent and mappings. The first rule broken decides the error code.
public struct SureBatchValidator {
    public static let protocolVersion: Int64 = 2
    public static let maximumPayloadBytes = 1_048_576
    public static let maximumRecords = 500
    public static let maximumChunks = 100
    public static let maximumAccounts = 20
    public static let maximumQueuedBatches = 100
    /// Captures may be dated at most this far after now.
    static let futureToleranceSeconds: Int64 = 300

    let connection: SureConnectionIdentity
    /// Lowercased source account id -> mapping.
    let mappings: [String: SureAccountMapping]
    let now: Timestamp

    public init(connection: SureConnectionIdentity, mappings: [SureAccountMapping], now: Timestamp) {
        self.connection = connection
        self.mappings = Dictionary(mappings.map { ($0.sourceAccountID, $0) }, uniquingKeysWith: { first, _ in first })
        self.now = now
    }

    /// The sequence a body says it has, read leniently (nil when it cannot be read), so an
    /// inbox can take its files in sequence order before any of them is validated.
    public static func declaredSequence(of bytes: [UInt8]) -> Int64? {
        guard case .object(let object)? = try? JSONParser.parse(bytes),
            case .number(let text)? = object.members.last(where: { $0.key == "sequence" })?.value
        else { return nil }
        return Fields.integer(text)
    }

    /// Parses and validates `bytes`.
    public func validate(bytes: [UInt8]) throws(SureError) -> SureBatch {
        try validate(SureBatchBody(bytes: bytes))
    }

    /// Validates a body already parsed.
    public func validate(_ body: SureBatchBody) throws(SureError) -> SureBatch {
        let root = try Fields(body.value, "the batch")
        // A batch of another protocol is refused as such before its shape is looked at.
        if let version = root.raw("protocol_version"), case .number(let text) = version, let number = Fields.integer(text),
            number != Self.protocolVersion
        {
            throw SureError(.unsupportedProtocol, "protocol_version \(number) is not supported (only 2)")
        }
        try root.requireKeys(
            [
                "protocol_version", "connection_id", "publisher_id", "generation", "stream_id", "batch_id",
                "sequence", "capture_id", "chunk_index", "chunk_count", "capture_mode", "snapshot_complete",
                "captured_at", "selected_source_account_ids", "events",
            ],
            optional: ["predecessor_digest"])
        let identity = try validateIdentity(root)
        let position = try validatePosition(root)
        let capture = try validateCapture(root)
        let selected = try selectedAccounts(root)
        let events = try validateEvents(root, capturedAt: capture.capturedAt)
        return SureBatch(
            protocolVersion: identity.version, connectionID: identity.connectionID,
            publisherID: identity.publisherID, generation: identity.generation, streamID: identity.streamID,
            batchID: position.batchID, sequence: position.sequence, predecessorDigest: position.predecessor,
            captureID: capture.captureID, chunkIndex: capture.chunkIndex, chunkCount: capture.chunkCount,
            captureMode: capture.captureMode, snapshotComplete: capture.snapshotComplete,
            capturedAt: capture.capturedAt, selectedSourceAccountIDs: selected, events: events)
    }

    // MARK: - Envelope

    /// The protocol version and the connection, publisher, generation and stream the batch
    /// names, which must be this connection's current ones.
    private func validateIdentity(_ root: Fields) throws(SureError)
        -> (version: Int64, connectionID: String, publisherID: String, generation: Int64, streamID: String)
    {
        let version = try root.integer("protocol_version")
        guard version == Self.protocolVersion else {
            throw SureError(.unsupportedProtocol, "protocol_version \(version) is not supported (only 2)")
        }
        let connectionID = try root.uuid("connection_id")
        guard connectionID == connection.id else {
            throw SureError(.publisherConflict, "connection_id \(connectionID) is not this connection (\(connection.id))")
        }
        let publisherID = try root.uuid("publisher_id")
        guard publisherID == connection.publisherID else {
            throw SureError(.publisherConflict, "publisher_id \(publisherID) is not this connection's publisher")
        }
        let generation = try root.integer("generation")
        guard generation == connection.generation else {
            throw SureError(
                .generationConflict, "generation \(generation) is not the connection's current generation \(connection.generation)")
        }
        let streamID = try root.uuid("stream_id")
        guard streamID == connection.streamID else {
            throw SureError(.publisherConflict, "stream_id \(streamID) is not the connection's current stream")
        }
        return (version, connectionID, publisherID, generation, streamID)
    }

    /// The batch's id and its place in the stream: its sequence and the digest of the batch before.
    private func validatePosition(_ root: Fields) throws(SureError) -> (batchID: String, sequence: Int64, predecessor: String?) {
        let batchID = try root.uuid("batch_id")
        let sequence = try root.integer("sequence")
        guard sequence >= 1, sequence <= 9_007_199_254_740_991 else {
            throw SureError(.invalidPayload, "sequence must be between 1 and 2^53-1, not \(sequence)")
        }
        var predecessor: String?
        if let raw = root.raw("predecessor_digest") {
            switch raw {
            case .null: predecessor = nil
            case .string(let text):
                guard text.utf8.count == 64, text.utf8.allSatisfy({ Fields.isLowerHex($0) }) else {
                    throw SureError(.invalidPredecessor, "predecessor_digest must be 64 lowercase hex characters")
                }
                predecessor = text
            default:
                throw SureError(.invalidPayload, "predecessor_digest must be a string or null, not \(raw.typeName)")
            }
        }
        if sequence == 1, predecessor != nil {
            throw SureError(.invalidPredecessor, "sequence 1 must not have a predecessor_digest")
        }
        if sequence > 1, predecessor == nil {
            throw SureError(.invalidPredecessor, "sequence \(sequence) needs the predecessor_digest of sequence \(sequence - 1)")
        }
        return (batchID, sequence, predecessor)
    }

    /// The capture the batch is a chunk of: its id, the chunk's place, the mode and the time.
    private func validateCapture(_ root: Fields) throws(SureError) -> (
        captureID: String, chunkIndex: Int, chunkCount: Int,
        captureMode: String, snapshotComplete: Bool,
        capturedAt: Timestamp
    ) {
        let captureID = try root.uuid("capture_id")
        let chunkIndex = try root.integer("chunk_index")
        let chunkCount = try root.integer("chunk_count")
        guard chunkCount >= 1 else { throw SureError(.invalidPayload, "chunk_count must be at least 1") }
        guard chunkCount <= Int64(Self.maximumChunks) else {
            throw SureError(.captureLimit, "chunk_count \(chunkCount) is over the limit of \(Self.maximumChunks) chunks per capture")
        }
        guard chunkIndex >= 0, chunkIndex < chunkCount else {
            throw SureError(.invalidPayload, "chunk_index \(chunkIndex) is not within 0..<\(chunkCount)")
        }
        let captureMode = try root.enumeration("capture_mode", ["snapshot", "delta"])
        let snapshotComplete = try root.bool("snapshot_complete")
        if snapshotComplete, captureMode != "snapshot" {
            throw SureError(.invalidPayload, "snapshot_complete may be true only in snapshot mode")
        }
        let capturedAt = try root.timestamp("captured_at")
        guard capturedAt.epochSeconds <= now.epochSeconds + Self.futureToleranceSeconds else {
            throw SureError(.futureCapture, "captured_at \(capturedAt.text) is more than 5 minutes in the future")
        }
        return (captureID, Int(chunkIndex), Int(chunkCount), captureMode, snapshotComplete, capturedAt)
    }

    private func selectedAccounts(_ root: Fields) throws(SureError) -> [String] {
        guard case .array(let items)? = root.raw("selected_source_account_ids") else {
            throw SureError(.invalidPayload, "selected_source_account_ids must be an array")
        }
        var ids: [String] = []
        for item in items {
            guard case .string(let text) = item, Fields.isUUID(text) else {
                throw SureError(.invalidPayload, "selected_source_account_ids must hold UUID strings")
            }
            ids.append(text.lowercased())
        }
        let consented = Set(mappings.keys)
        guard Set(ids).count == ids.count, Set(ids) == consented else {
            throw SureError(.scopeConflict, "selected_source_account_ids is not exactly the consented accounts")
        }
        return ids
    }

    // MARK: - Events

    private func validateEvents(_ root: Fields, capturedAt: Timestamp) throws(SureError) -> [SureEvent] {
        guard case .array(let rawEvents)? = root.raw("events") else {
            throw SureError(.invalidPayload, "events must be an array")
        }
        guard rawEvents.count <= Self.maximumRecords else {
            throw SureError(.recordLimit, "\(rawEvents.count) events are over the limit of \(Self.maximumRecords) per batch")
        }
        var events: [SureEvent] = []
        var seen = Set<String>()
        for (index, raw) in rawEvents.enumerated() {
            let (event, identity) = try validateEvent(raw, index: index, capturedAt: capturedAt)
            guard seen.insert(identity).inserted else {
                throw SureError(.duplicateRecord, "events[\(index)] repeats a record already in this batch")
            }
            events.append(event)
        }
        return events
    }

    /// One event, by its kind, and the identity of the record it is about (one per batch).
    private func validateEvent(_ raw: JSONValue, index: Int, capturedAt: Timestamp) throws(SureError) -> (SureEvent, String) {
        let event = try Fields(raw, "events[\(index)]")
        guard case .string(let kind)? = event.raw("kind") else {
            throw SureError(.invalidPayload, "events[\(index)] needs a string kind")
        }
        switch kind {
        case "account_upsert":
            return try validateAccountUpsert(event, index: index)
        case "account_unavailable":
            try event.requireKeys(["kind", "source_account_id", "lineage_id", "mapping_version"], optional: [])
            let binding = try event.binding(sourceKey: "source_account_id")
            _ = try mapped(binding, index)
            return (.accountUnavailable(binding), "account_unavailable|\(binding.lineageID)")
        case "balance_upsert":
            return try validateBalanceUpsert(event, index: index, capturedAt: capturedAt)
        case "transaction_upsert":
            return try validateTransactionUpsert(event, index: index, capturedAt: capturedAt)
        case "transaction_tombstone":
            try event.requireKeys(["kind", "tombstone"], optional: [])
            let record = try event.object("tombstone")
            try record.requireKeys(["source_id", "source_account_id", "lineage_id", "mapping_version"], optional: [])
            let sourceID = try record.uuid("source_id")
            let binding = try record.binding(sourceKey: "source_account_id")
            _ = try mapped(binding, index)
            return (
                .transactionTombstone(SureTombstone(binding: binding, sourceID: sourceID)),
                "transaction|\(binding.lineageID)|\(sourceID)"
            )
        default:
            throw SureError(.invalidPayload, "events[\(index)]: unknown kind '\(kind)'")
        }
    }

    private func validateAccountUpsert(_ event: Fields, index: Int) throws(SureError) -> (SureEvent, String) {
        try event.requireKeys(["kind", "account"], optional: [])
        let account = try event.object("account")
        try account.requireKeys(
            [
                "source_id", "lineage_id", "mapping_version", "display_name", "institution_name",
                "currency", "kind",
            ], optional: ["account_description", "opening_date"])
        let binding = try account.binding(sourceKey: "source_id")
        let displayName = try account.text("display_name", 1...255)
        let institution = try account.text("institution_name", 1...255)
        let currency = try account.currency("currency")
        let accountKind = try account.enumeration("kind", ["asset", "liability"])
        let description = try account.optionalText("account_description", 0...1000)
        let opening = try account.optionalTimestamp("opening_date")
        let mapping = try mapped(binding, index)
        guard currency == mapping.currency else {
            throw SureError(.currencyMismatch, "events[\(index)]: currency \(currency) is not the account's \(mapping.currency)")
        }
        guard accountKind == (mapping.isLiability ? "liability" : "asset") else {
            throw SureError(
                .accountTypeConflict,
                "events[\(index)]: a \(mapping.accountableType) account must be \(mapping.isLiability ? "liability" : "asset")")
        }
        let upsert = SureAccountUpsert(
            binding: binding, displayName: displayName, institutionName: institution,
            currency: currency, kind: accountKind == "liability" ? .liability : .asset,
            accountDescription: description, openingDate: opening)
        return (.accountUpsert(upsert), "account_upsert|\(binding.lineageID)")
    }

    private func validateBalanceUpsert(_ event: Fields, index: Int, capturedAt: Timestamp) throws(SureError) -> (SureEvent, String) {
        try event.requireKeys(["kind", "balance"], optional: [])
        let balance = try event.object("balance")
        try balance.requireKeys(
            [
                "source_id", "source_account_id", "lineage_id", "mapping_version", "kind",
                "observed_at", "money",
            ], optional: [])
        let sourceID = try balance.uuid("source_id")
        let binding = try balance.binding(sourceKey: "source_account_id")
        let kind = try balance.enumeration("kind", ["booked", "available"])
        let observedAt = try balance.timestamp("observed_at")
        let money = try balance.money("money")
        guard observedAt.epochSeconds <= capturedAt.epochSeconds else {
            throw SureError(.invalidTimestamp, "events[\(index)]: observed_at is after captured_at")
        }
        let mapping = try mapped(binding, index)
        guard money.amount.currency == mapping.currency else {
            throw SureError(
                .currencyMismatch, "events[\(index)]: currency \(money.amount.currency) is not the account's \(mapping.currency)")
        }
        let observedText = balance.stringValue("observed_at") ?? observedAt.text
        let upsert = SureBalanceUpsert(binding: binding, sourceID: sourceID, kind: kind, observedAt: observedAt, money: money)
        return (.balanceUpsert(upsert), "balance|\(binding.lineageID)|\(sourceID)|\(kind)|\(observedText)")
    }

    private func validateTransactionUpsert(_ event: Fields, index: Int, capturedAt: Timestamp) throws(SureError)
        -> (SureEvent, String)
    {
        try event.requireKeys(["kind", "transaction"], optional: [])
        let record = try event.object("transaction")
        try record.requireKeys(
            [
                "source_id", "source_account_id", "lineage_id", "mapping_version", "amount",
                "transaction_description", "original_transaction_description", "transaction_type",
                "status", "transacted_at",
            ],
            optional: [
                "posted_at", "merchant_name", "merchant_category_code", "foreign_amount",
                "foreign_exchange_rate",
            ])
        let sourceText = try record.uuidAsWritten("source_id")
        let binding = try record.binding(sourceKey: "source_account_id")
        let amount = try record.money("amount")
        let description = try record.text("transaction_description", 0...1000)
        let original = try record.text("original_transaction_description", 0...1000)
        let type = try record.text("transaction_type", 1...100)
        let status = try record.enumeration("status", ["authorized", "pending", "booked", "rejected", "memo", "unknown"])
        let transactedAt = try record.timestamp("transacted_at")
        let postedAt = try record.optionalTimestamp("posted_at")
        let merchant = try record.optionalText("merchant_name", 1...255)
        let mcc = try merchantCategoryCode(record, index: index)
        var foreign: SureMoney?
        if record.raw("foreign_amount") != nil { foreign = try record.money("foreign_amount") }
        let rate = try exchangeRate(record, index: index)
        guard transactedAt.epochSeconds <= capturedAt.epochSeconds,
            postedAt.map({ $0.epochSeconds <= capturedAt.epochSeconds }) ?? true
        else {
            throw SureError(.invalidTimestamp, "events[\(index)]: transacted_at or posted_at is after captured_at")
        }
        let mapping = try mapped(binding, index)
        guard amount.amount.currency == mapping.currency else {
            throw SureError(
                .currencyMismatch, "events[\(index)]: currency \(amount.amount.currency) is not the account's \(mapping.currency)")
        }
        let upsert = SureTransactionUpsert(
            binding: binding, sourceIDText: sourceText, amount: amount, transactionDescription: description,
            originalTransactionDescription: original, transactionType: type, status: status,
            transactedAt: transactedAt, postedAt: postedAt, merchantName: merchant, merchantCategoryCode: mcc,
            foreignAmount: foreign, foreignExchangeRate: rate)
        return (.transactionUpsert(upsert), "transaction|\(binding.lineageID)|\(upsert.sourceID)")
    }

    private func merchantCategoryCode(_ record: Fields, index: Int) throws(SureError) -> Int? {
        guard record.raw("merchant_category_code") != nil else { return nil }
        let code = try record.integer("merchant_category_code")
        guard code >= -32768, code <= 32767 else {
            throw SureError(.invalidPayload, "events[\(index)]: merchant_category_code is out of range")
        }
        return Int(code)
    }

    private func exchangeRate(_ record: Fields, index: Int) throws(SureError) -> String? {
        guard record.raw("foreign_exchange_rate") != nil else { return nil }
        let text = try record.string("foreign_exchange_rate")
        guard Fields.isDecimal(text, integerDigits: 18, fractionDigits: 18) else {
            throw SureError(.invalidPayload, "events[\(index)]: foreign_exchange_rate is not a decimal string")
        }
        return text
    }

    /// The mapping a binding names; it must match a mapped, selected account exactly.
    private func mapped(_ binding: SureBinding, _ index: Int) throws(SureError) -> SureAccountMapping {
        guard let mapping = mappings[binding.sourceAccountID], mapping.lineageID == binding.lineageID,
            mapping.mappingVersion == binding.mappingVersion
        else {
            throw SureError(.mappingConflict, "events[\(index)]: the account binding does not match a mapped account of this connection")
        }
        return mapping
    }
}
