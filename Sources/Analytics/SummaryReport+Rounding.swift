import Ledger

// A converted summary works every sum out exactly, to 1/10,000, and shows each rounded half to
// even to the target's minor unit once (README, "Converting between currencies"): a total can then
// differ by a cent from the sum of its shown lines. A comparison (a change against the month
// before, what was saved) is taken between the figures shown, so it reads as their difference.
extension SummaryReport.CurrencySection {
    func roundedToMinorUnit() -> Self {
        func r(_ units: Int64) -> Int64 { Money.roundedToMinorUnit(units, currency: currency) }
        return Self(
            currency: currency, spent: r(spent), refunded: r(refunded), count: count, previousNet: r(previousNet),
            averageNet: r(averageNet), categories: categories.map { $0.roundedToMinorUnit(currency) },
            merchants: merchants.map {
                SummaryReport.MerchantLine(merchant: $0.merchant, category: $0.category, net: r($0.net), count: $0.count)
            },
            largestExpenses: largestExpenses.map { $0.roundedToMinorUnit(currency) }, income: r(income), pendingOut: r(pendingOut),
            pendingIn: r(pendingIn), pendingCount: pendingCount, pendingItems: pendingItems.map { $0.roundedToMinorUnit(currency) },
            net: r(net), change: r(net) - r(previousNet), savings: r(income) - r(net))
    }

    private init(
        currency: String, spent: Int64, refunded: Int64, count: Int, previousNet: Int64, averageNet: Int64,
        categories: [SummaryReport.CategoryLine], merchants: [SummaryReport.MerchantLine], largestExpenses: [SummaryReport.Item],
        income: Int64, pendingOut: Int64, pendingIn: Int64, pendingCount: Int, pendingItems: [SummaryReport.Item], net: Int64,
        change: Int64, savings: Int64
    ) {
        self.currency = currency
        self.spent = spent
        self.refunded = refunded
        self.count = count
        self.previousNet = previousNet
        self.averageNet = averageNet
        self.categories = categories
        self.merchants = merchants
        self.largestExpenses = largestExpenses
        self.income = income
        self.pendingOut = pendingOut
        self.pendingIn = pendingIn
        self.pendingCount = pendingCount
        self.pendingItems = pendingItems
        self.net = net
        self.change = change
        self.savings = savings
    }
}

extension SummaryReport.CategoryLine {
    func roundedToMinorUnit(_ currency: String) -> Self {
        func r(_ units: Int64) -> Int64 { Money.roundedToMinorUnit(units, currency: currency) }
        return Self(
            category: category, spent: r(spent), refunded: r(refunded), count: count, previousNet: r(previousNet),
            averageNet: r(averageNet), net: r(net), change: r(net) - r(previousNet))
    }

    private init(
        category: String, spent: Int64, refunded: Int64, count: Int, previousNet: Int64, averageNet: Int64, net: Int64, change: Int64
    ) {
        self.category = category
        self.spent = spent
        self.refunded = refunded
        self.count = count
        self.previousNet = previousNet
        self.averageNet = averageNet
        self.net = net
        self.change = change
    }
}

extension SummaryReport.Item {
    /// One converted transaction, exact to 1/10,000, as the summary lists it.
    func roundedToMinorUnit(_ currency: String) -> Self {
        Self(
            id: id, date: date, merchant: merchant, category: category, account: account,
            amount: Money.roundedToMinorUnit(amount, currency: currency), indicator: indicator, status: status)
    }
}
