import Ledger
import LedgerStore
import Testing

@testable import Analytics

/// The classifier and the internal-transfer matcher on hand-made transactions, no database.
@Suite("Classifier")
struct ClassifierTests {
    static let day: Int64 = 86_400
    static let start: Int64 = 1_791_000_000

    static func transaction(
        _ id: String, account: String = "CHK", kind: AccountKind = .asset, at time: Int64 = start,
        amount: Int64 = 100_000, currency: String = "USD", _ indicator: CreditDebitIndicator = .debit,
        type: TransactionType = .pointOfSale, mcc: Int? = nil, merchant: String? = nil,
        description: String = "", original: String = "", status: TransactionStatus = .booked
    ) -> ReportTransaction {
        ReportTransaction(
            id: id, accountID: account, accountName: account, accountKind: kind, time: time, amount: amount,
            currency: currency, indicator: indicator, merchantCategoryCode: mcc, merchantName: merchant,
            description: description, originalDescription: original, type: type, status: status)
    }

    let builtIn = Classifier(rules: [])

    @Test(
        "built-in flow, in the rules' order",
        arguments: [
            // type transfer first, even for a credit with a code
            (transaction("1", .credit, type: .transfer, mcc: 5411), Flow.transfer, ClassificationReason.transferType),
            (transaction("2", .debit, type: .transfer), .transfer, .transferType),
            // credits: refund type or a code -> refund, also on a liability
            (transaction("3", .credit, type: .refund), .refund, .merchantRefund),
            (transaction("4", kind: .liability, .credit, mcc: 5812), .refund, .merchantRefund),
            // a credit on a liability -> card payment
            (transaction("5", kind: .liability, .credit, type: .billPayment), .transfer, .cardPayment),
            (transaction("6", kind: .liability, .credit, type: .interest), .transfer, .cardPayment),
            // any other credit -> income
            (transaction("7", .credit, type: .directDeposit), .income, .income),
            (transaction("8", .credit, type: .dividend), .income, .income),
            // debit -> expense
            (transaction("9", kind: .liability, .debit, type: .interest), .expense, .expense),
            (transaction("10", .debit, type: .billPayment), .expense, .expense),
        ])
    func builtInFlows(transaction: ReportTransaction, flow: Flow, reason: ClassificationReason) {
        let classification = builtIn.classify(transaction, transferPartner: nil)
        #expect(classification.flow == flow)
        #expect(classification.reason == reason)
    }

    @Test("a matched partner makes a debit or a non-refund credit a transfer, naming the partner")
    func partner() {
        let debit = builtIn.classify(Self.transaction("D", .debit, type: .billPayment), transferPartner: "C")
        #expect(
            debit
                == Classification(
                    flow: .transfer, category: SpendingCategory.transfers,
                    reason: .internalTransfer, categorySource: "flow", partnerID: "C"))
        #expect(debit.reasonText == "internal transfer with C")
        let card = builtIn.classify(Self.transaction("C", kind: .liability, .credit, type: .billPayment), transferPartner: "D")
        #expect(card.flow == .transfer)
        // A refund is a refund even if someone passed a partner.
        #expect(builtIn.classify(Self.transaction("R", .credit, type: .refund), transferPartner: "X").flow == .refund)
    }

    @Test(
        "categories: the code's built-in mapping, else the type",
        arguments: [
            (transaction("1", mcc: 5411), SpendingCategory.groceries, "MCC 5411"),
            (transaction("2", mcc: 742), SpendingCategory.health, "MCC 0742"),
            (transaction("3", type: .fee), SpendingCategory.fees, "type fee, no MCC"),
            (transaction("4", type: .interest), SpendingCategory.interest, "type interest, no MCC"),
            (transaction("5", type: .atm), SpendingCategory.cash, "type atm, no MCC"),
            (transaction("6", type: .pointOfSale), SpendingCategory.uncategorized, "type pointOfSale, no MCC"),
            (transaction("7", .credit, type: .refund), SpendingCategory.uncategorized, "type refund, no MCC"),
            (transaction("8", .credit, type: .deposit), SpendingCategory.income, "flow"),
        ])
    func categories(transaction: ReportTransaction, category: String, source: String) {
        let classification = builtIn.classify(transaction, transferPartner: nil)
        #expect(classification.category == category)
        #expect(classification.categorySource.code == source)
    }

    @Test("rules match by merchant, description or original description (ignoring case) and code; all given must match")
    func ruleMatching() {
        let classifier = Classifier(rules: [
            UserRule(id: 1, merchant: "CAFÉ", merchantCategoryCode: 5814, category: "Coffee"),
            UserRule(id: 2, description: "payroll", flow: .income),
            UserRule(id: 3, merchant: "café", category: "Café other"),
        ])
        #expect(classifier.rule(for: Self.transaction("1", mcc: 5814, merchant: "Little Café Bar"))?.id == 1)
        #expect(classifier.rule(for: Self.transaction("2", mcc: 5812, merchant: "Little café Bar"))?.id == 3)
        #expect(classifier.rule(for: Self.transaction("3", .credit, description: "ACH", original: "ACME PAYROLL 0001"))?.id == 2)
        #expect(classifier.rule(for: Self.transaction("4", mcc: 5814, merchant: nil, description: "CAFE"))?.id == nil)
        #expect(classifier.hasFlowRule(Self.transaction("5", description: "PAYROLL")))
        #expect(!classifier.hasFlowRule(Self.transaction("6", merchant: "Café")))
    }

    @Test("a flow rule forces the flow; expense on a credit is a refund; a category-only rule keeps the built-in flow")
    func ruleFlows() {
        let classifier = Classifier(rules: [
            UserRule(id: 1, merchant: "shop", flow: .expense),
            UserRule(id: 2, merchant: "pay", flow: .transfer),
            UserRule(id: 3, merchant: "gift", category: "Gifts"),
        ])
        #expect(
            classifier.classify(Self.transaction("1", .credit, type: .deposit, merchant: "Shop"), transferPartner: nil)
                == Classification(
                    flow: .refund, category: SpendingCategory.uncategorized, reason: .rule(id: 1),
                    categorySource: "type deposit, no MCC"))
        #expect(classifier.classify(Self.transaction("2", .debit, mcc: 5411, merchant: "Shop"), transferPartner: nil).flow == .expense)
        #expect(classifier.classify(Self.transaction("3", mcc: 5411, merchant: "PayPal"), transferPartner: nil).flow == .transfer)
        let gift = classifier.classify(Self.transaction("4", .credit, type: .deposit, merchant: "Gift card"), transferPartner: nil)
        #expect(gift == Classification(flow: .income, category: "Gifts", reason: .income, categorySource: "rule #3"))
        #expect(gift.reasonText == "credit (income)")
    }

    @Test("person: the first matching rule that names one; tags: every matching rule's; neither stops a later rule classifying")
    func peopleAndTags() {
        let classifier = Classifier(rules: [
            UserRule(id: 1, accountID: "ALEX", person: "Alex"),
            UserRule(id: 2, merchant: "cafe", tag: "coffee"),
            UserRule(id: 3, accountID: "ALEX", tag: "household", person: "Sam"),
            UserRule(id: 4, merchant: "cafe", category: "Dining"),
            UserRule(id: 5, accountID: "SAM", person: "Sam"),
        ])
        let alexCafe = Self.transaction("A", account: "ALEX", merchant: "Blue Cafe")
        #expect(classifier.personRule(for: alexCafe)?.id == 1)
        #expect(classifier.taggingRules(for: alexCafe).map(\.id) == [2, 3])
        #expect(classifier.rule(for: alexCafe)?.id == 4)
        #expect(classifier.classify(alexCafe, transferPartner: nil).category == "Dining")
        let samShop = Self.transaction("S", account: "SAM", merchant: "Shop")
        #expect(classifier.personRule(for: samShop)?.person == "Sam")
        #expect(classifier.taggingRules(for: samShop).isEmpty)
        #expect(classifier.rule(for: samShop) == nil)
        #expect(classifier.personRule(for: Self.transaction("O", account: "OTHER")) == nil)
    }

    @Test("new matchers: account, type, direction, amount range (inclusive), regular expression ignoring case")
    func newMatchers() {
        let classifier = Classifier(rules: [
            UserRule(
                id: 1, accountID: "UK", type: .directDebit, direction: .debit, amountMin: 10_000_000, amountMax: 20_000_000,
                category: "Rent"),
            UserRule(id: 2, descriptionRegex: "^lb .*ctax$", category: "Council Tax"),
        ])
        let rent = { (account: String, amount: Int64, indicator: CreditDebitIndicator) in
            Self.transaction("R", account: account, amount: amount, indicator, type: .directDebit)
        }
        #expect(classifier.rule(for: rent("UK", 11_500_000, .debit))?.id == 1)
        #expect(classifier.rule(for: rent("UK", 10_000_000, .debit))?.id == 1)
        #expect(classifier.rule(for: rent("UK", 20_000_000, .debit))?.id == 1)
        #expect(classifier.rule(for: rent("UK", 9_999_999, .debit)) == nil)
        #expect(classifier.rule(for: rent("UK", 20_000_001, .debit)) == nil)
        #expect(classifier.rule(for: rent("US", 11_500_000, .debit)) == nil)
        #expect(classifier.rule(for: rent("UK", 11_500_000, .credit)) == nil)
        #expect(classifier.rule(for: Self.transaction("T", account: "UK", amount: 11_500_000, type: .standingOrder)) == nil)
        #expect(classifier.rule(for: Self.transaction("C", description: "LB HACKNEY CTAX"))?.id == 2)
        #expect(classifier.rule(for: Self.transaction("C", description: "x", original: "lb hackney ctax"))?.id == 2)
        #expect(classifier.rule(for: Self.transaction("C", description: "LB HACKNEY CTAX 8220")) == nil)
    }

    @Test("precedence: override beats split beats rule beats the built-in table; excluded never counts")
    func overridePrecedence() {
        let rule = UserRule(id: 1, merchant: "shop", category: "Ruled", flow: .income)
        let overrides = [
            "OVR": TransactionOverride(transactionID: "OVR", category: "Mine", split: [.init(category: "A", amount: 100_000)]),
            "SPL": TransactionOverride(
                transactionID: "SPL", flow: .expense, split: [.init(category: "A", amount: 60_000), .init(category: "B", amount: 40_000)]),
            "FLW": TransactionOverride(transactionID: "FLW", flow: .transfer),
            "EXC": TransactionOverride(transactionID: "EXC", isExcluded: true),
        ]
        let classifier = Classifier(rules: [rule], overrides: overrides)
        let shop = { (id: String) in Self.transaction(id, mcc: 5411, merchant: "Shop") }

        #expect(
            classifier.classify(shop("OVR"), transferPartner: nil)
                == Classification(flow: .income, category: "Mine", reason: .rule(id: 1), categorySource: "override"))
        let parts = classifier.parts(shop("SPL"), classifier.classify(shop("SPL"), transferPartner: nil))
        #expect(parts.map(\.0.amount) == [60_000, 40_000])
        #expect(
            parts.map(\.1) == [
                Classification(flow: .expense, category: "A", reason: .override, categorySource: "split"),
                Classification(flow: .expense, category: "B", reason: .override, categorySource: "split"),
            ])
        // A rule's category still applies when only the flow is overridden.
        #expect(
            classifier.classify(shop("FLW"), transferPartner: nil)
                == Classification(flow: .transfer, category: "Ruled", reason: .override, categorySource: "rule #1"))
        #expect(classifier.classify(shop("RUL"), transferPartner: nil).categorySource.code == "rule #1")
        #expect(classifier.classify(Self.transaction("BLT", mcc: 5411), transferPartner: nil).categorySource.code == "MCC 5411")
        #expect(classifier.isExcluded(shop("EXC")))
        #expect(!classifier.isExcluded(shop("OVR")))
        // Excluded and flow-overridden transactions are never paired as internal transfers.
        #expect(classifier.hasFlowRule(Self.transaction("EXC")))
        #expect(classifier.hasFlowRule(Self.transaction("FLW")))
        #expect(!classifier.hasFlowRule(Self.transaction("OVR")))
    }

    // MARK: Internal transfer matcher

    @Test("pairs a debit and a credit of two accounts, same currency and amount, up to three days apart")
    func matcherBasics() {
        let pairs = InternalTransferMatcher.match([
            Self.transaction("D1", account: "CHK", at: Self.start, .debit, type: .billPayment),
            Self.transaction("C1", account: "CARD", kind: .liability, at: Self.start + 3 * Self.day, .credit, type: .billPayment),
        ])
        #expect(pairs == ["D1": "C1", "C1": "D1"])
        let tooFar = InternalTransferMatcher.match([
            Self.transaction("D1", account: "CHK", at: Self.start, .debit, type: .billPayment),
            Self.transaction("C1", account: "SAV", at: Self.start + 3 * Self.day + 1, .credit, type: .deposit),
        ])
        #expect(tooFar.isEmpty)
    }

    @Test("never pairs: same account, another currency or amount, a code, two debits, or a purchase type")
    func matcherRefusals() {
        let debit = Self.transaction("D1", account: "CHK", .debit, type: .withdrawal)
        let cases: [[ReportTransaction]] = [
            [debit, Self.transaction("C1", account: "CHK", .credit, type: .deposit)],
            [debit, Self.transaction("C1", account: "SAV", currency: "EUR", .credit, type: .deposit)],
            [debit, Self.transaction("C1", account: "SAV", amount: 100_001, .credit, type: .deposit)],
            [debit, Self.transaction("C1", account: "SAV", .credit, type: .deposit, mcc: 6012)],
            [debit, Self.transaction("D2", account: "SAV", .debit, type: .deposit)],
            [debit, Self.transaction("C1", account: "SAV", .credit, type: .pointOfSale)],
            [debit, Self.transaction("C1", account: "SAV", .credit, type: .transfer)],
            [debit, Self.transaction("C1", account: "SAV", .credit, type: .directDeposit)],
        ]
        for candidates in cases {
            #expect(InternalTransferMatcher.match(candidates).isEmpty, "\(candidates.map(\.id))")
        }
    }

    @Test("smallest gap first, then the lower IDs; each transaction in at most one pair; input order does not matter")
    func matcherTieBreaking() {
        let candidates = [
            Self.transaction("D1", account: "CHK", at: Self.start, .debit, type: .billPayment),
            Self.transaction("D2", account: "CHK", at: Self.start, .debit, type: .billPayment),
            Self.transaction("C9", account: "SAV", at: Self.start + 100, .credit, type: .deposit),
            Self.transaction("C3", account: "SAV", at: Self.start + 200, .credit, type: .deposit),
            Self.transaction("C2", account: "SAV", at: Self.start + 200, .credit, type: .deposit),
        ]
        let expected = ["D1": "C9", "C9": "D1", "D2": "C2", "C2": "D2"]
        #expect(InternalTransferMatcher.match(candidates) == expected)
        #expect(InternalTransferMatcher.match(candidates.reversed()) == expected)
    }

    // MARK: Built-in table

    @Test("every code 0000 to 9999 has exactly one category, and the ranges list each code once")
    func codeTable() {
        var covered = 0
        for category in SpendingCategory.all {
            for range in SpendingCategory.codeRanges(of: category) {
                for code in range { #expect(SpendingCategory.forCode(code) == category) }
                covered += range.count
            }
        }
        #expect(covered == 10_000)
        #expect(SpendingCategory.codeRanges(of: SpendingCategory.dining) == [5811...5814])
        #expect(SpendingCategory.codeRanges(of: SpendingCategory.fees).isEmpty)
        #expect(Classifier.codeText(7) == "0007")
    }
}

extension Classifier {
    /// A booked transaction's classification, with `transferPartner` as its internal transfer's
    /// other half.
    fileprivate func classify(_ transaction: ReportTransaction, transferPartner: String?) -> Classification {
        classification(transaction, twin: nil, partner: transferPartner, month: YearMonth(year: 2026, month: 10))
    }
}

extension Classification {
    /// A counted transaction's expected classification, its source by the codec's text.
    fileprivate init(flow: Flow, category: String, reason: ClassificationReason, categorySource: String, partnerID: String? = nil) {
        self.init(
            state: .counted, flow: flow, category: category, categorySource: CategorySource(code: categorySource)!, reason: reason,
            partnerID: partnerID, month: YearMonth(year: 2026, month: 10))
    }
}
