import Foundation

/// `timeZone` and `accountTimeZones`: the zones whose local days a source's accounts keep, as a
/// Wallet export's manifest and a picked-transactions file's first line both give them, read and
/// checked in one place so the two say the same and fail the same.
struct SourceTimeZones {
    /// The device's zone; nil when not given.
    let timeZone: String?
    /// An account's ID (upper-cased, as IDs are compared) to the zone of an account kept in
    /// another country than the device (FinanceKit has no zone per account).
    let accountTimeZones: [String: String]

    init(_ fields: JSONFields) throws {
        timeZone = try Self.zone(fields.optionalString("timeZone"), field: fields.fieldPath("timeZone"))
        var zones: [String: String] = [:]
        if let byAccount = try fields.nested("accountTimeZones") {
            for member in byAccount.object.members {
                // A key past the limit is named by its object, not by itself.
                _ = try JSONFields.limited(member.key, field: byAccount.path)
                let field = byAccount.fieldPath(member.key)
                guard case .string(let name) = member.value else {
                    throw FieldError(field: field, message: "expected a string, found \(member.value.typeName)")
                }
                guard !member.key.isEmpty else { throw FieldError(field: field, message: "an account ID must not be empty") }
                let zone = try Self.zone(JSONFields.limited(name, field: field), field: field)
                // Of an ID written twice the first counts, as of any key.
                if zones[member.key.uppercased()] == nil { zones[member.key.uppercased()] = zone }
            }
        }
        accountTimeZones = zones
    }

    /// An IANA time zone name (`America/New_York`), as `--tz` takes it.
    private static func zone(_ name: String?, field: String) throws -> String? {
        guard let name else { return nil }
        guard TimeZone(identifier: name) != nil else {
            throw FieldError(field: field, message: "'\(name)' is not an IANA time zone name (such as America/New_York)")
        }
        return name
    }
}
