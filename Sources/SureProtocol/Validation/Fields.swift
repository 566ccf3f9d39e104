import Ledger
import StrictJSON

/// An object's members with typed, strict readers, each the check Sure makes (Sure:
/// app/models/financekit/payload.rb). The last of duplicate keys wins, as in Sure's JSON parser.
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

    func has(_ key: String) -> Bool { values[key] != nil }

    func stringValue(_ key: String) -> String? {
        if case .string(let text)? = values[key] { return text }
        return nil
    }

    /// Sure's `shape!`: every required key present (a null counts as present), no other key.
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

    /// A JSON integer (no point, no exponent), saturated to 64 bits: Ruby reads any number of
    /// digits, and every bound Sure checks is far inside 64 bits.
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

    /// Sure's `uuid!`: a UUID, lowercased as ids are compared.
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
        guard case .string(let text) = try present(key), allowed.contains(text) else {
            throw SureError(.invalidPayload, "\(path).\(key) must be one of \(allowed.joined(separator: ", "))")
        }
        return text
    }

    /// Sure's `text!`: a string of at most `limit` characters (Unicode code points) that, unless
    /// `allowEmpty`, is not blank (empty or only white space, in Ruby's `present?` sense).
    func text(_ key: String, limit: Int, allowEmpty: Bool = false) throws(SureError) -> String {
        let text = try string(key)
        guard allowEmpty || !Self.isBlank(text) else {
            throw SureError(.invalidPayload, "\(path).\(key) must not be empty or only white space")
        }
        guard text.unicodeScalars.count <= limit else {
            throw SureError(.invalidPayload, "\(path).\(key) must have at most \(limit) characters")
        }
        return text
    }

    func optionalText(_ key: String, limit: Int, allowEmpty: Bool = false) throws(SureError) -> String? {
        has(key) ? try text(key, limit: limit, allowEmpty: allowEmpty) : nil
    }

    /// Sure's `timestamp!`.
    func timestamp(_ key: String) throws(SureError) -> SureTimestamp {
        guard case .string(let text) = try present(key) else {
            throw SureError(.invalidPayload, "\(path).\(key) must be a string ending in Z or ±HH:MM")
        }
        do {
            return try SureTimestamp.read(text)
        } catch {
            switch error {
            case .malformed: throw SureError(.invalidPayload, "\(path).\(key) '\(text)' must end in Z or ±HH:MM")
            case .unreadable: throw SureError(.invalidTimestamp, "\(path).\(key) '\(text)' is not an ISO 8601 time")
            }
        }
    }

    /// The currency check of Sure's `money!`: a string that Sure's table knows (else
    /// `invalid_currency`), written as the table writes it (else `invalid_payload`).
    func currency(_ key: String) throws(SureError) -> String {
        let code = try string(key)
        guard let canonical = SureCurrencyTable.canonicalCode(for: code) else {
            throw SureError(.invalidCurrency, "\(path).\(key): '\(code)' is not a currency code Sure knows")
        }
        guard Self.same(canonical, code) else {
            throw SureError(.invalidPayload, "\(path).\(key): '\(code)' must be written '\(canonical)'")
        }
        return code
    }

    /// Sure's `money!`: exactly amount, currency and direction, in that order of checks. An
    /// amount Sure takes but purse's 64-bit money cannot hold is left to `refusals`.
    func money(_ key: String, refusals: inout PurseRefusals) throws(SureError) -> SureMoney {
        let object = try Fields(try present(key), "\(path).\(key)")
        try object.requireKeys(["amount", "currency", "direction"], optional: [])
        guard case .string(let amountText)? = object.raw("amount"), Self.isDecimal(amountText, integerDigits: 15, fractionDigits: 4)
        else {
            throw SureError(.invalidPayload, "\(path).\(key).amount must be an unsigned decimal string with at most 4 fraction digits")
        }
        let currency = try object.currency("currency")
        let direction = try object.enumeration("direction", ["credit", "debit"])
        let amount = refusals.amount(amountText, currency: currency, field: "\(path).\(key).amount")
        return SureMoney(amount: amount, text: amountText, direction: direction == "credit" ? .credit : .debit)
    }

    // MARK: Lexical rules

    /// The value of a JSON integer literal, saturated to 64 bits; nil for a number with a point
    /// or an exponent (a Float in Ruby, never an Integer).
    static func integer(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        let negative = bytes.first == UInt8(ascii: "-")
        let digits = negative ? bytes.dropFirst() : bytes[...]
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int64(text) ?? (negative ? Int64.min : Int64.max)
    }

    /// Whether a JSON number equals `value` as Ruby compares them (`==` with no type check): an
    /// integer literal by its value, any other number as the Float Ruby reads it. Not money: only
    /// `protocol_version` and `generation` are compared this way.
    static func number(_ text: String, equals value: Int64) -> Bool {
        if let integer = integer(text) { return integer == value }
        guard let float = Double(text), float.isFinite, float == float.rounded(), abs(float) < 0x1p63 else { return false }
        return Int64(float) == value
    }

    /// Byte for byte, as Ruby compares strings. Swift's `==` would take canonically equivalent
    /// text as equal: "\u{212A}WD" (a KELVIN SIGN) and "KWD".
    static func same(_ left: String?, _ right: String) -> Bool {
        left.map { $0.utf8.elementsEqual(right.utf8) } ?? false
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

    /// Empty or only white space, as Ruby's `present?` sees white space: tab to carriage return,
    /// space, U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000.
    /// A zero-width space (U+200B) or a byte order mark (U+FEFF) is not white space.
    static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
            default: false
            }
        }
    }
}
