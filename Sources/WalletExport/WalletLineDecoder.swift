import Ledger
import StrictJSON

/// Decodes one change-set line straight from its bytes into ledger records, with no `JSONValue`
/// tree in between: the hot path of `purse sync`.
///
/// It is a fast path only. It answers for a line when the line is valid JSON and every record
/// in it decodes; for anything else (a syntax error, a wrong field, a duplicate it cannot vouch
/// for, a non-ASCII key) it returns nil, and the caller decodes the line the exact way
/// (`JSONParser` and `WalletRecordDecoder`), which produces the result or the one error
/// message. So its acceptance can only be narrower than the exact path's, never wider, and
/// error messages cannot drift. `WalletLineDecoderTests` checks that both agree.
///
/// The rules it mirrors: the first occurrence of a key counts (later ones are still checked for
/// syntax), unknown keys are skipped, null is the same as missing for optional fields, a name
/// an open enumeration does not know is kept as `unrecognized`, and no text it keeps is longer
/// than `JSONFields.maximumTextBytes`.
struct WalletLineDecoder {
    typealias Unsure = JSONCursor.Unsure

    struct Decoded {
        let generation: String
        let sequence: Int64
        let isSnapshot: Bool
        let records: StreamChange.Records
    }

    /// The line's header and records, or nil when the exact path must decide.
    static func decode(_ bytes: UnsafeRawBufferPointer, stream: LedgerStream) -> Decoded? {
        guard var cursor = try? JSONCursor(bytes) else { return nil }
        defer { cursor.release() }
        do {
            switch stream {
            case .accounts:
                let (header, set) = try changeSet(&cursor, account)
                return Decoded(
                    generation: header.generation, sequence: header.sequence, isSnapshot: header.isSnapshot,
                    records: .accounts(set))
            case .balances(let accountID):
                let known = KnownID(accountID)
                let (header, set) = try changeSet(&cursor) { (cursor: inout JSONCursor) throws(Unsure) in
                    try balance(&cursor, account: known)
                }
                for record in set.inserted where record.accountID != accountID { return nil }
                for record in set.updated where record.accountID != accountID { return nil }
                return Decoded(
                    generation: header.generation, sequence: header.sequence, isSnapshot: header.isSnapshot,
                    records: .balances(set))
            case .transactions(let accountID):
                let known = KnownID(accountID)
                let (header, set) = try changeSet(&cursor) { (cursor: inout JSONCursor) throws(Unsure) in
                    try transaction(&cursor, account: known)
                }
                for record in set.inserted where record.accountID != accountID { return nil }
                for record in set.updated where record.accountID != accountID { return nil }
                return Decoded(
                    generation: header.generation, sequence: header.sequence, isSnapshot: header.isSnapshot,
                    records: .transactions(set))
            }
        } catch {
            return nil
        }
    }

    // MARK: - The change set

    private struct Header {
        let generation: String
        let sequence: Int64
        let isSnapshot: Bool
    }

    private static let changeSetKeys: [StaticString] = ["generation", "sequence", "snapshot", "inserted", "updated", "deleted"]

    private static func changeSet<Record>(_ cursor: inout JSONCursor, _ record: (inout JSONCursor) throws(Unsure) -> Record)
        throws(Unsure) -> (Header, ChangeSet<Record>)
    {
        var generation: String?
        var sequence: Int64?
        var isSnapshot = false
        var inserted: [Record] = []
        var updated: [Record] = []
        var deleted: [String] = []
        var seen: UInt32 = 0
        var expected = 0
        cursor.skipWhitespace()
        if try cursor.beginObject() {
            repeat {
                let code = try first(&cursor, changeSetKeys, &seen, &expected)
                switch code {
                case 0:
                    let token = try cursor.string()
                    guard token.count > 0, token.count <= JSONFields.maximumTextBytes else { throw Unsure() }
                    generation = cursor.text(token)
                case 1:
                    sequence = try positiveInteger(&cursor)
                case 2:
                    if try !cursor.null() { isSnapshot = try cursor.bool() }
                case 3:
                    inserted = try records(&cursor, record)
                case 4:
                    updated = try records(&cursor, record)
                case 5:
                    deleted = try identifiers(&cursor)
                default:
                    try cursor.skipValue()
                }
            } while try cursor.nextMember()
        }
        cursor.skipWhitespace()
        guard cursor.isAtEnd, let generation, let sequence else { throw Unsure() }
        return (
            Header(generation: generation, sequence: sequence, isSnapshot: isSnapshot),
            ChangeSet(inserted: inserted, updated: updated, deleted: deleted)
        )
    }

    private static func records<Record>(_ cursor: inout JSONCursor, _ record: (inout JSONCursor) throws(Unsure) -> Record)
        throws(Unsure) -> [Record]
    {
        var decoded: [Record] = []
        if try cursor.null() { return decoded }
        guard try cursor.beginArray() else { return decoded }
        repeat {
            cursor.element()
            decoded.append(try record(&cursor))
        } while try cursor.nextElement()
        return decoded
    }

    private static func identifiers(_ cursor: inout JSONCursor) throws(Unsure) -> [String] {
        var decoded: [String] = []
        if try cursor.null() { return decoded }
        guard try cursor.beginArray() else { return decoded }
        repeat {
            cursor.element()
            decoded.append(try identifier(&cursor))
        } while try cursor.nextElement()
        return decoded
    }

    /// Reads the next member's key: the index of the key in `keys` when this is its first
    /// occurrence, else -1 (an unknown key or a repeat, whose value the caller skips).
    /// `expected` is where the key after the last one found sits in `keys`: exporters write
    /// keys in one order, so it is tried first, straight on the bytes.
    @inline(__always)
    private static func first(
        _ cursor: inout JSONCursor, _ keys: [StaticString], _ seen: inout UInt32,
        _ expected: inout Int
    ) throws(Unsure) -> Int {
        var code = -1
        if expected < keys.count, try cursor.key(ifExactly: keys[expected]) {
            code = expected
        } else {
            let token = try cursor.key()
            // Swift compares strings by canonical equivalence: leave non-ASCII keys to the exact path.
            guard token.isASCII else { throw Unsure() }
            for (index, key) in keys.enumerated() where cursor.matches(token, key) {
                code = index
                break
            }
            guard code >= 0 else { return -1 }
        }
        let bit: UInt32 = 1 << UInt32(code)
        guard seen & bit == 0 else { return -1 }
        seen |= bit
        expected = code + 1
        return code
    }

    // MARK: - Records

    private static let accountKeys: [StaticString] = [
        "id", "kind", "displayName", "institutionName", "accountDescription",
        "currencyCode", "openingDate", "creditInformation",
    ]

    private static func account(_ cursor: inout JSONCursor) throws(Unsure) -> Account {
        var id: String?
        var kind: AccountKind?
        var displayName: String?
        var institutionName: String?
        var accountDescription: String?
        var currencyCode: String?
        var openingDate: Timestamp?
        var credit: CreditInformation?
        var seen: UInt32 = 0
        var expected = 0
        guard try cursor.beginObject() else { throw Unsure() }
        repeat {
            switch try first(&cursor, accountKeys, &seen, &expected) {
            case 0: id = try identifier(&cursor)
            case 1: kind = try openEnumeration(&cursor, accountKinds)
            case 2: displayName = try string(&cursor)
            case 3: institutionName = try string(&cursor)
            case 4: accountDescription = try optionalString(&cursor)
            case 5: currencyCode = try self.currencyCode(&cursor)
            case 6: openingDate = try optionalTimestamp(&cursor)
            case 7: credit = try creditInformation(&cursor)
            default: try cursor.skipValue()
            }
        } while try cursor.nextMember()
        guard let id, let kind, let displayName, let institutionName, let currencyCode else { throw Unsure() }
        return Account(
            id: id, kind: kind, displayName: displayName, institutionName: institutionName,
            accountDescription: accountDescription, currencyCode: currencyCode, openingDate: openingDate,
            creditInformation: credit)
    }

    private static let creditKeys: [StaticString] = [
        "creditLimit", "minimumNextPaymentAmount", "nextPaymentDueDate",
        "overduePaymentAmount",
    ]

    private static func creditInformation(_ cursor: inout JSONCursor) throws(Unsure) -> CreditInformation? {
        if try cursor.null() { return nil }
        var credit = CreditInformation()
        var seen: UInt32 = 0
        var expected = 0
        guard try cursor.beginObject() else { return credit }
        repeat {
            switch try first(&cursor, creditKeys, &seen, &expected) {
            case 0: credit.creditLimit = try optionalMoney(&cursor)
            case 1: credit.minimumNextPaymentAmount = try optionalMoney(&cursor)
            case 2: credit.nextPaymentDueDate = try optionalTimestamp(&cursor)
            case 3: credit.overduePaymentAmount = try optionalMoney(&cursor)
            default: try cursor.skipValue()
            }
        } while try cursor.nextMember()
        return credit
    }

    private static let balanceKeys: [StaticString] = ["id", "accountID", "currencyCode", "available", "booked"]

    private static func balance(_ cursor: inout JSONCursor, account: KnownID) throws(Unsure) -> AccountBalance {
        var id: String?
        var accountID: String?
        var currencyCode: String?
        var available: Balance?
        var booked: Balance?
        var seen: UInt32 = 0
        var expected = 0
        guard try cursor.beginObject() else { throw Unsure() }
        repeat {
            switch try first(&cursor, balanceKeys, &seen, &expected) {
            case 0: id = try identifier(&cursor)
            case 1: accountID = try identifier(&cursor, known: account)
            case 2: currencyCode = try self.currencyCode(&cursor)
            case 3: available = try side(&cursor)
            case 4: booked = try side(&cursor)
            default: try cursor.skipValue()
            }
        } while try cursor.nextMember()
        guard let id, let accountID, let currencyCode,
            let balance = AccountBalance(
                id: id, accountID: accountID, currencyCode: currencyCode,
                available: available, booked: booked)
        else { throw Unsure() }
        return balance
    }

    private static let sideKeys: [StaticString] = ["amount", "asOfDate", "creditDebitIndicator"]

    private static func side(_ cursor: inout JSONCursor) throws(Unsure) -> Balance? {
        if try cursor.null() { return nil }
        var amount: Money?
        var asOfDate: Timestamp?
        var indicator: CreditDebitIndicator?
        var seen: UInt32 = 0
        var expected = 0
        guard try cursor.beginObject() else { throw Unsure() }
        repeat {
            switch try first(&cursor, sideKeys, &seen, &expected) {
            case 0: amount = try money(&cursor)
            case 1: asOfDate = try timestamp(&cursor)
            case 2: indicator = try enumeration(&cursor, indicators)
            default: try cursor.skipValue()
            }
        } while try cursor.nextMember()
        guard let amount, let asOfDate, let indicator else { throw Unsure() }
        return Balance(amount: amount, asOfDate: asOfDate, creditDebitIndicator: indicator)
    }

    private static let transactionKeys: [StaticString] = [
        "id", "accountID", "transactionDate", "postedDate", "transactionAmount", "foreignCurrencyAmount",
        "foreignCurrencyExchangeRate", "creditDebitIndicator", "transactionDescription", "originalTransactionDescription",
        "merchantCategoryCode", "merchantName", "transactionType", "status",
    ]

    private static func transaction(_ cursor: inout JSONCursor, account: KnownID) throws(Unsure) -> Transaction {
        var id: String?
        var accountID: String?
        var transactionDate: Timestamp?
        var postedDate: Timestamp?
        var amount: Money?
        var foreignAmount: Money?
        var rate: String?
        var indicator: CreditDebitIndicator?
        var description: String?
        var originalDescription: String?
        var merchantCategoryCode: Int?
        var merchantName: String?
        var type: TransactionType?
        var status: TransactionStatus?
        var seen: UInt32 = 0
        var expected = 0
        guard try cursor.beginObject() else { throw Unsure() }
        repeat {
            switch try first(&cursor, transactionKeys, &seen, &expected) {
            case 0: id = try identifier(&cursor)
            case 1: accountID = try identifier(&cursor, known: account)
            case 2: transactionDate = try timestamp(&cursor)
            case 3: postedDate = try optionalTimestamp(&cursor)
            case 4: amount = try money(&cursor)
            case 5: foreignAmount = try optionalMoney(&cursor)
            case 6: rate = try exchangeRate(&cursor)
            case 7: indicator = try enumeration(&cursor, indicators)
            case 8: description = try string(&cursor)
            case 9: originalDescription = try string(&cursor)
            case 10: merchantCategoryCode = try self.merchantCategoryCode(&cursor)
            case 11: merchantName = try optionalString(&cursor)
            case 12: type = try openEnumeration(&cursor, transactionTypes)
            case 13: status = try openEnumeration(&cursor, statuses)
            default: try cursor.skipValue()
            }
        } while try cursor.nextMember()
        guard let id, let accountID, let transactionDate, let amount, let indicator, let description,
            let originalDescription, let type, let status
        else { throw Unsure() }
        return Transaction(
            id: id, accountID: accountID, transactionDate: transactionDate, postedDate: postedDate,
            transactionAmount: amount, foreignCurrencyAmount: foreignAmount,
            foreignCurrencyExchangeRate: rate, creditDebitIndicator: indicator,
            transactionDescription: description, originalTransactionDescription: originalDescription,
            merchantCategoryCode: merchantCategoryCode, merchantName: merchantName,
            transactionType: type, status: status)
    }

    // MARK: - Values

    private static func string(_ cursor: inout JSONCursor) throws(Unsure) -> String {
        // Read the token first: `cursor.text(try cursor.string())` would read the scratch buffer
        // of the cursor as it was before the string.
        let token = try cursor.string()
        guard token.count <= JSONFields.maximumTextBytes else { throw Unsure() }
        return cursor.text(token)
    }

    private static func optionalString(_ cursor: inout JSONCursor) throws(Unsure) -> String? {
        if try cursor.null() { return nil }
        return try string(&cursor)
    }

    /// A non-empty ID, upper-cased as `JSONFields.identifier` does. When it upper-cases to the
    /// bytes of `known` (the account a stream file is for), `known` itself is returned, which
    /// spares a string per record.
    private static func identifier(_ cursor: inout JSONCursor, known: KnownID? = nil) throws(Unsure) -> String {
        let token = try cursor.string()
        guard token.count > 0, token.count <= JSONFields.maximumTextBytes else { throw Unsure() }
        let content = cursor.content(token)
        guard token.isASCII else { return String(decoding: content, as: UTF8.self).uppercased() }
        if let known, known.matches(content) { return known.text }
        return String(unsafeUninitializedCapacity: content.count) { buffer in
            for offset in 0..<content.count {
                let byte = content[offset]
                buffer[offset] = byte &- UInt8(ascii: "a") < 26 ? byte - 0x20 : byte
            }
            return content.count
        }
    }

    /// Three capital letters.
    private static func currencyCode(_ cursor: inout JSONCursor) throws(Unsure) -> String {
        let token = try cursor.string()
        let content = cursor.content(token)
        guard content.count == 3, content.allSatisfy({ $0 &- UInt8(ascii: "A") < 26 }) else { throw Unsure() }
        return String(decoding: content, as: UTF8.self)
    }

    private static func timestamp(_ cursor: inout JSONCursor) throws(Unsure) -> Timestamp {
        let token = try cursor.string()
        guard let timestamp = Timestamp(rfc3339Bytes: cursor.content(token)) else { throw Unsure() }
        return timestamp
    }

    private static func optionalTimestamp(_ cursor: inout JSONCursor) throws(Unsure) -> Timestamp? {
        if try cursor.null() { return nil }
        return try timestamp(&cursor)
    }

    private static let moneyKeys: [StaticString] = ["amount", "currencyCode"]

    /// A FinanceKit `CurrencyAmount` object, its amount an unsigned decimal string.
    private static func money(_ cursor: inout JSONCursor) throws(Unsure) -> Money {
        var units: Int64?
        var currency: String?
        var seen: UInt32 = 0
        var expected = 0
        guard try cursor.beginObject() else { throw Unsure() }
        repeat {
            switch try first(&cursor, moneyKeys, &seen, &expected) {
            case 0:
                let token = try cursor.string()
                units = try Self.units(cursor.content(token))
            case 1:
                currency = try currencyCode(&cursor)
            default:
                try cursor.skipValue()
            }
        } while try cursor.nextMember()
        guard let units, let currency else { throw Unsure() }
        return Money(units: units, currency: currency)
    }

    private static func optionalMoney(_ cursor: inout JSONCursor) throws(Unsure) -> Money? {
        if try cursor.null() { return nil }
        return try money(&cursor)
    }

    /// `Money.parseUnits(_:allowSign: false)` over bytes: digits with an optional point and at
    /// most four fraction digits, within 900 trillion.
    static func units(_ text: UnsafeRawBufferPointer) throws(Unsure) -> Int64 {
        var whole: Int64 = 0
        var wholeDigits = 0
        var fraction: Int64 = 0
        var fractionDigits = 0
        var seenPoint = false
        for byte in text {
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                if seenPoint {
                    fractionDigits += 1
                    guard fractionDigits <= 4 else { throw Unsure() }
                    fraction = fraction * 10 + Int64(digit)
                } else {
                    wholeDigits += 1
                    guard whole < 10_000_000_000_000_000 else { throw Unsure() }
                    whole = whole * 10 + Int64(digit)
                }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                throw Unsure()
            }
        }
        guard wholeDigits > 0, !seenPoint || fractionDigits > 0 else { throw Unsure() }
        while fractionDigits < 4 {
            fraction *= 10
            fractionDigits += 1
        }
        guard whole <= Money.maximumUnits / Money.scale else { throw Unsure() }
        let units = whole * Money.scale + fraction
        guard units <= Money.maximumUnits else { throw Unsure() }
        return units
    }

    /// An integer 0...9999 or null; `Int(literal)` reads "-0" as 0.
    private static func merchantCategoryCode(_ cursor: inout JSONCursor) throws(Unsure) -> Int? {
        if try cursor.null() { return nil }
        let current = cursor.current
        guard current == UInt8(ascii: "-") || current &- UInt8(ascii: "0") < 10 else { throw Unsure() }
        let range = try cursor.number()
        let literal = cursor.bytes(range)
        var digits = literal[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard digits.count <= 4 else { throw Unsure() }
        var value = 0
        for byte in digits {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { throw Unsure() }
            value = value * 10 + Int(digit)
        }
        guard !negative || value == 0 else { throw Unsure() }
        return value
    }

    /// A sequence: a JSON integer of at least 1 that fits an Int64.
    private static func positiveInteger(_ cursor: inout JSONCursor) throws(Unsure) -> Int64 {
        guard cursor.current &- UInt8(ascii: "0") < 10 else { throw Unsure() }
        let range = try cursor.number()
        let literal = cursor.bytes(range)
        var value: Int64 = 0
        for byte in literal {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { throw Unsure() }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(Int64(digit))
            guard !overflow, !carry else { throw Unsure() }
            value = sum
        }
        guard value >= 1 else { throw Unsure() }
        return value
    }

    /// A decimal string (digits, at most one point with digits on both sides) or null.
    private static func exchangeRate(_ cursor: inout JSONCursor) throws(Unsure) -> String? {
        if try cursor.null() { return nil }
        let token = try cursor.string()
        guard token.count <= JSONFields.maximumTextBytes else { throw Unsure() }
        var digitsInPart = 0
        var points = 0
        for byte in cursor.content(token) {
            if byte == UInt8(ascii: ".") {
                guard digitsInPart > 0, points == 0 else { throw Unsure() }
                points += 1
                digitsInPart = 0
            } else {
                guard byte &- UInt8(ascii: "0") < 10 else { throw Unsure() }
                digitsInPart += 1
            }
        }
        guard digitsInPart > 0 else { throw Unsure() }
        return cursor.text(token)
    }

    // MARK: - Enumerations

    private static let accountKinds = CaseNames(AccountKind.knownCases, name: \.rawValue)
    private static let indicators = CaseNames(CreditDebitIndicator.allCases, name: \.rawValue)
    private static let transactionTypes = CaseNames(TransactionType.knownCases, name: \.rawValue)
    private static let statuses = CaseNames(TransactionStatus.knownCases, name: \.rawValue)

    private static func enumeration<Value>(_ cursor: inout JSONCursor, _ names: CaseNames<Value>) throws(Unsure) -> Value {
        let token = try cursor.string()
        // Raw values are compared by canonical equivalence: leave non-ASCII text to the exact path.
        guard token.isASCII, let value = names.value(cursor.content(token)) else { throw Unsure() }
        return value
    }

    /// A known case, or another name of printable ASCII as `unrecognized`, as
    /// `JSONFields.openEnumeration` reads it.
    private static func openEnumeration<Value: OpenEnumeration>(_ cursor: inout JSONCursor, _ names: CaseNames<Value>)
        throws(Unsure) -> Value
    {
        let token = try cursor.string()
        guard token.isASCII, token.count > 0, token.count <= JSONFields.maximumTextBytes else { throw Unsure() }
        let content = cursor.content(token)
        if let value = names.value(content) { return value }
        guard content.allSatisfy({ $0 &- 0x20 < 0x5F }) else { throw Unsure() }
        return .unrecognized(String(decoding: content, as: UTF8.self))
    }
}

/// An enumeration's raw values as bytes, taken from the type itself so they cannot drift.
private struct CaseNames<Value: Sendable>: Sendable {
    let cases: [(name: [UInt8], value: Value)]

    init(_ values: [Value], name: (Value) -> String) {
        cases = values.map { (Array(name($0).utf8), $0) }
    }

    func value(_ text: UnsafeRawBufferPointer) -> Value? {
        for entry in cases where entry.name.count == text.count {
            if entry.name.withUnsafeBytes({ $0.elementsEqual(text) }) { return entry.value }
        }
        return nil
    }
}

/// An ID most records repeat (the account of their stream file), with its bytes at hand.
private struct KnownID {
    let text: String
    private let bytes: [UInt8]

    init(_ text: String) {
        self.text = text
        bytes = Array(text.utf8)
    }

    /// Whether ASCII `content`, upper-cased, is exactly this ID.
    func matches(_ content: UnsafeRawBufferPointer) -> Bool {
        guard content.count == bytes.count else { return false }
        return bytes.withUnsafeBufferPointer { known in
            for offset in 0..<content.count {
                let byte = content[offset]
                if (byte &- UInt8(ascii: "a") < 26 ? byte - 0x20 : byte) != known[offset] { return false }
            }
            return true
        }
    }
}
