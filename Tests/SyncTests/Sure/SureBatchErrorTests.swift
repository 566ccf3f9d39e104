import Foundation
import LedgerStore
import SureProtocol
import Testing

@testable import Sync

/// Every Sure error code that a local inbox can meet, each from one small batch file: the batch
/// is refused with Sure's exact code and nothing is stored.
@Suite("Sure batch errors")
struct SureBatchErrorTests {
    /// Writes `body` as the only batch, syncs, and returns the single refusal's code.
    func refusal(_ world: SureWorld, _ body: String) throws -> String? {
        try world.write("bad.json", body)
        let report = try world.sync()
        #expect(report.lines.count == 1, "\(report.text)")
        #expect(report.lines.first?.kind == .refused)
        #expect(try world.store.sureQueuedBatches(connectionID: world.connection.id).isEmpty)
        return report.codes.first
    }

    func check(_ code: String, _ build: (SureWorld) throws -> String) throws {
        let world = try SureWorld()
        #expect(try refusal(world, try build(world)) == code)
    }

    @Test("invalid_json") func invalidJSON() throws {
        try check("invalid_json") { _ in #"{"protocol_version":2,"# }
    }

    @Test("unsupported_protocol") func unsupportedProtocol() throws {
        try check("unsupported_protocol") { $0.batch(1, events: [], overrides: ["protocol_version": "1"]) }
    }

    @Test("invalid_payload: an unknown key") func unknownKey() throws {
        try check("invalid_payload") { $0.batch(1, events: [], extra: #","history":{}"#) }
    }

    @Test("invalid_payload: a missing key") func missingKey() throws {
        try check("invalid_payload") { $0.batch(1, events: [], overrides: ["capture_mode": ""]) }
    }

    @Test("invalid_payload: a wrong type") func wrongType() throws {
        try check("invalid_payload") { $0.batch(1, events: [], overrides: ["sequence": "\"1\""]) }
    }

    @Test("invalid_payload: an integer written as 1.0") func integerAsDecimal() throws {
        try check("invalid_payload") { $0.batch(1, events: [], overrides: ["chunk_count": "1.0"]) }
    }

    @Test("invalid_payload: snapshot_complete in delta mode") func completeDelta() throws {
        try check("invalid_payload") { $0.batch(1, events: [], complete: true) }
    }

    @Test("invalid_payload: amount as a JSON number") func amountNumber() throws {
        try check("invalid_payload") { world in
            world.batch(1, events: [world.transaction(1).replacingOccurrences(of: #""amount":"12.34""#, with: #""amount":12.34"#)])
        }
    }

    @Test("invalid_payload: bad amounts", arguments: ["01.00", "1.23456", "-1.00", "1e3", "1.", "1234567890123456"])
    func badAmounts(amount: String) throws {
        try check("invalid_payload") { world in world.batch(1, events: [world.transaction(1, amount: amount)]) }
    }

    @Test("amounts Sure accepts, whatever the currency's minor unit", arguments: ["0", "100", "1.234", "900000000000000"])
    func goodAmounts(amount: String) throws {
        let world = try SureWorld()
        try world.put(1, [world.transaction(1, amount: amount)])
        #expect(try world.sync().kinds == [.applied])
    }

    @Test("invalid_payload: the protocol-1 credit_debit field") func creditDebit() throws {
        try check("invalid_payload") { world in
            world.batch(1, events: [world.transaction(1).replacingOccurrences(of: "\"direction\"", with: "\"credit_debit\"")])
        }
    }

    @Test("invalid_payload: an unknown event kind and an unknown status") func unknownEnums() throws {
        try check("invalid_payload") { world in world.batch(1, events: [#"{"kind":"history"}"#]) }
        try check("invalid_payload") { world in world.batch(1, events: [world.transaction(1, status: "cleared")]) }
    }

    @Test("invalid_payload: text too long, counted in characters") func textLimits() throws {
        try check("invalid_payload") { world in world.batch(1, events: [world.transaction(1, merchant: String(repeating: "é", count: 256))])
        }
        let world = try SureWorld()
        try world.put(1, [world.transaction(1, merchant: String(repeating: "é", count: 255))])
        #expect(try world.sync().kinds == [.applied])
    }

    @Test("invalid_payload: no offset (not Sure's shape)") func noOffset() throws {
        try check("invalid_payload") { $0.batch(1, events: [], capturedAt: "2026-09-10T12:00:00") }
    }

    @Test("invalid_timestamp: Sure's shape, but no time Ruby can read") func unreadableTime() throws {
        try check("invalid_timestamp") { $0.batch(1, events: [], capturedAt: "2026-09-10T12:60:00Z") }
    }

    @Test("invalid_payload: a timestamp that is not a string") func timestampNotString() throws {
        try check("invalid_payload") { $0.batch(1, events: [], overrides: ["captured_at": "1789000000"]) }
    }

    @Test("invalid_payload: a transaction after the capture") func afterCapture() throws {
        try check("invalid_payload") { world in world.batch(1, events: [world.transaction(1, at: "2026-09-10T12:00:01Z")]) }
    }

    @Test("invalid_currency: a code Sure does not know", arguments: ["XYZ", "BOV"])
    func invalidCurrency(code: String) throws {
        try check("invalid_currency") { world in world.batch(1, events: [world.transaction(1, currency: code)]) }
    }

    @Test("invalid_payload: a code Sure knows, not written as Sure writes it") func lowerCaseCurrency() throws {
        try check("invalid_payload") { world in world.batch(1, events: [world.transaction(1, currency: "usd")]) }
    }

    @Test("currency_mismatch") func currencyMismatch() throws {
        try check("currency_mismatch") { world in world.batch(1, events: [world.transaction(1, currency: "EUR")]) }
        try check("currency_mismatch") { world in world.batch(1, events: [world.accountUpsert(currency: "EUR")]) }
        try check("currency_mismatch") { world in world.batch(1, events: [world.balance(1, currency: "EUR")]) }
    }

    @Test("account_type_conflict") func accountType() throws {
        try check("account_type_conflict") { world in world.batch(1, events: [world.accountUpsert(kind: "asset")]) }
    }

    @Test("mapping_conflict: wrong lineage, version or account") func mappingConflict() throws {
        try check("mapping_conflict") { world in
            world.batch(
                1,
                events: [world.transaction(1).replacingOccurrences(of: world.lineage(SureWorld.card), with: world.lineage(SureWorld.cash))])
        }
        try check("mapping_conflict") { world in
            world.batch(1, events: [world.transaction(1).replacingOccurrences(of: #""mapping_version":1"#, with: #""mapping_version":2"#)])
        }
        try check("mapping_conflict") { world in
            world.batch(
                1, events: [world.unavailable().replacingOccurrences(of: SureWorld.card, with: "33333333-3333-4333-8333-333333333333")])
        }
    }

    @Test("duplicate_record: the same transaction twice, or upserted and tombstoned") func duplicates() throws {
        try check("duplicate_record") { world in world.batch(1, events: [world.transaction(1), world.transaction(1, amount: "1.00")]) }
        try check("duplicate_record") { world in world.batch(1, events: [world.transaction(1), world.tombstone(1)]) }
        try check("duplicate_record") { world in world.batch(1, events: [world.balance(1), world.balance(1)]) }
    }

    @Test("future_capture: more than 5 minutes ahead") func futureCapture() throws {
        try check("future_capture") { $0.batch(1, events: [], capturedAt: "2026-09-10T12:35:01Z") }
        let world = try SureWorld()
        try world.put(1, [], capturedAt: "2026-09-10T12:35:00Z")
        #expect(try world.sync().kinds == [.applied])
    }

    @Test("invalid_predecessor") func invalidPredecessor() throws {
        try check("invalid_predecessor") { $0.batch(1, events: [], predecessor: .some(String(repeating: "a", count: 64))) }
        try check("invalid_predecessor") { $0.batch(2, events: [], predecessor: .some(nil)) }
        // An upper-case digest breaks the digest's form first (Sure: validate_stream!).
        try check("invalid_payload") { $0.batch(2, events: [], predecessor: .some(String(repeating: "A", count: 64))) }
    }

    @Test("publisher_conflict: another connection, publisher or stream") func publisherConflict() throws {
        let other = "99999999-9999-4999-8999-999999999999"
        try check("publisher_conflict") { $0.batch(1, events: [], overrides: ["connection_id": "\"\(other)\""]) }
        try check("publisher_conflict") { $0.batch(1, events: [], overrides: ["stream_id": "\"\(other)\""]) }
    }

    @Test("generation_conflict") func generationConflict() throws {
        try check("generation_conflict") { $0.batch(1, events: [], overrides: ["generation": "2"]) }
    }

    @Test("scope_conflict: not exactly the consented accounts") func scopeConflict() throws {
        try check("scope_conflict") { $0.batch(1, events: [], overrides: ["selected_source_account_ids": "[\"\(SureWorld.card)\"]"]) }
        try check("scope_conflict") {
            $0.batch(
                1, events: [],
                overrides: [
                    "selected_source_account_ids": "[\"\(SureWorld.card)\",\"\(SureWorld.cash)\",\"\(SureWorld.cash.lowercased())\"]"
                ])
        }
    }

    @Test("record_limit: 501 events") func recordLimit() throws {
        try check("record_limit") { world in world.batch(1, events: (1...501).map { world.transaction($0) }) }
        let world = try SureWorld()
        try world.put(1, (1...500).map { world.transaction($0) })
        #expect(try world.sync().kinds == [.applied])
    }

    @Test("capture_limit: 101 chunks") func captureLimit() throws {
        try check("capture_limit") { $0.batch(1, events: [], chunkCount: 101) }
    }

    @Test("payload_too_large: over 1 MiB") func payloadTooLarge() throws {
        try check("payload_too_large") { world in
            world.batch(1, events: [world.transaction(1)]) + String(repeating: " ", count: 1_048_576)
        }
    }

    @Test("publisher_unauthorized: connection.json with another credential") func unauthorized() throws {
        let world = try SureWorld()
        try world.writeConnectionJSON(credential: SureCredential.generate().text)
        #expect(try refusal(world, world.batch(1, events: [])) == "publisher_unauthorized")
    }

    @Test("publisher_unauthorized: connection.json without its credential (the key deleted, null) or no connection.json at all")
    func credentialSkipped() throws {
        let world = try SureWorld()
        let credential = #","publisher_credential":"\#(try #require(world.configuration.credential))""#
        for (name, replacement) in [("deleted", ""), ("null", #","publisher_credential":null"#)] {
            var configuration = try String(contentsOfFile: world.inbox + "/connection.json", encoding: .utf8)
            configuration = configuration.replacingOccurrences(of: credential, with: replacement)
            try configuration.write(toFile: world.inbox + "/connection.json", atomically: true, encoding: .utf8)
            #expect(!configuration.contains("publisher_credential\":\""), "\(name)")
            #expect(try refusal(world, world.batch(1, events: [world.transaction(1)])) == "publisher_unauthorized", "\(name)")
            try world.writeConnectionJSON()
        }
        try FileManager.default.removeItem(atPath: world.inbox + "/connection.json")
        let report = try world.sync()
        #expect(report.codes == ["publisher_unauthorized"])
        #expect(report.text.contains("the inbox has no connection.json"))
        #expect(try world.ledger().isEmpty)
        try world.writeConnectionJSON()
        #expect(try world.sync().kinds == [.applied])
    }

    @Test("a fenced or disconnected connection has no credential: publisher_unauthorized, saying why")
    func fencedAndRevoked() throws {
        let world = try SureWorld()
        try world.put(1, [], predecessor: .some(nil))
        try world.put(2, [], predecessor: .some(String(repeating: "0", count: 64)))
        let report = try world.sync()
        #expect(report.codes == ["predecessor_conflict"])
        try world.put(3, [])
        let fenced = try world.sync()
        // The failed batch's file still says it failed.
        #expect(fenced.codes == ["predecessor_conflict", "publisher_unauthorized"])
        #expect(fenced.text.contains("until 'purse sure repair "))
        _ = try SureConnections(store: world.store, now: world.now).disconnect(world.configuration.connection.id, disposition: "retain")
        try world.put(4, [])
        let revoked = try world.sync()
        #expect(revoked.codes == ["publisher_unauthorized", "publisher_unauthorized"])
        #expect(revoked.text.contains("is disconnected"))
    }

    @Test("batch_conflict: the same batch_id with other bytes") func batchConflict() throws {
        let world = try SureWorld()
        try world.put(1, [])
        try world.sync()
        try world.write("again.json", world.batch(2, events: [world.transaction(1)], batchID: SureWorld.uuid("b0000000", 1001)))
        #expect(try world.sync().codes == ["batch_conflict"])
    }

    @Test("sequence_conflict: a sequence taken or already passed") func sequenceConflict() throws {
        let world = try SureWorld()
        try world.put(1, [])
        try world.sync()
        try world.write("old.json", world.batch(1, events: [world.transaction(1)], batchID: SureWorld.uuid("b0000000", 77)))
        #expect(try world.sync().codes == ["sequence_conflict"])
        try FileManager.default.removeItem(atPath: world.inbox + "/batches/old.json")
        let gap = String(repeating: "0", count: 64)
        try world.put(3, [], predecessor: .some(gap))
        try world.write(
            "taken.json", world.batch(3, events: [world.transaction(2)], batchID: SureWorld.uuid("b0000000", 78), predecessor: .some(gap)))
        let report = try world.sync()
        #expect(report.codes == ["sequence_conflict"], "\(report.text)")
    }

    @Test("capture_conflict: a new capture not at chunk 0, or a chunk that does not continue") func captureConflict() throws {
        try check("capture_conflict") { $0.batch(1, events: [], chunkIndex: 1, chunkCount: 2) }
        let world = try SureWorld()
        let capture = SureWorld.uuid("cc000000", 1)
        try world.put(1, [], chunkIndex: 0, chunkCount: 2, captureID: capture)
        try world.sync()
        try world.put(2, [], chunkIndex: 1, chunkCount: 3, captureID: capture)
        #expect(try world.sync().codes == ["capture_conflict"])
    }

    @Test("capture_incomplete: another capture starts before the open one ends") func captureIncomplete() throws {
        let world = try SureWorld()
        try world.put(1, [], chunkIndex: 0, chunkCount: 2, captureID: SureWorld.uuid("cc000000", 1))
        try world.sync()
        try world.put(2, [], captureID: SureWorld.uuid("cc000000", 2))
        #expect(try world.sync().codes == ["capture_incomplete"])
    }

    @Test("inbox_full: a sequence 100 or more past the cursor") func inboxFull() throws {
        let world = try SureWorld()
        try world.write("far.json", world.batch(101, events: [], predecessor: .some(String(repeating: "0", count: 64))))
        let report = try world.sync()
        #expect(report.codes == ["inbox_full"])
        #expect(report.onlyInboxFull)
        try FileManager.default.removeItem(atPath: world.inbox + "/batches/far.json")
        try world.write("near.json", world.batch(100, events: [], predecessor: .some(String(repeating: "0", count: 64))))
        #expect(try world.sync().kinds == [.waiting])
    }

    @Test("a batch of a publisher no connection has, without connection.json") func unknownPublisher() throws {
        let world = try SureWorld(writeConfiguration: false)
        #expect(
            try refusal(world, world.batch(1, events: [], overrides: ["publisher_id": "\"99999999-9999-4999-8999-999999999999\""]))
                == "publisher_unauthorized")
    }
}
