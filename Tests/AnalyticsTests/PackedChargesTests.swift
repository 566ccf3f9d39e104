import Ledger
import PurseTestSupport
import Testing

@testable import Analytics

/// The recurring series hold a year of charges packed: each must come back as it went in.
@Suite("Packed recurring charges")
struct PackedChargesTests {
    typealias Charge = RecurringReport.Charge

    static func charge(_ day: String, _ amount: Int64, _ category: String) -> Charge {
        Charge(date: CivilDate(iso: day)!, amount: amount, category: category)
    }

    @Test(
        "charges come back per key, in the order appended, each with its day (past 32 bits too), amount and category (its own spelling too); a key taken is gone"
    )
    func roundTrip() {
        var packed = PackedCharges<String>()
        let gym = [Self.charge("2026-01-12", 500_000, "Health"), Self.charge("2026-02-12", 520_000, "Fun")]
        let rent = [
            Self.charge("1969-12-31", 9_000_000, "Rent"), Self.charge("2400-02-29", 9_100_000, "Health"),
            Charge(date: CivilDate(year: 6_000_000, month: 1, day: 1), amount: 1, category: "Rent"),
            Charge(date: CivilDate(year: -6_000_000, month: 12, day: 31), amount: 2, category: "Rent"),
            Self.charge("2026-03-01", 3, "Caf\u{E9}"), Self.charge("2026-03-02", 4, "Cafe\u{301}"),
            Self.charge("2026-03-03", 5, "Caf\u{E9}"),
        ]
        for index in rent.indices {
            if index < gym.count { packed.append(gym[index], to: "gym") }
            packed.append(rent[index], to: "rent")
        }
        #expect(packed.count == 9)
        #expect(Set(packed.keys) == ["gym", "rent"])
        #expect(packed.removeAll(of: "gym").map(Array.init) == gym)
        #expect(packed.removeAll(of: "gym") == nil)
        #expect(packed.keys == ["rent"])
        #expect(packed.count == 7)
        let taken = packed.removeAll(of: "rent").map(Array.init)
        #expect(taken == rent)
        // Equal to Swift, not to a reader of the bytes: each spelling comes back as it went in.
        #expect(taken?.map { Array($0.category.utf8) } == rent.map { Array($0.category.utf8) })
    }

    @Test("a split's parts, joined one at a time as they are read, come back as one charge that keeps every part")
    func joinedSplit() throws {
        var packed = PackedCharges<String>()
        packed.append(Self.charge("2026-01-12", 500_000, "Health"), to: "gym")
        var whole = Self.charge("2026-02-12", 100_000, "Health")
        for (amount, category) in [(300_000, "Fun"), (200_000, "Travel")] as [(Int64, String)] {
            packed.append(whole, to: "gym")
            let popped = packed.popLast(of: "gym")
            let last = try #require(popped)
            #expect(last == whole)
            whole = try last.adding(Self.charge("2026-02-12", amount, category), category: "Fun", currency: "USD")
        }
        packed.append(whole, to: "gym")
        packed.append(Self.charge("2026-03-12", 500_000, "Health"), to: "gym")
        // Each part popped let go of the whole before it.
        #expect(packed.joinedCount == 1)
        packed.append(whole, to: "pool")
        #expect(packed.removeAll(of: "pool").map(Array.init) == [whole])
        #expect(packed.joinedCount == 2)
        let taken = packed.removeAll(of: "gym")
        let charges = try #require(taken)
        #expect(charges.map(\.amount) == [500_000, 600_000, 500_000])
        #expect(charges[1].category == "Fun")
        #expect(charges[1].parts == ["Health": 100_000, "Fun": 300_000, "Travel": 200_000])
        #expect(packed.popLast(of: "gym") == nil)
        // Nothing held: nothing held whole either.
        #expect(packed.joinedCount == 0)
    }

    @Test("taken charges sort packed exactly as the charges whole sort by date, then amount: ties, far days and split charges too")
    func sortedAsWhole() throws {
        var random = SeededRandom(state: 29)
        for _ in 0..<200 {
            var packed = PackedCharges<String>()
            var charges: [Charge] = []
            for _ in 0..<Int.random(in: 1...60, using: &random) {
                let day = Int.random(in: 0...4, using: &random)
                var charge = Charge(
                    date: day == 4 ? CivilDate(year: 6_000_000, month: 1, day: 1) : CivilDate(daysSinceEpoch: 20_000 + day),
                    amount: Int64.random(in: 1...3, using: &random), category: ["Rent", "Fun", "Health"].randomElement(using: &random)!)
                if Bool.random(using: &random) && day < 4 {
                    charge = try charge.adding(
                        Charge(date: charge.date, amount: 1, category: "Travel"), category: charge.category, currency: "USD")
                }
                charges.append(charge)
                packed.append(charge, to: "key")
            }
            let removed = packed.removeAll(of: "key")
            var taken = try #require(removed)
            taken.sortByDateThenAmount()
            let sorted = charges.sorted(by: RecurringAnalysis.isBefore)
            #expect(Array(taken) == sorted)
            #expect(Array(taken.amounts(taken.indices)) == sorted.map(\.amount))
            // A run of days is where those charges are, far days and split charges too.
            for (first, end) in [(20_000, 20_002), (20_001, 20_001), (20_003, 20_004), (19_000, 20_000), (20_002, 6_000_000)] {
                let run = taken.positions(from: CivilDate(daysSinceEpoch: first), before: CivilDate(daysSinceEpoch: end))
                let expected = sorted.indices.filter { (first..<end).contains(sorted[$0].date.daysSinceEpoch) }
                #expect(Array(run) == expected)
                #expect(Array(taken.amounts(run)) == expected.map { sorted[$0].amount })
            }
        }
    }

    /// Read in time order, a key's charges come in date order with each day's amounts in any
    /// order: those are moved into place, not sorted, and must come out as the sort puts them,
    /// equal amounts in the order read; charges far out of order are sorted once the moves run out.
    @Test("charges read in date order are put in order by amount within each day, ties as read, and charges in reverse are sorted")
    func sortedByMovesAsWhole() throws {
        var random = SeededRandom(state: 31)
        for round in 0..<200 {
            var packed = PackedCharges<String>()
            var charges: [Charge] = []
            var day = 20_000
            for _ in 0..<Int.random(in: 1...80, using: &random) {
                day += Int.random(in: 0...100, using: &random) < 70 ? 0 : 1
                charges.append(
                    Charge(
                        date: CivilDate(daysSinceEpoch: day), amount: Int64.random(in: 1...4, using: &random),
                        category: ["Rent", "Fun", "Health"].randomElement(using: &random)!))
            }
            // Every fourth round the charges come newest first: past the moves allowed.
            if round % 4 == 3 { charges.reverse() }
            for charge in charges { packed.append(charge, to: "key") }
            let removed = packed.removeAll(of: "key")
            var taken = try #require(removed)
            taken.sortByDateThenAmount()
            #expect(Array(taken) == charges.sorted(by: RecurringAnalysis.isBefore), "round \(round)")
        }
    }

    @Test("the days between two charges are read from the packed days, and from the whole ones held far from 1970")
    func daysBetween() throws {
        var packed = PackedCharges<String>()
        for (day, amount) in [("2026-01-01", 1), ("2026-01-01", 2), ("2026-01-07", 3), ("2026-01-12", 4), ("2026-01-13", 5)]
            as [(String, Int64)]
        {
            packed.append(Self.charge(day, amount, "Rent"), to: "key")
        }
        let far = Charge(date: CivilDate(year: 6_000_000, month: 1, day: 1), amount: 6, category: "Rent")
        packed.append(far, to: "key")
        packed.append(Charge(date: far.date.adding(days: 5), amount: 7, category: "Rent"), to: "key")
        let removed = packed.removeAll(of: "key")
        let taken = try #require(removed)
        #expect(taken.days(from: 0, to: 1) == 0)
        #expect(taken.days(from: 1, to: 2) == 6)
        #expect(taken.days(from: 2, to: 3) == 5)
        #expect(taken.days(from: 3, to: 4) == 1)
        #expect(taken.days(from: 0, to: 4) == 12)
        // The far days are held whole, not packed: they are read all the same.
        #expect(taken.days(from: 5, to: 6) == 5)
        #expect(RecurringAnalysis.shortestGap == 6)
    }
}
