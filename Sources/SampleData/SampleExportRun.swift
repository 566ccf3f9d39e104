import Foundation

/// One run of the generator: the accounts and their stream files, the random draws, and the
/// state of the month and day being written.
final class SampleExportRun {
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
    let identity:
        (
            source: SampleUUID, accounts: [SampleUUID], accountsGeneration: SampleUUID,
            balanceGenerations: [SampleUUID], transactionGenerations: [SampleUUID]
        )

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
    /// The reference rates' rows, oldest first, written at the end newest first.
    var referenceRows: [[UInt8]] = []

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
        payees = merchants.map(Self.encode)
        (regionPayees, regionCumulative) = Self.regionTables(catalogue)
        holdPayees = catalogue.indices.filter {
            catalogue[$0].region == .us && WalletExportSampleGenerator.holdMCCs.contains(catalogue[$0].mcc ?? -1)
        }
        meanUS = Self.meanAmount(catalogue, .us)
        meanUK = Self.meanAmount(catalogue, .uk)

        var slots = 0
        for month in 0..<config.months {
            let budget = Self.budget(total: config.transactions, months: config.months, month: month)
            let chosen = RecurringItem.selection(
                budget: budget, absoluteMonth: firstAbsoluteMonth + month,
                isFirst: month == 0)
            slots += budget - chosen.reduce(0) { $0 + $1.cost }
        }
        purchaseSlotTotal = slots
    }

    /// A merchant's text as the writers put it out, encoded once.
    static func encode(_ merchant: Merchant) -> EncodedPayee {
        let raw = SampleFormat.jsonEscaped(merchant.raw)
        return EncodedPayee(
            name: SampleFormat.jsonString(merchant.name),
            label: SampleFormat.jsonString(merchant.label),
            raw: raw,
            mcc: merchant.mcc.map { Array(String($0).utf8) } ?? Array("null".utf8),
            hasPlaceholders: raw.contains(UInt8(ascii: "%")) || raw.contains(UInt8(ascii: "^")))
    }

    /// Per region, the merchants that can be drawn and their cumulative weights.
    static func regionTables(_ catalogue: [Merchant]) -> (payees: [[Int]], cumulative: [[Int]]) {
        var payees: [[Int]] = []
        var cumulatives: [[Int]] = []
        for region in Region.allCases {
            var indices: [Int] = []
            var cumulative: [Int] = []
            var sum = 0
            for (index, merchant) in catalogue.enumerated() where merchant.region == region && merchant.weight > 0 {
                sum += merchant.weight
                indices.append(index)
                cumulative.append(sum)
            }
            payees.append(indices)
            cumulatives.append(cumulative)
        }
        return (payees, cumulatives)
    }

    /// The weighted mean amount of a region's merchants, in minor units.
    static func meanAmount(_ catalogue: [Merchant], _ region: Region) -> Int64 {
        var weighted: Int64 = 0
        var weights: Int64 = 0
        for merchant in catalogue where merchant.region == region {
            weighted += Int64(merchant.weight) * (merchant.minimum + merchant.maximum) / 2
            weights += Int64(merchant.weight)
        }
        return weights > 0 ? weighted / weights : 0
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
                throw SampleDataError.cannotWrite(
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
                    throw SampleDataError.cannotWrite(
                        path: stale.path, reason: "an old stream file cannot be removed: \(error.localizedDescription)")
                }
            }
        }

        let shapes: [(Currency, SampleZone, Bool)] = [
            (.usd, .newYork, true), (.usd, .newYork, false),
            (.usd, .newYork, false), (.gbp, .london, false),
        ]
        for (index, shape) in shapes.enumerated() {
            let name = identity.accounts[index].text + ".jsonl"
            accounts.append(
                AccountRun(
                    id: identity.accounts[index], currency: shape.0, zone: shape.1, isLiability: shape.2,
                    transactions: try ChangeSetStream(
                        path: transactionsDirectory.appendingPathComponent(name).path,
                        generation: identity.transactionGenerations[index]),
                    balances: try ChangeSetStream(
                        path: balancesDirectory.appendingPathComponent(name).path,
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
        try writeReferenceRates()
        return .init(
            accounts: accounts.count, transactions: written, balances: balanceCount,
            changeSets: changeSets, firstDay: SampleFormat.dayText(firstDay),
            lastDay: SampleFormat.dayText(lastDay), referenceRateDays: referenceRows.count,
            referenceRatesFile: Self.referenceRatesFile)
    }

    static func looksLikeStreamFile(_ name: String) -> Bool {
        guard name.hasSuffix(".jsonl") else { return false }
        return UUID(uuidString: String(name.dropLast(6))) != nil
    }

    // MARK: Helpers

    @inline(__always) func put(_ text: StaticString, _ bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    func roundUp(_ value: Int64, to unit: Int64) -> Int64 {
        value <= 0 ? 0 : (value + unit - 1) / unit * unit
    }
}
