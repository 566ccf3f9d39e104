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
            let zones = try SourceTimeZones(fields)
            timeZone = zones.timeZone
            accountTimeZones = zones.accountTimeZones
        } catch let error as FieldError {
            throw SourceError.badInput(file: displayPath, line: nil, field: error.field, message: error.message)
        }
    }

    private static func show(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): "\"\(text)\""
        case .number(let text): text
        default: value.typeName
        }
    }
}
