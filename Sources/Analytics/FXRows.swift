import Ledger

/// `report fx`'s rows, held packed: ten years of a large ledger are tens of thousands of rows,
/// and as whole `FXReport.Row` values (eight strings each) they took more memory than the rest of
/// the report. A row is 96 bytes of integers here; its texts (account, merchant, currencies, card
/// rate) and reference rates are kept once each and shared (a spelling that alternates with a
/// canonically equal one is kept again at each change, still byte for byte), and its ID's bytes
/// sit in one buffer. A row is made whole again when it is read.
public struct FXRows: RandomAccessCollection, Sendable {
    private struct Packed {
        var day: Int32
        var referenceDay: Int32
        var accountID: Int32
        var accountName: Int32
        var accountLabel: Int32
        var merchant: Int32
        var foreignCurrency: Int32
        var currency: Int32
        var cardRate: Int32
        /// Into `rates`; -1: no reference rate.
        var rate: Int32
        var idStart: Int
        var idCount: Int
        var time: Int64
        var foreignAmount: Int64
        var amount: Int64
        var referenceAmount: Int64
        var markup: Int64
    }

    private var packed: [Packed] = []
    private var texts: [String] = []
    private var rates: [ExchangeRate] = []
    private var idBytes: [UInt8] = []
    /// While rows are added: where each text and rate already is. A text is shared only with
    /// one of the same bytes, so two spellings Swift takes as equal (a composed and a decomposed
    /// é) each keep their own.
    private var textIndex: [String: Int32] = [:]
    private var rateIndex: [ExchangeRate: Int32] = [:]

    /// Room for `capacity` rows.
    init(capacity: Int = 0) {
        packed.reserveCapacity(capacity)
    }

    public var startIndex: Int { packed.startIndex }
    public var endIndex: Int { packed.endIndex }

    public subscript(position: Int) -> FXReport.Row {
        let row = packed[position]
        let reference =
            row.rate < 0
            ? nil
            : FXReport.Reference(
                rate: rates[Int(row.rate)], date: CivilDate(daysSinceEpoch: Int(row.referenceDay)), amount: row.referenceAmount,
                markup: row.markup)
        return FXReport.Row(
            date: CivilDate(daysSinceEpoch: Int(row.day)), time: row.time, transactionID: Self.id(row, in: idBytes),
            accountID: texts[Int(row.accountID)], accountName: texts[Int(row.accountName)],
            accountLabel: texts[Int(row.accountLabel)], merchant: texts[Int(row.merchant)], foreignAmount: row.foreignAmount,
            foreignCurrency: texts[Int(row.foreignCurrency)], amount: row.amount, currency: texts[Int(row.currency)],
            cardRate: texts[Int(row.cardRate)], reference: reference)
    }

    mutating func append(_ row: FXReport.Row) {
        let start = idBytes.count
        idBytes.append(contentsOf: row.transactionID.utf8)
        let last = packed.last
        packed.append(
            Packed(
                day: Int32(row.date.daysSinceEpoch), referenceDay: Int32(row.reference?.date.daysSinceEpoch ?? 0),
                accountID: kept(row.accountID, last?.accountID), accountName: kept(row.accountName, last?.accountName),
                accountLabel: kept(row.accountLabel, last?.accountLabel), merchant: kept(row.merchant, last?.merchant),
                foreignCurrency: kept(row.foreignCurrency, last?.foreignCurrency), currency: kept(row.currency, last?.currency),
                cardRate: kept(row.cardRate, last?.cardRate), rate: row.reference.map { kept($0.rate) } ?? -1, idStart: start,
                idCount: idBytes.count - start, time: row.time, foreignAmount: row.foreignAmount, amount: row.amount,
                referenceAmount: row.reference?.amount ?? 0, markup: row.reference?.markup ?? 0))
    }

    /// By date, then time, then transaction ID; the indexes of texts and rates are let go, as
    /// no row is added after.
    mutating func sort() {
        (textIndex, rateIndex) = ([:], [:])
        let ids = idBytes
        packed.sort { left, right in
            if (left.day, left.time) != (right.day, right.time) { return (left.day, left.time) < (right.day, right.time) }
            return Self.id(left, in: ids) < Self.id(right, in: ids)
        }
    }

    private static func id(_ row: Packed, in bytes: [UInt8]) -> String {
        String(decoding: bytes[row.idStart..<row.idStart + row.idCount], as: UTF8.self)
    }

    /// `text`'s place, looked up only when it is not the last row's (`previous`): most rows
    /// repeat the row before's account and currencies, and hashing every text was a tenth of
    /// the report's time.
    private mutating func kept(_ text: String, _ previous: Int32?) -> Int32 {
        if let previous, texts[Int(previous)].hasSameBytes(as: text) { return previous }
        if let index = textIndex[text], texts[Int(index)].hasSameBytes(as: text) { return index }
        texts.append(text)
        textIndex[text] = Int32(texts.count - 1)
        return Int32(texts.count - 1)
    }

    private mutating func kept(_ rate: ExchangeRate) -> Int32 {
        if let index = rateIndex[rate] { return index }
        rates.append(rate)
        rateIndex[rate] = Int32(rates.count - 1)
        return Int32(rates.count - 1)
    }
}
