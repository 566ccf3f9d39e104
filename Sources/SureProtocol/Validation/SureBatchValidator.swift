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
        guard case .object(let object)? = try? JSONParser.parse(bytes, maximumDepth: SureBatchBody.maximumDepth),
            case .number(let text)? = object.members.last(where: { $0.key == "sequence" })?.value
        else { return nil }
        return Fields.integer(text)
    }

    /// Parses and validates `bytes`.
    public func validate(bytes: [UInt8]) throws(SureError) -> SureBatch {
        try validate(SureBatchBody(bytes: bytes))
    }

    /// Validates a body already parsed, check by check in Sure's order (Sure:
    /// app/models/financekit/payload.rb, `validate_batch!`): the first rule broken decides the
    /// code. What Sure accepts but purse cannot store is refused only once every rule of Sure's
    /// has passed (`PurseRefusals`).
    public func validate(_ body: SureBatchBody) throws(SureError) -> SureBatch {
        let root = try Fields(body.value, "the batch")
        try root.requireKeys(
            [
                "protocol_version", "connection_id", "publisher_id", "generation", "stream_id", "batch_id",
                "sequence", "capture_id", "chunk_index", "chunk_count", "capture_mode", "snapshot_complete",
                "captured_at", "selected_source_account_ids", "events",
            ],
            optional: ["predecessor_digest"])
        var refusals = PurseRefusals()
        let stream = try validateStream(root)
        let capture = try validateCapture(root, refusals: &refusals)
        let selected = try selectedAccounts(root)
        let events = try validateEvents(root, capturedAt: capture.instant, refusals: &refusals)
        if let refusal = refusals.first { throw refusal }
        return SureBatch(
            protocolVersion: Self.protocolVersion, connectionID: stream.connectionID,
            publisherID: stream.publisherID, generation: connection.generation, streamID: stream.streamID,
            batchID: stream.batchID, sequence: stream.sequence, predecessorDigest: stream.predecessor,
            captureID: stream.captureID, chunkIndex: capture.chunkIndex, chunkCount: capture.chunkCount,
            captureMode: capture.captureMode, snapshotComplete: capture.snapshotComplete,
            capturedAt: capture.capturedAt, selectedSourceAccountIDs: selected, events: events)
    }

    // MARK: - Envelope

    /// The protocol version, the five ids, the connection's identity and generation, the
    /// sequence and its predecessor. Versions and generations are compared by value, as Ruby's
    /// `==` compares them: `2.0` is protocol 2, `"2"` is not.
    private func validateStream(_ root: Fields) throws(SureError) -> (
        connectionID: String, publisherID: String, streamID: String, batchID: String, captureID: String,
        sequence: Int64, predecessor: String?
    ) {
        guard case .number(let version)? = root.raw("protocol_version"), Fields.number(version, equals: Self.protocolVersion) else {
            throw SureError(.unsupportedProtocol, "protocol_version must be 2, not \(Self.literal(root.raw("protocol_version")))")
        }
        let connectionID = try root.uuid("connection_id")
        let publisherID = try root.uuid("publisher_id")
        let streamID = try root.uuid("stream_id")
        let batchID = try root.uuid("batch_id")
        let captureID = try root.uuid("capture_id")
        guard connectionID == connection.id.lowercased() else {
            throw SureError(.publisherConflict, "connection_id \(connectionID) is not this connection (\(connection.id))")
        }
        guard publisherID == connection.publisherID.lowercased() else {
            throw SureError(.publisherConflict, "publisher_id \(publisherID) is not this connection's publisher")
        }
        guard streamID == connection.streamID.lowercased() else {
            throw SureError(.publisherConflict, "stream_id \(streamID) is not the connection's current stream")
        }
        guard case .number(let generation)? = root.raw("generation"), Fields.number(generation, equals: connection.generation) else {
            throw SureError(
                .generationConflict,
                "generation \(Self.literal(root.raw("generation"))) is not the connection's current generation \(connection.generation)")
        }
        let sequence = try root.integer("sequence")
        guard sequence >= 1, sequence <= 9_007_199_254_740_991 else {
            throw SureError(.invalidPayload, "sequence must be between 1 and 2^53-1, not \(sequence)")
        }
        var predecessor: String?
        switch root.raw("predecessor_digest") {
        case nil, .null?: predecessor = nil
        case .string(let text)? where text.utf8.count == 64 && text.utf8.allSatisfy({ Fields.isLowerHex($0) }):
            predecessor = text
        default:
            throw SureError(.invalidPayload, "predecessor_digest must be null or 64 lower-case hex digits")
        }
        if sequence == 1, predecessor != nil {
            throw SureError(.invalidPredecessor, "sequence 1 must not have a predecessor_digest")
        }
        if sequence > 1, predecessor == nil {
            throw SureError(.invalidPredecessor, "sequence \(sequence) needs the predecessor_digest of sequence \(sequence - 1)")
        }
        return (connectionID, publisherID, streamID, batchID, captureID, sequence, predecessor)
    }

    /// The capture the batch is a chunk of: its time (checked right after the stream), the mode
    /// and the chunk's place.
    private func validateCapture(_ root: Fields, refusals: inout PurseRefusals) throws(SureError) -> (
        instant: SureTime, capturedAt: Timestamp, captureMode: String, snapshotComplete: Bool,
        chunkIndex: Int, chunkCount: Int
    ) {
        let captured = try root.timestamp("captured_at")
        guard captured.instant <= SureTime(now).adding(seconds: Self.futureToleranceSeconds) else {
            throw SureError(.futureCapture, "captured_at \(root.stringValue("captured_at") ?? "") is more than 5 minutes in the future")
        }
        let capturedAt = refusals.timestamp(captured, field: "captured_at", text: root.stringValue("captured_at") ?? "")
        let captureMode = try root.enumeration("capture_mode", ["snapshot", "delta"])
        let snapshotComplete = try root.bool("snapshot_complete")
        if snapshotComplete, captureMode != "snapshot" {
            throw SureError(.invalidPayload, "snapshot_complete may be true only in snapshot mode")
        }
        let chunkIndex = try root.integer("chunk_index")
        let chunkCount = try root.integer("chunk_count")
        guard chunkIndex >= 0, chunkIndex < chunkCount else {
            throw SureError(.invalidPayload, "chunk_index \(chunkIndex) is not within 0..<\(chunkCount)")
        }
        guard chunkCount <= Int64(Self.maximumChunks) else {
            throw SureError(.captureLimit, "chunk_count \(chunkCount) is over the limit of \(Self.maximumChunks) chunks per capture")
        }
        return (captured.instant, capturedAt, captureMode, snapshotComplete, Int(chunkIndex), Int(chunkCount))
    }

    /// Exactly the consented accounts, compared as Sure compares them: any element as text,
    /// ignoring case, no repeats. Anything else, not an array included, is `scope_conflict`.
    private func selectedAccounts(_ root: Fields) throws(SureError) -> [String] {
        let conflict = SureError(.scopeConflict, "selected_source_account_ids is not exactly the consented accounts")
        guard case .array(let items)? = root.raw("selected_source_account_ids") else { throw conflict }
        var ids: [String] = []
        for item in items {
            guard case .string(let text) = item else { throw conflict }
            ids.append(text.lowercased())
        }
        guard Set(ids).count == ids.count, Set(ids) == Set(mappings.keys) else { throw conflict }
        guard ids.allSatisfy(Fields.isUUID) else {
            throw SureError(.invalidPayload, "selected_source_account_ids must hold UUID strings")
        }
        return ids
    }

    /// A JSON value as it was written, for messages.
    private static func literal(_ value: JSONValue?) -> String {
        switch value {
        case .number(let text)?: text
        case .string(let text)?: "\"\(text)\""
        case let other?: other.typeName
        case nil: "missing"
        }
    }

    // MARK: - Events

    private func validateEvents(_ root: Fields, capturedAt: SureTime, refusals: inout PurseRefusals) throws(SureError)
        -> [SureEvent]
    {
        // Sure answers anything but an array of at most 500 with record_limit.
        guard case .array(let rawEvents)? = root.raw("events") else {
            throw SureError(.recordLimit, "events must be an array of at most \(Self.maximumRecords) events")
        }
        guard rawEvents.count <= Self.maximumRecords else {
            throw SureError(.recordLimit, "\(rawEvents.count) events are over the limit of \(Self.maximumRecords) per batch")
        }
        var events: [SureEvent] = []
        var seen = Set<String>()
        for (index, raw) in rawEvents.enumerated() {
            let place = EventPlace(index: index, capturedAt: capturedAt)
            let (event, identity) = try validateEvent(raw, place, refusals: &refusals)
            guard seen.insert(identity).inserted else {
                throw SureError(.duplicateRecord, "events[\(index)] repeats a record already in this batch")
            }
            events.append(event)
        }
        return events
    }

    /// Where an event is: its index (for messages) and the capture time its times may not pass.
    private struct EventPlace {
        let index: Int
        let capturedAt: SureTime
    }

    /// One event, by its kind, and the identity of the record it is about (one per batch).
    private func validateEvent(_ raw: JSONValue, _ place: EventPlace, refusals: inout PurseRefusals) throws(SureError)
        -> (SureEvent, String)
    {
        let kinds = ["account_upsert", "account_unavailable", "balance_upsert", "transaction_upsert", "transaction_tombstone"]
        guard let event = try? Fields(raw, "events[\(place.index)]"), let kind = event.stringValue("kind"), kinds.contains(kind) else {
            throw SureError(
                .invalidPayload, "events[\(place.index)] must be an object whose kind is one of \(kinds.joined(separator: ", "))")
        }
        switch kind {
        case "account_upsert":
            try event.requireKeys(["kind", "account"], optional: [])
            return try validateAccountUpsert(try event.object("account"), place, refusals: &refusals)
        case "account_unavailable":
            try event.requireKeys(["kind", "source_account_id", "lineage_id", "mapping_version"], optional: [])
            let (binding, mapping) = try mapped(event, sourceKey: "source_account_id", place)
            return (.accountUnavailable(binding), "account_unavailable|\(mapping.sourceAccountID)")
        case "balance_upsert":
            try event.requireKeys(["kind", "balance"], optional: [])
            return try validateBalanceUpsert(try event.object("balance"), place, refusals: &refusals)
        case "transaction_upsert":
            try event.requireKeys(["kind", "transaction"], optional: [])
            return try validateTransactionUpsert(try event.object("transaction"), place, refusals: &refusals)
        default:
            try event.requireKeys(["kind", "tombstone"], optional: [])
            let record = try event.object("tombstone")
            try record.requireKeys(["source_id", "source_account_id", "lineage_id", "mapping_version"], optional: [])
            let sourceID = try record.uuid("source_id")
            let (binding, mapping) = try mapped(record, sourceKey: "source_account_id", place)
            return (
                .transactionTombstone(SureTombstone(binding: binding, sourceID: sourceID)),
                "transaction|\(mapping.lineageID)|\(sourceID)"
            )
        }
    }

    /// An account record is compared with its mapping only: its currency and kind by plain
    /// equality (any other value, of any type, is a mismatch), before its texts.
    private func validateAccountUpsert(_ account: Fields, _ place: EventPlace, refusals: inout PurseRefusals) throws(SureError)
        -> (SureEvent, String)
    {
        try account.requireKeys(
            [
                "source_id", "lineage_id", "mapping_version", "display_name", "institution_name",
                "currency", "kind",
            ], optional: ["account_description", "opening_date"])
        let (binding, mapping) = try mapped(account, sourceKey: "source_id", place)
        guard Fields.same(account.stringValue("currency"), mapping.currency) else {
            throw SureError(.currencyMismatch, "events[\(place.index)].account.currency is not the account's \(mapping.currency)")
        }
        let expectedKind = mapping.isLiability ? "liability" : "asset"
        guard Fields.same(account.stringValue("kind"), expectedKind) else {
            throw SureError(
                .accountTypeConflict, "events[\(place.index)]: a \(mapping.accountableType) account must be \(expectedKind)")
        }
        let displayName = try account.text("display_name", limit: 255)
        let institution = try account.text("institution_name", limit: 255)
        let description = try account.optionalText("account_description", limit: 1000, allowEmpty: true)
        var opening: Timestamp?
        if account.has("opening_date") {
            let read = try account.timestamp("opening_date")
            opening = refusals.timestamp(read, field: "\(account.path).opening_date", text: account.stringValue("opening_date") ?? "")
        }
        let upsert = SureAccountUpsert(
            binding: binding, displayName: displayName, institutionName: institution,
            currency: mapping.currency, kind: mapping.isLiability ? .liability : .asset,
            accountDescription: description, openingDate: opening)
        return (.accountUpsert(upsert), "account_upsert|\(mapping.sourceAccountID)")
    }

    private func validateBalanceUpsert(_ balance: Fields, _ place: EventPlace, refusals: inout PurseRefusals) throws(SureError)
        -> (SureEvent, String)
    {
        try balance.requireKeys(
            [
                "source_id", "source_account_id", "lineage_id", "mapping_version", "kind",
                "observed_at", "money",
            ], optional: [])
        let sourceID = try balance.uuid("source_id")
        let (binding, mapping) = try mapped(balance, sourceKey: "source_account_id", place)
        let kind = try balance.enumeration("kind", ["available", "booked"])
        let observedText = balance.stringValue("observed_at") ?? ""
        let observed = try notAfterCapture(try balance.timestamp("observed_at"), "observed_at", place)
        let money = try balance.money("money", refusals: &refusals)
        try sameCurrency(money, mapping, place)
        let observedAt = refusals.timestamp(observed, field: "\(balance.path).observed_at", text: observedText)
        let upsert = SureBalanceUpsert(binding: binding, sourceID: sourceID, kind: kind, observedAt: observedAt, money: money)
        return (.balanceUpsert(upsert), "balance|\(mapping.lineageID)|\(sourceID)|\(kind)|\(observedText)")
    }

    private func validateTransactionUpsert(_ record: Fields, _ place: EventPlace, refusals: inout PurseRefusals) throws(SureError)
        -> (SureEvent, String)
    {
        try record.requireKeys(
            [
                "source_id", "source_account_id", "lineage_id", "mapping_version", "amount",
                "transaction_description", "original_transaction_description", "transaction_type",
                "status", "transacted_at",
            ],
            optional: [
                "foreign_amount", "foreign_exchange_rate", "merchant_name", "merchant_category_code", "posted_at",
            ])
        let sourceText = try record.uuidAsWritten("source_id")
        let (binding, mapping) = try mapped(record, sourceKey: "source_account_id", place)
        let amount = try record.money("amount", refusals: &refusals)
        try sameCurrency(amount, mapping, place)
        let foreign = record.has("foreign_amount") ? try record.money("foreign_amount", refusals: &refusals) : nil
        let rate = try exchangeRate(record, place)
        let status = try record.enumeration("status", ["authorized", "pending", "booked", "rejected", "memo", "unknown"])
        let type = try record.text("transaction_type", limit: 100)
        let description = try record.text("transaction_description", limit: 1000, allowEmpty: true)
        let original = try record.text("original_transaction_description", limit: 1000, allowEmpty: true)
        let merchant = try record.optionalText("merchant_name", limit: 255)
        let mcc = try merchantCategoryCode(record, place)
        let transacted = try notAfterCapture(try record.timestamp("transacted_at"), "transacted_at", place)
        let posted = record.has("posted_at") ? try notAfterCapture(try record.timestamp("posted_at"), "posted_at", place) : nil
        let transactedAt = refusals.timestamp(
            transacted, field: "\(record.path).transacted_at", text: record.stringValue("transacted_at") ?? "")
        let postedAt = posted.map {
            refusals.timestamp($0, field: "\(record.path).posted_at", text: record.stringValue("posted_at") ?? "")
        }
        let upsert = SureTransactionUpsert(
            binding: binding, sourceIDText: sourceText, amount: amount, transactionDescription: description,
            originalTransactionDescription: original, transactionType: type, status: status,
            transactedAt: transactedAt, postedAt: postedAt, merchantName: merchant, merchantCategoryCode: mcc,
            foreignAmount: foreign, foreignExchangeRate: rate)
        return (.transactionUpsert(upsert), "transaction|\(mapping.lineageID)|\(upsert.sourceID)")
    }

    /// A record's time may not be after the capture's, to the last fraction digit.
    private func notAfterCapture(_ time: SureTimestamp, _ key: String, _ place: EventPlace) throws(SureError) -> SureTimestamp {
        guard time.instant <= place.capturedAt else {
            throw SureError(.invalidPayload, "events[\(place.index)]: \(key) is after captured_at")
        }
        return time
    }

    private func sameCurrency(_ money: SureMoney, _ mapping: SureAccountMapping, _ place: EventPlace) throws(SureError) {
        guard Fields.same(money.amount.currency, mapping.currency) else {
            throw SureError(
                .currencyMismatch, "events[\(place.index)]: currency \(money.amount.currency) is not the account's \(mapping.currency)")
        }
    }

    private func merchantCategoryCode(_ record: Fields, _ place: EventPlace) throws(SureError) -> Int? {
        guard record.has("merchant_category_code") else { return nil }
        let code = try record.integer("merchant_category_code")
        guard code >= -32768, code <= 32767 else {
            throw SureError(.invalidPayload, "events[\(place.index)]: merchant_category_code is out of range")
        }
        return Int(code)
    }

    private func exchangeRate(_ record: Fields, _ place: EventPlace) throws(SureError) -> String? {
        guard record.has("foreign_exchange_rate") else { return nil }
        guard case .string(let text)? = record.raw("foreign_exchange_rate"), Fields.isDecimal(text, integerDigits: 18, fractionDigits: 18)
        else {
            throw SureError(.invalidPayload, "events[\(place.index)]: foreign_exchange_rate is not a decimal string")
        }
        return text
    }

    /// Sure's `mapping!`: the record's source account and lineage are UUIDs, and with its
    /// integer mapping version they name exactly a mapping of the connection.
    private func mapped(_ record: Fields, sourceKey: String, _ place: EventPlace) throws(SureError)
        -> (SureBinding, SureAccountMapping)
    {
        let sourceAccountID = try record.uuid(sourceKey)
        let lineageID = try record.uuid("lineage_id")
        guard let mapping = mappings[sourceAccountID], mapping.lineageID.lowercased() == lineageID,
            case .number(let version)? = record.raw("mapping_version"), Fields.integer(version) == mapping.mappingVersion
        else {
            throw SureError(
                .mappingConflict, "events[\(place.index)]: the account binding does not match a mapped account of this connection")
        }
        return (SureBinding(sourceAccountID: sourceAccountID, lineageID: lineageID, mappingVersion: mapping.mappingVersion), mapping)
    }
}
