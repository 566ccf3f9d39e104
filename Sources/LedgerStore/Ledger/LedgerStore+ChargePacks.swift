import Ledger
import Storage

extension LedgerStore {
    /// Packs what `charge_packs` lacks of every account's last `ChargePack.keptBuckets` buckets
    /// up to the newest transaction's, and lets the older ones go. A pack the triggers deleted
    /// (a row of it changed) is packed again here, before the commit that changed it; a sync
    /// defers this to its last transaction (`deferringChargePacks`).
    func keepChargePacks() throws {
        guard chargePacksDeferred == 0 else { return }
        guard let newest = try connection.scalarInt("SELECT max(transaction_time) FROM transactions") else {
            try connection.cached("DELETE FROM charge_packs").run()
            return
        }
        let last = ChargePack.bucket(of: newest)
        let first = last - ChargePack.keptBuckets + 1
        // Past the newest bucket are only the empty packs of one whose newest rows went.
        try connection.cached("DELETE FROM charge_packs WHERE bucket < ? OR bucket > ?").run([.integer(first), .integer(last)])
        var packed = Set<[UInt8]>()
        let stored = try connection.cached("SELECT account_id, bucket FROM charge_packs")
        while try stored.step() { packed.insert(Self.packKey(stored.blob(0), stored.int64(1))) }
        var accounts: [String] = []
        let listed = try connection.cached("SELECT id FROM accounts ORDER BY id")
        while try listed.step() { accounts.append(listed.text(0)) }
        for account in accounts {
            for bucket in first...last where !packed.contains(Self.packKey(Array(account.utf8), bucket)) {
                try connection.cached("INSERT INTO charge_packs (account_id, bucket, charges) VALUES (?, ?, ?)").run([
                    .text(account), .integer(bucket), .blob(try pack(account: account, bucket: bucket).bytes),
                ])
            }
        }
    }

    private static func packKey(_ account: [UInt8], _ bucket: Int64) -> [UInt8] {
        withUnsafeBytes(of: bucket) { Array($0) } + account
    }

    /// One account's bucket packed from its transactions, as a read in time then ID order gives them.
    func pack(account: String, bucket: Int64) throws -> ChargePack.Writer {
        let rows = try connection.cached(
            """
            SELECT id, COALESCE(merchant_name, description), transaction_time, amount, currency, credit_debit = 'credit',
                class_flow, class_category, class_source = 'split', class_state = 'pending', status
            FROM transactions
            WHERE account_id = ? AND transaction_time >= ? AND transaction_time < ? AND class_state IN ('counted', 'pending')
                AND class_flow IN ('expense', 'income')
            ORDER BY transaction_time, id
            """)
        defer { rows.reset() }
        try rows.bind([.text(account), .integer(ChargePack.start(of: bucket)), .integer(ChargePack.start(of: bucket + 1))])
        var writer = ChargePack.Writer(bucket: bucket)
        while try rows.step() {
            let flowText = rows.text(6)
            guard let flow = Flow(rawValue: flowText) else { throw LedgerStoreError.unexpectedValue(column: "class_flow", value: flowText) }
            rows.withText(0) { id in
                rows.withText(1) { merchant in
                    rows.withText(4) { currency in
                        rows.withText(7) { category in
                            rows.withText(10) { status in
                                writer.add(
                                    time: rows.int64(2), amount: rows.int64(3), isCredit: rows.int64(5) == 1, isSplit: rows.int64(8) == 1,
                                    isPending: rows.int64(9) == 1, flow: flow, status: status, currency: currency, merchant: merchant,
                                    category: category, id: id)
                            }
                        }
                    }
                }
            }
        }
        return writer
    }

    /// Runs `body` (a sync's transactions) with `keepChargePacks` left to the last transaction
    /// after it, so that a year of buckets is packed once, not at every commit.
    public func deferringChargePacks<T>(_ body: () throws -> T) throws -> T {
        chargePacksDeferred += 1
        let result: T
        do {
            defer { chargePacksDeferred -= 1 }
            result = try body()
        }
        if chargePacksDeferred == 0 { try transaction {} }
        return result
    }

    /// How many stored packs differ from a packing of the transactions now (or are missing, or
    /// are of an account that is gone), and the first of them.
    public func chargePackDifferences() throws -> (count: Int, first: String?) {
        var differences: [String] = []
        let stored = try connection.prepare(
            "SELECT p.account_id, p.bucket, p.charges, a.id IS NULL FROM charge_packs p LEFT JOIN accounts a ON a.id = p.account_id")
        while try stored.step() {
            let (account, bucket) = (stored.text(0), stored.int64(1))
            if stored.int64(3) == 1 {
                differences.append("the pack of bucket \(bucket) of account \(account), which does not exist")
            } else if try pack(account: account, bucket: bucket).bytes != stored.blob(2) {
                differences.append("the pack of bucket \(bucket) of account \(account)")
            }
        }
        return (differences.count, differences.first)
    }

    /// The selected counted charges before `before` (floored to a bucket's start, and no later
    /// than the newest bucket packed) from the packs, and that instant; nil, having read nothing, unless packs cover every selected
    /// account's days before it. Only expenses and income are packed: of `flows`, only those
    /// come. They come a pack at a time (by bucket, then account), each pack in time then ID
    /// order, with the IDs of splits only.
    func forEachPackedCharge(
        _ selection: ReportSelection, states: [ClassificationState], flows: [Flow], before: Int64, rows: inout CountedChargeRows,
        _ body: (CountedCharge) throws -> Void
    ) throws -> Int64? {
        guard openedSchemaVersion >= LedgerSchema.chargePacksVersion,
            let newest = try connection.scalarInt("SELECT max(bucket) FROM charge_packs")
        else { return nil }
        // Nothing is newer than the newest bucket packed but a row written since by another hand: the transactions give it.
        let end = min(ChargePack.start(of: ChargePack.bucket(of: before)), ChargePack.start(of: newest + 1))
        var ranges: [String: (from: Int64, until: Int64)] = [:]
        if let listed = selection.accountRanges {
            for range in listed {
                guard let from = range.from, ranges[range.accountID] == nil else { return nil }
                ranges[range.accountID] = (from, min(range.until ?? .max, end))
            }
        } else {
            guard let from = selection.from else { return nil }
            let accounts = try connection.cached("SELECT id FROM accounts")
            while try accounts.step() { ranges[accounts.text(0)] = (from, min(selection.until ?? .max, end)) }
        }
        let needed = ranges.values.filter { $0.from < $0.until }
        guard let first = needed.map({ ChargePack.bucket(of: $0.from) }).min() else { return end }
        let last = ChargePack.bucket(of: end - 1)
        // Every bucket of every account's days is packed, or nothing is read from the packs.
        var packedBuckets: [String: Set<Int64>] = [:]
        let listed = try connection.cached("SELECT account_id, bucket FROM charge_packs WHERE bucket BETWEEN ? AND ?")
        try listed.bind([.integer(first), .integer(last)])
        while try listed.step() { packedBuckets[listed.text(0), default: []].insert(listed.int64(1)) }
        for (account, range) in ranges where range.from < range.until {
            let buckets = ChargePack.bucket(of: range.from)...ChargePack.bucket(of: range.until - 1)
            guard let packed = packedBuckets[account], buckets.allSatisfy(packed.contains) else { return nil }
        }
        // Compared by their bytes, as SQLite compares them.
        let statuses = Set(selection.statuses.map { Array($0.rawValue.utf8) })
        let currencies = Set(selection.currencies.map { Array($0.utf8) })
        let (countsCounted, countsPending) = (states.contains(.counted), states.contains(.pending))
        let packs = try connection.cached(
            "SELECT account_id, bucket, charges FROM charge_packs WHERE bucket BETWEEN ? AND ? ORDER BY bucket, account_id")
        try packs.bind([.integer(first), .integer(last)])
        while try packs.step() {
            let account = packs.text(0)
            let bucket = packs.int64(1)
            guard let range = ranges[account], range.from < range.until else { continue }
            // Only a hand can make a pack that is not one: `status --check` names it.
            let malformed = LedgerStoreError.unexpectedValue(
                column: "charge_packs.charges", value: "bucket \(bucket) of account \(account)")
            guard let pack = ChargePack(bucket: bucket, bytes: packs.blob(2)) else { throw malformed }
            var texts = CountedChargeRows.PackTexts(pack, account: account, rows: &rows)
            // Whether each of the pack's texts is a status and a currency selected, found once.
            var admits = (
                statuses: [Bool?](repeating: nil, count: pack.texts.count), currencies: [Bool?](repeating: nil, count: pack.texts.count)
            )
            let whole = try pack.readCharges { charge in
                guard charge.time >= range.from, charge.time < range.until, flows.contains(charge.flow),
                    charge.isPending ? countsPending : countsCounted
                else { return }
                if !statuses.isEmpty {
                    let admitted =
                        admits.statuses[charge.status] ?? (statuses.contains(Array(pack.text(charge.status))) != selection.excludesStatuses)
                    admits.statuses[charge.status] = admitted
                    guard admitted else { return }
                }
                if !currencies.isEmpty {
                    let admitted = admits.currencies[charge.currency] ?? currencies.contains(Array(pack.text(charge.currency)))
                    admits.currencies[charge.currency] = admitted
                    guard admitted else { return }
                }
                try body(rows.charge(charge, texts: &texts))
            }
            if !whole { throw malformed }
        }
        return end
    }
}
