extension SampleExportRun {
    /// One month: its prices and pay, its recurring items on their days, then day by day the
    /// items and purchases in time order, and the month-end balances.
    func generateMonth(_ month: Int) throws {
        let absolute = firstAbsoluteMonth + month
        let year = absolute / 12
        let monthNumber = absolute % 12 + 1
        let start = Civil.day(year, monthNumber, 1)
        let length = Civil.daysInMonth(year, monthNumber)
        let budget = Self.budget(total: total, months: config.months, month: month)
        let chosen = RecurringItem.selection(budget: budget, absoluteMonth: absolute, isFirst: month == 0)
        let purchases = budget - chosen.reduce(0) { $0 + $1.cost }
        // The month's own draws, in this order: rates, then the recurring items, then the day weights.
        var plan = SplitMix64(seed: SplitMix64.mix(config.seed ^ SplitMix64.mix(UInt64(absolute)) ^ 0x706C_616E))

        setPrices(month: month, absolute: absolute, start: start, purchases: purchases, plan: &plan)
        appendReferenceRates(month: month, start: start, length: length)
        let planned = schedule(chosen, start: start, length: length, plan: &plan)
        let weights = purchaseWeights(start: start, length: length, plan: &plan)
        try generateDays(start: start, length: length, purchases: purchases, weights: weights, planned: planned)

        // Month-end balance observations.
        let monthEnd = start + length - 1
        for index in accounts.indices {
            try writeBalance(index, day: monthEnd)
        }
    }

    /// The month's exchange rates, pay, cash buffer and trip.
    func setPrices(month: Int, absolute: Int, start: Int, purchases: Int, plan: inout SplitMix64) {
        // Exchange rates drift a little from month to month.
        rates = Currency.allCases.map { currency in
            currency == .usd ? 10_000 : currency.baseUSDRate + currency.baseUSDRate * Int64(plan.below(61) - 30) / 1000
        }
        // Pay and buffers follow the month's expected spending, so balances stay plausible at any scale.
        let expectedUS = Int64(purchases) * 84 / 100 * meanUS + 30_000
        let raise = Int64(100 + 3 * (month / 12))
        salary = max(385_000 * raise / 100, roundUp(expectedUS * 54 / 100, to: 5_000))
        let expectedUK = Int64(purchases) * 16 / 100 * meanUK + Int64(purchases) * 16 / 100 * 5 / 100 * 11_000 + 200_000
        ukSalary = max(285_000 * raise / 100, roundUp(expectedUK * 106 / 100, to: 5_000))
        cashTarget = max(20_000, roundUp(Int64(purchases) * 6 / 100 * meanUS * 12 / 10, to: 1_000))
        if absolute % 6 == 4 {
            tripRegion = [Region.paris, .tokyo, .uk, .toronto][(absolute / 6) % 4]
            tripDays = start + 8...start + 14
        } else {
            tripRegion = nil
        }
    }

    /// The recurring items, placed on their days, in day order.
    func schedule(_ chosen: [RecurringItem], start: Int, length: Int, plan: inout SplitMix64) -> [(day: Int, item: DayItem)] {
        var month = MonthSchedule(start: start, length: length, counterpartyBase: counterpartyBase)
        for item in chosen {
            place(item, in: &month, plan: &plan)
        }
        return month.byDay
    }

    /// Where and when one recurring item happens: one case per item, a table rather than logic.
    func place(_ item: RecurringItem, in month: inout MonthSchedule, plan: inout SplitMix64) {
        let length = month.length
        func cp(_ which: Counterparty) -> Int { month.payee(which) }
        switch item {
        case .openingSavings:
            month.event(1, 0, .opening, account: Self.savings, payee: cp(.openingSavings))
        case .openingUK:
            month.event(1, 0, .opening, account: Self.uk, payee: cp(.openingUK))
        case .salaryMid:
            month.event(month.previousWeekday(15), 6 * 3600, .salary, account: Self.savings, payee: cp(.payroll))
        case .salaryEnd:
            month.event(month.previousWeekday(length), 6 * 3600, .salary, account: Self.savings, payee: cp(.payroll))
        case .cardCycle:
            let depositDay = plan.below(3) == 0 ? 25 : 24
            month.event(24, 7 * 3600, .transferOut, account: Self.savings, payee: cp(.savingsToCash), delay: depositDay - 24)
            month.event(depositDay, 7 * 3600, .transferIn, account: Self.cash, payee: cp(.cashFromSavings))
            month.event(depositDay, 7 * 3600 + 300, .cardPayment, account: Self.cash, payee: cp(.cashCardPayment))
        case .savingsInterest:
            month.event(length, 23 * 3600, .savingsInterest, account: Self.savings, payee: cp(.savingsInterest))
        case .ukSalary:
            month.event(month.previousWeekday(25), 6 * 3600, .ukSalary, account: Self.uk, payee: cp(.ukPayroll))
        case .ukRent:
            month.event(month.nextWeekday(1), 6 * 3600 + 1800, .ukDirectDebit, account: Self.uk, payee: cp(.ukRent))
        case .ukEnergy:
            month.event(month.nextWeekday(12), 6 * 3600 + 1800, .ukDirectDebit, account: Self.uk, payee: cp(.ukEnergy))
        case .ukMobile:
            month.event(month.nextWeekday(18), 6 * 3600 + 1800, .ukDirectDebit, account: Self.uk, payee: cp(.ukMobile))
        case .ukCouncilTax:
            month.event(month.nextWeekday(1), 6 * 3600 + 2400, .ukDirectDebit, account: Self.uk, payee: cp(.ukCouncilTax))
        case .ukStandingOrder:
            month.event(month.nextWeekday(5), 5 * 3600, .ukStandingOrder, account: Self.uk, payee: cp(.ukStandingOrder))
        case .ukFee:
            month.event(2, 5 * 3600, .ukFee, account: Self.uk, payee: cp(.ukFee))
        case .atmFirst, .atmSecond:
            let atms = [cp(.atmBarclays), cp(.atmHSBC), cp(.atmNationwide)]
            month.event(
                1 + plan.below(length), 10 * 3600 + plan.below(11 * 3600), .atm, account: Self.uk,
                payee: atms[plan.below(atms.count)])
        case .netflix:
            month.event(7, 8 * 3600 + 900, .subscription, account: Self.card, payee: cp(.netflix))
        case .spotify:
            month.event(12, 9 * 3600 + 120, .subscription, account: Self.card, payee: cp(.spotify))
        case .iCloud:
            month.event(3, 4 * 3600 + 1500, .subscription, account: Self.card, payee: cp(.iCloud))
        case .verizon:
            month.event(20, 5 * 3600 + 1800, .subscription, account: Self.card, payee: cp(.verizon))
        case .conEdison:
            month.event(16, 3 * 3600 + 600, .subscription, account: Self.card, payee: cp(.conEdison))
        case .cardInterest:
            month.event(23, 23 * 3600 + 1800, .cardInterest, account: Self.card, payee: cp(.cardInterest))
        case .cashTopUp:
            month.event(17, 12 * 3600, .topUpOut, account: Self.savings, payee: cp(.savingsToCash))
            month.event(17 + plan.below(2), 12 * 3600 + 60, .topUpIn, account: Self.cash, payee: cp(.cashFromSavings))
        }
    }

    /// How the month's purchases spread over its days: busier at weekends and on trips.
    func purchaseWeights(start: Int, length: Int, plan: inout SplitMix64) -> [Int] {
        let weekdayWeight = [110, 90, 95, 100, 105, 125, 130]
        var weights: [Int] = []
        for offset in 0..<length {
            let day = start + offset
            var weight = weekdayWeight[Civil.weekday(day)] + plan.below(41) - 20
            if tripRegion != nil && tripDays.contains(day) { weight = weight * 3 / 2 }
            weights.append(weight)
        }
        return weights
    }

    /// Each day's planned items and share of the purchases, in time order, then the changes
    /// that fall due that day.
    func generateDays(start: Int, length: Int, purchases: Int, weights: [Int], planned: [(day: Int, item: DayItem)]) throws {
        let weightSum = weights.reduce(0, +)
        var nextPlanned = 0
        var cumulative = 0
        for offset in 0..<length {
            let day = start + offset
            let before = purchases * cumulative / weightSum
            cumulative += weights[offset]
            let count = purchases * cumulative / weightSum - before

            items.removeAll(keepingCapacity: true)
            while nextPlanned < planned.count && planned[nextPlanned].day == day {
                var item = planned[nextPlanned].item
                item.order = items.count
                items.append(item)
                nextPlanned += 1
            }
            refundForcedToday = false
            for _ in 0..<count {
                items.append(makePurchaseSlot(day: day, order: items.count))
            }
            items.sort { ($0.seconds, $0.order) < ($1.seconds, $1.order) }
            for item in items {
                try process(item, day: day)
            }
            for account in accounts {
                try emitDue(account, day: day)
                account.transactions.endDay()
            }
        }
    }

    /// Decides what a purchase slot becomes: who, where, when, and whether it is one of the
    /// special records (refund, hold, memo, rejected, ATM).
    func makePurchaseSlot(day: Int, order: Int) -> DayItem {
        var item = DayItem(seconds: 0, order: order, kind: .purchase, account: Self.card, payee: 0)
        let region = chooseKind(of: &item, day: day)
        choosePayee(of: &item, region: region, day: day)
        if item.kind == .memo { producedMemo = true }
        if item.kind == .rejected { producedRejected = true }
        if item.kind == .purchase && region != .us && item.account == Self.card { producedForeign = true }
        if item.kind == .purchase && item.seenPending && day + item.delay <= lastDay { producedPendingBooked = true }

        let merchant = merchants[item.payee]
        if item.kind == .refund {
            item.seconds = 9 * 3600 + rng.below(11 * 3600)
        } else {
            item.seconds = merchant.open * 3600 + rng.below((merchant.close - merchant.open) * 3600)
        }
        return item
    }

    /// The slot's kind and account, and the region its merchant is in. Each special record is
    /// forced once, at a set share of the run, so that even a small sample holds one of each.
    func chooseKind(of item: inout DayItem, day: Int) -> Region {
        let index = purchaseSlot
        purchaseSlot += 1
        func reached(_ percent: Int) -> Bool { index * 100 >= purchaseSlotTotal * percent }

        var region: Region = .us
        if !producedForeign && reached(10) {
            region = [Region.paris, .tokyo, .uk, .toronto][rng.below(4)]
        } else if !producedPendingBooked && reached(15) && day + 2 <= lastDay {
            item.seenPending = true
        } else if !producedRefund && !refundForcedToday && reached(30) {
            item.kind = .refund
            refundForcedToday = true
        } else if !producedHold && reached(45) && day + 1 <= lastDay {
            item.kind = .hold
        } else if !producedMemo && reached(55) {
            item.kind = .memo
        } else if !producedRejected && reached(65) {
            item.kind = .rejected
        } else {
            region = chooseAtRandom(&item, day: day)
        }
        return region
    }

    /// An ordinary slot: mostly a card purchase at home, now and then a refund, hold, memo,
    /// rejected record or ATM withdrawal; abroad on a trip, online in Europe at times.
    func chooseAtRandom(_ item: inout DayItem, day: Int) -> Region {
        let accountRoll = rng.below(100)
        item.account = accountRoll < 78 ? Self.card : accountRoll < 94 ? Self.uk : Self.cash
        if item.account == Self.cash && !cashFunded { item.account = Self.card }
        let roll = rng.below(10_000)
        if roll < 120 {
            item.kind = .refund
        } else if roll < 135 {
            item.kind = .hold
            item.account = Self.card
        } else if roll < 145 {
            item.kind = .memo
        } else if roll < 165 {
            item.kind = .rejected
        } else if item.account == Self.uk && rng.chance(500) {
            item.kind = .atm
        } else {
            item.seenPending = rng.chance(200)
        }
        if item.account == Self.uk { return .uk }
        if item.account == Self.card {
            if let tripRegion, tripDays.contains(day), rng.below(100) < 75 { return tripRegion }
            if rng.chance(40) { return .onlineEurope }
        }
        return .us
    }

    /// The slot's payee and, for what settles later, after how many days.
    func choosePayee(of item: inout DayItem, region: Region, day: Int) {
        switch item.kind {
        case .hold:
            item.payee = holdPayees[rng.below(holdPayees.count)]
            item.delay = 1 + rng.below(3)
            if day + item.delay > lastDay, day + 1 <= lastDay, !producedHold { item.delay = lastDay - day }
            if day + item.delay <= lastDay { producedHold = true }
        case .atm:
            item.payee = counterpartyBase + [Counterparty.atmBarclays, .atmHSBC, .atmNationwide][rng.below(3)].rawValue
        default:
            item.payee = pickMerchant(region)
            item.delay = 1 + rng.below(2)
        }
    }

    func pickMerchant(_ region: Region) -> Int {
        let cumulative = regionCumulative[region.rawValue]
        let target = rng.below(cumulative[cumulative.count - 1])
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] > target { high = middle } else { low = middle + 1 }
        }
        return regionPayees[region.rawValue][low]
    }

    func drawAmount(_ merchant: Merchant) -> Int64 {
        let steps = Int((merchant.maximum - merchant.minimum) / merchant.step)
        let a = Int64(rng.below(steps + 1))
        let b = Int64(rng.below(steps + 1))
        return merchant.minimum + (a + b) / 2 * merchant.step
    }

    func convert(_ foreignAmount: Int64, from currency: Currency, rate: Int64, to account: Currency) -> Int64 {
        var numerator = foreignAmount * rate
        for _ in 0..<account.minorDigits { numerator *= 10 }
        var denominator: Int64 = 10_000
        for _ in 0..<currency.minorDigits { denominator *= 10 }
        return max(1, (numerator + denominator / 2) / denominator)
    }
}
