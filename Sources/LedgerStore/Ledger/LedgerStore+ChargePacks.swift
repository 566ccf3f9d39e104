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
        var packed = Set<PackKey>()
        let stored = try connection.cached("SELECT account_id, bucket FROM charge_packs")
        while try stored.step() { packed.insert(PackKey(account: stored.blob(0), bucket: stored.int64(1))) }
        var accounts: [String] = []
        let listed = try connection.cached("SELECT id FROM accounts ORDER BY id")
        while try listed.step() { accounts.append(listed.text(0)) }
        for account in accounts {
            for bucket in first...last where !packed.contains(PackKey(account: Array(account.utf8), bucket: bucket)) {
                try connection.cached("INSERT INTO charge_packs (account_id, bucket, charges) VALUES (?, ?, ?)").run([
                    .text(account), .integer(bucket), .blob(try pack(account: account, bucket: bucket).bytes),
                ])
            }
        }
    }

    /// An account's bucket, the account by its bytes as SQLite tells accounts apart.
    private struct PackKey: Hashable {
        let account: [UInt8]
        let bucket: Int64
    }

    /// One account's bucket packed from its transactions, as `forEachCountedCharge` reads them
    /// in time then ID order.
    func pack(account: String, bucket: Int64) throws -> ChargePack.Writer {
        let rows = try connection.cached(
            """
            SELECT \(Self.countedChargeColumns), t.class_state = 'pending', t.status
            FROM transactions t
            WHERE t.account_id = ? AND t.transaction_time >= ? AND t.transaction_time < ?
                AND t.class_state IN ('counted', 'pending') AND t.class_flow IN ('expense', 'income')
            ORDER BY t.transaction_time, t.id
            """)
        defer { rows.reset() }
        // The last bucket of 64 bits ends with them.
        let end = bucket < ChargePack.bucket(of: .max) ? ChargePack.start(of: bucket + 1) : .max
        try rows.bind([.text(account), .integer(ChargePack.start(of: bucket)), .integer(end)])
        var writer = ChargePack.Writer(bucket: bucket)
        while try rows.step() {
            let flowText = rows.text(7)
            guard let flow = Flow(rawValue: flowText) else { throw LedgerStoreError.unexpectedValue(column: "class_flow", value: flowText) }
            // SQLite keeps each text where it is until the statement steps on.
            let texts = [0, 2, 5, 8, 11].map { column in rows.withText(column) { $0 } }
            writer.add(
                time: rows.int64(3), amount: rows.int64(4), isCredit: rows.int64(6) == 1, isSplit: rows.int64(9) == 1,
                isPending: rows.int64(10) == 1, flow: flow, status: texts[4], currency: texts[2], merchant: texts[1],
                category: texts[3], id: texts[0])
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
        // What the sync wrote is committed: packs that cannot be written now (another run holds
        // the ledger) are written by the next write, and reports read the transactions meanwhile.
        if chargePacksDeferred == 0 { try? transaction {} }
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
            } else if !ChargePack.buckets.contains(bucket) {
                differences.append("the pack of bucket \(bucket) of account \(account), which holds no time")
            } else if try pack(account: account, bucket: bucket).bytes != stored.blob(2) {
                differences.append("the pack of bucket \(bucket) of account \(account)")
            }
        }
        return (differences.count, differences.first)
    }

    /// The selected counted charges before `before` (floored to a bucket's start, and no later
    /// than the newest bucket packed) from the packs, and that instant; nil, having read
    /// nothing, unless packs cover every selected account's days before it. Only expenses and
    /// income are packed: of `flows`, only those come. They come a pack at a time (by bucket,
    /// then account), each pack in time then ID order, with the IDs of splits only.
    func forEachPackedCharge(
        _ selection: ReportSelection, states: [ClassificationState], flows: [Flow], before: Int64, rows: inout CountedChargeRows,
        _ body: (CountedCharge) throws -> Void
    ) throws -> Int64? {
        guard openedSchemaVersion >= LedgerSchema.chargePacksVersion, Set(states).isSubset(of: [.counted, .pending]),
            let newest = try connection.scalarInt("SELECT max(bucket) FROM charge_packs"), newest < ChargePack.bucket(of: .max)
        else { return nil }
        // Past the newest bucket packed, only a row another hand wrote since: the transactions give it.
        let end = min(ChargePack.start(of: ChargePack.bucket(of: before)), ChargePack.start(of: newest + 1))
        // Accounts by their bytes, as SQL tells them apart.
        var ranges: [[UInt8]: (from: Int64, until: Int64)] = [:]
        var names = Set<String>()
        func add(_ account: [UInt8], from: Int64?, until: Int64?) -> Bool {
            guard let from, ranges[account] == nil else { return false }
            ranges[account] = (from, min(until ?? .max, end))
            names.insert(String(decoding: account, as: UTF8.self))
            return true
        }
        if let listed = selection.accountRanges {
            for range in listed {
                guard add(Array(range.accountID.utf8), from: range.from, until: range.until) else { return nil }
            }
        } else {
            let accounts = try connection.cached("SELECT id FROM accounts")
            while try accounts.step() {
                guard add(accounts.blob(0), from: selection.from, until: selection.until) else { return nil }
            }
        }
        // Two accounts Swift takes as one (a composed and a decomposed é) are one series' key,
        // whose charges then come in time order only from the transactions.
        guard names.count == ranges.count else { return nil }
        let needed = ranges.values.filter { $0.from < $0.until }
        guard let first = needed.map({ ChargePack.bucket(of: $0.from) }).min() else { return end }
        let last = ChargePack.bucket(of: end - 1)
        // Every bucket of every account's days is packed, or nothing is read from the packs.
        var packedBuckets: [[UInt8]: Set<Int64>] = [:]
        let listed = try connection.cached("SELECT account_id, bucket FROM charge_packs WHERE bucket BETWEEN ? AND ?")
        try listed.bind([.integer(first), .integer(last)])
        while try listed.step() { packedBuckets[listed.blob(0), default: []].insert(listed.int64(1)) }
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
            let (account, bucket) = (packs.text(0), packs.int64(1))
            guard let range = ranges[packs.blob(0)], range.from < range.until else { continue }
            // Only a hand can make a pack that is not one: `status --check` names it.
            func malformed() -> LedgerStoreError {
                .unexpectedValue(column: "charge_packs.charges", value: "bucket \(bucket) of account \(account)")
            }
            guard let pack = ChargePack(bucket: bucket, bytes: packs.blob(2)) else { throw malformed() }
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
            if !whole { throw malformed() }
        }
        return end
    }
}
