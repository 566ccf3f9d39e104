import Ledger
import LedgerStore
import PurseTestSupport
import Testing

@testable import Analytics

/// What the summary takes from its month's counted transactions, on hand-made rows.
@Suite("Summary: counted sums")
struct SummaryCountedSumsTests {
    static let october = YearMonth(year: 2026, month: 10)

    static func classification(_ flow: Flow, _ category: String) -> Classification {
        Classification(
            state: .counted, flow: flow, category: category, categorySource: .flow, reason: .expense, partnerID: nil,
            month: october)
    }

    /// A month's digest is stored in the ledger and compared with later runs': it must stay the
    /// hash of the lines it was first defined as, however the lines are fed.
    @Test("the digest is the hash of each counted transaction's line, in reading order")
    func digestOfLines() throws {
        let rows: [(ReportTransaction, Flow, String)] = [
            (ClassifierTests.transaction("t-1", amount: 12_345, merchant: "Café"), .expense, "Food & Drink"),
            (ClassifierTests.transaction("t-2", amount: 0, currency: "JPY", .credit), .income, "Income"),
            (ClassifierTests.transaction("ü|2", amount: 9_000_000_000_000, .credit), .refund, "Ünicode|pipe"),
            (ClassifierTests.transaction("t-4", amount: 500), .transfer, ""),
        ]
        var facts = SummaryAnalysis.MonthFacts()
        var expected = StableHash()
        for (transaction, flow, category) in rows {
            try facts.add(transaction, Self.classification(flow, category))
            expected.add(
                "\(transaction.id)|\(transaction.amount)|\(transaction.currency)|\(transaction.indicator.rawValue)|"
                    + "\(flow.rawValue)|\(category)\n")
        }
        #expect(facts.digest.hex == expected.hex)
        #expect(facts.digest.hex != StableHash().hex)
    }

    /// Expenses too small to be shown make no item: the largest must be what holding them all gives.
    @Test("the largest expenses of a month of thousands, with ties on amount and day", arguments: [1, 2, 3] as [UInt64])
    func largestExpenses(seed: UInt64) throws {
        var random = SeededRandom(state: seed)
        var sums = SummaryAnalysis.CountedSums(
            month: Self.october, accounts: ReportAccounts([], base: ReportTimeZone(identifier: "UTC")!))
        var all: [String: [SummaryReport.Item]] = [:]
        let start = Int64(CivilDate(iso: "2026-10-01")!.daysSinceEpoch) * 86_400
        for index in 0..<3_000 {
            // Few amounts and days, so that shown and left-out expenses tie.
            let transaction = ClassifierTests.transaction(
                "t-\(Int.random(in: 0..<5_000, using: &random))-\(index)",
                at: start + Int64.random(in: 0..<4, using: &random) * 86_400,
                amount: Int64.random(in: 0..<8, using: &random) * 1_000 + Int64(index % 2),
                currency: index % 3 == 0 ? "EUR" : "USD", merchant: "M\(index % 7)")
            let flow: Flow = Int.random(in: 0..<10, using: &random) == 0 ? .refund : .expense
            try sums.add(transaction, Self.classification(flow, "C"))
            if flow == .expense {
                all[transaction.currency, default: []].append(
                    SummaryAnalysis.item(transaction, category: "C", accounts: sums.accounts))
            }
        }
        for currency in ["EUR", "USD"] {
            let shown = SummaryAnalysis.CountedSums.largest(sums.expenses[currency] ?? [])
            #expect(shown.count == SummaryAnalysis.listed)
            #expect(shown == SummaryAnalysis.CountedSums.largest(all[currency] ?? []))
        }
        #expect(sums.expenses.values.allSatisfy { $0.count < 8 * SummaryAnalysis.listed })
    }
}
