/// Sure's error codes (protocol 2, §3.5), spelled exactly as Sure sends them.
public enum SureErrorCode: String, Sendable, CaseIterable {
    // Upload and receipt.
    case invalidContentType = "invalid_content_type"
    case invalidJSON = "invalid_json"
    case unsupportedProtocol = "unsupported_protocol"
    case publisherUnauthorized = "publisher_unauthorized"
    case repairRequired = "repair_required"
    case connectionRevoked = "connection_revoked"
    case publisherForbidden = "publisher_forbidden"
    case accountForbidden = "account_forbidden"
    case notFound = "not_found"
    case publisherConflict = "publisher_conflict"
    case generationConflict = "generation_conflict"
    case batchConflict = "batch_conflict"
    case sequenceConflict = "sequence_conflict"
    case captureConflict = "capture_conflict"
    case captureIncomplete = "capture_incomplete"
    case payloadDigestMismatch = "payload_digest_mismatch"
    case idempotencyKeyMismatch = "idempotency_key_mismatch"
    case scopeConflict = "scope_conflict"
    case mappingConflict = "mapping_conflict"
    case accountTypeConflict = "account_type_conflict"
    case accountSetupRequired = "account_setup_required"
    case payloadTooLarge = "payload_too_large"
    case recordLimit = "record_limit"
    case captureLimit = "capture_limit"
    case invalidPayload = "invalid_payload"
    case invalidTimestamp = "invalid_timestamp"
    case invalidCurrency = "invalid_currency"
    case currencyMismatch = "currency_mismatch"
    case duplicateRecord = "duplicate_record"
    case futureCapture = "future_capture"
    case invalidPredecessor = "invalid_predecessor"
    case inboxFull = "inbox_full"
    // Stored on a batch by apply, fencing and revocation.
    case predecessorConflict = "predecessor_conflict"
    case staleCapture = "stale_capture"
    case importValidation = "import_validation"
    case processingError = "processing_error"
    case streamFailed = "stream_failed"
    case generationReplaced = "generation_replaced"
    case conflictRetryRequested = "conflict_retry_requested"
    // Control plane.
    case invalidResolution = "invalid_resolution"
    case conflictAlreadyResolved = "conflict_already_resolved"
    case invalidDisposition = "invalid_disposition"
    case invalidTimezone = "invalid_timezone"
    case validationFailed = "validation_failed"
    case resourceConflict = "resource_conflict"

    /// The HTTP status Sure answers with.
    public var httpStatus: Int {
        switch self {
        case .invalidContentType, .invalidJSON, .unsupportedProtocol: 400
        case .publisherUnauthorized: 401
        case .repairRequired, .connectionRevoked, .publisherForbidden, .accountForbidden: 403
        case .notFound: 404
        case .payloadTooLarge, .recordLimit, .captureLimit: 413
        case .invalidPayload, .invalidTimestamp, .invalidCurrency, .currencyMismatch, .duplicateRecord, .futureCapture,
             .invalidPredecessor, .invalidResolution, .invalidDisposition, .invalidTimezone, .validationFailed: 422
        case .inboxFull: 429
        default: 409
        }
    }
}
