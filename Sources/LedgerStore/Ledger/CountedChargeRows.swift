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
            let (flow, flowPlace) = try self.flow(text(.flow))
            return charge(
                account: accounts.read(text(.accountID)), merchant: merchants.read(text(.merchant)),
                currency: currencies.read(text(.currency)), category: categories.read(text(.category)), flow: flow,
                flowPlace: flowPlace, id: identified ? String(decoding: text(.id), as: UTF8.self) : "", time: row.time,
                amount: row.amount, isCredit: row.isCredit, isSplit: row.isSplit)
        }
    }

    /// The texts of one pack (`ChargePack`) as this read spells them, each looked up once: a
    /// pack repeats its merchants and categories down its charges. Kept as spelling numbers
    /// (-1 not looked up yet, -2 past those `TextSpellings` numbers), not strings: a bank
    /// statement's pack holds thousands of texts.
    struct PackTexts {
        fileprivate let pack: ChargePack
        fileprivate let account: (text: String, spelling: Int32?)
        fileprivate var merchants: [Int32]
        fileprivate var currencies: [Int32]
        fileprivate var categories: [Int32]

        init(_ pack: ChargePack, account: String, rows: inout CountedChargeRows) {
            self.pack = pack
            var account = account
            self.account = account.withUTF8 { rows.accounts.read($0) }
            merchants = Array(repeating: -1, count: pack.texts.count)
            (currencies, categories) = (merchants, merchants)
        }
    }

    /// The charge of a packed one (`LedgerStore.forEachPackedCharge`), its ID a split's only.
    mutating func charge(_ packed: ChargePack.Charge, texts: inout PackTexts) -> CountedCharge {
        let pack = texts.pack
        func spelled(_ place: Int, _ known: inout [Int32], _ spellings: inout TextSpellings) -> (text: String, spelling: Int32?) {
            if known[place] >= 0 { return (spellings.text(of: known[place]), known[place]) }
            let found = pack.bytes.withUnsafeBufferPointer { spellings.read(UnsafeBufferPointer(rebasing: $0[pack.texts[place]])) }
            known[place] = found.spelling ?? -2
            return found
        }
        let flowPlace = UInt64(Flow.allCases.firstIndex(of: packed.flow) ?? 0)
        return charge(
            account: texts.account, merchant: spelled(packed.merchant, &texts.merchants, &merchants),
            currency: spelled(packed.currency, &texts.currencies, &currencies),
            category: spelled(packed.category, &texts.categories, &categories), flow: packed.flow, flowPlace: flowPlace,
            id: packed.isSplit ? String(decoding: pack.bytes[packed.id], as: UTF8.self) : "", time: packed.time,
            amount: packed.amount, isCredit: packed.isCredit, isSplit: packed.isSplit)
    }

    private func charge(
        account: (text: String, spelling: Int32?), merchant: (text: String, spelling: Int32?),
        currency: (text: String, spelling: Int32?), category: (text: String, spelling: Int32?), flow: Flow, flowPlace: UInt64,
        id: String, time: Int64, amount: Int64, isCredit: Bool, isSplit: Bool
    ) -> CountedCharge {
        let indicator: CreditDebitIndicator = isCredit ? .credit : .debit
        var keySpelling: UInt64?
        if let account = account.spelling, let merchant = merchant.spelling, let currency = currency.spelling,
            max(account, merchant, currency) < 1 << Self.spellingBits
        {
            let texts = (UInt64(account) << Self.spellingBits | UInt64(merchant)) << Self.spellingBits | UInt64(currency)
            keySpelling = (texts << 2 | flowPlace) << 1 | (indicator == .credit ? 1 : 0)
        }
        return CountedCharge(
            id: id, accountID: account.text, merchant: merchant.text, time: time, amount: amount, currency: currency.text,
            indicator: indicator, flow: flow, category: category.text, isSplit: isSplit, keySpelling: keySpelling,
            accountSpelling: account.spelling, merchantSpelling: merchant.spelling, currencySpelling: currency.spelling,
            categorySpelling: category.spelling)
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
