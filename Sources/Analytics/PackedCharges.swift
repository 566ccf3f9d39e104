import Ledger

/// Every key's recurring charges of a scope, held until all are read: a year of them is about
/// 100,000 on a busy ledger, and one merchant's ten years can be as many, so each is kept in 16
/// bytes, its category as an index into the names seen, rather than as a `RecurringReport.Charge`
/// of 64. A key's charges stay packed when taken, and each is made whole only when read.
struct PackedCharges<Key: Hashable> {
    fileprivate struct Packed {
        let amount: Int64
        let day: Int32
        /// At or above zero: an index into `categories`. Below: -1 - an index into `joined`.
        let category: Int32
    }

    /// One key's charges, taken: still packed, each made whole when read.
    struct Taken: RandomAccessCollection {
        fileprivate var packed: [Packed]
        fileprivate let categories: [String]
        fileprivate let joined: [RecurringReport.Charge]

        var startIndex: Int { packed.startIndex }
        var endIndex: Int { packed.endIndex }

        subscript(position: Int) -> RecurringReport.Charge {
            PackedCharges.unpack(packed[position], categories: categories, joined: joined)
        }

        /// The amounts of the charges at `positions`, read without making a charge whole.
        func amounts(_ positions: Range<Int>) -> some Sequence<Int64> { packed[positions].lazy.map { $0.amount } }

        /// Where the charges from day `first` up to (not including) day `end` are, once sorted by date.
        func positions(from first: CivilDate, before end: CivilDate) -> Range<Int> {
            func firstPosition(onOrAfter day: CivilDate) -> Int {
                var (low, high) = (0, packed.count)
                while low < high {
                    let middle = (low + high) / 2
                    if Self.day(packed[middle], joined) < day.daysSinceEpoch { low = middle + 1 } else { high = middle }
                }
                return low
            }
            let start = firstPosition(onOrAfter: first)
            return start..<Swift.max(start, firstPosition(onOrAfter: end))
        }

        /// Sorts them by date, then amount (`RecurringAnalysis.isBefore`), stably: as the charges
        /// whole sort, ties included. Held in the order read, in time order, they are in date
        /// order but for the amounts of a day: each is moved back past the few before it that
        /// it precedes, in one pass, instead of sorted anew (a fifth of a year's series took
        /// that); charges in another order are sorted once the moves pass `movesPerCharge`.
        mutating func sortByDateThenAmount() {
            let joined = joined
            func precedes(_ left: Packed, _ right: Packed) -> Bool {
                (Self.day(left, joined), left.amount) < (Self.day(right, joined), right.amount)
            }
            var movesLeft = packed.count * Self.movesPerCharge
            for position in packed.indices.dropFirst() {
                let charge = packed[position]
                var place = position
                while place > packed.startIndex, precedes(charge, packed[place - 1]) { place -= 1 }
                guard place < position else { continue }
                movesLeft -= position - place
                guard movesLeft >= 0 else { return packed.sort(by: precedes) }
                for moved in stride(from: position, to: place, by: -1) { packed[moved] = packed[moved - 1] }
                packed[place] = charge
            }
        }

        /// Moves a charge, on average, past which `sortByDateThenAmount` sorts instead.
        static var movesPerCharge: Int { 4 }

        /// Days from the charge at `earlier` to the one at `later`, read without making either whole.
        func days(from earlier: Int, to later: Int) -> Int {
            Self.day(packed[later], joined) - Self.day(packed[earlier], joined)
        }

        private static func day(_ charge: Packed, _ joined: [RecurringReport.Charge]) -> Int {
            charge.category >= 0 ? Int(charge.day) : joined[Int(-1 - charge.category)].date.daysSinceEpoch
        }
    }

    private var charges: [Key: [Packed]] = [:]
    /// How many charges are held, of every key.
    private(set) var count = 0
    private var categories: [String] = []
    private var categoryIndex: [String: Int32] = [:]
    /// The charges a split's parts make, which keep their parts, those of a day too far from
    /// 1970 for 32 bits, and those of a category's other spelling.
    private var joined: [RecurringReport.Charge] = []

    var keys: [Key] { Array(charges.keys) }
    /// How many charges are held whole.
    var joinedCount: Int { joined.count }

    mutating func append(_ charge: RecurringReport.Charge, to key: Key) {
        Self.append(charge, to: &charges[key, default: []], categories: &categories, index: &categoryIndex, joined: &joined)
        count += 1
    }

    /// Appends to `held`, one key's charges, found once: its last charge's category is compared
    /// before any is looked up, as a key's charges mostly share one.
    private static func append(
        _ charge: RecurringReport.Charge, to held: inout [Packed], categories: inout [String], index: inout [String: Int32],
        joined: inout [RecurringReport.Charge]
    ) {
        held.appendGrowingByAQuarter(
            pack(charge, likely: held.last?.category, categories: &categories, index: &index, joined: &joined))
    }

    mutating func popLast(of key: Key) -> RecurringReport.Charge? {
        guard let packed = charges[key]?.popLast() else { return nil }
        count -= 1
        let charge = Self.unpack(packed, categories: categories, joined: joined)
        // Else each further part of a split would leave the whole before it behind.
        if packed.category < 0, packed.category == -Int32(joined.count) { joined.removeLast() }
        return charge
    }

    /// The key's charges, in the order appended, no longer held.
    mutating func removeAll(of key: Key) -> Taken? {
        guard let packed = charges.removeValue(forKey: key) else { return nil }
        count -= packed.count
        let taken = Taken(packed: packed, categories: categories, joined: joined)
        // Read a merchant at a time, the joined charges of each are let go with it.
        if count == 0 { joined.removeAll(keepingCapacity: true) }
        return taken
    }

    /// `likely`: the category (its place in `categories`) the charge most likely has.
    private static func pack(
        _ charge: RecurringReport.Charge, likely: Int32?, categories: inout [String], index categoryIndex: inout [String: Int32],
        joined: inout [RecurringReport.Charge]
    ) -> Packed {
        guard charge.parts.isEmpty, let day = Int32(exactly: charge.date.daysSinceEpoch) else {
            joined.append(charge)
            return Packed(amount: charge.amount, day: 0, category: -Int32(joined.count))
        }
        if let likely, likely >= 0, categories[Int(likely)].hasSameBytes(as: charge.category) {
            return Packed(amount: charge.amount, day: day, category: likely)
        }
        if let index = categoryIndex[charge.category] {
            // Swift takes a composed and a decomposed é as one name: another spelling is held whole.
            guard categories[Int(index)].hasSameBytes(as: charge.category) else {
                joined.append(charge)
                return Packed(amount: charge.amount, day: 0, category: -Int32(joined.count))
            }
            return Packed(amount: charge.amount, day: day, category: index)
        }
        let index = Int32(categories.count)
        categories.append(charge.category)
        categoryIndex[charge.category] = index
        return Packed(amount: charge.amount, day: day, category: index)
    }

    fileprivate static func unpack(_ packed: Packed, categories: [String], joined: [RecurringReport.Charge]) -> RecurringReport.Charge {
        guard packed.category >= 0 else { return joined[Int(-1 - packed.category)] }
        return RecurringReport.Charge(
            date: CivilDate(daysSinceEpoch: Int(packed.day)), amount: packed.amount, category: categories[Int(packed.category)])
    }
}

extension Array {
    /// Appends, a full array of more than a thousand growing by a quarter rather than doubling:
    /// while it is copied, both arrays are held, and one key's ten years can be over a hundred
    /// thousand charges.
    fileprivate mutating func appendGrowingByAQuarter(_ element: Element) {
        if count == capacity, count >= 1_024 { reserveCapacity(count + count / 4) }
        append(element)
    }
}
