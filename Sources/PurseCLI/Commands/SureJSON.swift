import LedgerStore
import Rendering
import StrictJSON
import SureProtocol
import Sync

/// Sure's JSON shapes for `purse sure ... --format json` and connection.json.
enum SureJSON {
    static func mapping(_ mapping: SureMappingRecord) -> JSONOutput {
        .object([
            ("source_id", .string(mapping.accountID)),
            ("mapping_version", .integer(mapping.mappingVersion)),
            ("name", .string(mapping.name)),
            ("institution_name", .string(mapping.institutionName)),
            ("currency", .string(mapping.currency)),
            ("accountable_type", .string(mapping.accountableType)),
            ("subtype", .optional(mapping.subtype)),
            ("ledger_timezone", .string(mapping.ledgerTimezone)),
            ("lineage_id", .string(mapping.lineageID)),
            ("account_id", .string(mapping.accountID)),
            ("unavailable_at", .optional(mapping.unavailableAt)),
        ])
    }

    /// The publisher configuration, as activate, credential and repair return it, plus
    /// `accounts` (each mapping's currency, type and time zone) so another purse can adopt it.
    static func configuration(_ configuration: SureConfiguration, inbox: String?) -> JSONOutput {
        let connection = configuration.connection
        let selected = configuration.mappings.map { JSONOutput.string($0.accountID) }
        return .object([
            ("protocol_version", .integer(SureBatchValidator.protocolVersion)),
            ("connection_id", .string(connection.id)),
            ("publisher_id", .string(connection.publisherID)),
            ("status", .string(connection.status.rawValue)),
            ("generation", .integer(connection.generation)),
            ("stream_id", .string(connection.streamID)),
            ("next_sequence", .integer(connection.nextSequence)),
            ("server_url", .null),
            ("upload_url", inbox.map { .string($0 + "/batches") } ?? .null),
            (
                "consent",
                .object([
                    ("version", .integer(1)),
                    ("granted_at", .string(connection.consentGrantedAt)),
                    ("selected_source_account_ids", .array(selected)),
                    ("upload_authorized", .bool(true)),
                    ("family_visibility_acknowledged", .bool(true)),
                    ("remote_processing_acknowledged", .bool(true)),
                ])
            ),
            (
                "account_bindings",
                .array(
                    configuration.mappings.map { mapping in
                        .object([
                            ("source_account_id", .string(mapping.accountID)), ("lineage_id", .string(mapping.lineageID)),
                            ("mapping_version", .integer(mapping.mappingVersion)),
                        ])
                    })
            ),
            ("accounts", .array(configuration.mappings.map(mapping))),
            ("max_records_per_batch", .integer(Int64(SureBatchValidator.maximumRecords))),
            ("max_bytes_per_batch", .integer(Int64(SureBatchValidator.maximumPayloadBytes))),
            ("publisher_credential", .optional(configuration.credential)),
        ])
    }

    static func health(_ connection: SureConnectionRecord, mappings: [SureMappingRecord], openConflicts: Int) -> JSONOutput {
        .object([
            ("id", .string(connection.id)),
            ("connection_id", .string(connection.id)),
            ("publisher_id", .string(connection.publisherID)),
            ("status", .string(connection.status.rawValue)),
            ("generation", .integer(connection.generation)),
            ("stream_id", .string(connection.streamID)),
            ("next_sequence", .integer(connection.nextSequence)),
            ("repair_reason", .optional(connection.repairReason)),
            ("last_device_contact_at", .optional(connection.lastDeviceContactAt)),
            ("last_accepted_at", .optional(connection.lastAcceptedAt)),
            ("last_imported_at", .optional(connection.lastImportedAt)),
            ("last_downstream_at", .optional(connection.lastDownstreamAt)),
            ("last_captured_at", .optional(connection.lastCapturedAt)),
            ("open_conflicts", .integer(Int64(openConflicts))),
            ("purge_requested_at", .optional(connection.purgeRequestedAt)),
            ("purge_completed_at", .optional(connection.purgeCompletedAt)),
            ("accounts", .array(mappings.map(mapping))),
            (
                "pagination",
                .object([
                    ("page", .integer(1)), ("per_page", .integer(Int64(max(mappings.count, 1)))),
                    ("total_count", .integer(Int64(mappings.count))), ("total_pages", .integer(1)),
                ])
            ),
        ])
    }

    static func receipt(_ batch: SureBatchRecord, publisherID: String) -> JSONOutput {
        .object([
            ("connection_id", .string(batch.connectionID)),
            ("publisher_id", .string(publisherID)),
            ("generation", .integer(batch.generation)),
            ("stream_id", .string(batch.streamID)),
            ("batch_id", .string(batch.batchID)),
            ("sequence", .integer(batch.sequence)),
            ("payload_digest", .string(batch.payloadDigest)),
            ("status", .string(batch.status.rawValue)),
            ("accepted_at", .string(batch.acceptedAt)),
            ("applied_at", .optional(batch.appliedAt)),
            ("error_code", .optional(batch.errorCode)),
        ])
    }

    static func conflict(_ conflict: SureConflictRecord) -> JSONOutput {
        .object([
            ("id", .string(conflict.id)),
            ("connection_id", .string(conflict.connectionID)),
            ("lineage_id", .string(conflict.lineageID)),
            ("kind", .string(conflict.kind)),
            ("status", .string(conflict.status.rawValue)),
            ("details", details(conflict.details)),
            ("resolution", .optional(conflict.resolution)),
            ("created_at", .string(conflict.createdAt)),
            ("resolved_at", .optional(conflict.resolvedAt)),
        ])
    }

    /// The stored details object (flat, string values) back as output.
    static func details(_ text: String) -> JSONOutput {
        guard case .object(let object)? = try? JSONParser.parse(Array(text.utf8)) else { return .string(text) }
        return .object(
            object.members.map { member in
                if case .string(let value) = member.value { return (member.key, .string(value)) }
                return (member.key, .null)
            })
    }

    static var capabilities: JSONOutput {
        .object([
            ("available", .bool(true)),
            ("protocol_versions", .array([.integer(SureBatchValidator.protocolVersion)])),
            ("delivery", .string("background_publisher")),
            ("max_payload_bytes", .integer(Int64(SureBatchValidator.maximumPayloadBytes))),
            ("max_records", .integer(Int64(SureBatchValidator.maximumRecords))),
            ("max_accounts", .integer(Int64(SureBatchValidator.maximumAccounts))),
            ("max_queued_batches", .integer(Int64(SureBatchValidator.maximumQueuedBatches))),
            ("transaction_statuses", .array(["authorized", "pending", "booked", "rejected", "memo", "unknown"].map(JSONOutput.string))),
            ("amount_precision", .integer(19)),
            ("amount_scale", .integer(4)),
            ("connection_dispositions", .array([.string("retain"), .string("discard")])),
        ])
    }
}
