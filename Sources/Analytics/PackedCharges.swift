import Ledger

/// Every key's recurring charges of a scope, read in time order and held until all are read: a
/// year of them is about 100,000 on a busy ledger, so each is kept in 16 bytes, its category
/// as an index into the names seen, rather than as a `RecurringReport.Charge` of 64. A read a
/// merchant at a time holds one key's, unpacked.
struct PackedCharges<Key: Hashable> {
    private struct Packed {
        let amount: Int64
        let day: Int32
        /// At or above zero: an index into `categories`. Below: -1 - an index into `joined`.
        let category: Int32
    }

    /// False where one key is held at a time (a read a merchant at a time): there packing and
    /// unpacking each charge would cost time and save nothing.
    private let packs: Bool
    private var charges: [Key: [Packed]] = [:]
    private var whole: [Key: [RecurringReport.Charge]] = [:]
    /// How many charges are held, of every key.
    private(set) var count = 0
    private var categories: [String] = []
    private var categoryIndex: [String: Int32] = [:]
    /// The charges a split's parts make, which keep their parts, those of a day too far from
    /// 1970 for 32 bits, and those of a category's other spelling.
    private var joined: [RecurringReport.Charge] = []

    init(packing: Bool = true) {
        packs = packing
    }

    var keys: [Key] { Array(charges.keys) + Array(whole.keys) }
    /// How many charges are held whole.
    var joinedCount: Int { joined.count }

    mutating func append(_ charge: RecurringReport.Charge, to key: Key) {
        if packs {
            charges[key, default: []].append(pack(charge))
        } else {
            whole[key, default: []].append(charge)
        }
        count += 1
    }

    mutating func popLast(of key: Key) -> RecurringReport.Charge? {
        guard packs else {
            let charge = whole[key]?.popLast()
            if charge != nil { count -= 1 }
            return charge
        }
        guard let packed = charges[key]?.popLast() else { return nil }
        count -= 1
        let charge = unpack(packed)
        // Else each further part of a split would leave the whole before it behind.
        if packed.category < 0, packed.category == -Int32(joined.count) { joined.removeLast() }
        return charge
    }

    /// The key's charges, in the order appended, no longer held.
    mutating func removeAll(of key: Key) -> [RecurringReport.Charge]? {
        guard packs else {
            guard let taken = whole.removeValue(forKey: key) else { return nil }
            count -= taken.count
            return taken
        }
        guard let packed = charges.removeValue(forKey: key) else { return nil }
        count -= packed.count
        let taken = packed.map(unpack)
        // Read a merchant at a time, the joined charges of each are let go with it.
        if count == 0 { joined.removeAll(keepingCapacity: true) }
        return taken
    }

    private mutating func pack(_ charge: RecurringReport.Charge) -> Packed {
        guard charge.parts.isEmpty, let day = Int32(exactly: charge.date.daysSinceEpoch) else {
            joined.append(charge)
            return Packed(amount: charge.amount, day: 0, category: -Int32(joined.count))
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

    private func unpack(_ packed: Packed) -> RecurringReport.Charge {
        guard packed.category >= 0 else { return joined[Int(-1 - packed.category)] }
        return RecurringReport.Charge(
            date: CivilDate(daysSinceEpoch: Int(packed.day)), amount: packed.amount, category: categories[Int(packed.category)])
    }
}
