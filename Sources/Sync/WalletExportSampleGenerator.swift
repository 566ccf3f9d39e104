import Foundation

/// Writes a realistic, synthetic Wallet export (docs/wallet-export-format.md) for `purse sample`.
///
/// Four accounts (Apple Card, Apple Cash, Savings in USD; a Monzo current account in GBP), a
/// month-end balance observation per account, and exactly `transactions` transaction records
/// spread over `months` months ending with `lastMonth`: card purchases at real-looking merchants
/// with real MCCs, refunds, foreign-currency purchases on trips, salaries, interest, fees, ATM
/// withdrawals, internal transfers, the monthly card payment, UK direct debits and standing
/// orders, plus pending purchases that book later, a released authorisation (deleted), memo and
/// rejected records.
///
/// The output depends only on the parameters: the same parameters give byte-identical files
/// (no clock, locale, time zone or system randomness is consulted). Records are written through
/// 64 KiB buffers as they are generated, so memory stays flat however many transactions are
/// asked for.
///
/// `export.json` names the source "Sample iPhone" with a `sourceID` derived from the seed, and
/// `exportedAt` is the first instant after the last month in every zone the data lives in
/// (New York's midnight, in UTC: `2026-11-01T04:00:00Z` for the default span). Each stream's
/// first line is a snapshot holding the stream's first day of activity (for balances, the first
/// month's observation); later lines hold one change set per account per day with activity,
/// at most 1000 records each, and one line per month for balances.
///
/// Balances reconcile exactly: every observation equals the sum of the signed amounts
/// (`debit ? -amount : +amount`) of that account's transactions whose final status is booked
/// and whose `transactionDate` is at or before the observation's `asOfDate`.
public struct WalletExportSampleGenerator: Sendable {
    public struct Summary: Sendable, Equatable {
        public var accounts: Int
        public var transactions: Int
        public var balances: Int
        /// Lines written across all stream files (accounts, balances, transactions).
        public var changeSets: Int
        /// First and last day of the generated span, `YYYY-MM-DD`.
        public var firstDay: String
        public var lastDay: String

        public init(accounts: Int, transactions: Int, balances: Int, changeSets: Int,
                    firstDay: String, lastDay: String) {
            self.accounts = accounts
            self.transactions = transactions
            self.balances = balances
            self.changeSets = changeSets
            self.firstDay = firstDay
            self.lastDay = lastDay
        }
    }

    public enum GeneratorError: Error, Equatable, CustomStringConvertible {
        /// A parameter is out of range (a usage error).
        case invalidParameter(String)
        /// A file or folder could not be created or written (an I/O error).
        case cannotWrite(path: String, reason: String)

        public var description: String {
            switch self {
            case .invalidParameter(let message):
                return message
            case .cannotWrite(let path, let reason):
                return "Cannot write the sample export at \(path): \(reason)."
            }
        }
    }

    public static let maximumTransactions = 100_000_000
    public static let maximumMonths = 1_200

    /// Total transaction records written: every distinct transaction id counts once.
    public var transactions: Int
    /// Number of months in the span, which ends with `lastMonth`.
    public var months: Int
    public var seed: UInt64
    public var lastMonthYear: Int
    public var lastMonthNumber: Int

    /// - Parameters:
    ///   - transactions: total transaction records written (exactly this many distinct ids).
    ///   - months: span ending with `lastMonth` (default 2026-10, so the data never depends on
    ///     today's date).
    ///   - seed: the same seed gives byte-identical output.
    public init(transactions: Int = 3000, months: Int = 12, seed: UInt64 = 42,
                lastMonth: (year: Int, month: Int) = (2026, 10)) {
        self.transactions = transactions
        self.months = months
        self.seed = seed
        self.lastMonthYear = lastMonth.year
        self.lastMonthNumber = lastMonth.month
    }

    /// Creates `directory` (and `balances/`, `transactions/`) and writes the export into it,
    /// overwriting `export.json`, `accounts.jsonl` and the stream files it writes. Stale stream
    /// files (`<UUID>.jsonl` in `balances/` and `transactions/` for accounts this sample does
    /// not have, say from an earlier run with another seed) are removed, since a reader would
    /// otherwise take them for part of this export.
    public func write(to directory: URL) throws -> Summary {
        try validate()
        let run = try SampleExportRun(config: self, directory: directory)
        return try run.run()
    }

    func validate() throws {
        guard (0...Self.maximumTransactions).contains(transactions) else {
            throw GeneratorError.invalidParameter(
                "The number of transactions must be between 0 and \(Self.maximumTransactions), not \(transactions).")
        }
        guard (1...Self.maximumMonths).contains(months) else {
            throw GeneratorError.invalidParameter(
                "The number of months must be between 1 and \(Self.maximumMonths), not \(months).")
        }
        guard (1...12).contains(lastMonthNumber) else {
            throw GeneratorError.invalidParameter("The last month must be 1 to 12, not \(lastMonthNumber).")
        }
        let lastAbs = lastMonthYear * 12 + lastMonthNumber - 1
        let firstAbs = lastAbs - months + 1
        guard firstAbs >= 1900 * 12, lastAbs < 9999 * 12 else {
            throw GeneratorError.invalidParameter("The sample must lie between the years 1900 and 9998.")
        }
    }
}

// MARK: - Random numbers, ids, calendar

/// SplitMix64: small, fast, and the same on every platform.
private struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<n (n > 0), by multiply-high.
    mutating func below(_ n: Int) -> Int {
        Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(n)).high)
    }

    /// True with probability perTenThousand / 10,000.
    mutating func chance(_ perTenThousand: Int) -> Bool { below(10_000) < perTenThousand }

    static func mix(_ value: UInt64) -> UInt64 {
        var generator = SplitMix64(seed: value)
        return generator.next()
    }
}

/// A version-4-shaped UUID, printed upper-case as FinanceKit prints them.
private struct SampleUUID: Equatable {
    var high: UInt64
    var low: UInt64

    init(_ rng: inout SplitMix64) {
        high = (rng.next() & ~0xF000) | 0x4000
        low = (rng.next() & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
    }

    private static let hex: [UInt8] = Array("0123456789ABCDEF".utf8)

    func append(to bytes: inout [UInt8]) {
        func nibbles(_ value: UInt64, _ from: Int, _ count: Int, _ bytes: inout [UInt8]) {
            for index in from..<(from + count) {
                bytes.append(Self.hex[Int((value >> UInt64(60 - 4 * index)) & 0xF)])
            }
        }
        nibbles(high, 0, 8, &bytes)
        bytes.append(UInt8(ascii: "-"))
        nibbles(high, 8, 4, &bytes)
        bytes.append(UInt8(ascii: "-"))
        nibbles(high, 12, 4, &bytes)
        bytes.append(UInt8(ascii: "-"))
        nibbles(low, 0, 4, &bytes)
        bytes.append(UInt8(ascii: "-"))
        nibbles(low, 4, 12, &bytes)
    }

    var text: String {
        var bytes: [UInt8] = []
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Proleptic Gregorian civil dates as day numbers since 1970-01-01 (H. Hinnant's algorithms).
private enum Civil {
    static func day(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func date(_ dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        let next = month == 12 ? day(year + 1, 1, 1) : day(year, month + 1, 1)
        return next - day(year, month, 1)
    }

    /// 0 = Sunday ... 6 = Saturday.
    static func weekday(_ dayNumber: Int) -> Int { ((dayNumber % 7) + 11) % 7 }

    static func nthSunday(_ year: Int, _ month: Int, _ n: Int) -> Int {
        let first = day(year, month, 1)
        return first + (7 - weekday(first)) % 7 + 7 * (n - 1)
    }

    static func lastSunday(_ year: Int, _ month: Int) -> Int {
        let last = day(year, month, daysInMonth(year, month))
        return last - weekday(last)
    }
}

/// The two local clocks of the sample: US Eastern and UK, with their current DST rules.
private enum SampleZone {
    case newYork, london
}

// MARK: - Output

/// A file written through a 64 KiB buffer.
private final class BufferedFile {
    static let chunk = 1 << 16
    let path: String
    private let handle: FileHandle
    var bytes: [UInt8] = []

    init(path: String) throws {
        self.path = path
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw WalletExportSampleGenerator.GeneratorError.cannotWrite(path: path, reason: "the file cannot be created")
        }
        do {
            handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        } catch {
            throw WalletExportSampleGenerator.GeneratorError.cannotWrite(path: path, reason: error.localizedDescription)
        }
        bytes.reserveCapacity(Self.chunk + 4096)
    }

    @inline(__always) func flushIfFull() throws {
        if bytes.count >= Self.chunk { try flush() }
    }

    func flush() throws {
        guard !bytes.isEmpty else { return }
        do {
            try handle.write(contentsOf: bytes)
        } catch {
            throw WalletExportSampleGenerator.GeneratorError.cannotWrite(path: path, reason: error.localizedDescription)
        }
        bytes.removeAll(keepingCapacity: true)
    }

    func close() throws {
        try flush()
        do {
            try handle.close()
        } catch {
            throw WalletExportSampleGenerator.GeneratorError.cannotWrite(path: path, reason: error.localizedDescription)
        }
    }
}

/// One stream file: a change set per line, `{"generation":..,"sequence":..,["snapshot":true,]
/// "inserted":[..],"updated":[..],"deleted":[..]}`. The first line is a snapshot holding inserts
/// only; a line is closed at the end of each day with activity, or when it holds 1000 records.
private final class ChangeSetStream {
    static let maximumRecordsPerLine = 1000

    private enum Section: Int, Comparable {
        case closed, inserted, updated, deleted
        static func < (lhs: Section, rhs: Section) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    enum Kind { case inserted, updated, deleted }

    let file: BufferedFile
    private let generation: [UInt8]
    private(set) var sequence = 0
    private var section = Section.closed
    private var inSection = 0
    private var inLine = 0
    private var lineIsSnapshot = false

    init(path: String, generation: SampleUUID) throws {
        file = try BufferedFile(path: path)
        var bytes: [UInt8] = []
        generation.append(to: &bytes)
        self.generation = bytes
    }

    private func put(_ text: StaticString) {
        text.withUTF8Buffer { file.bytes.append(contentsOf: $0) }
    }

    private func openLine() {
        sequence += 1
        lineIsSnapshot = sequence == 1
        put(#"{"generation":""#)
        file.bytes.append(contentsOf: generation)
        put(#"","sequence":"#)
        SampleFormat.appendInteger(Int64(sequence), to: &file.bytes)
        if lineIsSnapshot { put(#","snapshot":true"#) }
        put(#","inserted":["#)
        section = .inserted
        inSection = 0
        inLine = 0
    }

    private func advance(to target: Section) {
        while section < target {
            switch section {
            case .inserted: put(#"],"updated":["#); section = .updated
            case .updated: put(#"],"deleted":["#); section = .deleted
            case .closed, .deleted: return
            }
            inSection = 0
        }
    }

    private func closeLine() {
        advance(to: .deleted)
        put("]}\n")
        section = .closed
    }

    /// Opens the record's place in the current line; the caller then appends the record's JSON
    /// to `file.bytes` and calls `endRecord()`.
    func beginRecord(_ kind: Kind) {
        let target: Section = switch kind {
        case .inserted: .inserted
        case .updated: .updated
        case .deleted: .deleted
        }
        if section != .closed && (section > target || (lineIsSnapshot && target != .inserted)) {
            closeLine()
        }
        if section == .closed {
            openLine()
            if lineIsSnapshot && target != .inserted {
                closeLine()
                openLine()
            }
        }
        advance(to: target)
        if inSection > 0 { file.bytes.append(UInt8(ascii: ",")) }
    }

    func endRecord() throws {
        inSection += 1
        inLine += 1
        if inLine >= Self.maximumRecordsPerLine { closeLine() }
        try file.flushIfFull()
    }

    /// Ends the day's change set, if one is open.
    func endDay() {
        if section != .closed { closeLine() }
    }

    /// Ends the stream; a stream that never had anything to say still starts with a snapshot.
    func finish() throws {
        endDay()
        if sequence == 0 {
            openLine()
            closeLine()
        }
        try file.close()
    }
}

/// Byte-level formatting shared by the writers (no Foundation formatters, no locale).
private enum SampleFormat {
    static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        var n = value.magnitude
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(n % 10))
            n /= 10
        } while n > 0
        bytes[start...].reverse()
    }

    static func appendPadded(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var n = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8((n / divisor) % 10))
            n %= divisor
            divisor /= 10
        }
    }

    /// An unsigned amount of minor units with `digits` fraction digits: 5420, 2 -> "54.20".
    static func appendAmount(_ minor: Int64, digits: Int, to bytes: inout [UInt8]) {
        precondition(minor >= 0)
        guard digits > 0 else {
            appendInteger(minor, to: &bytes)
            return
        }
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        appendInteger(minor / scale, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        appendPadded(Int(minor % scale), width: digits, to: &bytes)
    }

    static func appendDate(_ dayNumber: Int, to bytes: inout [UInt8]) {
        let date = Civil.date(dayNumber)
        appendPadded(date.year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(date.month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(date.day, width: 2, to: &bytes)
    }

    static func appendTime(_ seconds: Int, to bytes: inout [UInt8]) {
        appendPadded(seconds / 3600, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(seconds / 60 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(seconds % 60, width: 2, to: &bytes)
    }

    /// `YYYY-MM-DDT00:00:00Z`.
    static func appendUTCMidnight(_ dayNumber: Int, to bytes: inout [UInt8]) {
        appendDate(dayNumber, to: &bytes)
        bytes.append(contentsOf: "T00:00:00Z".utf8)
    }

    static func dayText(_ dayNumber: Int) -> String {
        var bytes: [UInt8] = []
        appendDate(dayNumber, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A JSON string literal (with quotes) for catalogue text.
    static func jsonString(_ text: String?) -> [UInt8] {
        guard let text else { return Array("null".utf8) }
        return [UInt8(ascii: "\"")] + jsonEscaped(text) + [UInt8(ascii: "\"")]
    }

    static func jsonEscaped(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): out += Array(#"\\"#.utf8)
            case 0..<0x20:
                out += Array(#"\u00"#.utf8)
                let hex = Array("0123456789abcdef".utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        return out
    }
}

// MARK: - The run

private typealias Merchant = WalletExportSampleGenerator.SampleMerchant
private typealias Counterparty = WalletExportSampleGenerator.SampleCounterparty
private typealias Currency = WalletExportSampleGenerator.SampleCurrency
private typealias Region = WalletExportSampleGenerator.SampleRegion

private enum SampleTransactionType: Int {
    case atm, billPayment, deposit, directDebit, directDeposit, fee, interest, pointOfSale, refund
    case standingOrder, withdrawal

    static let names: [[UInt8]] = ["atm", "billPayment", "deposit", "directDebit", "directDeposit", "fee",
                                   "interest", "pointOfSale", "refund", "standingOrder", "withdrawal"]
        .map { Array($0.utf8) }
}

private enum SampleTransactionStatus: Int {
    case authorized, booked, memo, pending, rejected

    static let names: [[UInt8]] = ["authorized", "booked", "memo", "pending", "rejected"].map { Array($0.utf8) }
}

/// Everything needed to print a transaction, so that a pending record can be printed again,
/// booked, in a later change set.
private struct SampleTransactionRecord {
    var id: SampleUUID
    var account: Int
    var day: Int
    var seconds: Int
    var postedDay: Int?
    var amount: Int64
    var foreign: Currency?
    var foreignAmount: Int64 = 0
    var rate: Int64 = 0
    var credit: Bool
    var payee: Int
    var rawSeed: UInt64
    var type: SampleTransactionType
    var status: SampleTransactionStatus
}

/// A merchant's text, encoded once.
private struct EncodedPayee {
    var name: [UInt8]
    var label: [UInt8]
    var raw: [UInt8]
    var mcc: [UInt8]
    var hasPlaceholders: Bool
}

private enum DueChange {
    case update(SampleTransactionRecord)
    case delete(SampleUUID)
}

private final class AccountRun {
    let id: SampleUUID
    let idBytes: [UInt8]
    let currency: Currency
    let zone: SampleZone
    let isLiability: Bool
    let transactions: ChangeSetStream
    let balances: ChangeSetStream
    /// Signed sum of the transactions so far whose final status is booked.
    var running: Int64 = 0
    /// Updates (pending -> booked) and deletions (released holds) waiting for their day.
    var due: [(day: Int, change: DueChange)] = []

    init(id: SampleUUID, currency: Currency, zone: SampleZone, isLiability: Bool,
         transactions: ChangeSetStream, balances: ChangeSetStream) {
        self.id = id
        var bytes: [UInt8] = []
        id.append(to: &bytes)
        idBytes = bytes
        self.currency = currency
        self.zone = zone
        self.isLiability = isLiability
        self.transactions = transactions
        self.balances = balances
    }
}

/// The recurring items of a month, in priority order: a month with few transactions keeps the
/// first ones that fit in 40 % of its budget.
private enum RecurringItem: CaseIterable {
    case openingSavings, openingUK, salaryMid, cardCycle, savingsInterest, ukSalary, ukRent, salaryEnd, netflix, ukEnergy, verizon
    case ukMobile, atmFirst, spotify, ukStandingOrder, conEdison, ukCouncilTax, iCloud, cardInterest
    case ukFee, cashTopUp, atmSecond

    /// Transactions the item writes.
    var cost: Int {
        switch self {
        case .cardCycle: 4   // transfer out, transfer in, payment debit, payment credit
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

private enum PlannedKind: Equatable {
    case opening, salary, savingsInterest, transferOut, transferIn, cardPayment, topUpOut, topUpIn
    case ukSalary, ukDirectDebit, ukStandingOrder, atm, cardInterest, ukFee, subscription
}

private enum ItemKind: Equatable {
    case purchase, refund, hold, memo, rejected, atm
    case planned(PlannedKind)
}

/// One thing that happens on a day, decided before the day's items are put in time order.
private struct DayItem {
    var seconds: Int
    var order: Int
    var kind: ItemKind
    var account: Int
    var payee: Int
    var seenPending = false
    var delay = 1
}

private struct RefundCandidate {
    var account: Int
    var payee: Int
    var amount: Int64
    var foreign: Currency?
    var foreignAmount: Int64
    var rate: Int64
}

private final class SampleExportRun {
    // Account slots.
    static let card = 0, cash = 1, savings = 2, uk = 3
    static let refundRingSize = 64

    let config: WalletExportSampleGenerator
    let directory: URL
    let firstAbsoluteMonth: Int
    let firstDay: Int
    let lastDay: Int
    let total: Int

    var rng: SplitMix64
    var idRNG: SplitMix64
    let identity: (source: SampleUUID, accounts: [SampleUUID], accountsGeneration: SampleUUID,
                   balanceGenerations: [SampleUUID], transactionGenerations: [SampleUUID])

    let merchants: [Merchant]
    let payees: [EncodedPayee]
    let counterpartyBase: Int
    var regionPayees: [[Int]] = []
    var regionCumulative: [[Int]] = []
    let holdPayees: [Int]
    let meanUS: Int64
    let meanUK: Int64

    var accounts: [AccountRun] = []
    var accountsStream: ChangeSetStream?

    // Progress.
    var written = 0
    var balanceCount = 0
    var purchaseSlot = 0
    let purchaseSlotTotal: Int
    var producedForeign = false, producedPendingBooked = false, producedRefund = false
    var producedHold = false, producedMemo = false, producedRejected = false
    var holdsWritten = 0
    var refundRing: [RefundCandidate] = []
    var transferAmount: Int64 = 0
    var topUpAmount: Int64 = 0
    var items: [DayItem] = []

    // Month-scoped.
    var rates: [Int64] = Currency.allCases.map(\.baseUSDRate)
    var salary: Int64 = 0
    var ukSalary: Int64 = 0
    var cashTarget: Int64 = 0
    var tripRegion: Region?
    var tripDays: ClosedRange<Int> = 0...0
    var refundForcedToday = false
    var cashFunded = false

    // DST transitions cached per year.
    var newYorkYear = Int.min, newYorkStart = 0, newYorkEnd = 0
    var londonYear = Int.min, londonStart = 0, londonEnd = 0

    init(config: WalletExportSampleGenerator, directory: URL) throws {
        self.config = config
        self.directory = directory
        total = config.transactions
        let lastAbs = config.lastMonthYear * 12 + config.lastMonthNumber - 1
        firstAbsoluteMonth = lastAbs - config.months + 1
        firstDay = Civil.day(firstAbsoluteMonth / 12, firstAbsoluteMonth % 12 + 1, 1)
        lastDay = Civil.day(lastAbs / 12, lastAbs % 12 + 1, Civil.daysInMonth(lastAbs / 12, lastAbs % 12 + 1))

        rng = SplitMix64(seed: SplitMix64.mix(config.seed ^ 0x6368_6F69_6365_7321))
        idRNG = SplitMix64(seed: SplitMix64.mix(config.seed ^ 0x7472_616E_7361_6374))
        var ids = SplitMix64(seed: SplitMix64.mix(config.seed ^ 0x6964_656E_7469_7479))
        let source = SampleUUID(&ids)
        let accountIDs = (0..<4).map { _ in SampleUUID(&ids) }
        let accountsGeneration = SampleUUID(&ids)
        let balanceGenerations = (0..<4).map { _ in SampleUUID(&ids) }
        let transactionGenerations = (0..<4).map { _ in SampleUUID(&ids) }
        identity = (source, accountIDs, accountsGeneration, balanceGenerations, transactionGenerations)

        // The catalogue, encoded once: random merchants, then the counterparties.
        let catalogue = WalletExportSampleGenerator.sampleMerchants
        counterpartyBase = catalogue.count
        merchants = catalogue + Counterparty.allCases.map(WalletExportSampleGenerator.counterparty)
        payees = merchants.map { merchant in
            let raw = SampleFormat.jsonEscaped(merchant.raw)
            return EncodedPayee(
                name: SampleFormat.jsonString(merchant.name),
                label: SampleFormat.jsonString(merchant.label),
                raw: raw,
                mcc: merchant.mcc.map { Array(String($0).utf8) } ?? Array("null".utf8),
                hasPlaceholders: raw.contains(UInt8(ascii: "%")) || raw.contains(UInt8(ascii: "^")))
        }
        for region in Region.allCases {
            var indices: [Int] = []
            var cumulative: [Int] = []
            var sum = 0
            for (index, merchant) in catalogue.enumerated() where merchant.region == region && merchant.weight > 0 {
                sum += merchant.weight
                indices.append(index)
                cumulative.append(sum)
            }
            regionPayees.append(indices)
            regionCumulative.append(cumulative)
        }
        holdPayees = catalogue.indices.filter {
            catalogue[$0].region == .us && WalletExportSampleGenerator.holdMCCs.contains(catalogue[$0].mcc ?? -1)
        }
        func mean(_ region: Region) -> Int64 {
            var weighted: Int64 = 0
            var weights: Int64 = 0
            for merchant in catalogue where merchant.region == region {
                weighted += Int64(merchant.weight) * (merchant.minimum + merchant.maximum) / 2
                weights += Int64(merchant.weight)
            }
            return weights > 0 ? weighted / weights : 0
        }
        meanUS = mean(.us)
        meanUK = mean(.uk)

        var slots = 0
        for month in 0..<config.months {
            let budget = Self.budget(total: config.transactions, months: config.months, month: month)
            let chosen = RecurringItem.selection(budget: budget, absoluteMonth: firstAbsoluteMonth + month,
                                                     isFirst: month == 0)
            slots += budget - chosen.reduce(0) { $0 + $1.cost }
        }
        purchaseSlotTotal = slots
    }

    static func budget(total: Int, months: Int, month: Int) -> Int {
        total * (month + 1) / months - total * month / months
    }

    // MARK: Run

    func run() throws -> WalletExportSampleGenerator.Summary {
        let fileManager = FileManager.default
        let balancesDirectory = directory.appendingPathComponent("balances")
        let transactionsDirectory = directory.appendingPathComponent("transactions")
        for folder in [directory, balancesDirectory, transactionsDirectory] {
            do {
                try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw WalletExportSampleGenerator.GeneratorError.cannotWrite(
                    path: folder.path, reason: error.localizedDescription)
            }
        }
        let ourStreams = Set(identity.accounts.map { $0.text + ".jsonl" })
        for folder in [balancesDirectory, transactionsDirectory] {
            let names = (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names where Self.looksLikeStreamFile(name) && !ourStreams.contains(name.uppercased()) {
                let stale = folder.appendingPathComponent(name)
                do {
                    try fileManager.removeItem(at: stale)
                } catch {
                    throw WalletExportSampleGenerator.GeneratorError.cannotWrite(
                        path: stale.path, reason: "an old stream file cannot be removed: \(error.localizedDescription)")
                }
            }
        }

        let shapes: [(Currency, SampleZone, Bool)] = [(.usd, .newYork, true), (.usd, .newYork, false),
                                                      (.usd, .newYork, false), (.gbp, .london, false)]
        for (index, shape) in shapes.enumerated() {
            let name = identity.accounts[index].text + ".jsonl"
            accounts.append(AccountRun(
                id: identity.accounts[index], currency: shape.0, zone: shape.1, isLiability: shape.2,
                transactions: try ChangeSetStream(path: transactionsDirectory.appendingPathComponent(name).path,
                                                  generation: identity.transactionGenerations[index]),
                balances: try ChangeSetStream(path: balancesDirectory.appendingPathComponent(name).path,
                                              generation: identity.balanceGenerations[index])))
        }

        try writeManifest()
        try writeAccounts()
        for month in 0..<config.months {
            try generateMonth(month)
        }
        var changeSets = 0
        for account in accounts {
            try account.transactions.finish()
            try account.balances.finish()
            changeSets += account.transactions.sequence + account.balances.sequence
        }
        if let accountsStream {
            changeSets += accountsStream.sequence
        }
        precondition(written == total, "the sample wrote \(written) transactions, not \(total)")
        return .init(accounts: accounts.count, transactions: written, balances: balanceCount,
                     changeSets: changeSets, firstDay: SampleFormat.dayText(firstDay),
                     lastDay: SampleFormat.dayText(lastDay))
    }

    static func looksLikeStreamFile(_ name: String) -> Bool {
        guard name.hasSuffix(".jsonl") else { return false }
        return UUID(uuidString: String(name.dropLast(6))) != nil
    }

    // MARK: Manifest and accounts

    func writeManifest() throws {
        let file = try BufferedFile(path: directory.appendingPathComponent("export.json").path)
        var bytes: [UInt8] = []
        bytes += Array("{\n  \"format\": \"wallet-export\",\n  \"version\": 1,\n  \"sourceID\": \"".utf8)
        identity.source.append(to: &bytes)
        bytes += Array("\",\n  \"sourceName\": \"Sample iPhone\",\n  \"exportedAt\": \"".utf8)
        // The first instant after the last month, in every zone the data lives in: New York's
        // midnight, the latest of the two.
        let next = lastDay + 1
        let offset = offsetMinutes(.newYork, day: next, seconds: 0)
        let utcSeconds = -offset * 60
        SampleFormat.appendDate(next + utcSeconds / 86_400, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        SampleFormat.appendTime(utcSeconds % 86_400, to: &bytes)
        bytes += Array("Z\"\n}\n".utf8)
        file.bytes = bytes
        try file.close()
    }

    func writeAccounts() throws {
        let stream = try ChangeSetStream(path: directory.appendingPathComponent("accounts.jsonl").path,
                                         generation: identity.accountsGeneration)
        accountsStream = stream
        let averageBudget = Int64(total / config.months)
        let expectedCard = averageBudget * 78 / 100 * meanUS
        let limit = max(800_000, roundUp(expectedCard * 2, to: 100_000))
        let dueDay = firstDay + Civil.daysInMonth(firstAbsoluteMonth / 12, firstAbsoluteMonth % 12 + 1) - 1
        for index in 0..<4 {
            stream.beginRecord(.inserted)
            appendAccount(index, creditLimit: limit, minimumPayment: 3_500, dueDay: dueDay, to: &stream.file.bytes)
            try stream.endRecord()
        }
        stream.endDay()
        // Halfway through, the card's credit limit goes up: an account update.
        let month = config.months / 2
        let absolute = firstAbsoluteMonth + month
        let monthStart = Civil.day(absolute / 12, absolute % 12 + 1, 1)
        let newDue = monthStart + Civil.daysInMonth(absolute / 12, absolute % 12 + 1) - 1
        stream.beginRecord(.updated)
        appendAccount(Self.card, creditLimit: roundUp(limit * 3 / 2, to: 50_000), minimumPayment: 4_000,
                      dueDay: newDue, to: &stream.file.bytes)
        try stream.endRecord()
        try stream.finish()
    }

    func appendAccount(_ index: Int, creditLimit: Int64, minimumPayment: Int64, dueDay: Int,
                       to bytes: inout [UInt8]) {
        let names: [(kind: String, display: String, institution: String, description: String?, opened: Int)] = [
            ("liability", "Apple Card", "Apple", nil, 640),
            ("asset", "Apple Cash", "Apple", nil, 910),
            ("asset", "Savings", "Apple", "High-yield savings", 420),
            ("asset", "Current Account", "Monzo", "Personal current account", 1_520),
        ]
        let account = names[index]
        put(#"{"id":""#, &bytes)
        bytes += accounts[index].idBytes
        put(#"","kind":""#, &bytes)
        bytes += Array(account.kind.utf8)
        put(#"","displayName":"#, &bytes)
        bytes += SampleFormat.jsonString(account.display)
        put(#","institutionName":"#, &bytes)
        bytes += SampleFormat.jsonString(account.institution)
        put(#","accountDescription":"#, &bytes)
        bytes += SampleFormat.jsonString(account.description)
        put(#","currencyCode":""#, &bytes)
        bytes += Array(accounts[index].currency.code.utf8)
        put(#"","openingDate":""#, &bytes)
        SampleFormat.appendUTCMidnight(firstDay - account.opened, to: &bytes)
        put(#"""#, &bytes)
        if accounts[index].isLiability {
            put(#","creditInformation":{"creditLimit":{"amount":""#, &bytes)
            SampleFormat.appendAmount(creditLimit, digits: 2, to: &bytes)
            put(#"","currencyCode":"USD"},"minimumNextPaymentAmount":{"amount":""#, &bytes)
            SampleFormat.appendAmount(minimumPayment, digits: 2, to: &bytes)
            put(#"","currencyCode":"USD"},"nextPaymentDueDate":""#, &bytes)
            SampleFormat.appendUTCMidnight(dueDay, to: &bytes)
            put(#"","overduePaymentAmount":null}"#, &bytes)
        }
        put("}", &bytes)
    }

    // MARK: Months and days

    func generateMonth(_ month: Int) throws {
        let absolute = firstAbsoluteMonth + month
        let year = absolute / 12
        let monthNumber = absolute % 12 + 1
        let start = Civil.day(year, monthNumber, 1)
        let length = Civil.daysInMonth(year, monthNumber)
        let budget = Self.budget(total: total, months: config.months, month: month)
        let chosen = RecurringItem.selection(budget: budget, absoluteMonth: absolute, isFirst: month == 0)
        let purchases = budget - chosen.reduce(0) { $0 + $1.cost }
        var plan = SplitMix64(seed: SplitMix64.mix(config.seed ^ SplitMix64.mix(UInt64(absolute)) ^ 0x706C_616E))

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

        // The recurring items, placed on their days.
        var planned: [(day: Int, item: DayItem)] = []
        func event(_ dayOfMonth: Int, _ seconds: Int, _ kind: PlannedKind, account: Int, payee: Int = -1,
                   delay: Int = 0) {
            planned.append((start + dayOfMonth - 1, DayItem(seconds: seconds, order: planned.count,
                                                            kind: .planned(kind), account: account, payee: payee,
                                                            delay: delay)))
        }
        func previousWeekday(_ dayOfMonth: Int) -> Int {
            var day = dayOfMonth
            while day > 1, [0, 6].contains(Civil.weekday(start + day - 1)) { day -= 1 }
            return day
        }
        func nextWeekday(_ dayOfMonth: Int) -> Int {
            var day = dayOfMonth
            while day < length, [0, 6].contains(Civil.weekday(start + day - 1)) { day += 1 }
            return day
        }
        func cp(_ which: Counterparty) -> Int { counterpartyBase + which.rawValue }
        let atms = [cp(.atmBarclays), cp(.atmHSBC), cp(.atmNationwide)]
        for item in chosen {
            switch item {
            case .openingSavings:
                event(1, 0, .opening, account: Self.savings, payee: cp(.openingSavings))
            case .openingUK:
                event(1, 0, .opening, account: Self.uk, payee: cp(.openingUK))
            case .salaryMid:
                event(previousWeekday(15), 6 * 3600, .salary, account: Self.savings, payee: cp(.payroll))
            case .salaryEnd:
                event(previousWeekday(length), 6 * 3600, .salary, account: Self.savings, payee: cp(.payroll))
            case .cardCycle:
                let depositDay = plan.below(3) == 0 ? 25 : 24
                event(24, 7 * 3600, .transferOut, account: Self.savings, payee: cp(.savingsToCash),
                      delay: depositDay - 24)
                event(depositDay, 7 * 3600, .transferIn, account: Self.cash, payee: cp(.cashFromSavings))
                event(depositDay, 7 * 3600 + 300, .cardPayment, account: Self.cash, payee: cp(.cashCardPayment))
            case .savingsInterest:
                event(length, 23 * 3600, .savingsInterest, account: Self.savings, payee: cp(.savingsInterest))
            case .ukSalary:
                event(previousWeekday(25), 6 * 3600, .ukSalary, account: Self.uk, payee: cp(.ukPayroll))
            case .ukRent:
                event(nextWeekday(1), 6 * 3600 + 1800, .ukDirectDebit, account: Self.uk, payee: cp(.ukRent))
            case .ukEnergy:
                event(nextWeekday(12), 6 * 3600 + 1800, .ukDirectDebit, account: Self.uk, payee: cp(.ukEnergy))
            case .ukMobile:
                event(nextWeekday(18), 6 * 3600 + 1800, .ukDirectDebit, account: Self.uk, payee: cp(.ukMobile))
            case .ukCouncilTax:
                event(nextWeekday(1), 6 * 3600 + 2400, .ukDirectDebit, account: Self.uk, payee: cp(.ukCouncilTax))
            case .ukStandingOrder:
                event(nextWeekday(5), 5 * 3600, .ukStandingOrder, account: Self.uk, payee: cp(.ukStandingOrder))
            case .ukFee:
                event(2, 5 * 3600, .ukFee, account: Self.uk, payee: cp(.ukFee))
            case .atmFirst, .atmSecond:
                event(1 + plan.below(length), 10 * 3600 + plan.below(11 * 3600), .atm, account: Self.uk,
                      payee: atms[plan.below(atms.count)])
            case .netflix:
                event(7, 8 * 3600 + 900, .subscription, account: Self.card, payee: cp(.netflix))
            case .spotify:
                event(12, 9 * 3600 + 120, .subscription, account: Self.card, payee: cp(.spotify))
            case .iCloud:
                event(3, 4 * 3600 + 1500, .subscription, account: Self.card, payee: cp(.iCloud))
            case .verizon:
                event(20, 5 * 3600 + 1800, .subscription, account: Self.card, payee: cp(.verizon))
            case .conEdison:
                event(16, 3 * 3600 + 600, .subscription, account: Self.card, payee: cp(.conEdison))
            case .cardInterest:
                event(23, 23 * 3600 + 1800, .cardInterest, account: Self.card, payee: cp(.cardInterest))
            case .cashTopUp:
                event(17, 12 * 3600, .topUpOut, account: Self.savings, payee: cp(.savingsToCash))
                event(17 + plan.below(2), 12 * 3600 + 60, .topUpIn, account: Self.cash, payee: cp(.cashFromSavings))
            }
        }
        planned.sort { ($0.day, $0.item.order) < ($1.day, $1.item.order) }

        // The month's purchases, spread over its days: busier at weekends and on trips.
        let weekdayWeight = [110, 90, 95, 100, 105, 125, 130]
        var weights: [Int] = []
        for offset in 0..<length {
            let day = start + offset
            var weight = weekdayWeight[Civil.weekday(day)] + plan.below(41) - 20
            if tripRegion != nil && tripDays.contains(day) { weight = weight * 3 / 2 }
            weights.append(weight)
        }
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

        // Month-end balance observations.
        let monthEnd = start + length - 1
        for index in accounts.indices {
            try writeBalance(index, day: monthEnd)
        }
    }

    /// Decides what a purchase slot becomes: who, where, when, and whether it is one of the
    /// special records (refund, hold, memo, rejected, ATM).
    func makePurchaseSlot(day: Int, order: Int) -> DayItem {
        let index = purchaseSlot
        purchaseSlot += 1
        func reached(_ percent: Int) -> Bool { index * 100 >= purchaseSlotTotal * percent }

        var item = DayItem(seconds: 0, order: order, kind: .purchase, account: Self.card, payee: 0)
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
            if item.account == Self.uk {
                region = .uk
            } else if item.account == Self.card {
                if let tripRegion, tripDays.contains(day), rng.below(100) < 75 {
                    region = tripRegion
                } else if rng.chance(40) {
                    region = .onlineEurope
                }
            }
        }

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

    // MARK: Items

    func process(_ item: DayItem, day: Int) throws {
        switch item.kind {
        case .purchase:
            try purchase(item, day: day)
        case .refund:
            try refund(item, day: day)
        case .hold:
            var record = newRecord(account: Self.card, day: day, seconds: item.seconds, payee: item.payee,
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
            var record = newRecord(account: item.account, day: day, seconds: item.seconds, payee: item.payee,
                                   amount: 0, credit: false, type: .pointOfSale, status: status)
            setAmount(&record, merchantAmount: drawAmount(merchant), merchant: merchant)
            try insert(record, final: nil)
        case .atm:
            let record = newRecord(account: Self.uk, day: day, seconds: item.seconds, payee: item.payee,
                                   amount: drawAmount(merchants[item.payee]), credit: false, type: .atm,
                                   status: .booked, posted: day)
            try insert(record, final: record)
        case .planned(let kind):
            try processPlanned(kind, item: item, day: day)
        }
    }

    func newRecord(account: Int, day: Int, seconds: Int, payee: Int, amount: Int64, credit: Bool,
                   type: SampleTransactionType, status: SampleTransactionStatus, posted: Int? = nil) -> SampleTransactionRecord {
        SampleTransactionRecord(id: SampleUUID(&idRNG), account: account, day: day, seconds: seconds, postedDay: posted,
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
        var record = newRecord(account: item.account, day: day, seconds: item.seconds, payee: item.payee,
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
        let candidate = RefundCandidate(account: record.account, payee: record.payee, amount: record.amount,
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
        var record = newRecord(account: original.account, day: day, seconds: item.seconds, payee: original.payee,
                               amount: 0, credit: true, type: .refund, status: posted == nil ? .pending : .booked,
                               posted: posted)
        if let foreign = original.foreign {
            record.foreign = foreign
            record.rate = original.rate
            record.foreignAmount = percent == 100 ? original.foreignAmount
                : max(1, original.foreignAmount * Int64(percent) / 100)
            record.amount = percent == 100 ? original.amount
                : convert(record.foreignAmount, from: foreign, rate: original.rate, to: accounts[original.account].currency)
        } else {
            record.amount = percent == 100 ? original.amount : max(1, original.amount * Int64(percent) / 100)
        }
        try insert(record, final: posted == nil ? nil : record)
    }

    func processPlanned(_ kind: PlannedKind, item: DayItem, day: Int) throws {
        let merchant = merchants[item.payee]
        func booked(_ account: Int, _ amount: Int64, credit: Bool, _ type: SampleTransactionType,
                    payee: Int? = nil, posted: Int? = nil) throws {
            let record = newRecord(account: account, day: day, seconds: item.seconds, payee: payee ?? item.payee,
                                   amount: amount, credit: credit, type: type, status: .booked, posted: posted ?? day)
            try insert(record, final: record)
        }
        switch kind {
        case .opening:
            // The money the account held when the export began, moved in from an older account.
            try booked(item.account, item.account == Self.uk ? ukSalary : salary * 2, credit: true, .deposit)
        case .salary:
            try booked(Self.savings, salary, credit: true, .directDeposit)
        case .savingsInterest:
            let balance = accounts[Self.savings].running
            try booked(Self.savings, max(1, balance * 425 / 120_000), credit: true, .interest)
        case .transferOut:
            let owed = max(0, -accounts[Self.card].running)
            let shortfall = max(0, cashTarget - accounts[Self.cash].running)
            // A deposit that arrives tomorrow carries a margin for today's purchases.
            let margin = item.delay > 0 ? owed / 10 : 0
            transferAmount = roundUp(owed + margin + shortfall, to: 1_000)
            if transferAmount == 0 { transferAmount = 10_000 }
            try booked(Self.savings, transferAmount, credit: false, .withdrawal)
        case .transferIn:
            try booked(Self.cash, transferAmount, credit: true, .deposit)
            cashFunded = true
        case .topUpOut:
            topUpAmount = max(5_000, roundUp(max(0, cashTarget - accounts[Self.cash].running), to: 1_000))
            try booked(Self.savings, topUpAmount, credit: false, .withdrawal)
        case .topUpIn:
            try booked(Self.cash, topUpAmount, credit: true, .deposit)
            cashFunded = true
        case .cardPayment:
            let owed = -accounts[Self.card].running
            if owed > 0 {
                try booked(Self.cash, owed, credit: false, .billPayment)
                try booked(Self.card, owed, credit: true, .billPayment,
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
        case .ukSalary:
            try booked(Self.uk, ukSalary, credit: true, .directDeposit)
        case .ukDirectDebit:
            let amount: Int64 = switch item.payee - counterpartyBase {
            case Counterparty.ukRent.rawValue: 115_000
            case Counterparty.ukCouncilTax.rawValue: 14_200
            default: drawAmount(merchant)
            }
            try booked(Self.uk, amount, credit: false, .directDebit)
        case .ukStandingOrder:
            try booked(Self.uk, 15_000, credit: false, .standingOrder)
        case .ukFee:
            try booked(Self.uk, 500, credit: false, .fee)
        case .atm:
            try booked(Self.uk, drawAmount(merchant), credit: false, .atm)
        case .cardInterest:
            let owed = max(0, -accounts[Self.card].running)
            try booked(Self.card, max(100, owed * 199 / 10_000), credit: false, .interest)
        case .subscription:
            let posted = day + 1 <= lastDay ? day + 1 : nil
            let record = newRecord(account: Self.card, day: day, seconds: item.seconds, payee: item.payee,
                                   amount: drawAmount(merchant), credit: false, type: .pointOfSale,
                                   status: posted == nil ? .pending : .booked, posted: posted)
            try insert(record, final: posted == nil ? nil : record)
        }
    }

    // MARK: Writing records

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

    // MARK: Time

    /// RFC 3339 local time with the zone's offset: `2026-10-03T12:34:56-04:00`.
    func appendLocal(_ zone: SampleZone, day: Int, seconds: Int, to bytes: inout [UInt8]) {
        SampleFormat.appendDate(day, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        SampleFormat.appendTime(seconds, to: &bytes)
        let offset = offsetMinutes(zone, day: day, seconds: seconds)
        bytes.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        SampleFormat.appendPadded(abs(offset) / 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        SampleFormat.appendPadded(abs(offset) % 60, width: 2, to: &bytes)
    }

    /// UTC offset in minutes of a local wall-clock time. US Eastern: daylight time from the
    /// second Sunday of March 02:00 to the first Sunday of November 02:00. UK: summer time from
    /// the last Sunday of March 01:00 to the last Sunday of October 02:00.
    func offsetMinutes(_ zone: SampleZone, day: Int, seconds: Int) -> Int {
        let year = Civil.date(day).year
        switch zone {
        case .newYork:
            if year != newYorkYear {
                newYorkYear = year
                newYorkStart = Civil.nthSunday(year, 3, 2)
                newYorkEnd = Civil.nthSunday(year, 11, 1)
            }
            let afterStart = day > newYorkStart || (day == newYorkStart && seconds >= 2 * 3600)
            let beforeEnd = day < newYorkEnd || (day == newYorkEnd && seconds < 2 * 3600)
            return afterStart && beforeEnd ? -240 : -300
        case .london:
            if year != londonYear {
                londonYear = year
                londonStart = Civil.lastSunday(year, 3)
                londonEnd = Civil.lastSunday(year, 10)
            }
            let afterStart = day > londonStart || (day == londonStart && seconds >= 3600)
            let beforeEnd = day < londonEnd || (day == londonEnd && seconds < 2 * 3600)
            return afterStart && beforeEnd ? 60 : 0
        }
    }

    // MARK: Helpers

    @inline(__always) func put(_ text: StaticString, _ bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    func roundUp(_ value: Int64, to unit: Int64) -> Int64 {
        value <= 0 ? 0 : (value + unit - 1) / unit * unit
    }
}
