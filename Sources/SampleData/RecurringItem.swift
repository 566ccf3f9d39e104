/// The recurring items of a month, in priority order: a month with few transactions keeps the
/// first ones that fit in 40 % of its budget.
enum RecurringItem: CaseIterable {
    case openingSavings, openingUK, salaryMid, cardCycle, savingsInterest, ukSalary, ukRent, salaryEnd, netflix, ukEnergy, verizon
    case ukMobile, atmFirst, spotify, ukStandingOrder, conEdison, ukCouncilTax, iCloud, cardInterest
    case ukFee, cashTopUp, atmSecond

    /// Transactions the item writes.
    var cost: Int {
        switch self {
        case .cardCycle: 4  // transfer out, transfer in, payment debit, payment credit
        case .cashTopUp: 2
        default: 1
        }
    }

    func applies(toMonth absoluteMonth: Int, isFirst: Bool) -> Bool {
        switch self {
        case .openingSavings, .openingUK: isFirst
        case .cardInterest: absoluteMonth % 5 == 2
        case .ukFee: absoluteMonth % 4 == 1
        default: true
        }
    }

    static func selection(budget: Int, absoluteMonth: Int, isFirst: Bool) -> [RecurringItem] {
        let cap = budget * 2 / 5
        var used = 0
        var chosen: [RecurringItem] = []
        for item in allCases where item.applies(toMonth: absoluteMonth, isFirst: isFirst) && used + item.cost <= cap {
            chosen.append(item)
            used += item.cost
        }
        return chosen
    }
}
