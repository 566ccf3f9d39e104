import Ledger

/// The rules of applying a capture that need no database: which failures are retried and
/// when, how Sure's transaction statuses and free-text types meet the ledger's, and how a
/// balance conflict is named and described.
public enum SureApplyRules {
    /// A capture that keeps failing is given up, and its stream fenced, at this attempt.
    public static let maximumAttempts = 5
    /// Captures applied in one go before the inbox looks at what else it holds.
    public static let capturesPerRun = 100

    /// Whether a failure fences the stream at once; `import_validation` and `processing_error`
    /// are retried.
    public static func isPermanent(_ code: SureErrorCode) -> Bool {
        code != .importValidation && code != .processingError
    }

    /// When a capture that failed for the `attempts`th time is tried again (Unix seconds):
    /// 2, 4, 8 and 16 minutes after `now`.
    public static func retryTime(afterAttempt attempts: Int, now: Int64) -> Int64 {
        now + 60 * (Int64(1) << Int64(attempts))
    }

    /// Statuses Sure keeps at the source and never books: a transaction that takes one leaves
    /// the ledger.
    public static func isSourceOnly(status: String) -> Bool {
        ["rejected", "memo", "unknown"].contains(status)
    }

    /// A transaction not yet booked that books keeps its ledger entry and its date.
    public static func keepsTransactionDate(storedStatus: String, newStatus: String) -> Bool {
        storedStatus != "booked" && newStatus == "booked"
    }

    /// Sure's free-text type as a FinanceKit type: its own name when it is one (any case),
    /// `purchase` as a point of sale, anything else unknown.
    public static func transactionType(_ text: String) -> TransactionType {
        let exact = TransactionType(rawValue: text)
        if exact.isKnown { return exact }
        let folded = text.lowercased().replacingOccurrences(of: "_", with: "")
        if let match = TransactionType.knownCases.first(where: { $0.rawValue.lowercased() == folded }) { return match }
        return folded == "purchase" ? .pointOfSale : .unknown
    }

    /// What a balance conflict is about: `source_id|kind|instant key`.
    public static func balanceIdentity(sourceID: String, kind: String, observedKey: String) -> String {
        "\(sourceID)|\(kind)|\(observedKey)"
    }

    /// The parts of a `balanceIdentity`, or nil when it has not three.
    public static func balanceIdentityParts(_ identity: String) -> (sourceID: String, kind: String, observedKey: String)? {
        let parts = identity.split(separator: "|").map(String.init)
        guard parts.count == 3 else { return nil }
        return (parts[0], parts[1], parts[2])
    }

    /// The details of a balance conflict, as compact JSON.
    public static func balanceConflictDetails(sourceID: String, kind: String, observedAt: Timestamp) -> String {
        "{\"source_id\":\"\(sourceID)\",\"kind\":\"\(kind)\",\"observed_at\":\"\(SureInstant.canonicalUTC(observedAt))\"}"
    }

    /// The details of a transaction conflict, as compact JSON.
    public static func transactionConflictDetails(sourceID: String, sourceAccountID: String) -> String {
        "{\"source_id\":\"\(sourceID)\",\"source_account_id\":\"\(sourceAccountID)\"}"
    }
}
