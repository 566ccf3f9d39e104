import Ledger
import StrictJSON

/// Typed access to a JSON object's members that names the exact field when a value is wrong
/// (package-wide: order packages read their JSON the same way).
package struct JSONFields {
    package let object: JSONObject
    package let path: String

    /// The most UTF-8 bytes a text field may have. FinanceKit's own texts (names, descriptions,
    /// IDs) are far shorter; without a limit a hostile file's one long string would be stored
    /// whole, repeated in every report and export.
    package static let maximumTextBytes = 4096

    /// `text` when it is within `maximumTextBytes`, else the error naming `field`.
    package static func limited(_ text: String, field: String) throws -> String {
        let count = text.utf8.count
        guard count <= maximumTextBytes else {
            throw FieldError(field: field, message: "\(count) bytes of text is more than the \(maximumTextBytes) a text field may have")
        }
        return text
    }

    package init(_ value: JSONValue, path: String) throws {
        guard case .object(let object) = value else {
            throw FieldError(field: path, message: "expected an object, found \(value.typeName)")
        }
        self.object = object
        self.path = path
    }

    package func fieldPath(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// The member's value; missing and null are the same to optional fields.
    package func optional(_ key: String) -> JSONValue? {
        guard let value = object[key], value != .null else { return nil }
        return value
    }

    package func required(_ key: String) throws -> JSONValue {
        guard let value = object[key] else { throw FieldError(field: fieldPath(key), message: "missing") }
        guard value != .null else { throw FieldError(field: fieldPath(key), message: "must not be null") }
        return value
    }

    package func string(_ key: String) throws -> String {
        let value = try required(key)
        guard case .string(let text) = value else {
            throw FieldError(field: fieldPath(key), message: "expected a string, found \(value.typeName)")
        }
        return try Self.limited(text, field: fieldPath(key))
    }

    package func optionalString(_ key: String) throws -> String? {
        guard let value = optional(key) else { return nil }
        guard case .string(let text) = value else {
            throw FieldError(field: fieldPath(key), message: "expected a string, found \(value.typeName)")
        }
        return try Self.limited(text, field: fieldPath(key))
    }

    package func identifier(_ key: String) throws -> String {
        let text = try string(key)
        guard !text.isEmpty else { throw FieldError(field: fieldPath(key), message: "must not be empty") }
        // FinanceKit prints UUIDs upper-case; comparing in one case makes IDs case-insensitive.
        return text.uppercased()
    }

    package func currencyCode(_ key: String) throws -> String {
        let text = try string(key)
        guard text.utf8.count == 3, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            throw FieldError(field: fieldPath(key), message: "'\(text)' is not a currency code (three capital letters, e.g. USD)")
        }
        return text
    }

    package func timestamp(_ key: String) throws -> Timestamp {
        let text = try string(key)
        do {
            return try Timestamp.parse(rfc3339: text)
        } catch {
            throw FieldError(field: fieldPath(key), message: error.message(for: text))
        }
    }

    package func optionalTimestamp(_ key: String) throws -> Timestamp? {
        guard optional(key) != nil else { return nil }
        return try timestamp(key)
    }

    package func enumeration<Value: RawRepresentable & CaseIterable>(_ key: String, _: Value.Type) throws -> Value
    where Value.RawValue == String {
        let text = try string(key)
        guard let value = Value(rawValue: text) else {
            let cases = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw FieldError(field: fieldPath(key), message: "unknown value '\(text)' (expected one of \(cases))")
        }
        return value
    }

    /// A FinanceKit enumeration that grows with iOS releases: a name purse does not know is
    /// taken as `unrecognized` (the sync engine warns about it). It must still look like a
    /// name: not empty and without control characters, which would end up on a terminal.
    package func openEnumeration<Value: OpenEnumeration>(_ key: String, _: Value.Type) throws -> Value {
        let text = try string(key)
        guard !text.isEmpty else { throw FieldError(field: fieldPath(key), message: "must not be empty") }
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
            throw FieldError(field: fieldPath(key), message: "expected a case name, found text with control characters")
        }
        return Value(rawValue: text)
    }

    /// An unsigned decimal string; a JSON number is refused so no amount passes through binary floating point.
    package func amount(_ key: String, currency: String) throws -> Money {
        let value = try required(key)
        switch value {
        case .string(let text):
            do {
                return try Money(parsing: text, currency: currency)
            } catch {
                throw FieldError(field: fieldPath(key), message: error.description)
            }
        case .number(let literal):
            throw FieldError(
                field: fieldPath(key),
                message: "a JSON number (\(literal)) where an amount belongs; amounts are decimal strings such as \"12.50\"")
        default:
            throw FieldError(field: fieldPath(key), message: "expected a decimal string, found \(value.typeName)")
        }
    }

    /// A FinanceKit `CurrencyAmount`: `{"amount": "12.50", "currencyCode": "USD"}`.
    package func money(_ key: String) throws -> Money {
        let fields = try JSONFields(try required(key), path: fieldPath(key))
        let currency = try fields.currencyCode("currencyCode")
        return try fields.amount("amount", currency: currency)
    }

    package func optionalMoney(_ key: String) throws -> Money? {
        guard optional(key) != nil else { return nil }
        return try money(key)
    }

    package func nested(_ key: String) throws -> JSONFields? {
        guard let value = optional(key) else { return nil }
        return try JSONFields(value, path: fieldPath(key))
    }
}
