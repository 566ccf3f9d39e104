import Ledger
import Testing

/// FinanceKit's growing enumerations: known names give their case, any other name survives as given.
@Suite struct OpenEnumerationTests {
    @Test func knownNamesGiveTheirCaseAndBack() {
        for type in TransactionType.knownCases {
            #expect(TransactionType(rawValue: type.rawValue) == type)
            #expect(type.isKnown)
        }
        for status in TransactionStatus.knownCases { #expect(TransactionStatus(rawValue: status.rawValue) == status) }
        for kind in AccountKind.knownCases { #expect(AccountKind(rawValue: kind.rawValue) == kind) }
        #expect(TransactionType.knownCases.count == 17)
        #expect(TransactionStatus.knownCases.map(\.rawValue) == ["authorized", "booked", "memo", "pending", "rejected"])
        #expect(AccountKind.knownCases.map(\.rawValue) == ["asset", "liability"])
        #expect(TransactionType.knownCasesByName.count == TransactionType.knownCases.count)
        #expect(TransactionStatus.knownCasesByName.count == TransactionStatus.knownCases.count)
        #expect(AccountKind.knownCasesByName.count == AccountKind.knownCases.count)
    }

    @Test func anotherNameIsKeptAsGiven() {
        let type = TransactionType(rawValue: "cryptoPurchase")
        #expect(type == .unrecognized("cryptoPurchase"))
        #expect(type.rawValue == "cryptoPurchase")
        #expect(!type.isKnown)
        // Names are case-sensitive, as FinanceKit prints them.
        #expect(TransactionStatus(rawValue: "Booked") == .unrecognized("Booked"))
        #expect(AccountKind(rawValue: "brokerage").rawValue == "brokerage")
    }

    @Test func theMoneyRulesReadAnUnknownTypeAsUnknown() {
        #expect(TransactionType(rawValue: "cryptoPurchase").forMoneyRules == .unknown)
        #expect(TransactionType.transfer.forMoneyRules == .transfer)
        #expect(TransactionType.unknown.forMoneyRules == .unknown)
    }
}
