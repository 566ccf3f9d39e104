import Ledger
import StrictJSON

/// An object's members with typed, strict readers. The last of duplicate keys wins, as in Sure's
/// JSON parser.
struct Fields {
    let values: [String: JSONValue]
    let path: String

    init(_ value: JSONValue, _ path: String) throws(SureError) {
        guard case .object(let object) = value else {
            throw SureError(.invalidPayload, "\(path) must be an object, not \(value.typeName)")
        }
        var values: [String: JSONValue] = [:]
        for member in object.members { values[member.key] = member.value }
        self.values = values
        self.path = path
    }

    func raw(_ key: String) -> JSONValue? { values[key] }

    func stringValue(_ key: String) -> String? {
        if case .string(let text)? = values[key] { return text }
        return nil
    }

    func requireKeys(_ required: [String], optional: [String]) throws(SureError) {
        for key in required where values[key] == nil {
            throw SureError(.invalidPayload, "\(path) lacks the required key \(key)")
        }
        let known = Set(required + optional)
        if let unknown = values.keys.sorted().first(where: { !known.contains($0) }) {
            throw SureError(.invalidPayload, "\(path) has an unknown key \(unknown)")
        }
    }

    private func present(_ key: String) throws(SureError) -> JSONValue {
        guard let value = values[key] else { throw SureError(.invalidPayload, "\(path) lacks the required key \(key)") }
        return value
    }

    func integer(_ key: String) throws(SureError) -> Int64 {
        guard case .number(let text) = try present(key), let number = Self.integer(text) else {
            throw SureError(.invalidPayload, "\(path).\(key) must be an integer")
        }
        return number
    }

    func string(_ key: String) throws(SureError) -> String {
        guard case .string(let text) = try present(key) else {
            throw SureError(.invalidPayload, "\(path).\(key) must be a string")
        }
        return text
    }

    func bool(_ key: String) throws(SureError) -> Bool {
        guard case .bool(let flag) = try present(key) else {
            throw SureError(.invalidPayload, "\(path).\(key) must be true or false")
        }
        return flag
    }

    /// A UUID, lowercased as ids are compared.
    func uuid(_ key: String) throws(SureError) -> String {
        try uuidAsWritten(key).lowercased()
    }

    /// A UUID in the case it was written.
    func uuidAsWritten(_ key: String) throws(SureError) -> String {
        let text = try string(key)
        guard Self.isUUID(text) else { throw SureError(.invalidPayload, "\(path).\(key) must be a UUID") }
        return text
    }

    /// A member that must be an object, read with the same strict readers.
    func object(_ key: String) throws(SureError) -> Fields {
        try Fields(try present(key), "\(path).\(key)")
    }

    func enumeration(_ key: String, _ allowed: [String]) throws(SureError) -> String {
        let text = try string(key)
        guard allowed.contains(text) else {
            throw SureError(.invalidPayload, "\(path).\(key) must be one of \(allowed.joined(separator: ", "))")
        }
        return text
    }

    func text(_ key: String, _ length: ClosedRange<Int>) throws(SureError) -> String {
        let text = try string(key)
        guard length.contains(text.unicodeScalars.count) else {
            throw SureError(.invalidPayload, "\(path).\(key) must have \(length.lowerBound) to \(length.upperBound) characters")
        }
        return text
    }

    func optionalText(_ key: String, _ length: ClosedRange<Int>) throws(SureError) -> String? {
        values[key] == nil ? nil : try text(key, length)
    }

    func timestamp(_ key: String) throws(SureError) -> Timestamp {
        let text = try string(key)
        guard let timestamp = Timestamp(rfc3339: text) else {
            throw SureError(.invalidTimestamp, "\(path).\(key) must be an ISO 8601 time ending in Z or ±HH:MM")
        }
        return timestamp
    }

    func optionalTimestamp(_ key: String) throws(SureError) -> Timestamp? {
        values[key] == nil ? nil : try timestamp(key)
    }

    func currency(_ key: String) throws(SureError) -> String {
        let code = try string(key)
        guard CurrencyTable.isKnown(code) else {
            throw SureError(.invalidCurrency, "\(path).\(key): '\(code)' is not a known currency code")
        }
        return code
    }

    func binding(sourceKey: String) throws(SureError) -> SureBinding {
        SureBinding(
            sourceAccountID: try uuid(sourceKey), lineageID: try uuid("lineage_id"),
            mappingVersion: try integer("mapping_version"))
    }

    func money(_ key: String) throws(SureError) -> SureMoney {
        let object = try Fields(try present(key), "\(path).\(key)")
        try object.requireKeys(["amount", "currency", "direction"], optional: [])
        let amountText = try object.string("amount")
        guard Self.isDecimal(amountText, integerDigits: 15, fractionDigits: 4) else {
            throw SureError(.invalidPayload, "\(path).\(key).amount must be an unsigned decimal string with at most 4 fraction digits")
        }
        let currency = try object.currency("currency")
        let direction = try object.enumeration("direction", ["credit", "debit"])
        let amount: Money
        do {
            amount = try Money(parsing: amountText, currency: currency)
        } catch {
            throw SureError(.invalidPayload, "\(path).\(key).amount is out of range")
        }
        return SureMoney(amount: amount, text: amountText, direction: direction == "credit" ? .credit : .debit)
    }

    // MARK: Lexical rules

    static func integer(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        let digits = bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes[...]
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int64(text)
    }

    static func isLowerHex(_ byte: UInt8) -> Bool {
        (byte >= 48 && byte <= 57) || (byte >= 97 && byte <= 102)
    }

    /// 8-4-4-4-12 hex digits, either case.
    static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard isLowerHex(byte) || (byte >= 65 && byte <= 70) else { return false }
            }
        }
        return true
    }

    /// `^(0|[1-9][0-9]{0,n-1})(\.[0-9]{1,m})?$`.
    static func isDecimal(_ text: String, integerDigits: Int, fractionDigits: Int) -> Bool {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = Array(parts[0].utf8)
        guard !whole.isEmpty, whole.count <= integerDigits, whole.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            whole.count == 1 || whole[0] != UInt8(ascii: "0")
        else { return false }
        guard parts.count == 2 else { return true }
        let fraction = Array(parts[1].utf8)
        return !fraction.isEmpty && fraction.count <= fractionDigits && fraction.allSatisfy { $0 >= 48 && $0 <= 57 }
    }
}
