import Ledger
import LedgerStore
import StrictJSON

/// Sure's typed validation of a batch body (§2, step 3 of §3.2), against a connection's
/// identity, consent and mappings. The first rule broken decides the error code.
public struct SureBatchValidator {
    public static let protocolVersion: Int64 = 2
    public static let maximumPayloadBytes = 1_048_576
    public static let maximumRecords = 500
    public static let maximumChunks = 100
    public static let maximumAccounts = 20
    public static let maximumQueuedBatches = 100
    /// Captures may be dated at most this far after now.
    public static let futureToleranceSeconds: Int64 = 300

    let connection: SureConnectionRecord
    /// Lowercased source account id -> mapping.
    let mappings: [String: SureMappingRecord]
    let now: Timestamp

    public init(connection: SureConnectionRecord, mappings: [SureMappingRecord], now: Timestamp) {
        self.connection = connection
        self.mappings = Dictionary(mappings.map { ($0.sourceAccountID, $0) }, uniquingKeysWith: { first, _ in first })
        self.now = now
    }

    /// Parses and validates `bytes`.
    public func validate(bytes: [UInt8]) throws(SureError) -> SureBatch {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw SureError(.invalidJSON, "the body is not valid JSON (\(error))")
        }
        return try validate(value)
    }

    public func validate(_ value: JSONValue) throws(SureError) -> SureBatch {
        let root = try Fields(value, "the batch")
        // A batch of another protocol is refused as such before its shape is looked at.
        if let version = root.raw("protocol_version"), case .number(let text) = version, let number = Fields.integer(text),
           number != Self.protocolVersion {
            throw SureError(.unsupportedProtocol, "protocol_version \(number) is not supported (only 2)")
        }
        try root.requireKeys(["protocol_version", "connection_id", "publisher_id", "generation", "stream_id", "batch_id",
                              "sequence", "capture_id", "chunk_index", "chunk_count", "capture_mode", "snapshot_complete",
                              "captured_at", "selected_source_account_ids", "events"],
                             optional: ["predecessor_digest"])
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
            throw SureError(.generationConflict, "generation \(generation) is not the connection's current generation \(connection.generation)")
        }
        let streamID = try root.uuid("stream_id")
        guard streamID == connection.streamID else {
            throw SureError(.publisherConflict, "stream_id \(streamID) is not the connection's current stream")
        }
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
        let selected = try selectedAccounts(root)
        guard case .array(let rawEvents) = root.raw("events")! else {
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
        return SureBatch(protocolVersion: version, connectionID: connectionID, publisherID: publisherID,
                         generation: generation, streamID: streamID, batchID: batchID, sequence: sequence,
                         predecessorDigest: predecessor, captureID: captureID, chunkIndex: Int(chunkIndex),
                         chunkCount: Int(chunkCount), captureMode: captureMode, snapshotComplete: snapshotComplete,
                         capturedAt: capturedAt, selectedSourceAccountIDs: selected, events: events)
    }

    private func selectedAccounts(_ root: Fields) throws(SureError) -> [String] {
        guard case .array(let items) = root.raw("selected_source_account_ids")! else {
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

    private func validateEvent(_ raw: JSONValue, index: Int, capturedAt: Timestamp) throws(SureError) -> (SureEvent, String) {
        let event = try Fields(raw, "events[\(index)]")
        guard case .string(let kind)? = event.raw("kind") else {
            throw SureError(.invalidPayload, "events[\(index)] needs a string kind")
        }
        switch kind {
        case "account_upsert":
            try event.requireKeys(["kind", "account"], optional: [])
            let account = try Fields(event.raw("account")!, "events[\(index)].account")
            try account.requireKeys(["source_id", "lineage_id", "mapping_version", "display_name", "institution_name",
                                     "currency", "kind"], optional: ["account_description", "opening_date"])
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
                throw SureError(.accountTypeConflict, "events[\(index)]: a \(mapping.accountableType) account must be \(mapping.isLiability ? "liability" : "asset")")
            }
            let upsert = SureAccountUpsert(binding: binding, displayName: displayName, institutionName: institution,
                                           currency: currency, kind: accountKind == "liability" ? .liability : .asset,
                                           accountDescription: description, openingDate: opening)
            return (.accountUpsert(upsert), "account_upsert|\(binding.lineageID)")
        case "account_unavailable":
            try event.requireKeys(["kind", "source_account_id", "lineage_id", "mapping_version"], optional: [])
            let binding = try event.binding(sourceKey: "source_account_id")
            _ = try mapped(binding, index)
            return (.accountUnavailable(binding), "account_unavailable|\(binding.lineageID)")
        case "balance_upsert":
            try event.requireKeys(["kind", "balance"], optional: [])
            let balance = try Fields(event.raw("balance")!, "events[\(index)].balance")
            try balance.requireKeys(["source_id", "source_account_id", "lineage_id", "mapping_version", "kind",
                                     "observed_at", "money"], optional: [])
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
                throw SureError(.currencyMismatch, "events[\(index)]: currency \(money.amount.currency) is not the account's \(mapping.currency)")
            }
            let observedText = balance.stringValue("observed_at") ?? observedAt.text
            let upsert = SureBalanceUpsert(binding: binding, sourceID: sourceID, kind: kind, observedAt: observedAt, money: money)
            return (.balanceUpsert(upsert), "balance|\(binding.lineageID)|\(sourceID)|\(kind)|\(observedText)")
        case "transaction_upsert":
            try event.requireKeys(["kind", "transaction"], optional: [])
            let record = try Fields(event.raw("transaction")!, "events[\(index)].transaction")
            try record.requireKeys(["source_id", "source_account_id", "lineage_id", "mapping_version", "amount",
                                    "transaction_description", "original_transaction_description", "transaction_type",
                                    "status", "transacted_at"],
                                   optional: ["posted_at", "merchant_name", "merchant_category_code", "foreign_amount",
                                              "foreign_exchange_rate"])
            _ = try record.uuid("source_id")
            let sourceText = record.stringValue("source_id")!
            let binding = try record.binding(sourceKey: "source_account_id")
            let amount = try record.money("amount")
            let description = try record.text("transaction_description", 0...1000)
            let original = try record.text("original_transaction_description", 0...1000)
            let type = try record.text("transaction_type", 1...100)
            let status = try record.enumeration("status", ["authorized", "pending", "booked", "rejected", "memo", "unknown"])
            let transactedAt = try record.timestamp("transacted_at")
            let postedAt = try record.optionalTimestamp("posted_at")
            let merchant = try record.optionalText("merchant_name", 1...255)
            var mcc: Int?
            if record.raw("merchant_category_code") != nil {
                let code = try record.integer("merchant_category_code")
                guard code >= -32768, code <= 32767 else {
                    throw SureError(.invalidPayload, "events[\(index)]: merchant_category_code is out of range")
                }
                mcc = Int(code)
            }
            var foreign: SureMoney?
            if record.raw("foreign_amount") != nil { foreign = try record.money("foreign_amount") }
            var rate: String?
            if record.raw("foreign_exchange_rate") != nil {
                let text = try record.string("foreign_exchange_rate")
                guard Fields.isDecimal(text, integerDigits: 18, fractionDigits: 18) else {
                    throw SureError(.invalidPayload, "events[\(index)]: foreign_exchange_rate is not a decimal string")
                }
                rate = text
            }
            guard transactedAt.epochSeconds <= capturedAt.epochSeconds,
                  postedAt.map({ $0.epochSeconds <= capturedAt.epochSeconds }) ?? true else {
                throw SureError(.invalidTimestamp, "events[\(index)]: transacted_at or posted_at is after captured_at")
            }
            let mapping = try mapped(binding, index)
            guard amount.amount.currency == mapping.currency else {
                throw SureError(.currencyMismatch, "events[\(index)]: currency \(amount.amount.currency) is not the account's \(mapping.currency)")
            }
            let upsert = SureTransactionUpsert(
                binding: binding, sourceIDText: sourceText, amount: amount, transactionDescription: description,
                originalTransactionDescription: original, transactionType: type, status: status,
                transactedAt: transactedAt, postedAt: postedAt, merchantName: merchant, merchantCategoryCode: mcc,
                foreignAmount: foreign, foreignExchangeRate: rate)
            return (.transactionUpsert(upsert), "transaction|\(binding.lineageID)|\(upsert.sourceID)")
        case "transaction_tombstone":
            try event.requireKeys(["kind", "tombstone"], optional: [])
            let record = try Fields(event.raw("tombstone")!, "events[\(index)].tombstone")
            try record.requireKeys(["source_id", "source_account_id", "lineage_id", "mapping_version"], optional: [])
            let sourceID = try record.uuid("source_id")
            let binding = try record.binding(sourceKey: "source_account_id")
            _ = try mapped(binding, index)
            return (.transactionTombstone(SureTombstone(binding: binding, sourceID: sourceID)),
                    "transaction|\(binding.lineageID)|\(sourceID)")
        default:
            throw SureError(.invalidPayload, "events[\(index)]: unknown kind '\(kind)'")
        }
    }

    /// The mapping a binding names; it must match a mapped, selected account exactly.
    private func mapped(_ binding: SureBinding, _ index: Int) throws(SureError) -> SureMappingRecord {
        guard let mapping = mappings[binding.sourceAccountID], mapping.lineageID == binding.lineageID,
              mapping.mappingVersion == binding.mappingVersion else {
            throw SureError(.mappingConflict, "events[\(index)]: the account binding does not match a mapped account of this connection")
        }
        return mapping
    }
}

/// An object's members with typed, strict readers. The last of duplicate keys wins, as in Sure's
/// JSON parser.
struct Fields {
    let values: [String: JSONValue]
    let path: String

    init(_ value: JSONValue, _ path: String) throws(SureError) {
        guard case .object(let object) = value else {
            throw SureError(.invalidPayload, "\(path) must be an object, not \(value.typeName)")
        }
        var values: [String: JSONValue] = [:]
        for member in object.members { values[member.key] = member.value }
        self.values = values
        self.path = path
    }

    func raw(_ key: String) -> JSONValue? { values[key] }

    func stringValue(_ key: String) -> String? {
        if case .string(let text)? = values[key] { return text }
        return nil
    }

    func requireKeys(_ required: [String], optional: [String]) throws(SureError) {
        for key in required where values[key] == nil {
            throw SureError(.invalidPayload, "\(path) lacks the required key \(key)")
        }
        let known = Set(required + optional)
        if let unknown = values.keys.sorted().first(where: { !known.contains($0) }) {
            throw SureError(.invalidPayload, "\(path) has an unknown key \(unknown)")
        }
    }

    private func present(_ key: String) throws(SureError) -> JSONValue {
        guard let value = values[key] else { throw SureError(.invalidPayload, "\(path) lacks the required key \(key)") }
        return value
    }

    func integer(_ key: String) throws(SureError) -> Int64 {
        guard case .number(let text) = try present(key), let number = Self.integer(text) else {
            throw SureError(.invalidPayload, "\(path).\(key) must be an integer")
        }
        return number
    }

    func string(_ key: String) throws(SureError) -> String {
        guard case .string(let text) = try present(key) else {
            throw SureError(.invalidPayload, "\(path).\(key) must be a string")
        }
        return text
    }

    func bool(_ key: String) throws(SureError) -> Bool {
        guard case .bool(let flag) = try present(key) else {
            throw SureError(.invalidPayload, "\(path).\(key) must be true or false")
        }
        return flag
    }

    func uuid(_ key: String) throws(SureError) -> String {
        let text = try string(key)
        guard Self.isUUID(text) else { throw SureError(.invalidPayload, "\(path).\(key) must be a UUID") }
        return text.lowercased()
    }

    func enumeration(_ key: String, _ allowed: [String]) throws(SureError) -> String {
        let text = try string(key)
        guard allowed.contains(text) else {
            throw SureError(.invalidPayload, "\(path).\(key) must be one of \(allowed.joined(separator: ", "))")
        }
        return text
    }

    func text(_ key: String, _ length: ClosedRange<Int>) throws(SureError) -> String {
        let text = try string(key)
        guard length.contains(text.unicodeScalars.count) else {
            throw SureError(.invalidPayload, "\(path).\(key) must have \(length.lowerBound) to \(length.upperBound) characters")
        }
        return text
    }

    func optionalText(_ key: String, _ length: ClosedRange<Int>) throws(SureError) -> String? {
        values[key] == nil ? nil : try text(key, length)
    }

    func timestamp(_ key: String) throws(SureError) -> Timestamp {
        let text = try string(key)
        guard let timestamp = Timestamp(rfc3339: text) else {
            throw SureError(.invalidTimestamp, "\(path).\(key) must be an ISO 8601 time ending in Z or ±HH:MM")
        }
        return timestamp
    }

    func optionalTimestamp(_ key: String) throws(SureError) -> Timestamp? {
        values[key] == nil ? nil : try timestamp(key)
    }

    func currency(_ key: String) throws(SureError) -> String {
        let code = try string(key)
        guard CurrencyTable.isKnown(code) else {
            throw SureError(.invalidCurrency, "\(path).\(key): '\(code)' is not a known currency code")
        }
        return code
    }

    func binding(sourceKey: String) throws(SureError) -> SureBinding {
        SureBinding(sourceAccountID: try uuid(sourceKey), lineageID: try uuid("lineage_id"),
                    mappingVersion: try integer("mapping_version"))
    }

    func money(_ key: String) throws(SureError) -> SureMoney {
        let object = try Fields(try present(key), "\(path).\(key)")
        try object.requireKeys(["amount", "currency", "direction"], optional: [])
        let amountText = try object.string("amount")
        guard Self.isDecimal(amountText, integerDigits: 15, fractionDigits: 4) else {
            throw SureError(.invalidPayload, "\(path).\(key).amount must be an unsigned decimal string with at most 4 fraction digits")
        }
        let currency = try object.currency("currency")
        let direction = try object.enumeration("direction", ["credit", "debit"])
        let amount: Money
        do {
            amount = try Money(parsing: amountText, currency: currency)
        } catch {
            throw SureError(.invalidPayload, "\(path).\(key).amount is out of range")
        }
        return SureMoney(amount: amount, text: amountText, direction: direction == "credit" ? .credit : .debit)
    }

    // MARK: Lexical rules

    static func integer(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        let digits = bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes[...]
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int64(text)
    }

    static func isLowerHex(_ byte: UInt8) -> Bool {
        (byte >= 48 && byte <= 57) || (byte >= 97 && byte <= 102)
    }

    /// 8-4-4-4-12 hex digits, either case.
    static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard isLowerHex(byte) || (byte >= 65 && byte <= 70) else { return false }
            }
        }
        return true
    }

    /// `^(0|[1-9][0-9]{0,n-1})(\.[0-9]{1,m})?$`.
    static func isDecimal(_ text: String, integerDigits: Int, fractionDigits: Int) -> Bool {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = Array(parts[0].utf8)
        guard !whole.isEmpty, whole.count <= integerDigits, whole.allSatisfy({ $0 >= 48 && $0 <= 57 }),
              whole.count == 1 || whole[0] != UInt8(ascii: "0") else { return false }
        guard parts.count == 2 else { return true }
        let fraction = Array(parts[1].utf8)
        return !fraction.isEmpty && fraction.count <= fractionDigits && fraction.allSatisfy { $0 >= 48 && $0 <= 57 }
    }
}
