extension SampleExportRun {
    func process(_ item: DayItem, day: Int) throws {
        switch item.kind {
        case .purchase:
            try purchase(item, day: day)
        case .refund:
            try refund(item, day: day)
        case .hold:
            var record = newRecord(
                account: Self.card, day: day, seconds: item.seconds, payee: item.payee,
                amount: 0, credit: false, type: .pointOfSale, status: holdsWritten % 2 == 0 ? .pending : .authorized)
            record.amount = drawAmount(merchants[item.payee])
            holdsWritten += 1
            try insert(record, final: nil)
            if day + item.delay <= lastDay {
                accounts[Self.card].due.append((day + item.delay, .delete(record.id)))
            }
        case .memo, .rejected:
            let merchant = merchants[item.payee]
            var status = SampleTransactionStatus.rejected
            if case .memo = item.kind { status = .memo }
            var record = newRecord(
                account: item.account, day: day, seconds: item.seconds, payee: item.payee,
                amount: 0, credit: false, type: .pointOfSale, status: status)
            setAmount(&record, merchantAmount: drawAmount(merchant), merchant: merchant)
            try insert(record, final: nil)
        case .atm:
            let record = newRecord(
                account: Self.uk, day: day, seconds: item.seconds, payee: item.payee,
                amount: drawAmount(merchants[item.payee]), credit: false, type: .atm,
                status: .booked, posted: day)
            try insert(record, final: record)
        case .planned(let kind):
            try processPlanned(kind, item: item, day: day)
        }
    }

    func newRecord(
        account: Int, day: Int, seconds: Int, payee: Int, amount: Int64, credit: Bool,
        type: SampleTransactionType, status: SampleTransactionStatus, posted: Int? = nil
    ) -> SampleTransactionRecord {
        SampleTransactionRecord(
            id: SampleUUID(&idRNG), account: account, day: day, seconds: seconds, postedDay: posted,
            amount: amount, credit: credit, payee: payee, rawSeed: rng.next(), type: type, status: status)
    }

    /// Sets the record's amount from an amount in the merchant's currency: a foreign-currency
    /// purchase when that differs from the account's.
    func setAmount(_ record: inout SampleTransactionRecord, merchantAmount: Int64, merchant: Merchant) {
        let accountCurrency = accounts[record.account].currency
        let merchantCurrency = merchant.region.currency
        if merchant.region == .counterparty || merchantCurrency == accountCurrency {
            record.amount = merchantAmount
            record.foreign = nil
        } else {
            let rate = rates[merchantCurrency.rawValue]
            record.foreign = merchantCurrency
            record.foreignAmount = merchantAmount
            record.rate = rate
            record.amount = convert(merchantAmount, from: merchantCurrency, rate: rate, to: accountCurrency)
        }
    }

    func purchase(_ item: DayItem, day: Int) throws {
        let merchant = merchants[item.payee]
        var record = newRecord(
            account: item.account, day: day, seconds: item.seconds, payee: item.payee,
            amount: 0, credit: false, type: .pointOfSale, status: .booked)
        let merchantAmount = drawAmount(merchant)
        setAmount(&record, merchantAmount: merchantAmount, merchant: merchant)
        let bookDay = day + item.delay
        if item.seenPending {
            record.status = .pending
            guard bookDay <= lastDay else {
                try insert(record, final: nil)
                return
            }
            var booked = record
            booked.status = .booked
            booked.postedDay = bookDay
            if merchant.mcc == 5812 && merchant.region == .us {
                // The tip arrives with the booked amount.
                let tip = merchantAmount * Int64(15 + rng.below(8)) / 100
                setAmount(&booked, merchantAmount: merchantAmount + tip, merchant: merchant)
            }
            try insert(record, final: booked)
            accounts[item.account].due.append((bookDay, .update(booked)))
            remember(booked)
        } else if bookDay > lastDay {
            // Not yet posted when the export ends: it stays pending.
            record.status = .pending
            try insert(record, final: nil)
        } else {
            record.postedDay = bookDay
            try insert(record, final: record)
            remember(record)
        }
    }

    func remember(_ record: SampleTransactionRecord) {
        let candidate = RefundCandidate(
            account: record.account, payee: record.payee, amount: record.amount,
            foreign: record.foreign, foreignAmount: record.foreignAmount, rate: record.rate)
        if refundRing.count < Self.refundRingSize {
            refundRing.append(candidate)
        } else {
            refundRing[rng.below(Self.refundRingSize)] = candidate
        }
    }

    func refund(_ item: DayItem, day: Int) throws {
        guard !refundRing.isEmpty else {
            // Nothing to return yet: an ordinary purchase instead.
            var fallback = item
            fallback.kind = .purchase
            fallback.seenPending = false
            try purchase(fallback, day: day)
            return
        }
        let pick = rng.below(refundRing.count)
        let original = refundRing[pick]
        refundRing.swapAt(pick, refundRing.count - 1)
        refundRing.removeLast()
        producedRefund = true

        let percent = rng.below(10) < 6 ? 100 : 20 + rng.below(61)
        let posted = day + 1 <= lastDay ? day + 1 : nil
        var record = newRecord(
            account: original.account, day: day, seconds: item.seconds, payee: original.payee,
            amount: 0, credit: true, type: .refund, status: posted == nil ? .pending : .booked,
            posted: posted)
        if let foreign = original.foreign {
            record.foreign = foreign
            record.rate = original.rate
            record.foreignAmount =
                percent == 100
                ? original.foreignAmount
                : max(1, original.foreignAmount * Int64(percent) / 100)
            record.amount =
                percent == 100
                ? original.amount
                : convert(record.foreignAmount, from: foreign, rate: original.rate, to: accounts[original.account].currency)
        } else {
            record.amount = percent == 100 ? original.amount : max(1, original.amount * Int64(percent) / 100)
        }
        try insert(record, final: posted == nil ? nil : record)
    }

    /// A recurring item: pay, interest, fees and direct debits booked on their day; the moves
    /// between the accounts in `processTransfer`; a subscription by card.
    func processPlanned(_ kind: PlannedKind, item: DayItem, day: Int) throws {
        let merchant = merchants[item.payee]
        switch kind {
        case .transferOut, .transferIn, .topUpOut, .topUpIn, .cardPayment:
            try processTransfer(kind, item: item, day: day)
        case .opening:
            // The money the account held when the export began, moved in from an older account.
            try book(item, day: day, item.account, item.account == Self.uk ? ukSalary : salary * 2, credit: true, .deposit)
        case .salary:
            try book(item, day: day, Self.savings, salary, credit: true, .directDeposit)
        case .savingsInterest:
            let balance = accounts[Self.savings].running
            try book(item, day: day, Self.savings, max(1, balance * 425 / 120_000), credit: true, .interest)
        case .ukSalary:
            try book(item, day: day, Self.uk, ukSalary, credit: true, .directDeposit)
        case .ukDirectDebit:
            let amount: Int64 =
                switch item.payee - counterpartyBase {
                case Counterparty.ukRent.rawValue: 115_000
                case Counterparty.ukCouncilTax.rawValue: 14_200
                default: drawAmount(merchant)
                }
            try book(item, day: day, Self.uk, amount, credit: false, .directDebit)
        case .ukStandingOrder:
            try book(item, day: day, Self.uk, 15_000, credit: false, .standingOrder)
        case .ukFee:
            try book(item, day: day, Self.uk, 500, credit: false, .fee)
        case .atm:
            try book(item, day: day, Self.uk, drawAmount(merchant), credit: false, .atm)
        case .cardInterest:
            let owed = max(0, -accounts[Self.card].running)
            try book(item, day: day, Self.card, max(100, owed * 199 / 10_000), credit: false, .interest)
        case .subscription:
            let posted = day + 1 <= lastDay ? day + 1 : nil
            let record = newRecord(
                account: Self.card, day: day, seconds: item.seconds, payee: item.payee,
                amount: drawAmount(merchant), credit: false, type: .pointOfSale,
                status: posted == nil ? .pending : .booked, posted: posted)
            try insert(record, final: posted == nil ? nil : record)
        }
    }

    /// Money moved between the sample's own accounts: savings to cash before the card payment
    /// (enough for what the card owes and the cash buffer), a top-up, and the payment itself.
    func processTransfer(_ kind: PlannedKind, item: DayItem, day: Int) throws {
        switch kind {
        case .transferOut:
            let owed = max(0, -accounts[Self.card].running)
            let shortfall = max(0, cashTarget - accounts[Self.cash].running)
            // A deposit that arrives tomorrow carries a margin for today's purchases.
            let margin = item.delay > 0 ? owed / 10 : 0
            transferAmount = roundUp(owed + margin + shortfall, to: 1_000)
            if transferAmount == 0 { transferAmount = 10_000 }
            try book(item, day: day, Self.savings, transferAmount, credit: false, .withdrawal)
        case .transferIn:
            try book(item, day: day, Self.cash, transferAmount, credit: true, .deposit)
            cashFunded = true
        case .topUpOut:
            topUpAmount = max(5_000, roundUp(max(0, cashTarget - accounts[Self.cash].running), to: 1_000))
            try book(item, day: day, Self.savings, topUpAmount, credit: false, .withdrawal)
        case .topUpIn:
            try book(item, day: day, Self.cash, topUpAmount, credit: true, .deposit)
            cashFunded = true
        case .cardPayment:
            let owed = -accounts[Self.card].running
            if owed > 0 {
                try book(item, day: day, Self.cash, owed, credit: false, .billPayment)
                try book(
                    item, day: day, Self.card, owed, credit: true, .billPayment,
                    payee: counterpartyBase + Counterparty.cardPaymentReceived.rawValue)
            } else {
                // Nothing owed: two ordinary card purchases take the payment's place.
                for _ in 0..<2 {
                    var fallback = item
                    fallback.kind = .purchase
                    fallback.account = Self.card
                    fallback.payee = pickMerchant(.us)
                    fallback.delay = 1 + rng.below(2)
                    try purchase(fallback, day: day)
                }
            }
        default:
            preconditionFailure("\(kind) is not a transfer")
        }
    }

    /// Books a planned item's transaction on its day (posted that day unless `posted` says otherwise).
    func book(
        _ item: DayItem, day: Int, _ account: Int, _ amount: Int64, credit: Bool, _ type: SampleTransactionType,
        payee: Int? = nil, posted: Int? = nil
    ) throws {
        let record = newRecord(
            account: account, day: day, seconds: item.seconds, payee: payee ?? item.payee,
            amount: amount, credit: credit, type: type, status: .booked, posted: posted ?? day)
        try insert(record, final: record)
    }
}
