import Ledger

/// A batch body that passed Sure's typed validation (§2): the envelope and its events.
public struct SureBatch: Sendable {
    public let protocolVersion: Int64
    public let connectionID: String
    public let publisherID: String
    public let generation: Int64
    public let streamID: String
    public let batchID: String
    public let sequence: Int64
    public let predecessorDigest: String?
    public let captureID: String
    public let chunkIndex: Int
    public let chunkCount: Int
    public let captureMode: String
    public let snapshotComplete: Bool
    public let capturedAt: Timestamp
    public let selectedSourceAccountIDs: [String]
    public let events: [SureEvent]

    /// The captured instant as a comparable key (see `SureInstant`).
    public var capturedKey: String { SureInstant.key(capturedAt) }
}

/// One event of a batch, by its `kind`.
public enum SureEvent: Sendable {
    case accountUpsert(SureAccountUpsert)
    case accountUnavailable(SureBinding)
    case balanceUpsert(SureBalanceUpsert)
    case transactionUpsert(SureTransactionUpsert)
    case transactionTombstone(SureTombstone)
}

/// The account binding every event repeats; ids lowercased.
public struct SureBinding: Sendable, Hashable {
    public let sourceAccountID: String
    public let lineageID: String
    public let mappingVersion: Int64
}

/// A money object: an unsigned amount, a currency and a direction.
public struct SureMoney: Sendable, Equatable {
    public let amount: Money
    public let text: String
    public let direction: CreditDebitIndicator
}

public struct SureAccountUpsert: Sendable {
    public let binding: SureBinding
    public let displayName: String
    public let institutionName: String
    public let currency: String
    public let kind: AccountKind
    public let accountDescription: String?
    public let openingDate: Timestamp?
}

public struct SureBalanceUpsert: Sendable {
    public let binding: SureBinding
    /// Lowercased.
    public let sourceID: String
    public let kind: String
    public let observedAt: Timestamp
    public let money: SureMoney
}

public struct SureTransactionUpsert: Sendable {
    public let binding: SureBinding
    /// As written (the ledger ID of a new transaction).
    public let sourceIDText: String
    public let amount: SureMoney
    public let transactionDescription: String
    public let originalTransactionDescription: String
    public let transactionType: String
    public let status: String
    public let transactedAt: Timestamp
    public let postedAt: Timestamp?
    public let merchantName: String?
    public let merchantCategoryCode: Int?
    public let foreignAmount: SureMoney?
    public let foreignExchangeRate: String?

    public var sourceID: String { sourceIDText.lowercased() }
}

public struct SureTombstone: Sendable {
    public let binding: SureBinding
    public let sourceID: String
}

/// Instants as Sure compares them: parsed, so different spellings of one time are equal.
public enum SureInstant {
    /// Unix seconds with the fraction (trailing zeros trimmed), zero-padded so keys sort by time
    /// for dates after 1970.
    public static func key(_ timestamp: Timestamp) -> String {
        let fraction = fractionDigits(timestamp.text)
        let seconds = String(timestamp.epochSeconds)
        let padded = String(repeating: "0", count: max(0, 12 - seconds.count)) + seconds
        return fraction.isEmpty ? padded : padded + "." + fraction
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fff]Z`.
    public static func canonicalUTC(_ timestamp: Timestamp) -> String {
        let base = Timestamp.utc(epochSeconds: timestamp.epochSeconds).text
        let fraction = fractionDigits(timestamp.text)
        guard !fraction.isEmpty else { return base }
        return String(base.dropLast()) + "." + fraction + "Z"
    }

    private static func fractionDigits(_ text: String) -> String {
        guard let dot = text.firstIndex(of: ".") else { return "" }
        var digits = String(text[text.index(after: dot)...].prefix { $0.isASCII && $0.isNumber })
        while digits.hasSuffix("0") { digits.removeLast() }
        return digits
    }
}
