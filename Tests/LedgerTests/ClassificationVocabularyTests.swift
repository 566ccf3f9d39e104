import Ledger
import Testing

/// Each word of the stored classification has one codec: what is written reads back as itself,
/// and text no purse wrote is not taken for a word.
@Suite("Classification vocabulary")
struct ClassificationVocabularyTests {
    @Test("flows and states read back from their codes")
    func simpleWords() {
        for flow in Flow.allCases { #expect(Flow(rawValue: flow.rawValue) == flow) }
        for state in ClassificationState.allCases { #expect(ClassificationState(rawValue: state.rawValue) == state) }
        #expect(Set(Flow.allCases.map(\.rawValue)) == ["expense", "refund", "income", "transfer"])
        #expect(Set(ClassificationState.allCases.map(\.rawValue)) == ["counted", "pending", "excluded", "duplicate", "uncounted"])
        #expect(Flow(rawValue: "Expense") == nil)
        #expect(ClassificationState(rawValue: "") == nil)
    }

    @Test("which states count, and which pair")
    func states() {
        #expect(ClassificationState.allCases.filter { $0.counts(includingPending: false) } == [.counted])
        #expect(ClassificationState.allCases.filter { $0.counts(includingPending: true) } == [.counted, .pending])
        #expect(ClassificationState.allCases.filter(\.pairs) == [.counted, .pending])
    }

    @Test("every category source reads back from its code, the codes explain prints, whatever code a source sent")
    func categorySources() {
        var sources: [CategorySource] = [.override, .split, .statementCategory, .flow, .rule(id: 1), .rule(id: Int64.max)]
        // Every code a source may send (Sure takes any 16-bit integer), not only ISO 18245's.
        sources += (Int(Int16.min)...Int(Int16.max)).map(CategorySource.merchantCategoryCode)
        sources += TransactionType.knownCases.map(CategorySource.type) + [.type(.unrecognized("futureType"))]
        for source in sources { #expect(CategorySource(code: source.code) == source, "\(source.code)") }
        #expect(CategorySource.merchantCategoryCode(742).code == "MCC 0742")
        #expect(CategorySource.merchantCategoryCode(12345).code == "MCC 12345")
        #expect(CategorySource.merchantCategoryCode(-5).code == "MCC -5")
        #expect(CategorySource.rule(id: 3).code == "rule #3")
        #expect(CategorySource.type(.pointOfSale).code == "type pointOfSale, no MCC")
        for text in [
            "", "MCC 742", "MCC 010000", "MCC -001", "MCC +5411", "MCC 5411 ", "rule #", "rule #x", "rule 3", "type , no MCC", "type fee",
            "Override", "MCC 54 1", "MCC 541x", "MCC \u{664}\u{665}\u{661}\u{661}", "MCC 541\u{661}", "MCC 5411\u{301}", "mcc 5411",
            "MCC_5411",
            "MCC\u{A0}5411",
        ] {
            #expect(CategorySource(code: text) == nil, "\(text)")
        }
    }

    @Test("every reason reads back from its code")
    func reasons() {
        let reasons: [ClassificationReason] = [
            .override, .rule(id: 0), .rule(id: 42), .transferType, .merchantRefund, .cardPayment, .internalTransfer, .income, .expense,
        ]
        for reason in reasons { #expect(ClassificationReason(code: reason.code) == reason, "\(reason.code)") }
        #expect(Set(reasons.map(\.code)).count == reasons.count)
        for text in ["", "rule", "rule x", "rule 01", "rule #1", "Income"] { #expect(ClassificationReason(code: text) == nil, "\(text)") }
    }

    @Test("a stored month is year * 100 + month, both ways")
    func months() {
        for month in [YearMonth(year: 1900, month: 1), YearMonth(year: 2026, month: 10), YearMonth(year: 9999, month: 12)] {
            #expect(Classification.month(number: Classification.number(of: month)) == month)
        }
        #expect(Classification.number(of: YearMonth(year: 2026, month: 10)) == 202_610)
    }
}
