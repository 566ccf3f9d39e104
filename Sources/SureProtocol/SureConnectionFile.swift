import Ledger
import StrictJSON

/// A publisher configuration as `connection.json` holds it: Sure's configuration fields
/// plus, per source account, its currency, kind (`accountable_type`) and `ledger_timezone`
/// under `accounts`, so another purse can adopt the connection. Its credential is what lets a
/// publisher's batches in: none, or another, and no new batch is taken.
public struct SureConnectionFile: Sendable {
    public var connectionID: String
    public var publisherID: String
    public var generation: Int64
    public var streamID: String
    public var consentGrantedAt: String
    public var mappings: [SureAccountMapping]
    public var credential: String?

    /// The connection a batch must name.
    public var identity: SureConnectionIdentity {
        SureConnectionIdentity(id: connectionID, publisherID: publisherID, generation: generation, streamID: streamID)
    }

    /// Reads a `connection.json`: Sure's configuration fields plus, per source account, its
    /// currency, kind (`accountable_type`) and `ledger_timezone` under `accounts`.
    public static func parse(_ bytes: [UInt8], file: String) throws -> SureConnectionFile {
        let reader = ConfigurationReader(file: file)
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch { throw reader.bad("not valid JSON (\(error))") }
        guard case .object(let root) = value else { throw reader.bad("the configuration must be a JSON object") }
        if case .number(let text)? = root["protocol_version"], Fields.integer(text) != 2 {
            throw reader.bad("protocol_version \(text) is not supported (only 2)")
        }
        let connectionID = try reader.uuid(root, "connection_id")
        let publisherID = try reader.uuid(root, "publisher_id")
        let generation = try reader.integer(root, "generation")
        let streamID = try reader.uuid(root, "stream_id")
        guard case .object(let consent)? = root["consent"], case .array(let selected)? = consent["selected_source_account_ids"] else {
            throw reader.bad("consent.selected_source_account_ids is missing")
        }
        let selectedIDs = try selected.map { item -> String in
            guard case .string(let text) = item, Fields.isUUID(text) else {
                throw reader.bad("selected_source_account_ids must hold UUIDs")
            }
            return text
        }
        let mappings = try self.mappings(root, selectedIDs: selectedIDs, reader: reader)
        var grantedAt = ""
        if case .string(let text)? = consent["granted_at"] { grantedAt = text }
        return SureConnectionFile(
            connectionID: connectionID, publisherID: publisherID, generation: generation,
            streamID: streamID, consentGrantedAt: grantedAt, mappings: mappings,
            credential: reader.optionalString(root, "publisher_credential"))
    }

    /// The consented accounts' mappings: each binding of `account_bindings` with what `accounts`
    /// says of its account. They must bind exactly the accounts `selectedIDs` names.
    private static func mappings(_ root: JSONObject, selectedIDs: [String], reader: ConfigurationReader) throws -> [SureAccountMapping] {
        guard case .array(let bindings)? = root["account_bindings"] else { throw reader.bad("account_bindings is missing") }
        var accountInfo: [String: JSONObject] = [:]
        if case .array(let accounts)? = root["accounts"] {
            for account in accounts {
                guard case .object(let object) = account else { throw reader.bad("accounts must hold objects") }
                let id = try reader.string(object, "source_id").lowercased()
                accountInfo[id] = object
            }
        }
        var mappings: [SureAccountMapping] = []
        for (position, binding) in bindings.enumerated() {
            guard case .object(let object) = binding else { throw reader.bad("account_bindings must hold objects") }
            let sourceText = try reader.string(object, "source_account_id")
            guard Fields.isUUID(sourceText) else { throw reader.bad("source_account_id must be a UUID") }
            let source = sourceText.lowercased()
            guard let info = accountInfo[source] else {
                throw reader.bad("accounts has no entry (currency, accountable_type, ledger_timezone) for \(sourceText)")
            }
            let type = try reader.string(info, "accountable_type")
            guard type == "Depository" || type == "CreditCard" else {
                throw reader.bad("accountable_type must be Depository or CreditCard")
            }
            let spelled = selectedIDs.first { $0.lowercased() == source } ?? sourceText
            mappings.append(
                SureAccountMapping(
                    sourceAccountID: source, position: position,
                    accountID: reader.optionalString(info, "account_id") ?? spelled, lineageID: try reader.uuid(object, "lineage_id"),
                    mappingVersion: try reader.integer(object, "mapping_version"), accountableType: type,
                    subtype: reader.optionalString(info, "subtype"), currency: try reader.string(info, "currency"),
                    name: reader.optionalString(info, "name") ?? "Wallet account",
                    institutionName: reader.optionalString(info, "institution_name") ?? "Apple Wallet",
                    ledgerTimezone: reader.optionalString(info, "ledger_timezone") ?? "UTC"))
        }
        guard Set(mappings.map(\.sourceAccountID)) == Set(selectedIDs.map { $0.lowercased() }) else {
            throw reader.bad("account_bindings must bind exactly the consented accounts")
        }
        return mappings
    }
}

/// Typed reads of a configuration's members; what is wrong is bad input in the file.
private struct ConfigurationReader {
    let file: String

    func bad(_ message: String) -> SourceError { .badInput(file: file, line: nil, field: nil, message: message) }

    func string(_ object: JSONObject, _ key: String) throws -> String {
        guard case .string(let text)? = object[key] else { throw bad("\(key) must be a string") }
        return text
    }

    func optionalString(_ object: JSONObject, _ key: String) -> String? {
        if case .string(let text)? = object[key] { return text }
        return nil
    }

    func integer(_ object: JSONObject, _ key: String) throws -> Int64 {
        guard case .number(let text)? = object[key], let number = Fields.integer(text) else { throw bad("\(key) must be an integer") }
        return number
    }

    func uuid(_ object: JSONObject, _ key: String) throws -> String {
        let text = try string(object, key)
        guard Fields.isUUID(text) else { throw bad("\(key) must be a UUID") }
        return text.lowercased()
    }
}
