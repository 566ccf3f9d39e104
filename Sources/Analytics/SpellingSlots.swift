/// Where a reader keeps what it sums of each (currency, name), found by the numbers a read of
/// stored charges gives their spellings (`CountedCharge`): an array's element a row rather
/// than a hash of two strings. A name spelled in two currencies keeps the last one's slot
/// only; the other is then found by its texts, as a spelling without a number is.
struct SpellingSlots {
    /// By the name's spelling: the currency's spelling and the slot, or -1s.
    private var slots: [(currency: Int32, slot: Int32)] = []

    func slot(name: Int32?, currency: Int32?) -> Int? {
        guard let name, let currency, Int(name) < slots.count, slots[Int(name)].currency == currency else { return nil }
        return Int(slots[Int(name)].slot)
    }

    mutating func remember(_ slot: Int, name: Int32?, currency: Int32?) {
        guard let name, let currency, let slot = Int32(exactly: slot) else { return }
        slots.set((currency, slot), at: Int(name), filling: (currency: -1, slot: -1))
    }
}
