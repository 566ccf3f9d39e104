import Ledger
import LedgerStore
import Testing

@testable import Analytics

@Suite("Statement duplicates")
struct StatementDuplicateMatcherTests {
    typealias Row = LedgerStore.SharedAccountTransaction
    static let day: Int64 = 86_400

    func imported(_ name: String, day: Int64, amount: Int64 = 100, indicator: CreditDebitIndicator = .debit, account: String = "A")
        -> Row
    {
        Row(id: Transaction.statementIDPrefix + name, accountID: account, time: day * Self.day, amount: amount, indicator: indicator)
    }

    func synced(_ name: String, day: Int64, amount: Int64 = 100, indicator: CreditDebitIndicator = .debit, account: String = "A")
        -> Row
    {
        Row(id: name, accountID: account, time: day * Self.day, amount: amount, indicator: indicator)
    }

    @Test("Same account, direction and amount within 3 days pair one to one, closest first")
    func pairs() {
        let rows = [
            imported("i1", day: 10), imported("i2", day: 12), synced("s1", day: 11), synced("s2", day: 14),
        ]
        // i2 is 1 day from s1 and 2 from s2; i1 only reaches s1. Closest first: i1–s1 and i2–s1 tie at 1 day,
        // i1 wins by ID, so i2 takes s2.
        #expect(
            StatementDuplicateMatcher.match(rows) == [
                Transaction.statementIDPrefix + "i1": "s1", Transaction.statementIDPrefix + "i2": "s2",
            ])
        #expect(StatementDuplicateMatcher.match(rows.reversed()) == StatementDuplicateMatcher.match(rows))
    }

    @Test("Another direction, amount or account, or more than 3 days apart: no pair")
    func noPairs() {
        let rows = [
            imported("i1", day: 10), synced("s1", day: 10, indicator: .credit), synced("s2", day: 10, amount: 101),
            synced("s3", day: 10, account: "B"), synced("s4", day: 14), synced("s5", day: 7),
        ]
        #expect(StatementDuplicateMatcher.match(rows) == [Transaction.statementIDPrefix + "i1": "s5"])
        #expect(StatementDuplicateMatcher.match(Array(rows.dropLast())).isEmpty)
    }
}
