extension SampleExportRun {
    /// Writes a new transaction in today's change set; `final` is the record as it ends up
    /// (booked) when it counts toward the balance, nil when it never books.
    func insert(_ record: SampleTransactionRecord, final: SampleTransactionRecord?) throws {
        let account = accounts[record.account]
        if let final {
            account.running += final.credit ? final.amount : -final.amount
        }
        account.transactions.beginRecord(.inserted)
        appendTransaction(record, to: &account.transactions.file.bytes)
        try account.transactions.endRecord()
        written += 1
    }

    func emitDue(_ account: AccountRun, day: Int) throws {
        guard !account.due.isEmpty else { return }
        for entry in account.due where entry.day == day {
            if case .update(let record) = entry.change {
                account.transactions.beginRecord(.updated)
                appendTransaction(record, to: &account.transactions.file.bytes)
                try account.transactions.endRecord()
            }
        }
        for entry in account.due where entry.day == day {
            if case .delete(let id) = entry.change {
                account.transactions.beginRecord(.deleted)
                account.transactions.file.bytes.append(UInt8(ascii: "\""))
                id.append(to: &account.transactions.file.bytes)
                account.transactions.file.bytes.append(UInt8(ascii: "\""))
                try account.transactions.endRecord()
            }
        }
        account.due.removeAll { $0.day <= day }
    }

    func appendTransaction(_ record: SampleTransactionRecord, to bytes: inout [UInt8]) {
        let account = accounts[record.account]
        let payee = payees[record.payee]
        put(#"{"id":""#, &bytes)
        record.id.append(to: &bytes)
        put(#"","accountID":""#, &bytes)
        bytes.append(contentsOf: account.idBytes)
        put(#"","transactionDate":""#, &bytes)
        appendLocal(account.zone, day: record.day, seconds: record.seconds, to: &bytes)
        if let posted = record.postedDay {
            put(#"","postedDate":""#, &bytes)
            appendLocal(account.zone, day: posted, seconds: 0, to: &bytes)
            put(#"","transactionAmount":{"amount":""#, &bytes)
        } else {
            put(#"","postedDate":null,"transactionAmount":{"amount":""#, &bytes)
        }
        SampleFormat.appendAmount(record.amount, digits: account.currency.minorDigits, to: &bytes)
        put(#"","currencyCode":""#, &bytes)
        appendCode(account.currency, to: &bytes)
        if let foreign = record.foreign {
            put(#""},"foreignCurrencyAmount":{"amount":""#, &bytes)
            SampleFormat.appendAmount(record.foreignAmount, digits: foreign.minorDigits, to: &bytes)
            put(#"","currencyCode":""#, &bytes)
            appendCode(foreign, to: &bytes)
            put(#""},"foreignCurrencyExchangeRate":""#, &bytes)
            SampleFormat.appendAmount(record.rate, digits: 4, to: &bytes)
            put(#"","creditDebitIndicator":""#, &bytes)
        } else {
            put(#""},"foreignCurrencyAmount":null,"foreignCurrencyExchangeRate":null,"creditDebitIndicator":""#, &bytes)
        }
        if record.credit { put("credit", &bytes) } else { put("debit", &bytes) }
        put(#"","transactionDescription":"#, &bytes)
        bytes.append(contentsOf: payee.label)
        put(#","originalTransactionDescription":""#, &bytes)
        appendRaw(payee, seed: record.rawSeed, to: &bytes)
        put(#"","merchantCategoryCode":"#, &bytes)
        bytes.append(contentsOf: payee.mcc)
        put(#","merchantName":"#, &bytes)
        bytes.append(contentsOf: payee.name)
        put(#","transactionType":""#, &bytes)
        bytes.append(contentsOf: SampleTransactionType.names[record.type.rawValue])
        put(#"","status":""#, &bytes)
        bytes.append(contentsOf: SampleTransactionStatus.names[record.status.rawValue])
        put(#""}"#, &bytes)
    }

    func appendCode(_ currency: Currency, to bytes: inout [UInt8]) {
        switch currency {
        case .usd: put("USD", &bytes)
        case .gbp: put("GBP", &bytes)
        case .eur: put("EUR", &bytes)
        case .jpy: put("JPY", &bytes)
        case .cad: put("CAD", &bytes)
        }
    }

    /// The messy bank descriptor: `%` -> digit, `^` -> upper-case letter or digit, the same
    /// every time the record is printed.
    func appendRaw(_ payee: EncodedPayee, seed: UInt64, to bytes: inout [UInt8]) {
        guard payee.hasPlaceholders else {
            bytes.append(contentsOf: payee.raw)
            return
        }
        var local = SplitMix64(seed: seed)
        let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
        for byte in payee.raw {
            if byte == UInt8(ascii: "%") {
                bytes.append(UInt8(ascii: "0") + UInt8(local.below(10)))
            } else if byte == UInt8(ascii: "^") {
                let index = local.below(36)
                bytes.append(alphabet.withUTF8Buffer { $0[index] })
            } else {
                bytes.append(byte)
            }
        }
    }

    func writeBalance(_ index: Int, day: Int) throws {
        let account = accounts[index]
        let value = account.running
        var bytes: [UInt8] = []
        put(#"{"id":""#, &bytes)
        SampleUUID(&idRNG).append(to: &bytes)
        put(#"","accountID":""#, &bytes)
        bytes.append(contentsOf: account.idBytes)
        put(#"","currencyCode":""#, &bytes)
        appendCode(account.currency, to: &bytes)
        // The observation: what is owed on a liability is a debit (a debt); a negative asset too.
        var observation: [UInt8] = []
        put(#"{"amount":{"amount":""#, &observation)
        SampleFormat.appendAmount(Int64(value.magnitude), digits: account.currency.minorDigits, to: &observation)
        put(#"","currencyCode":""#, &observation)
        appendCode(account.currency, to: &observation)
        put(#""},"asOfDate":""#, &observation)
        appendLocal(account.zone, day: day, seconds: 86_399, to: &observation)
        put(#"","creditDebitIndicator":""#, &observation)
        if value < 0 || (value == 0 && account.isLiability) {
            put(#"debit"}"#, &observation)
        } else {
            put(#"credit"}"#, &observation)
        }
        put(#"","available":"#, &bytes)
        if index == Self.cash { bytes += observation } else { put("null", &bytes) }
        put(#","booked":"#, &bytes)
        bytes += observation
        put("}", &bytes)

        let stream = account.balances
        stream.beginRecord(.inserted)
        stream.file.bytes += bytes
        try stream.endRecord()
        stream.endDay()
        balanceCount += 1
    }
}
