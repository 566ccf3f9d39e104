import Ledger
import Storage

/// Makes the rows of `forEachCountedCharge` into charges, each text that repeats down the read
/// (accounts, merchants, currencies, flows, categories) made a string once.
struct CountedChargeRows {
    private var accounts = TextSpellings()
    private var merchants = TextSpellings()
    private var currencies = TextSpellings()
    private var flows = TextSpellings()
    private var categories = TextSpellings()
    /// The flow of each of `flows`' spellings and its place among the flows, once parsed.
    private var flowOfSpelling: [(flow: Flow, place: UInt64)] = []

    /// Bits of each text's number in `keySpelling`: `TextSpellings` keeps far fewer numbers, and
    /// a number past them would give no key spelling rather than another key's.
    private static let spellingBits = 20

    /// The charge of a row read, with an empty ID unless `identified`: the direction compared in
    /// SQL, as it is one of two words, costs less than reading its text.
    mutating func charge(_ row: CountedChargeRow, identified: Bool = true) throws -> CountedCharge {
        try row.withTexts { text in
            let account = accounts.read(text(.accountID))
            let merchant = merchants.read(text(.merchant))
            let currency = currencies.read(text(.currency))
            let indicator: CreditDebitIndicator = row.isCredit ? .credit : .debit
            let (flow, flowPlace) = try self.flow(text(.flow))
            var keySpelling: UInt64?
            if let account = account.spelling, let merchant = merchant.spelling, let currency = currency.spelling,
                max(account, merchant, currency) < 1 << Self.spellingBits
            {
                let texts = (UInt64(account) << Self.spellingBits | UInt64(merchant)) << Self.spellingBits | UInt64(currency)
                keySpelling = (texts << 2 | flowPlace) << 1 | (indicator == .credit ? 1 : 0)
            }
            let category = categories.read(text(.category))
            return CountedCharge(
                id: identified ? String(decoding: text(.id), as: UTF8.self) : "", accountID: account.text, merchant: merchant.text,
                time: row.time, amount: row.amount, currency: currency.text, indicator: indicator, flow: flow,
                category: category.text, isSplit: row.isSplit, keySpelling: keySpelling, accountSpelling: account.spelling,
                merchantSpelling: merchant.spelling, currencySpelling: currency.spelling, categorySpelling: category.spelling)
        }
    }

    private mutating func flow(_ bytes: UnsafeBufferPointer<UInt8>) throws -> (flow: Flow, place: UInt64) {
        let (text, spelling) = flows.read(bytes)
        if let spelling = spelling.map(Int.init), spelling < flowOfSpelling.count { return flowOfSpelling[spelling] }
        guard let flow = Flow(rawValue: text), let place = Flow.allCases.firstIndex(of: flow) else {
            throw LedgerStoreError.unexpectedValue(column: "class_flow", value: text)
        }
        if let spelling, spelling == flowOfSpelling.count { flowOfSpelling.append((flow, UInt64(place))) }
        return (flow, UInt64(place))
    }
}
