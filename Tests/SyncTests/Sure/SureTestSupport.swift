import Analytics
import Foundation
import Ledger
import PurseTestSupport
import Storage
import SureProtocol
import Testing

@testable import LedgerStore
@testable import Sync

/// A ledger with one Sure connection (a credit card and a cash account) and its inbox folder,
/// with builders for batch files; the clock can be moved.
final class SureWorld {
    static let card = "11111111-1111-4111-8111-111111111111"
    static let cash = "22222222-2222-4222-8222-222222222222"

    let folder: TemporaryFolder
    let store: LedgerStore
    var now = Timestamp(rfc3339: "2026-09-10T12:30:00Z")!
    var configuration: SureConfiguration
    /// Payload digests by sequence, in the current generation.
    var digests: [Int64: String] = [:]
    var inbox: String { folder.path + "/inbox" }

    init(writeConfiguration: Bool = true, currency: String = "USD") throws {
        folder = try TemporaryFolder()
        store = try LedgerStore(
            path: folder.file("ledger.sqlite"), mode: .create(keeper: ClassificationKeeper(base: ReportTimeZone(identifier: "UTC")!)),
            now: now)
        configuration = try SureConnections(store: store, now: now).connect(
            [
                SureAccountRequest(
                    sourceAccountID: Self.card, accountableType: "CreditCard", currency: currency, name: "Apple Card",
                    institutionName: "Apple"
                ),
                SureAccountRequest(
                    sourceAccountID: Self.cash, accountableType: "Depository", currency: currency, name: "Apple Cash",
                    institutionName: "Apple"
                ),
            ], defaultTimezone: "America/Los_Angeles")
        try FileManager.default.createDirectory(atPath: inbox + "/batches", withIntermediateDirectories: true)
        if writeConfiguration { try writeConnectionJSON() }
    }

    var connection: SureConnectionRecord { get throws { try store.sureConnection(id: configuration.connection.id)! } }
    func lineage(_ account: String) -> String { configuration.mappings.first { $0.accountID == account }!.lineageID }

    /// A minimal connection.json: ids, bindings, accounts and the credential.
    func writeConnectionJSON(credential: String? = nil) throws {
        let c = configuration.connection
        let bindings = configuration.mappings.map {
            #"{"source_account_id":"\#($0.accountID)","lineage_id":"\#($0.lineageID)","mapping_version":\#($0.mappingVersion)}"#
        }.joined(separator: ",")
        let accounts = configuration.mappings.map {
            #"{"source_id":"\#($0.accountID)","currency":"\#($0.currency)","accountable_type":"\#($0.accountableType)","ledger_timezone":"\#($0.ledgerTimezone)","name":"\#($0.name)"}"#
        }.joined(separator: ",")
        let selected = configuration.mappings.map { "\"\($0.accountID)\"" }.joined(separator: ",")
        let text =
            #"{"protocol_version":2,"connection_id":"\#(c.id)","publisher_id":"\#(c.publisherID)","generation":\#(c.generation),"stream_id":"\#(c.streamID)","consent":{"selected_source_account_ids":[\#(selected)]},"account_bindings":[\#(bindings)],"accounts":[\#(accounts)],"publisher_credential":"\#(credential ?? configuration.credential ?? "")"}"#
        try text.write(toFile: inbox + "/connection.json", atomically: true, encoding: .utf8)
    }

    /// After a repair: the new configuration, and digests start again.
    func adopt(_ new: SureConfiguration) throws {
        configuration = new
        digests = [:]
        try writeConnectionJSON()
    }

    // MARK: Batches

    static func uuid(_ prefix: String, _ number: Int) -> String {
        let hex = String(format: "%08x", number)
        return "\(prefix)-0000-4000-8000-0000\(hex)"
    }

    /// A batch body. `predecessor` defaults to the digest recorded for sequence - 1.
    func batch(
        _ sequence: Int64, events: [String], batchID: String? = nil, captureID: String? = nil,
        chunkIndex: Int = 0, chunkCount: Int = 1, mode: String = "delta", complete: Bool = false,
        capturedAt: String = "2026-09-10T12:00:00Z", predecessor: String?? = nil,
        overrides: [String: String] = [:], extra: String = ""
    ) -> String {
        let c = configuration.connection
        var fields: [(String, String)] = [
            ("protocol_version", "2"), ("connection_id", "\"\(c.id)\""), ("publisher_id", "\"\(c.publisherID)\""),
            ("generation", "\(c.generation)"), ("stream_id", "\"\(c.streamID)\""),
            ("batch_id", "\"\(batchID ?? Self.uuid("b0000000", Int(sequence) + 1000 * Int(c.generation)))\""),
            ("sequence", "\(sequence)"),
        ]
        let pred: String? = predecessor ?? (sequence > 1 ? digests[sequence - 1] : nil)
        if let pred { fields.append(("predecessor_digest", "\"\(pred)\"")) }
        fields += [
            ("capture_id", "\"\(captureID ?? Self.uuid("c0000000", Int(sequence) + 1000 * Int(c.generation)))\""),
            ("chunk_index", "\(chunkIndex)"), ("chunk_count", "\(chunkCount)"), ("capture_mode", "\"\(mode)\""),
            ("snapshot_complete", complete ? "true" : "false"), ("captured_at", "\"\(capturedAt)\""),
            ("selected_source_account_ids", "[\(configuration.mappings.map { "\"\($0.accountID)\"" }.joined(separator: ","))]"),
            ("events", "[\(events.joined(separator: ","))]"),
        ]
        for (key, value) in overrides {
            if let index = fields.firstIndex(where: { $0.0 == key }) {
                if value.isEmpty { fields.remove(at: index) } else { fields[index].1 = value }
            } else if !value.isEmpty {
                fields.append((key, value))
            }
        }
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + extra + "}"
    }

    /// Writes a batch file (recording its digest under its sequence) and returns its name.
    @discardableResult
    func write(_ name: String, _ body: String, sequence: Int64? = nil) throws -> String {
        try body.write(toFile: inbox + "/batches/" + name, atomically: true, encoding: .utf8)
        if let sequence { digests[sequence] = SHA256.hexDigest(Array(body.utf8)) }
        return name
    }

    /// Builds and writes batch `sequence` as `NNNN.json`.
    @discardableResult
    func put(
        _ sequence: Int64, _ events: [String], chunkIndex: Int = 0, chunkCount: Int = 1, captureID: String? = nil,
        capturedAt: String = "2026-09-10T12:00:00Z", predecessor: String?? = nil
    ) throws -> String {
        let body = batch(
            sequence, events: events, captureID: captureID, chunkIndex: chunkIndex, chunkCount: chunkCount,
            capturedAt: capturedAt, predecessor: predecessor)
        return try write(String(format: "g%d-%04d.json", configuration.connection.generation, sequence), body, sequence: sequence)
    }

    @discardableResult
    func sync() throws -> SureInbox.Report {
        try SureInbox(path: inbox).sync(store: store, now: now)
    }

    // MARK: Events

    func binding(_ account: String) -> String {
        let mapping = configuration.mappings.first { $0.accountID == account }!
        return #""lineage_id":"\#(mapping.lineageID)","mapping_version":\#(mapping.mappingVersion)"#
    }

    func accountUpsert(_ account: String = card, name: String = "Apple Card", kind: String = "liability", currency: String = "USD")
        -> String
    {
        #"{"kind":"account_upsert","account":{"source_id":"\#(account)",\#(binding(account)),"display_name":"\#(name)","institution_name":"Apple","currency":"\#(currency)","kind":"\#(kind)"}}"#
    }

    func unavailable(_ account: String = card) -> String {
        #"{"kind":"account_unavailable","source_account_id":"\#(account)",\#(binding(account))}"#
    }

    func balance(
        _ id: Int, account: String = card, kind: String = "booked", at observed: String = "2026-09-10T11:00:00Z",
        amount: String = "112.66", currency: String = "USD", direction: String = "debit"
    ) -> String {
        #"{"kind":"balance_upsert","balance":{"source_id":"\#(Self.uuid("ba000000", id))","source_account_id":"\#(account)",\#(binding(account)),"kind":"\#(kind)","observed_at":"\#(observed)","money":{"amount":"\#(amount)","currency":"\#(currency)","direction":"\#(direction)"}}}"#
    }

    static func transactionID(_ id: Int) -> String { uuid("7a000000", id).uppercased() }

    func transaction(
        _ id: Int, account: String = card, amount: String = "12.34", direction: String = "debit",
        status: String = "booked", at transacted: String = "2026-09-01T06:00:00Z", merchant: String? = "Coffee",
        currency: String = "USD", extra: String = ""
    ) -> String {
        let merchantField = merchant.map { #","merchant_name":"\#($0)""# } ?? ""
        return
            #"{"kind":"transaction_upsert","transaction":{"source_id":"\#(Self.transactionID(id))","source_account_id":"\#(account)",\#(binding(account)),"amount":{"amount":"\#(amount)","currency":"\#(currency)","direction":"\#(direction)"},"transaction_description":"COFFEE","original_transaction_description":"COFFEE #12","transaction_type":"purchase","status":"\#(status)","transacted_at":"\#(transacted)"\#(merchantField)\#(extra)}}"#
    }

    func tombstone(_ id: Int, account: String = card) -> String {
        #"{"kind":"transaction_tombstone","tombstone":{"source_id":"\#(Self.transactionID(id))","source_account_id":"\#(account)",\#(binding(account))}}"#
    }

    // MARK: Looking

    /// id status signed-amount of the ledger's transactions, by id.
    func ledger() throws -> [String] {
        let query = try store.connection.prepare("SELECT id, status, signed_amount FROM transactions ORDER BY id")
        var rows: [String] = []
        while try query.step() { rows.append("\(query.text(0)) \(query.text(1)) \(query.int64(2))") }
        return rows
    }

    func balances(_ account: String = card) throws -> [Int64] {
        let query = try store.connection.prepare("SELECT observed_signed FROM balances WHERE account_id = ? ORDER BY observed_time, row_id")
        try query.bind([.text(account)])
        var rows: [Int64] = []
        while try query.step() { rows.append(query.int64(0)) }
        return rows
    }

    func batchStatus(sequence: Int64, generation: Int64? = nil) throws -> String? {
        let c = try connection
        return try store.sureBatches(connectionID: c.id)
            .first { $0.generation == (generation ?? c.generation) && $0.sequence == sequence }
            .map { $0.status.rawValue + ($0.errorCode.map { ":" + $0 } ?? "") }
    }

    func conflicts() throws -> [SureConflictRecord] { try store.openSureConflicts(connectionID: nil) }
}

extension SureInbox.Report {
    var codes: [String] { lines.compactMap { $0.code?.rawValue } }
    var kinds: [SureInbox.Line.Kind] { lines.map(\.kind) }
    var text: String { lines.map(\.text).joined(separator: "\n") }
}
