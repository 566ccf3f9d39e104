import Ledger
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
        for packing in [true, false] { Self.roundTrip(packing: packing) }
    }

    static func roundTrip(packing: Bool) {
        var packed = PackedCharges<String>(packing: packing)
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
        #expect(packed.removeAll(of: "gym") == gym)
        #expect(packed.removeAll(of: "gym") == nil)
        #expect(packed.keys == ["rent"])
        #expect(packed.count == 7)
        let taken = packed.removeAll(of: "rent")
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
        #expect(packed.removeAll(of: "pool") == [whole])
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
}
