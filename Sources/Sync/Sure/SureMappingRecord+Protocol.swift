import LedgerStore
import SureProtocol

extension SureMappingRecord {
    /// The row of `mapping` for the connection `connectionID`.
    init(_ mapping: SureAccountMapping, connectionID: String) {
        self.init(
            connectionID: connectionID, sourceAccountID: mapping.sourceAccountID, position: mapping.position,
            accountID: mapping.accountID, lineageID: mapping.lineageID, mappingVersion: mapping.mappingVersion,
            accountableType: mapping.accountableType, subtype: mapping.subtype, currency: mapping.currency,
            name: mapping.name, institutionName: mapping.institutionName, ledgerTimezone: mapping.ledgerTimezone)
    }

    /// The binding as the protocol checks batches against it.
    var accountMapping: SureAccountMapping {
        SureAccountMapping(
            sourceAccountID: sourceAccountID, position: position, accountID: accountID, lineageID: lineageID,
            mappingVersion: mappingVersion, accountableType: accountableType, subtype: subtype,
            currency: currency, name: name, institutionName: institutionName, ledgerTimezone: ledgerTimezone)
    }
}
