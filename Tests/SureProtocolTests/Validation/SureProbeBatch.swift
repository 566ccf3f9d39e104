import Ledger
import SureProtocol

/// A batch for comparing purse's validator with Sure's: a valid baseline (one USD Depository
/// account, captured at "now", with one event of every kind and every optional field), which
/// each probe edits in one place, and purse's answer to it (`accepted` or Sure's error code).
/// The probes are our own research: each batch was also run through a transcription of Sure's
/// validation, whose answer the probe records.
struct SureProbeBatch {
    static let connectionID = "6f0c0000-0000-4000-8000-000000000001"
    static let publisherID = "6f0c0000-0000-4000-8000-000000000002"
    static let streamID = "6f0c0000-0000-4000-8000-000000000003"
    static let accountID = "11111111-1111-4111-8111-111111111111"
    static let lineageID = "6f0c0000-0000-4000-8000-000000000004"
    static let otherID = "6f0c0000-0000-4000-8000-000000000009"
    static let now = Timestamp(rfc3339: "2026-09-10T12:00:00Z")!

    // Where the baseline's events are.
    static let account = "events.0.account"
    static let balance = "events.1.balance"
    static let transaction = "events.2.transaction"
    static let tombstone = "events.3.tombstone"
    static let unavailable = "events.4"

    var body: DraftJSON
    var accountCurrency = "USD"
    /// A last edit of the bytes, for what a JSON tree cannot say (comments, a bad escape).
    var rewrite: (@Sendable (String) -> String)?

    init() {
        let binding: [DraftJSON.Member] = [
            .init(key: "lineage_id", value: .string(Self.lineageID)), .init(key: "mapping_version", value: .raw("1")),
        ]
        func record(_ members: [(String, DraftJSON)], bound: Bool = true, sourceKey: String = "source_account_id") -> DraftJSON {
            let source: [DraftJSON.Member] = bound ? [.init(key: sourceKey, value: .string(Self.accountID))] + binding : []
            let own = members.map { DraftJSON.Member(key: $0.0, value: $0.1) }
            return .object(own.prefix(1) + source + own.dropFirst())
        }
        func money(_ amount: String, _ currency: String, _ direction: String) -> DraftJSON {
            .object([
                .init(key: "amount", value: .string(amount)), .init(key: "currency", value: .string(currency)),
                .init(key: "direction", value: .string(direction)),
            ])
        }
        let account: DraftJSON = .object(
            [.init(key: "source_id", value: .string(Self.accountID))] + binding + [
                .init(key: "display_name", value: .string("Apple Cash")), .init(key: "institution_name", value: .string("Apple")),
                .init(key: "currency", value: .string("USD")), .init(key: "kind", value: .string("asset")),
                .init(key: "account_description", value: .string("Cash")),
                .init(key: "opening_date", value: .string("2020-01-01T00:00:00Z")),
            ])
        let balance = record([
            ("source_id", .string("ba000000-0000-4000-8000-000000000001")), ("kind", .string("booked")),
            ("observed_at", .string("2026-09-10T11:00:00Z")), ("money", money("112.66", "USD", "credit")),
        ])
        let transaction = record([
            ("source_id", .string("7A000000-0000-4000-8000-000000000001")), ("amount", money("12.34", "USD", "debit")),
            ("transaction_description", .string("COFFEE")), ("original_transaction_description", .string("COFFEE #12")),
            ("transaction_type", .string("purchase")), ("status", .string("booked")),
            ("transacted_at", .string("2026-09-01T06:00:00Z")), ("posted_at", .string("2026-09-02T06:00:00Z")),
            ("merchant_name", .string("Coffee")), ("merchant_category_code", .raw("5814")),
            ("foreign_amount", money("11.00", "EUR", "debit")), ("foreign_exchange_rate", .string("1.1218")),
        ])
        let tombstone = record([("source_id", .string("7A000000-0000-4000-8000-000000000002"))])
        let unavailable: DraftJSON = .object(
            [.init(key: "kind", value: .string("account_unavailable")), .init(key: "source_account_id", value: .string(Self.accountID))]
                + binding)
        func event(_ kind: String, _ key: String, _ value: DraftJSON) -> DraftJSON {
            .object([.init(key: "kind", value: .string(kind)), .init(key: key, value: value)])
        }
        body = .object([
            .init(key: "protocol_version", value: .raw("2")), .init(key: "connection_id", value: .string(Self.connectionID)),
            .init(key: "publisher_id", value: .string(Self.publisherID)), .init(key: "generation", value: .raw("1")),
            .init(key: "stream_id", value: .string(Self.streamID)),
            .init(key: "batch_id", value: .string("b0000000-0000-4000-8000-000000000001")), .init(key: "sequence", value: .raw("1")),
            .init(key: "capture_id", value: .string("c0000000-0000-4000-8000-000000000001")),
            .init(key: "chunk_index", value: .raw("0")), .init(key: "chunk_count", value: .raw("1")),
            .init(key: "capture_mode", value: .string("snapshot")), .init(key: "snapshot_complete", value: .raw("true")),
            .init(key: "captured_at", value: .string("2026-09-10T12:00:00Z")),
            .init(key: "selected_source_account_ids", value: .array([.string(Self.accountID)])),
            .init(
                key: "events",
                value: .array([
                    event("account_upsert", "account", account), event("balance_upsert", "balance", balance),
                    event("transaction_upsert", "transaction", transaction),
                    event("transaction_tombstone", "tombstone", tombstone), unavailable,
                ])),
        ])
    }

    // MARK: Editing

    /// Sets the value at a dotted path (nil removes it).
    mutating func set(_ path: String, _ value: DraftJSON?) {
        body.set(path.split(separator: "."), to: value)
    }

    /// Sets the value at a dotted path to raw JSON text.
    mutating func set(_ path: String, raw: String) { set(path, .raw(raw)) }

    /// Sets the value at a dotted path to a JSON string.
    mutating func set(_ path: String, string: String) { set(path, .string(string)) }

    /// An account in `code`: the mapping, the account record, the amount and the balance.
    mutating func useCurrency(_ code: String) {
        accountCurrency = code
        for path in [Self.account + ".currency", Self.transaction + ".amount.currency", Self.balance + ".money.currency"] {
            set(path, string: code)
        }
    }

    // MARK: Asking purse

    var bytes: [UInt8] {
        let text = body.text
        return Array((rewrite?(text) ?? text).utf8)
    }

    var validator: SureBatchValidator {
        let mapping = SureAccountMapping(
            sourceAccountID: Self.accountID, position: 0, accountID: Self.accountID, lineageID: Self.lineageID,
            mappingVersion: 1, accountableType: "Depository", subtype: "checking", currency: accountCurrency,
            name: "Apple Cash", institutionName: "Apple", ledgerTimezone: "UTC")
        return SureBatchValidator(
            connection: SureConnectionIdentity(
                id: Self.connectionID, publisherID: Self.publisherID, generation: 1, streamID: Self.streamID),
            mappings: [mapping], now: Self.now)
    }

    /// purse's answer: the batch validated, or the error it was refused with.
    var result: Result<SureBatch, SureError> {
        do {
            return .success(try validator.validate(bytes: bytes))
        } catch {
            return .failure(error)
        }
    }

    /// `accepted`, or the code of the refusal.
    var answer: String {
        switch result {
        case .success: "accepted"
        case .failure(let error): error.code.rawValue
        }
    }
}
