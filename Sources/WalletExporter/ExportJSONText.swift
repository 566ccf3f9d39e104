import Ledger

/// The Wallet export's JSON text, written byte by byte in the format purse reads (README, "The
/// Wallet export format"): FinanceKit's property names in a fixed order, every optional key
/// present (null when absent), amounts as decimal strings, dates as the RFC 3339 text they hold.
struct ExportJSONText {
    private(set) var bytes: [UInt8] = []

    /// One change-set line, without its LF.
    static func line(
        _ records: StreamChange.Records, generation: String, sequence: Int64, isSnapshot: Bool
    ) -> [UInt8] {
        var text = ExportJSONText()
        text.raw("{\"generation\":")
        text.string(generation)
        text.raw(",\"sequence\":\(sequence)")
        if isSnapshot { text.raw(",\"snapshot\":true") }
        switch records {
        case .accounts(let set): text.changeSet(set) { $0.account($1) }
        case .balances(let set): text.changeSet(set) { $0.balance($1) }
        case .transactions(let set): text.changeSet(set) { $0.transaction($1) }
        }
        text.raw("}")
        return text.bytes
    }

    private mutating func changeSet<Record>(_ set: ChangeSet<Record>, _ write: (inout ExportJSONText, Record) -> Void) {
        for (key, records) in [("inserted", set.inserted), ("updated", set.updated)] {
            raw(",\"\(key)\":[")
            for (index, record) in records.enumerated() {
                if index > 0 { raw(",") }
                write(&self, record)
            }
            raw("]")
        }
        raw(",\"deleted\":[")
        for (index, id) in set.deleted.enumerated() {
            if index > 0 { raw(",") }
            string(id)
        }
        raw("]")
    }

    private mutating func account(_ account: Account) {
        raw("{\"id\":")
        string(account.id)
        raw(",\"kind\":")
        string(account.kind.rawValue)
        raw(",\"displayName\":")
        string(account.displayName)
        raw(",\"institutionName\":")
        string(account.institutionName)
        raw(",\"accountDescription\":")
        string(account.accountDescription)
        raw(",\"currencyCode\":")
        string(account.currencyCode)
        raw(",\"openingDate\":")
        string(account.openingDate?.text)
        raw(",\"creditInformation\":")
        if let credit = account.creditInformation {
            raw("{\"creditLimit\":")
            amount(credit.creditLimit)
            raw(",\"minimumNextPaymentAmount\":")
            amount(credit.minimumNextPaymentAmount)
            raw(",\"nextPaymentDueDate\":")
            string(credit.nextPaymentDueDate?.text)
            raw(",\"overduePaymentAmount\":")
            amount(credit.overduePaymentAmount)
            raw("}")
        } else {
            raw("null")
        }
        raw("}")
    }

    private mutating func balance(_ balance: AccountBalance) {
        raw("{\"id\":")
        string(balance.id)
        raw(",\"accountID\":")
        string(balance.accountID)
        raw(",\"currencyCode\":")
        string(balance.currencyCode)
        for (key, side) in [("available", balance.available), ("booked", balance.booked)] {
            raw(",\"\(key)\":")
            guard let side else {
                raw("null")
                continue
            }
            raw("{\"amount\":")
            amount(side.amount)
            raw(",\"asOfDate\":")
            string(side.asOfDate.text)
            raw(",\"creditDebitIndicator\":")
            string(side.creditDebitIndicator.rawValue)
            raw("}")
        }
        raw("}")
    }

    private mutating func transaction(_ transaction: Transaction) {
        raw("{\"id\":")
        string(transaction.id)
        raw(",\"accountID\":")
        string(transaction.accountID)
        raw(",\"transactionDate\":")
        string(transaction.transactionDate.text)
        raw(",\"postedDate\":")
        string(transaction.postedDate?.text)
        raw(",\"transactionAmount\":")
        amount(transaction.transactionAmount)
        raw(",\"foreignCurrencyAmount\":")
        amount(transaction.foreignCurrencyAmount)
        raw(",\"foreignCurrencyExchangeRate\":")
        string(transaction.foreignCurrencyExchangeRate)
        raw(",\"creditDebitIndicator\":")
        string(transaction.creditDebitIndicator.rawValue)
        raw(",\"transactionDescription\":")
        string(transaction.transactionDescription)
        raw(",\"originalTransactionDescription\":")
        string(transaction.originalTransactionDescription)
        raw(",\"merchantCategoryCode\":")
        raw(transaction.merchantCategoryCode.map(String.init) ?? "null")
        raw(",\"merchantName\":")
        string(transaction.merchantName)
        raw(",\"transactionType\":")
        string(transaction.transactionType.rawValue)
        raw(",\"status\":")
        string(transaction.status.rawValue)
        raw("}")
    }

    /// FinanceKit's `CurrencyAmount`: `{"amount":"54.20","currencyCode":"USD"}`, or null.
    private mutating func amount(_ money: Money?) {
        guard let money else {
            raw("null")
            return
        }
        raw("{\"amount\":\"" + Self.decimal(money) + "\",\"currencyCode\":")
        string(money.currency)
        raw("}")
    }

    /// The unsigned decimal text of an amount, with the currency's minor digits (two when the
    /// currency is unknown) and any further digits the amount really has: 54.2 USD is "54.20".
    static func decimal(_ money: Money) -> String {
        let units = money.units.magnitude
        let scale = UInt64(Money.scale)
        let digits = max(CurrencyTable.minorDigits(for: money.currency) ?? 2, money.significantFractionDigits)
        var text = String(units / scale)
        guard digits > 0 else { return text }
        let fraction = String(units % scale)
        let padded = String(repeating: "0", count: 4 - fraction.count) + fraction
        text += "." + padded.prefix(digits)
        return text
    }

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// A JSON string literal, or null: quotes, backslashes and control characters escaped,
    /// everything else as its UTF-8.
    mutating func string(_ text: String?) {
        guard let text else {
            raw("null")
            return
        }
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

extension ExportJSONText {
    /// `export.json`: the manifest purse reads first, with the zones dates are written in.
    static func manifest(
        sourceID: String, sourceName: String, exportedAt: Timestamp, timeZone: String, accountTimeZones: [String: String]
    ) -> [UInt8] {
        var text = ExportJSONText()
        text.raw("{\"format\":\"wallet-export\",\"version\":1,\"sourceID\":")
        text.string(sourceID)
        text.raw(",\"sourceName\":")
        text.string(sourceName)
        text.raw(",\"exportedAt\":")
        text.string(exportedAt.text)
        text.raw(",")
        text.zones(timeZone: timeZone, accountTimeZones: accountTimeZones)
        text.raw("}\n")
        return text.bytes
    }

    /// `"timeZone":...` and, when there are any, `"accountTimeZones":{...}`: the keys of the
    /// manifest and of a picked file's first line.
    private mutating func zones(timeZone: String, accountTimeZones: [String: String]) {
        raw("\"timeZone\":")
        string(timeZone)
        if !accountTimeZones.isEmpty {
            raw(",\"accountTimeZones\":{")
            for (index, (accountID, zone)) in accountTimeZones.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { raw(",") }
                string(accountID)
                raw(":")
                string(zone)
            }
            raw("}")
        }
    }
}

extension ExportJSONText {
    /// A picked-transactions file: the zones line (the manifest's keys), a line per account, then
    /// a line per transaction, each record exactly as a change set of the export holds it.
    static func pickedLines(
        timeZone: String, accountTimeZones: [String: String], accounts: [Account], transactions: [Transaction]
    ) -> [UInt8] {
        var text = ExportJSONText()
        text.raw("{")
        text.zones(timeZone: timeZone, accountTimeZones: accountTimeZones)
        text.raw("}\n")
        for account in accounts {
            text.account(account)
            text.raw("\n")
        }
        for transaction in transactions {
            text.transaction(transaction)
            text.raw("\n")
        }
        return text.bytes
    }
}
