import Foundation

/// One source account to connect: what `purse sure connect --account ... --kind ... --currency ...` gives.
public struct SureAccountRequest: Sendable, Equatable {
    public var sourceAccountID: String
    /// `Depository` or `CreditCard`.
    public var accountableType: String
    public var currency: String
    public var name: String?
    public var institutionName: String?
    public var ledgerTimezone: String?

    public init(
        sourceAccountID: String, accountableType: String, currency: String, name: String? = nil,
        institutionName: String? = nil, ledgerTimezone: String? = nil
    ) {
        self.sourceAccountID = sourceAccountID
        self.accountableType = accountableType
        self.currency = currency
        self.name = name
        self.institutionName = institutionName
        self.ledgerTimezone = ledgerTimezone
    }

    /// Sure's rules for the accounts of a new connection: at least one and at most
    /// `SureBatchValidator.maximumAccounts`, each a UUID given once, a Depository or a CreditCard,
    /// in a currency of Sure's table (see `SureCurrencyTable`) and an IANA time zone (`defaultTimezone` when it names none).
    public static func validate(_ accounts: [SureAccountRequest], defaultTimezone: String) throws(SureError) {
        guard !accounts.isEmpty else { throw SureError(.validationFailed, "give at least one --account") }
        guard accounts.count <= SureBatchValidator.maximumAccounts else {
            throw SureError(.validationFailed, "at most \(SureBatchValidator.maximumAccounts) accounts per connection")
        }
        var seen = Set<String>()
        for account in accounts {
            guard Fields.isUUID(account.sourceAccountID) else {
                throw SureError(.validationFailed, "--account '\(account.sourceAccountID)' is not a UUID")
            }
            guard seen.insert(account.sourceAccountID.lowercased()).inserted else {
                throw SureError(.validationFailed, "--account \(account.sourceAccountID) is given twice")
            }
            guard ["Depository", "CreditCard"].contains(account.accountableType) else {
                throw SureError(.validationFailed, "--kind must be Depository or CreditCard, not '\(account.accountableType)'")
            }
            guard SureCurrencyTable.isKnown(account.currency) else {
                throw SureError(.invalidCurrency, "--currency '\(account.currency)' is not a currency code Sure knows")
            }
            let zone = account.ledgerTimezone ?? defaultTimezone
            guard TimeZone(identifier: zone) != nil else {
                throw SureError(.invalidTimezone, "--timezone '\(zone)' is not an IANA time zone")
            }
        }
    }
}
