import Ledger
import LedgerStore
import PurseTestSupport
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

    @Test("Same account, direction and amount within 3 days pair one to one")
    func pairs() {
        let rows = [
            imported("i1", day: 10), imported("i2", day: 12), synced("s1", day: 11), synced("s2", day: 14),
        ]
        // i2 is 1 day from s1 and 2 from s2; i1 only reaches s1: two pairs only if i2 takes s2.
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

    @Test("Twins are matched as a whole: closest first would pair the 12th with the 12th and strand two rows")
    func mostPairs() {
        let rows = [synced("s1", day: 10), synced("s2", day: 12), imported("i1", day: 12), imported("i2", day: 14)]
        let expected = [Transaction.statementIDPrefix + "i1": "s1", Transaction.statementIDPrefix + "i2": "s2"]
        #expect(StatementDuplicateMatcher.match(rows) == expected)
        #expect(StatementDuplicateMatcher.match(rows.reversed()) == expected)
    }

    @Test("With as many pairs either way, the smaller total gap wins")
    func smallestTotalGap() {
        // i1–s1 and i2–s2: 1 + 1 days; i1–s2 and i2–s1: 3 + 1.
        let rows = [imported("i1", day: 10), imported("i2", day: 12), synced("s1", day: 11), synced("s2", day: 13)]
        #expect(
            StatementDuplicateMatcher.match(rows) == [
                Transaction.statementIDPrefix + "i1": "s1", Transaction.statementIDPrefix + "i2": "s2",
            ])
    }

    @Test("On a tie the earlier rows pair, by time then ID, whatever order the rows come in")
    func ties() {
        let earlierSynced = [imported("i1", day: 10), synced("s2", day: 11), synced("s1", day: 9)]
        #expect(StatementDuplicateMatcher.match(earlierSynced) == [Transaction.statementIDPrefix + "i1": "s1"])
        let earlierImported = [imported("i2", day: 12), imported("i1", day: 10), synced("s1", day: 11)]
        #expect(StatementDuplicateMatcher.match(earlierImported) == [Transaction.statementIDPrefix + "i1": "s1"])
        let sameDay = [synced("s2", day: 10), imported("i1", day: 10), synced("s1", day: 10)]
        #expect(StatementDuplicateMatcher.match(sameDay) == [Transaction.statementIDPrefix + "i1": "s1"])
        #expect(StatementDuplicateMatcher.match(sameDay.reversed()) == [Transaction.statementIDPrefix + "i1": "s1"])
    }

    @Test("Each chain is matched on its own: a far row of the same amount changes nothing")
    func chains() {
        let near = [synced("s1", day: 10), synced("s2", day: 12), imported("i1", day: 12), imported("i2", day: 14)]
        let far = [imported("i3", day: 18), synced("s3", day: 19), synced("s4", day: 30)]
        #expect(
            StatementDuplicateMatcher.match(near + far)
                == StatementDuplicateMatcher.match(near).merging(StatementDuplicateMatcher.match(far)) { $1 })
        #expect(StatementDuplicateMatcher.match(near + far).count == 3)
    }

    @Test("The exact matching has the most pairs and then the smallest total gap of every matching (random chains)")
    func exactAgainstEveryMatching() {
        var random = SeededRandom(state: 23)
        for _ in 0..<300 {
            let imports = (0..<random.below(5)).map { imported("i\($0)", day: Int64(random.below(9))) }
            let syncs = (0..<random.below(5)).map { synced("s\($0)", day: Int64(random.below(9))) }
            var rows = imports + syncs
            for index in rows.indices.reversed() { rows.swapAt(index, random.below(index + 1)) }
            let matched = StatementDuplicateMatcher.match(rows)
            #expect(Set(matched.values).count == matched.count)
            let gap = matched.reduce(Int64(0)) { sum, pair in
                let one = imports.first { $0.id == pair.key }!
                let other = syncs.first { $0.id == pair.value }!
                #expect(abs(one.time - other.time) <= StatementDuplicateMatcher.maximumGap)
                return sum + abs(one.time - other.time)
            }
            let best = Self.bestByTrial(imports[...], syncs)
            #expect(matched.count == best.pairs && gap == best.gap, "\(imports.map(\.time)) \(syncs.map(\.time))")
        }
    }

    /// Every matching, tried one imported row at a time: (most pairs, then smallest total gap).
    static func bestByTrial(_ imports: ArraySlice<Row>, _ syncs: [Row]) -> (pairs: Int, gap: Int64) {
        guard let first = imports.first else { return (0, 0) }
        var best = bestByTrial(imports.dropFirst(), syncs)
        for (index, other) in syncs.enumerated() where abs(first.time - other.time) <= StatementDuplicateMatcher.maximumGap {
            var rest = syncs
            rest.remove(at: index)
            let tried = bestByTrial(imports.dropFirst(), rest)
            let candidate = (pairs: tried.pairs + 1, gap: tried.gap + abs(first.time - other.time))
            if (candidate.pairs, -candidate.gap) > (best.pairs, -best.gap) { best = candidate }
        }
        return best
    }
}
