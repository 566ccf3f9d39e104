import Foundation
import Ledger
import StrictJSON

/// `export.json`: which exporter wrote the export, checked before any stream is read.
struct WalletExportManifest {
    let sourceID: String
    let sourceName: String
    /// `timeZone`: the zone whose days the export's accounts keep.
    let timeZone: String?
    /// `accountTimeZones`: purse's own addition to the format, an account's ID to the zone of an
    /// account kept in another country than the device (FinanceKit has no zone per account).
    let accountTimeZones: [String: String]
    let exportedAt: Timestamp?

    static let fileName = "export.json"

    init(url: URL, displayPath: String) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SourceError.notFound(path: displayPath, what: "cannot read the manifest")
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse([UInt8](data))
        } catch {
            throw SourceError.badInput(file: displayPath, line: nil, field: nil, message: "not valid JSON: \(error)")
        }
        do {
            let fields = try JSONFields(value, path: "")
            let format = try fields.required("format")
            guard format == .string("wallet-export") else {
                throw FieldError(field: "format", message: "expected \"wallet-export\", found \(Self.show(format))")
            }
            let version = try fields.required("version")
            guard version == .number("1") else {
                throw FieldError(field: "version", message: "version \(Self.show(version)) is not supported (this purse reads version 1)")
            }
            sourceID = try fields.identifier("sourceID")
            sourceName = try fields.optionalString("sourceName") ?? sourceID
            exportedAt = try fields.optionalTimestamp("exportedAt")
            timeZone = try Self.zone(fields.optionalString("timeZone"), field: "timeZone")
            var zones: [String: String] = [:]
            if let byAccount = try fields.nested("accountTimeZones") {
                for member in byAccount.object.members {
                    let field = byAccount.fieldPath(member.key)
                    guard case .string(let name) = member.value else {
                        throw FieldError(field: field, message: "expected a string, found \(member.value.typeName)")
                    }
                    guard !member.key.isEmpty else { throw FieldError(field: field, message: "an account ID must not be empty") }
                    let zone = try Self.zone(name, field: field)
                    // Of an ID written twice the first counts, as of any key.
                    if zones[member.key.uppercased()] == nil { zones[member.key.uppercased()] = zone }
                }
            }
            accountTimeZones = zones
        } catch let error as FieldError {
            throw SourceError.badInput(file: displayPath, line: nil, field: error.field, message: error.message)
        }
    }

    /// An IANA time zone name (`America/New_York`), as `--tz` takes it.
    private static func zone(_ name: String?, field: String) throws -> String? {
        guard let name else { return nil }
        guard TimeZone(identifier: name) != nil else {
            throw FieldError(field: field, message: "'\(name)' is not an IANA time zone name (such as America/New_York)")
        }
        return name
    }

    private static func show(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): "\"\(text)\""
        case .number(let text): text
        default: value.typeName
        }
    }
}
