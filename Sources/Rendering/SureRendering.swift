import LedgerStore
import StrictJSON
import SureProtocol

/// `purse sure ...` as text and JSON: Sure's JSON shapes (also connection.json's) and the text
/// lines of each command.
public enum SureRendering {
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
    public static func configuration(
        _ connection: SureConnectionRecord, mappings: [SureMappingRecord], credential: String?, inbox: String?
    ) -> JSONOutput {
        let selected = mappings.map { JSONOutput.string($0.accountID) }
        return .object(
            [("protocol_version", .integer(SureBatchValidator.protocolVersion))] + place(of: connection) + [
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
                        mappings.map { mapping in
                            .object([
                                ("source_account_id", .string(mapping.accountID)), ("lineage_id", .string(mapping.lineageID)),
                                ("mapping_version", .integer(mapping.mappingVersion)),
                            ])
                        })
                ),
                ("accounts", .array(mappings.map(mapping))),
                ("max_records_per_batch", .integer(Int64(SureBatchValidator.maximumRecords))),
                ("max_bytes_per_batch", .integer(Int64(SureBatchValidator.maximumPayloadBytes))),
                ("publisher_credential", .optional(credential)),
            ])
    }

    /// Which connection, and where its stream stands: the members the configuration and the
    /// health share.
    static func place(of connection: SureConnectionRecord) -> [(String, JSONOutput)] {
        [
            ("connection_id", .string(connection.id)),
            ("publisher_id", .string(connection.publisherID)),
            ("status", .string(connection.status.rawValue)),
            ("generation", .integer(connection.generation)),
            ("stream_id", .string(connection.streamID)),
            ("next_sequence", .integer(connection.nextSequence)),
        ]
    }

    public static func health(_ connection: SureConnectionRecord, mappings: [SureMappingRecord], openConflicts: Int) -> JSONOutput {
        .object(healthMembers(connection, mappings: mappings, openConflicts: openConflicts))
    }

    static func healthMembers(
        _ connection: SureConnectionRecord, mappings: [SureMappingRecord], openConflicts: Int
    ) -> [(String, JSONOutput)] {
        [("id", .string(connection.id))] + place(of: connection) + [
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
        ]
    }

    public static func receipt(_ batch: SureBatchRecord, publisherID: String) -> JSONOutput {
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

    public static func conflict(_ conflict: SureConflictRecord) -> JSONOutput {
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

    public static var capabilities: JSONOutput {
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

    // MARK: - Text

    /// A configuration as `sure connect`, `repair` and `rotate-credential` print it: the
    /// credential shown this once. `written`: the connection.json written, if any.
    public static func configurationText(
        _ connection: SureConnectionRecord, mappings: [SureMappingRecord], credential: String?, verb: String, written: String?
    ) -> String {
        var text = "\(verb) Sure connection \(connection.id)\n"
        text += "  publisher:  \(connection.publisherID)\n"
        text += "  generation: \(connection.generation)\n"
        text += "  stream:     \(connection.streamID)\n"
        for mapping in mappings {
            text +=
                "  account:    \(mapping.accountID) \(mapping.accountableType) \(mapping.currency) \"\(mapping.name)\" lineage \(mapping.lineageID) version \(mapping.mappingVersion)\n"
        }
        if let credential {
            text += "  credential: \(credential)\n"
            text += "The credential is shown only this once; purse keeps only its SHA-256.\n"
        }
        if let written { text += "Wrote \(written)\n" }
        return text
    }

    /// One connection's health in `sure status`.
    public static func healthText(_ connection: SureConnectionRecord, mappings: [SureMappingRecord], openConflicts: Int) -> String {
        var text = "Sure connection \(connection.id): \(connection.status.rawValue)"
        if let reason = connection.repairReason { text += " (\(reason))" }
        text += "\n  generation \(connection.generation), stream \(connection.streamID), next sequence \(connection.nextSequence)\n"
        text +=
            "  last accepted \(connection.lastAcceptedAt ?? "never"), last imported \(connection.lastImportedAt ?? "never"), last captured \(connection.lastCapturedAt ?? "never")\n"
        text += "  open conflicts: \(openConflicts)\n"
        if let purge = connection.purgeCompletedAt { text += "  purged at \(purge)\n" }
        for mapping in mappings {
            text += "  account \(mapping.accountID) \(mapping.accountableType) \(mapping.currency) \"\(mapping.name)\""
            if let unavailable = mapping.unavailableAt { text += " unavailable since \(unavailable)" }
            text += "\n"
        }
        return text
    }

    /// `sure status` when there is no connection.
    public static let noConnectionsText = "No Sure connections. Create one with 'purse sure connect'.\n"

    public static func receiptText(_ batch: SureBatchRecord) -> String {
        var text = "Batch \(batch.batchID): \(batch.status.rawValue)"
        if let code = batch.errorCode { text += " (\(code))" }
        text += "\n  connection \(batch.connectionID), generation \(batch.generation), sequence \(batch.sequence)\n"
        text += "  payload digest \(batch.payloadDigest)\(batch.hasPayload ? "" : " (bytes dropped)")\n"
        text += "  accepted \(batch.acceptedAt)" + (batch.appliedAt.map { ", applied \($0)" } ?? "") + "\n"
        return text
    }

    /// `sure conflicts`: a line per open conflict.
    public static func conflictsText(_ conflicts: [SureConflictRecord]) -> String {
        guard !conflicts.isEmpty else { return "No open conflicts.\n" }
        return conflicts.map { "\($0.id) \($0.kind) \($0.status.rawValue) \(details($0.details).compact)\n" }.joined()
    }

    public static func resolvedText(_ conflict: SureConflictRecord) -> String {
        var text = "Conflict \(conflict.id) resolved: \(conflict.resolution ?? "")\n"
        if conflict.resolution == "retry_after_repair" {
            text += "Connection \(conflict.connectionID) now needs 'purse sure repair \(conflict.connectionID)'.\n"
        }
        return text
    }

    /// `sure disconnect --format json`: the connection's health and the disposition.
    public static func disconnected(
        _ connection: SureConnectionRecord, mappings: [SureMappingRecord], openConflicts: Int, disposition: String
    ) -> JSONOutput {
        .object(healthMembers(connection, mappings: mappings, openConflicts: openConflicts) + [("disposition", .string(disposition))])
    }

    public static func disconnectedText(_ connection: SureConnectionRecord, disposition: String) -> String {
        var text = "Disconnected Sure connection \(connection.id) (\(disposition))"
        if disposition == "discard" {
            text += ": purge requested \(connection.purgeRequestedAt ?? "-"), completed \(connection.purgeCompletedAt ?? "-")"
        }
        return text + "\n"
    }

    public static var capabilitiesText: String {
        """
        Sure protocol versions: 2 (delivery: background_publisher)
        Limits: \(SureBatchValidator.maximumPayloadBytes) bytes per batch, \(SureBatchValidator.maximumRecords) events per batch, \(SureBatchValidator.maximumAccounts) accounts per connection, \(SureBatchValidator.maximumQueuedBatches) queued batches, \(SureBatchValidator.maximumChunks) chunks per capture
        Transaction statuses: authorized, pending, booked, rejected, memo, unknown
        Amounts: precision 19, scale 4
        Disconnect dispositions: retain, discard
        """ + "\n"
    }
}
