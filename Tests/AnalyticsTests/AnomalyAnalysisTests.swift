import Ledger
import PurseTestSupport
import Testing

@testable import Analytics

/// The thresholds of `report anomalies`, on hand-made figures: each rule's edge on both sides.
@Suite("Anomalies")
struct AnomalyAnalysisTests {
    static let unit: Int64 = 10_000
    static let zone = ReportTimeZone(secondsEastOfUTC: 0, name: "UTC")!

    static func charge(_ id: String, minutes: Int64, amount: Int64 = 12 * unit, account: String = "A", merchant: String = "Cafe")
        -> AnomalyAnalysis.Charge
    {
        let time = 1_791_000_000 + minutes * 60
        return AnomalyAnalysis.Charge(
            id: id, accountID: account, accountName: account, time: time, date: Self.zone.date(of: time), merchant: merchant,
            category: "Dining", amount: amount, currency: "USD")
    }

    static let month = YearMonth(Self.zone.date(of: 1_791_000_000))

    @Test("a spike is more than 50 % above the average: exactly 50 % is not")
    func spikeHalf() {
        let floor = AnomalyAnalysis.categorySpikeFloor
        #expect(!AnomalyAnalysis.isSpike(300 * Self.unit, average: 200 * Self.unit, floor: floor))
        #expect(AnomalyAnalysis.isSpike(300 * Self.unit + 1, average: 200 * Self.unit, floor: floor))
    }

    @Test("a spike is more than the floor above the average: 50.00 for a category, 25.00 for a merchant")
    func spikeFloor() {
        #expect(AnomalyAnalysis.categorySpikeFloor == 50 * Self.unit)
        #expect(AnomalyAnalysis.merchantSpikeFloor == 25 * Self.unit)
        // 60.00 to 110.00 is 83 % above, but only 50.00 more.
        #expect(!AnomalyAnalysis.isSpike(110 * Self.unit, average: 60 * Self.unit, floor: AnomalyAnalysis.categorySpikeFloor))
        #expect(AnomalyAnalysis.isSpike(110 * Self.unit + 1, average: 60 * Self.unit, floor: AnomalyAnalysis.categorySpikeFloor))
        #expect(!AnomalyAnalysis.isSpike(55 * Self.unit, average: 30 * Self.unit, floor: AnomalyAnalysis.merchantSpikeFloor))
        #expect(AnomalyAnalysis.isSpike(55 * Self.unit + 1, average: 30 * Self.unit, floor: AnomalyAnalysis.merchantSpikeFloor))
    }

    @Test("nothing in the three months before is no usual to rise from; a fall is never a spike")
    func spikeWithoutPast() {
        #expect(!AnomalyAnalysis.isSpike(1_000 * Self.unit, average: 0, floor: AnomalyAnalysis.categorySpikeFloor))
        #expect(!AnomalyAnalysis.isSpike(10 * Self.unit, average: 200 * Self.unit, floor: AnomalyAnalysis.categorySpikeFloor))
        #expect(!AnomalyAnalysis.isSpike(.max, average: -(100 * Self.unit), floor: AnomalyAnalysis.categorySpikeFloor))
        #expect(AnomalyAnalysis.isSpike(.max, average: .max / 2, floor: AnomalyAnalysis.categorySpikeFloor))
    }

    @Test("a double charge is at most 10 minutes apart: 10:00 is, 10:01 is not")
    func doubleChargeWindow() {
        let pairs = { (minutes: Int64, seconds: Int64) in
            var later = Self.charge("B", minutes: minutes)
            later = AnomalyAnalysis.Charge(
                id: later.id, accountID: later.accountID, accountName: later.accountName, time: later.time + seconds, date: later.date,
                merchant: later.merchant, category: later.category, amount: later.amount, currency: later.currency)
            return AnomalyAnalysis.doubleCharges([Self.charge("A", minutes: 0), later], month: Self.month, dismissed: []).map {
                ($0.id, $1.id)
            }
        }
        #expect(pairs(4, 0).map(\.0) == ["A"])
        #expect(pairs(4, 0).map(\.1) == ["B"])
        #expect(pairs(10, 0).count == 1)
        #expect(pairs(10, 1).isEmpty)
    }

    @Test("a double charge needs one account, one merchant and one amount; three in a row are two pairs")
    func doubleChargeSameness() {
        let first = Self.charge("A", minutes: 0)
        func pairs(_ later: AnomalyAnalysis.Charge...) -> [String] {
            AnomalyAnalysis.doubleCharges([first] + later, month: Self.month, dismissed: []).map { "\($0.id)>\($1.id)" }.sorted()
        }
        #expect(pairs(Self.charge("B", minutes: 2, amount: 12 * Self.unit + 100)).isEmpty)
        #expect(pairs(Self.charge("B", minutes: 2, account: "Other")).isEmpty)
        #expect(pairs(Self.charge("B", minutes: 2, merchant: "Other")).isEmpty)
        #expect(pairs(Self.charge("B", minutes: 2), Self.charge("C", minutes: 5)) == ["A>B", "B>C"])
    }

    @Test("either transaction set --not-anomaly dismisses the pair")
    func doubleChargeDismissed() {
        let charges = [Self.charge("A", minutes: 0), Self.charge("B", minutes: 4)]
        #expect(AnomalyAnalysis.doubleCharges(charges, month: Self.month, dismissed: ["A"]).isEmpty)
        #expect(AnomalyAnalysis.doubleCharges(charges, month: Self.month, dismissed: ["B"]).isEmpty)
        #expect(AnomalyAnalysis.doubleCharges(charges, month: Self.month, dismissed: ["C"]).count == 1)
    }

    @Test("a statement row has no time: the same local day is enough, the next day is not")
    func doubleChargeStatementRows() {
        let imported = Transaction.statementIDPrefix + "1"
        let morning = Self.charge("A", minutes: 0)
        let sameDay = Self.charge(imported, minutes: 0)
        let sixHours = AnomalyAnalysis.Charge(
            id: sameDay.id, accountID: "A", accountName: "A", time: morning.time + 6 * 3600, date: morning.date, merchant: "Cafe",
            category: "Dining", amount: morning.amount, currency: "USD")
        #expect(AnomalyAnalysis.doubleCharges([morning, sixHours], month: Self.month, dismissed: []).count == 1)
        let nextDay = AnomalyAnalysis.Charge(
            id: sameDay.id, accountID: "A", accountName: "A", time: morning.time + 60, date: morning.date.adding(days: 1), merchant: "Cafe",
            category: "Dining", amount: morning.amount, currency: "USD")
        #expect(AnomalyAnalysis.doubleCharges([morning, nextDay], month: Self.month, dismissed: []).isEmpty)
    }

    @Test("double charges of many groups, given in any order, pair each group's charges in time order")
    func doubleChargeGroupsInAnyOrder() {
        let charges = [
            Self.charge("C1", minutes: 9, merchant: "Deli"), Self.charge("A2", minutes: 3),
            Self.charge("B1", minutes: 1, account: "Other"), Self.charge("C3", minutes: 1, merchant: "Deli"),
            Self.charge("A1", minutes: 0), Self.charge("B2", minutes: 4, account: "Other"),
            Self.charge("D1", minutes: 2, amount: 13 * Self.unit), Self.charge("C2", minutes: 5, merchant: "Deli"),
            Self.charge("A3", minutes: 40),
        ]
        // The Deli's IDs run against its times: the pairs follow the times.
        let expected = ["A1>A2", "B1>B2", "C2>C1", "C3>C2"]
        var generator = SeededRandom(state: 18)
        for order in [charges, charges.reversed()] + (0..<20).map({ _ in charges.shuffled(using: &generator) }) {
            let pairs = AnomalyAnalysis.doubleCharges(order, month: Self.month, dismissed: []).map { "\($0.id)>\($1.id)" }
            #expect(pairs.sorted() == expected)
        }
    }

    /// The rule as first written: the month's expenses sorted by amount, currency, account,
    /// merchant, time and ID, each paired with the next when both are of one key and close.
    static func sortedPairs(_ expenses: [AnomalyAnalysis.Charge], dismissed: Set<String>) -> [String] {
        func order(_ charge: AnomalyAnalysis.Charge) -> (Int64, String, String, String, Int64, String) {
            (charge.amount, charge.currency, charge.accountID, charge.merchant, charge.time, charge.id)
        }
        let sorted = expenses.sorted { order($0) < order($1) }
        return zip(sorted, sorted.dropFirst()).filter { earlier, later in
            order(earlier).0 == order(later).0 && order(earlier).1 == order(later).1 && order(earlier).2 == order(later).2
                && order(earlier).3 == order(later).3 && AnomalyAnalysis.DoubleCharges.isClose(earlier, later)
                && YearMonth(later.date) == month && !dismissed.contains(earlier.id) && !dismissed.contains(later.id)
        }.map { "\($0.id)>\($1.id)" }
    }

    @Test(
        "streamed in time order, the double charges of thousands of expenses over a month, statement rows among them, are those of the sorted month, with only the last days held",
        arguments: [1, 2, 3] as [UInt64])
    func doubleChargesStreamed(seed: UInt64) {
        var random = SeededRandom(state: seed)
        var expenses: [AnomalyAnalysis.Charge] = []
        var time = Int64(Self.month.firstDay.daysSinceEpoch - 2) * 86_400
        for number in 0..<6_000 {
            let repeated = !expenses.isEmpty && random.below(5) == 0
            time += Int64(repeated ? random.below(700) : random.below(900))
            let id = (random.below(8) == 0 ? Transaction.statementIDPrefix : "") + "T\(number)"
            let account = repeated ? expenses[expenses.count - 1].accountID : ["A", "B"][random.below(2)]
            let merchant = repeated ? expenses[expenses.count - 1].merchant : ["Cafe", "Deli", "Taxi"][random.below(3)]
            let amount = repeated ? expenses[expenses.count - 1].amount : Int64(1 + random.below(300)) * Self.unit
            expenses.append(
                AnomalyAnalysis.Charge(
                    id: id, accountID: account, accountName: account, time: time, date: Self.zone.date(of: time), merchant: merchant,
                    category: "Dining", amount: amount, currency: "USD"))
        }
        let dismissed = Set(expenses.filter { _ in random.below(50) == 0 }.map(\.id))
        var found = AnomalyAnalysis.DoubleCharges(month: Self.month, dismissed: dismissed)
        var mostHeld = 0
        for expense in expenses {
            found.add(expense)
            mostHeld = max(mostHeld, found.heldCount)
        }
        let pairs = found.pairs.map { "\($0.id)>\($1.id)" }
        #expect(pairs.sorted() == Self.sortedPairs(expenses, dismissed: dismissed).sorted())
        #expect(pairs.count > 100)
        #expect(found.pairs.contains { AnomalyAnalysis.isImported($0.later) && $0.later.time - $0.earlier.time > 3_600 })
        // Two days of these expenses are some 400: the rest of the month's 6,000 are let go.
        #expect(mostHeld <= 1_025)
    }

    @Test("a month's spike sums take the three months before it, across a new year too, and no other month")
    func spikeSlots() {
        let january = YearMonth(year: 2026, month: 1)
        #expect(AnomalyAnalysis.SpikeSums.slot(of: january, month: january) == AnomalyAnalysis.SpikeSums.monthSlot)
        #expect(AnomalyAnalysis.SpikeSums.slot(of: YearMonth(year: 2025, month: 12), month: january) == 2)
        #expect(AnomalyAnalysis.SpikeSums.slot(of: YearMonth(year: 2025, month: 10), month: january) == 0)
        #expect(AnomalyAnalysis.SpikeSums.slot(of: YearMonth(year: 2025, month: 9), month: january) == nil)
        #expect(AnomalyAnalysis.SpikeSums.slot(of: YearMonth(year: 2026, month: 2), month: january) == nil)
        #expect(AnomalyAnalysis.SpikeSums.slot(of: YearMonth(year: 2025, month: 1), month: january) == nil)
    }
}
