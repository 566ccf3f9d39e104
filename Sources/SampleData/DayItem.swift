/// One thing that happens on a day, decided before the day's items are put in time order.
struct DayItem {
    var seconds: Int
    var order: Int
    var kind: ItemKind
    var account: Int
    var payee: Int
    var seenPending = false
    var delay = 1
}

enum ItemKind: Equatable {
    case purchase, refund, hold, memo, rejected, atm
    case planned(PlannedKind)
}

enum PlannedKind: Equatable {
    case opening, salary, savingsInterest, transferOut, transferIn, cardPayment, topUpOut, topUpIn
    case ukSalary, ukDirectDebit, ukStandingOrder, atm, cardInterest, ukFee, subscription
}
