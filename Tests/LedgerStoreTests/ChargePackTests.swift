import Foundation
import Ledger
import PurseTestSupport
import Storage
import Testing

@testable import LedgerStore

/// The charge packs (`charge_packs`): what they hold reads back as written, a pack that is there
/// is exactly what its transactions pack into, and a read that takes its older rows from them
/// gives what the transactions give.
@Suite struct ChargePackTests {
    private static let accounts = ["A1111111-1111-4111-8111-111111111111", "B2222222-2222-4222-8222-222222222222", "C3"]
    /// 2026-10-31T00:00:00Z, so that the newest bucket is late October.
    private static let newest: Int64 = 1_793_404_800

    private final class Ledger {
        let folder: URL
        let store: LedgerStore

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("ChargePackTests-\(UUID().uuidString)")
            store = try LedgerStore(
                path: folder.appendingPathComponent("ledger.sqlite").path, mode: .create(keeper: UnkeptLedger()),
                now: Timestamp.utc(epochSeconds: ChargePackTests.newest))
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        func packs() throws -> [String: [UInt8]] {
            var packs: [String: [UInt8]] = [:]
            let statement = try store.connection.prepare("SELECT account_id, bucket, charges FROM charge_packs")
            while try statement.step() { packs["\(statement.text(0)) \(statement.int64(1))"] = statement.blob(2) }
            return packs
        }
    }

    /// About 900 transactions over the last 500 days of three accounts, classified at random
    /// (every state, flow, status, currency and split the packs tell apart, merchants in both
    /// spellings of é and NULL), several to a second, with the packs kept.
    private static func randomLedger(seed: UInt64) throws -> Ledger {
        let ledger = try Ledger()
        var random = SeededRandom(state: seed)
        let store = ledger.store
        try store.transaction {
            let source = try store.sourceRowID(
                kind: "wallet-export", externalID: "S", name: "Phone", location: nil, now: .utc(epochSeconds: 0))
            for id in accounts {
                _ = try store.upsertAccount(
                    Account(id: id, kind: .asset, displayName: id, institutionName: "Apple", currencyCode: "USD"), sourceRowID: source)
            }
            for index in 0..<900 {
                // Whole hours, so that rows share their second; the newest row is `newest`.
                let time = index == 0 ? newest : newest - Int64(random.below(500 * 24)) * 3600
                let transaction = Transaction(
                    id: "T\(random.below(100_000))-\(index)", accountID: accounts[random.below(accounts.count)],
                    transactionDate: .utc(epochSeconds: time),
                    transactionAmount: Money(units: Int64(random.below(3)) * 10_000 + 999, currency: random.below(5) == 0 ? "EUR" : "USD"),
                    creditDebitIndicator: random.below(4) == 0 ? .credit : .debit,
                    transactionDescription: "DESC \(random.below(7))", originalTransactionDescription: "ORIGINAL",
                    merchantName: ["Caf\u{E9}", "Cafe\u{301}", nil, "Shop", "Gym"][random.below(5)],
                    transactionType: .pointOfSale, status: [.booked, .booked, .pending, .authorized][random.below(4)])
                _ = try store.upsertTransaction(transaction)
            }
            // Each row's own mix of the seed, so that the columns vary apart.
            try store.connection.prepare(
                """
                UPDATE transactions SET
                    class_state = CASE (row_id * 7 + ?1) % 5 WHEN 0 THEN 'pending' WHEN 1 THEN 'excluded' ELSE 'counted' END,
                    class_flow = CASE (row_id * 13 + ?1) % 5 WHEN 0 THEN 'income' WHEN 1 THEN 'refund' WHEN 2 THEN 'transfer'
                        ELSE 'expense' END,
                    class_category = CASE (row_id * 17 + ?1) % 3 WHEN 0 THEN 'Dining' WHEN 1 THEN 'Fun' ELSE '' END,
                    class_source = CASE (row_id * 19 + ?1) % 6 WHEN 0 THEN 'split' ELSE 'code' END, class_month = 0
                """
            ).run([.integer(Int64(seed))])
        }
        return ledger
    }

    private static func line(_ charge: CountedCharge) -> String {
        [
            charge.accountID, "\(charge.time)", charge.isSplit ? charge.id : "-", "\(charge.amount)", charge.merchant.debugDescription,
            charge.currency, charge.indicator.rawValue, charge.flow.rawValue, charge.category, "\(charge.isSplit)",
        ].joined(separator: " ")
    }

    @Test(
        "a pack reads back each charge as written: times at both ends of the bucket, the largest amount, a split's ID, repeated and empty texts"
    )
    func roundTrip() throws {
        let bucket: Int64 = 855
        var writer = ChargePack.Writer(bucket: bucket)
        let start = ChargePack.start(of: bucket)
        let written: [(Int64, Int64, Bool, Bool, Bool, Flow, String, String, String, String, String)] = [
            (start, 0, false, false, false, .expense, "booked", "USD", "Caf\u{E9}", "", "T1"),
            (start + 7, .max, true, true, true, .income, "pending", "EUR", "Cafe\u{301}", "Fun", "SPLIT-\u{E9}"),
            (start + (1 << 21) - 1, 128, false, true, false, .expense, "booked", "USD", "", "Fun", ""),
            (start + 7, 127, true, false, false, .income, "x", "USD", String(repeating: "m", count: 300), "Dining", "T4"),
        ]
        for (time, amount, credit, split, pending, flow, status, currency, merchant, category, id) in written {
            func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
            bytes(status).withUnsafeBufferPointer { status in
                bytes(currency).withUnsafeBufferPointer { currency in
                    bytes(merchant).withUnsafeBufferPointer { merchant in
                        bytes(category).withUnsafeBufferPointer { category in
                            bytes(id).withUnsafeBufferPointer { id in
                                writer.add(
                                    time: time, amount: amount, isCredit: credit, isSplit: split, isPending: pending, flow: flow,
                                    status: status, currency: currency, merchant: merchant, category: category, id: id)
                            }
                        }
                    }
                }
            }
        }
        let pack = try #require(ChargePack(bucket: bucket, bytes: writer.bytes))
        #expect(pack.texts.count == 11)
        func text(_ range: Range<Int>) -> String { String(decoding: pack.bytes[range], as: UTF8.self) }
        var read: [(Int64, Int64, Bool, Bool, Bool, Flow, String, String, String, String, String)] = []
        #expect(
            pack.readCharges { charge in
                read.append(
                    (
                        charge.time, charge.amount, charge.isCredit, charge.isSplit, charge.isPending, charge.flow,
                        text(pack.texts[charge.status]), text(pack.texts[charge.currency]), text(pack.texts[charge.merchant]),
                        text(pack.texts[charge.category]), text(charge.id)
                    ))
            })
        #expect(
            read.map { "\($0)" }
                == written.map { ($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7, $0.8, $0.9, $0.3 ? $0.10 : "") }.map { "\($0)" })
        // Cut short anywhere, or a byte changed anywhere, the pack is refused or read to a stop, never past its bytes.
        for length in 0..<writer.bytes.count {
            if let cut = ChargePack(bucket: bucket, bytes: Array(writer.bytes.prefix(length))) { _ = cut.readCharges { _ in } }
        }
        var random = SeededRandom(state: 7)
        for _ in 0..<2_000 {
            var bytes = writer.bytes
            bytes[random.below(bytes.count)] = UInt8(random.below(256))
            if let changed = ChargePack(bucket: bucket, bytes: bytes) { _ = changed.readCharges { _ in } }
        }
        #expect(ChargePack(bucket: bucket, bytes: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]) == nil)
    }

    @Test("a write packs every account's last buckets, each exactly as its transactions pack, an empty one too; older ones are let go")
    func keptAtEachWrite() throws {
        let ledger = try Self.randomLedger(seed: 1)
        let last = ChargePack.bucket(of: Self.newest)
        let packs = try ledger.packs()
        #expect(
            Set(packs.keys)
                == Set(Self.accounts.flatMap { account in (last - ChargePack.keptBuckets + 1...last).map { "\(account) \($0)" } }))
        #expect(try ledger.store.chargePackDifferences().count == 0)
        // An account without a transaction has its buckets packed too, empty.
        try ledger.store.transaction {
            let source = try #require(try ledger.store.connection.scalarInt("SELECT min(id) FROM sources"))
            _ = try ledger.store.upsertAccount(
                Account(id: "D4", kind: .asset, displayName: "Empty", institutionName: "Apple", currencyCode: "USD"), sourceRowID: source)
        }
        let empty = try ledger.packs().filter { $0.key.hasPrefix("D4 ") }
        #expect(empty.count == Int(ChargePack.keptBuckets) && empty.values.allSatisfy { $0 == [0] })
        // A newer transaction moves the window on: the oldest bucket goes, the new one comes.
        try ledger.store.transaction {
            let transaction = Transaction(
                id: "NEW", accountID: Self.accounts[0], transactionDate: .utc(epochSeconds: ChargePack.start(of: last + 1)),
                transactionAmount: Money(units: 500, currency: "USD"), creditDebitIndicator: .debit, transactionDescription: "NEW",
                originalTransactionDescription: "NEW", merchantName: "New", transactionType: .pointOfSale, status: .booked)
            _ = try ledger.store.upsertTransaction(transaction)
        }
        let moved = try ledger.packs()
        #expect(moved.keys.contains("\(Self.accounts[0]) \(last + 1)"))
        #expect(moved.keys.contains("\(Self.accounts[2]) \(last + 1)"))
        #expect(!moved.keys.contains { $0.hasSuffix(" \(last - ChargePack.keptBuckets + 1)") })
        #expect(try ledger.store.chargePackDifferences().count == 0)
        // And back when it goes: no pack is left past the newest bucket.
        try ledger.store.transaction { try ledger.store.connection.execute("DELETE FROM transactions WHERE id = 'NEW'") }
        #expect(try ledger.packs().keys.sorted() == packs.keys.sorted() + empty.keys.sorted())
    }

    @Test("any change to a packed row outside the writer deletes its pack, and a read then takes nothing from the packs")
    func aChangedRowDeletesItsPack() throws {
        let ledger = try Self.randomLedger(seed: 2)
        let store = ledger.store
        let all = LedgerStore.ReportSelection(from: Self.newest - 400 * 86_400, until: nil, statuses: [])
        func packedRead() throws -> Int64? {
            var rows = CountedChargeRows()
            return try store.forEachPackedCharge(all, states: [.counted], flows: [.expense], before: Self.newest, rows: &rows) { _ in }
        }
        #expect(try packedRead() != nil)
        let packed = try ledger.packs().count
        let changes = [
            "UPDATE transactions SET class_category = class_category || 'x' WHERE row_id = ?",
            "UPDATE transactions SET merchant_name = 'Other' WHERE row_id = ?",
            "UPDATE transactions SET description = 'Other' WHERE row_id = ?",
            "UPDATE transactions SET status = 'memo' WHERE row_id = ?",
            "UPDATE transactions SET transaction_time = transaction_time - 40000000 WHERE row_id = ?",
            "DELETE FROM transactions WHERE row_id = ?",
        ]
        for (index, change) in changes.enumerated() {
            let row = try #require(
                try store.connection.scalarInt(
                    "SELECT row_id FROM transactions WHERE transaction_time >= ? AND merchant_name IS NOT NULL ORDER BY row_id LIMIT 1 OFFSET ?",
                    [.integer(Self.newest - 300 * 86_400), .integer(Int64(index * 7))]))
            let bucket = try #require(
                try store.connection.scalarInt("SELECT transaction_time >> 21 FROM transactions WHERE row_id = ?", [.integer(row)]))
            let account = try #require(
                try store.connection.scalarText("SELECT account_id FROM transactions WHERE row_id = ?", [.integer(row)]))
            try store.connection.prepare(change).run([.integer(row)])
            #expect(try ledger.packs()["\(account) \(bucket)"] == nil, "\(change)")
            #expect(try store.chargePackDifferences().count == 0, "\(change)")
            #expect(try packedRead() == nil, "\(change)")
            // The next write packs it again.
            try store.transaction {}
            #expect(try ledger.packs().count == packed, "\(change)")
            #expect(try packedRead() != nil, "\(change)")
        }
        // An update that changes nothing a pack holds leaves the packs alone.
        try store.connection.execute("UPDATE transactions SET original_description = 'Changed', mcc = 5999")
        #expect(try ledger.packs().count == packed)
        // A pack changed by hand is found by the check.
        try store.connection.execute("UPDATE charge_packs SET charges = X'00' WHERE rowid = (SELECT max(rowid) FROM charge_packs)")
        #expect(try store.chargePackDifferences().count == 1)
        try store.connection.execute("DELETE FROM accounts WHERE id = '\(Self.accounts[2])'")
        #expect(try ledger.packs().keys.contains { $0.hasPrefix(Self.accounts[2]) } == false)
    }

    @Test(
        "a read whose older rows come from the packs gives each account's expenses and income, in order, as the transactions give them, for any statuses, currencies, states and ranges",
        arguments: [3, 4, 5] as [UInt64])
    func packedReadEqualsTheTransactions(seed: UInt64) throws {
        let ledger = try Self.randomLedger(seed: seed)
        let store = ledger.store
        let day: Int64 = 86_400
        let cut = Self.newest - 90 * day
        var selections: [(String, LedgerStore.ReportSelection)] = []
        var year = LedgerStore.ReportSelection(from: Self.newest - 365 * day, until: Self.newest + day, statuses: [])
        selections.append(("year", year))
        year.statuses = [.booked]
        selections.append(("booked", year))
        year.excludesStatuses = true
        year.statuses = [.pending, .authorized]
        selections.append(("not pending", year))
        year.currencies = ["EUR"]
        selections.append(("EUR", year))
        var ranges = LedgerStore.ReportSelection(from: nil, until: nil, statuses: [])
        ranges.accountRanges = [
            AccountTimeRange(accountID: Self.accounts[0], from: Self.newest - 300 * day + 5, until: Self.newest - 100 * day),
            AccountTimeRange(accountID: Self.accounts[1], from: Self.newest - 200 * day, until: nil),
        ]
        selections.append(("ranges", ranges))
        for (name, selection) in selections {
            for states in [[ClassificationState.counted], [.counted, .pending]] {
                var plain: [String] = []
                try store.forEachCountedCharge(selection, states: states, flows: Flow.allCases, identifiedFrom: cut) {
                    if $0.time < ChargePack.start(of: ChargePack.bucket(of: cut)) && ![.expense, .income].contains($0.flow) { return }
                    plain.append(Self.line($0))
                }
                var packed: [String] = []
                try store.forEachCountedCharge(selection, states: states, flows: Flow.allCases, identifiedFrom: cut, packedBefore: cut) {
                    packed.append(Self.line($0))
                }
                var rows = CountedChargeRows()
                #expect(
                    try store.forEachPackedCharge(selection, states: states, flows: Flow.allCases, before: cut, rows: &rows) { _ in } != nil
                )
                // Each account's in the order read; the accounts' packs come a bucket at a time.
                for account in Self.accounts {
                    #expect(plain.filter { $0.hasPrefix(account) } == packed.filter { $0.hasPrefix(account) }, "\(name) \(states)")
                }
                #expect(plain.count == packed.count && !plain.isEmpty, "\(name) \(states)")
            }
        }
        // Asked for every row, the packs give those up to the newest bucket packed, and the
        // transactions the rest: a row a hand wrote past it since is read too.
        var rows = CountedChargeRows()
        try store.connection.execute(
            """
            INSERT INTO transactions (id, account_id, transaction_date, transaction_time, amount, currency, credit_debit,
                signed_amount, description, original_description, type, status, class_state, class_flow, class_category,
                class_source, class_month)
            VALUES ('LATER', '\(Self.accounts[1])', '2027-01-01', \(Self.newest + 60 * day), 700, 'USD', 'debit', -700, 'LATER',
                'LATER', 'pointOfSale', 'booked', 'counted', 'expense', 'Fun', 'code', 0)
            """)
        let onward = LedgerStore.ReportSelection(from: Self.newest - 365 * day, until: nil, statuses: [])
        var plain: [String] = []
        try store.forEachCountedCharge(onward, states: [.counted], flows: [.expense, .income], identifiedFrom: .max) {
            plain.append(Self.line($0))
        }
        var packed: [String] = []
        try store.forEachCountedCharge(onward, states: [.counted], flows: [.expense, .income], identifiedFrom: .max, packedBefore: .max) {
            packed.append(Self.line($0))
        }
        #expect(
            try store.forEachPackedCharge(onward, states: [.counted], flows: [.expense], before: .max, rows: &rows) { _ in }
                == ChargePack.start(of: ChargePack.bucket(of: Self.newest) + 1))
        #expect(plain.last?.hasPrefix("\(Self.accounts[1]) \(Self.newest + 60 * day) - 700 ") == true)
        for account in Self.accounts {
            #expect(plain.filter { $0.hasPrefix(account) } == packed.filter { $0.hasPrefix(account) })
        }
        // Reaching back past the packs, or with an open start, nothing comes from them.
        let old = LedgerStore.ReportSelection(from: Self.newest - 500 * day, until: nil, statuses: [])
        #expect(try store.forEachPackedCharge(old, states: [.counted], flows: [.expense], before: cut, rows: &rows) { _ in } == nil)
        let open = LedgerStore.ReportSelection(from: nil, until: nil, statuses: [])
        #expect(try store.forEachPackedCharge(open, states: [.counted], flows: [.expense], before: cut, rows: &rows) { _ in } == nil)
    }

    @Test(
        "accounts told apart by their bytes alone (a composed and a decomposed é) and hand-made packs at the ends of 64 bits read as the transactions do, and the check names the hand-made"
    )
    func spellingsAndEnds() throws {
        let ledger = try Self.randomLedger(seed: 6)
        let store = ledger.store
        let day: Int64 = 86_400
        let cut = Self.newest - 90 * day
        try store.transaction {
            let source = try #require(try store.connection.scalarInt("SELECT min(id) FROM sources"))
            for id in ["Caf\u{E9}", "Cafe\u{301}"] {
                _ = try store.upsertAccount(
                    Account(id: id, kind: .asset, displayName: id, institutionName: "Apple", currencyCode: "USD"), sourceRowID: source)
            }
            try store.connection.execute(
                """
                INSERT INTO transactions (id, account_id, transaction_date, transaction_time, amount, currency, credit_debit,
                    signed_amount, description, original_description, type, status, class_state, class_flow, class_category,
                    class_source, class_month)
                SELECT 'E' || id, CASE row_id % 2 WHEN 0 THEN 'Caf\u{E9}' ELSE 'Cafe\u{301}' END, transaction_date, transaction_time,
                    amount, currency, credit_debit, signed_amount, description, original_description, type, status, class_state,
                    class_flow, class_category, class_source, class_month
                FROM transactions WHERE row_id % 3 = 0
                """)
        }
        func reads(_ selection: LedgerStore.ReportSelection) throws -> (plain: [String], packed: [String]) {
            var (plain, packed): ([String], [String]) = ([], [])
            try store.forEachCountedCharge(selection, states: [.counted], flows: [.expense, .income], identifiedFrom: cut) {
                if $0.time >= ChargePack.start(of: ChargePack.bucket(of: cut)) || [.expense, .income].contains($0.flow) {
                    plain.append(Self.line($0))
                }
            }
            try store.forEachCountedCharge(
                selection, states: [.counted], flows: [.expense, .income], identifiedFrom: cut, packedBefore: cut
            ) {
                packed.append(Self.line($0))
            }
            return (plain.sorted(), packed.sorted())
        }
        var one = LedgerStore.ReportSelection(from: nil, until: nil, statuses: [])
        one.accountRanges = [AccountTimeRange(accountID: "Caf\u{E9}", from: Self.newest - 300 * day, until: nil)]
        var rows = CountedChargeRows()
        // One of the two: its own rows only, from the packs.
        #expect(try store.forEachPackedCharge(one, states: [.counted], flows: [.expense], before: cut, rows: &rows) { _ in } != nil)
        let (onePlain, onePacked) = try reads(one)
        #expect(onePlain == onePacked && !onePlain.isEmpty)
        #expect(onePacked.allSatisfy { $0.utf8.starts(with: "Caf\u{E9} ".utf8) })
        // Both, or every account: one series' key to Swift, so the transactions give them in time order.
        let every = LedgerStore.ReportSelection(from: Self.newest - 300 * day, until: nil, statuses: [])
        #expect(try store.forEachPackedCharge(every, states: [.counted], flows: [.expense], before: cut, rows: &rows) { _ in } == nil)
        let (everyPlain, everyPacked) = try reads(every)
        #expect(everyPlain == everyPacked)
        // A state the packs do not hold: nothing from them.
        #expect(try store.forEachPackedCharge(one, states: [.excluded], flows: [.expense], before: cut, rows: &rows) { _ in } == nil)
        // A pack at the last bucket of 64 bits, and one at the first: no arithmetic runs past them.
        try store.connection.execute(
            """
            INSERT INTO charge_packs (account_id, bucket, charges) VALUES ('\(Self.accounts[0])', \(ChargePack.bucket(of: .max)), X'00'),
                ('\(Self.accounts[0])', \(Int64.max), X'00'), ('\(Self.accounts[0])', \(Int64.min), X'00')
            """)
        #expect(try store.forEachPackedCharge(one, states: [.counted], flows: [.expense], before: .max, rows: &rows) { _ in } == nil)
        let (endsPlain, endsPacked) = try reads(one)
        #expect(endsPlain == endsPacked)
        let differences = try store.chargePackDifferences()
        #expect(differences.count == 2)
        #expect(differences.first?.hasSuffix("which holds no time") == true)
    }
}
