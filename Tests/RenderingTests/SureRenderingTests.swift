import Ledger
import LedgerStore
import Testing

@testable import Rendering

@Suite("Sure rendering")
struct SureRenderingTests {
    static var connection: SureConnectionRecord {
        var connection = SureConnectionRecord(
            id: "conn-1", publisherID: "pub-1", status: .repairRequired, generation: 2, streamID: "stream-1", nextSequence: 7,
            predecessorDigest: nil, repairReason: "sequence_gap", credentialDigest: nil, sourceRowID: 1,
            consentGrantedAt: "2026-11-01T00:00:00Z", createdAt: "2026-11-01T00:00:00Z")
        connection.lastAcceptedAt = "2026-11-02T00:00:00Z"
        connection.purgeRequestedAt = "2026-11-03T00:00:00Z"
        connection.purgeCompletedAt = "2026-11-03T00:00:01Z"
        return connection
    }

    static let mappings = [
        SureMappingRecord(
            connectionID: "conn-1",
            mapping: SureAccountMapping(
                sourceAccountID: "SRC-A", position: 0, accountID: "SRC-A", lineageID: "lin-1", mappingVersion: 1,
                accountableType: "CreditCard", subtype: nil, currency: "USD", name: "Card \"X\"", institutionName: "Bank",
                ledgerTimezone: "Europe/London"),
            unavailableAt: "2026-11-04T00:00:00Z")
    ]

    static let batch = SureBatchRecord(
        connectionID: "conn-1", generation: 2, streamID: "stream-1", batchID: "batch-1", sequence: 6, predecessorDigest: nil,
        payloadDigest: "sha256:abc", captureID: "cap-1", chunkIndex: 0, chunkCount: 1, captureMode: "delta", snapshotComplete: false,
        capturedAt: "2026-11-02T00:00:00Z", capturedKey: "k", status: .failed, hasPayload: false, file: nil, errorCode: "bad_event",
        acceptedAt: "2026-11-02T00:00:01Z", appliedAt: "2026-11-02T00:00:02Z")

    static let conflict = SureConflictRecord(
        id: "cf-1", connectionID: "conn-1", lineageID: "lin-1", kind: "account_mapping", identity: "i", status: .resolved,
        details: #"{"field":"currency","was":"USD","now":7}"#, resolution: "retry_after_repair", createdAt: "2026-11-02T00:00:00Z",
        resolvedAt: "2026-11-02T01:00:00Z")

    @Test("A configuration: JSON (also connection.json) and text, the credential shown once")
    func configuration() {
        let json = SureRendering.configuration(Self.connection, mappings: [], credential: "secret", inbox: "/in").pretty
        let text = SureRendering.configurationText(
            Self.connection, mappings: Self.mappings, credential: "secret", verb: "Repaired", written: "/in/connection.json")
        #expect(
            json + "\n" == #"""
                {
                  "protocol_version": 2,
                  "connection_id": "conn-1",
                  "publisher_id": "pub-1",
                  "status": "repair_required",
                  "generation": 2,
                  "stream_id": "stream-1",
                  "next_sequence": 7,
                  "server_url": null,
                  "upload_url": "/in/batches",
                  "consent": {
                    "version": 1,
                    "granted_at": "2026-11-01T00:00:00Z",
                    "selected_source_account_ids": [],
                    "upload_authorized": true,
                    "family_visibility_acknowledged": true,
                    "remote_processing_acknowledged": true
                  },
                  "account_bindings": [],
                  "accounts": [],
                  "max_records_per_batch": 500,
                  "max_bytes_per_batch": 1048576,
                  "publisher_credential": "secret"
                }

                """#)
        #expect(
            SureRendering.mapping(Self.mappings[0]).compact
                == #"{"source_id":"SRC-A","mapping_version":1,"name":"Card \"X\"","institution_name":"Bank","currency":"USD","accountable_type":"CreditCard","subtype":null,"ledger_timezone":"Europe/London","lineage_id":"lin-1","account_id":"SRC-A","unavailable_at":"2026-11-04T00:00:00Z"}"#
        )
        #expect(
            text == #"""
                Repaired Sure connection conn-1
                  publisher:  pub-1
                  generation: 2
                  stream:     stream-1
                  account:    SRC-A CreditCard USD "Card "X"" lineage lin-1 version 1
                  credential: secret
                The credential is shown only this once; purse keeps only its SHA-256.
                Wrote /in/connection.json

                """#)
    }

    @Test("Health: JSON and text")
    func health() {
        let json = SureRendering.health(Self.connection, mappings: [], openConflicts: 3).pretty
        let text = SureRendering.healthText(Self.connection, mappings: Self.mappings, openConflicts: 3)
        #expect(
            json + "\n" == #"""
                {
                  "id": "conn-1",
                  "connection_id": "conn-1",
                  "publisher_id": "pub-1",
                  "status": "repair_required",
                  "generation": 2,
                  "stream_id": "stream-1",
                  "next_sequence": 7,
                  "repair_reason": "sequence_gap",
                  "last_device_contact_at": null,
                  "last_accepted_at": "2026-11-02T00:00:00Z",
                  "last_imported_at": null,
                  "last_downstream_at": null,
                  "last_captured_at": null,
                  "open_conflicts": 3,
                  "purge_requested_at": "2026-11-03T00:00:00Z",
                  "purge_completed_at": "2026-11-03T00:00:01Z",
                  "accounts": [],
                  "pagination": {
                    "page": 1,
                    "per_page": 1,
                    "total_count": 0,
                    "total_pages": 1
                  }
                }

                """#)
        #expect(
            text == #"""
                Sure connection conn-1: repair_required (sequence_gap)
                  generation 2, stream stream-1, next sequence 7
                  last accepted 2026-11-02T00:00:00Z, last imported never, last captured never
                  open conflicts: 3
                  purged at 2026-11-03T00:00:01Z
                  account SRC-A CreditCard USD "Card "X"" unavailable since 2026-11-04T00:00:00Z

                """#)
    }

    @Test("Receipt, conflicts and a resolution")
    func receiptAndConflicts() {
        #expect(
            SureRendering.receipt(Self.batch, publisherID: "pub-1").pretty + "\n" == #"""
                {
                  "connection_id": "conn-1",
                  "publisher_id": "pub-1",
                  "generation": 2,
                  "stream_id": "stream-1",
                  "batch_id": "batch-1",
                  "sequence": 6,
                  "payload_digest": "sha256:abc",
                  "status": "failed",
                  "accepted_at": "2026-11-02T00:00:01Z",
                  "applied_at": "2026-11-02T00:00:02Z",
                  "error_code": "bad_event"
                }

                """#)
        #expect(
            SureRendering.receiptText(Self.batch) == #"""
                Batch batch-1: failed (bad_event)
                  connection conn-1, generation 2, sequence 6
                  payload digest sha256:abc (bytes dropped)
                  accepted 2026-11-02T00:00:01Z, applied 2026-11-02T00:00:02Z

                """#)
        #expect(
            SureRendering.conflict(Self.conflict).pretty + "\n" == #"""
                {
                  "id": "cf-1",
                  "connection_id": "conn-1",
                  "lineage_id": "lin-1",
                  "kind": "account_mapping",
                  "status": "resolved",
                  "details": {
                    "field": "currency",
                    "was": "USD",
                    "now": null
                  },
                  "resolution": "retry_after_repair",
                  "created_at": "2026-11-02T00:00:00Z",
                  "resolved_at": "2026-11-02T01:00:00Z"
                }

                """#)
        #expect(
            SureRendering.conflictsText([Self.conflict]) == #"""
                cf-1 account_mapping resolved {"field":"currency","was":"USD","now":null}

                """#)
        #expect(SureRendering.conflictsText([]) == "No open conflicts.\n")
        #expect(
            SureRendering.resolvedText(Self.conflict) == #"""
                Conflict cf-1 resolved: retry_after_repair
                Connection conn-1 now needs 'purse sure repair conn-1'.

                """#)
    }

    @Test("Disconnect: the health with the disposition, and a line")
    func disconnect() {
        let json = SureRendering.disconnected(Self.connection, mappings: [], openConflicts: 0, disposition: "discard").pretty
        #expect(
            json + "\n" == #"""
                {
                  "id": "conn-1",
                  "connection_id": "conn-1",
                  "publisher_id": "pub-1",
                  "status": "repair_required",
                  "generation": 2,
                  "stream_id": "stream-1",
                  "next_sequence": 7,
                  "repair_reason": "sequence_gap",
                  "last_device_contact_at": null,
                  "last_accepted_at": "2026-11-02T00:00:00Z",
                  "last_imported_at": null,
                  "last_downstream_at": null,
                  "last_captured_at": null,
                  "open_conflicts": 0,
                  "purge_requested_at": "2026-11-03T00:00:00Z",
                  "purge_completed_at": "2026-11-03T00:00:01Z",
                  "accounts": [],
                  "pagination": {
                    "page": 1,
                    "per_page": 1,
                    "total_count": 0,
                    "total_pages": 1
                  },
                  "disposition": "discard"
                }

                """#)
        #expect(
            SureRendering.disconnectedText(Self.connection, disposition: "discard")
                == "Disconnected Sure connection conn-1 (discard): purge requested 2026-11-03T00:00:00Z, completed 2026-11-03T00:00:01Z\n")
        #expect(SureRendering.disconnectedText(Self.connection, disposition: "retain") == "Disconnected Sure connection conn-1 (retain)\n")
    }

    @Test("Capabilities: JSON and text")
    func capabilities() {
        #expect(
            SureRendering.capabilities.pretty + "\n" == #"""
                {
                  "available": true,
                  "protocol_versions": [
                    2
                  ],
                  "delivery": "background_publisher",
                  "max_payload_bytes": 1048576,
                  "max_records": 500,
                  "max_accounts": 20,
                  "max_queued_batches": 100,
                  "transaction_statuses": [
                    "authorized",
                    "pending",
                    "booked",
                    "rejected",
                    "memo",
                    "unknown"
                  ],
                  "amount_precision": 19,
                  "amount_scale": 4,
                  "connection_dispositions": [
                    "retain",
                    "discard"
                  ]
                }

                """#)
        #expect(
            SureRendering.capabilitiesText == #"""
                Sure protocol versions: 2 (delivery: background_publisher)
                Limits: 1048576 bytes per batch, 500 events per batch, 20 accounts per connection, 100 queued batches, 100 chunks per capture
                Transaction statuses: authorized, pending, booked, rejected, memo, unknown
                Amounts: precision 19, scale 4
                Disconnect dispositions: retain, discard

                """#)
    }
}
