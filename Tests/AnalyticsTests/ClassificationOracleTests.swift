import Analytics
import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Sync
import Testing
import WalletExport

/// One synced transaction as the export states it now.
private struct SyncedRow {
    var id: String
    var account: String
    var time: Int64
    var cents: Int
    var indicator: String
    var status: String
    var type: String
    var mcc: Int?
    var merchant: String?
    var description: String

    var line: String {
        ExportFixture.transaction(
            id, account: account, date: Timestamp.utc(epochSeconds: time).text,
            amount: String(format: "%d.%02d", cents / 100, cents % 100), indicator: indicator, status: status, type: type,
            mcc: mcc, merchant: merchant, description: description)
    }

    var isPending: Bool { status == "pending" || status == "authorized" }
}

/// Legs of one amount, debits on one account and credits on another in turn, each gap longer
/// than the one before (hours at first, just over three days at the end): pairing the whole
/// ledger pairs legs 0-1, 2-3, ..., while pairing from a leg in the middle pairs 1-2, 3-4, ...
private struct Chain {
    let number: Int
    let cents: Int
    let debitAccount: String
    let creditAccount: String
    let times: [Int64]
    var legs: [String] = []

    var isComplete: Bool { legs.count == times.count }
}

/// A ledger kept by `ClassificationKeeper` as the CLI keeps it, fed a seeded random history
/// through real Wallet-export syncs and statement imports.
private final class OracleHistory {
    typealias F = ExportFixture
    static let now = Timestamp.utc(epochSeconds: 1_794_744_000)
    static let utc = ReportTimeZone(identifier: "UTC")!
    static let accounts = ["CHK", "SAV", "CARD", "TOKYO"]
    static let day: Int64 = 86_400
    static let hour: Int64 = 3_600
    /// 2026-10-01T00:00:00Z: the history runs through October, November and December.
    static let start = Int64(CivilDate(year: 2026, month: 10, day: 1).daysSinceEpoch) * day
    /// Local midnights at month ends: UTC, Tokyo (15:00Z) and New York (04:00Z in EDT, 05:00Z in EST).
    static let edges: [Int64] = [
        start + 31 * day, start + 61 * day, start + 30 * day + 15 * hour, start + 60 * day + 15 * hour,
        start + 31 * day + 4 * hour, start + 61 * day + 5 * hour,
    ]

    let folder: TemporaryFolder
    let export: ExportFixture
    let store: LedgerStore
    let keeper: ClassificationKeeper
    var random: SeededRandom
    private var sequences: [String: Int] = [:]
    private(set) var live: [String: [String: SyncedRow]] = [:]
    private(set) var chains: [Chain] = []
    private var statementRows: [String: Transaction] = [:]
    private var ruleIDs: [Int64] = []
    private var nextID = 0
    private var imports = 0

    init(seed: UInt64) throws {
        random = SeededRandom(state: seed)
        keeper = ClassificationKeeper(base: Self.utc)
        folder = try TemporaryFolder()
        export = try ExportFixture(in: folder.url)
        try export.writeManifest(
            """
            {"format":"wallet-export","version":1,"sourceID":"S1","sourceName":"Phone","exportedAt":"2026-11-01T08:00:00Z",\
            "accountTimeZones":{"TOKYO":"Asia/Tokyo"}}
            """)
        store = try LedgerStore(path: folder.file("ledger.sqlite"), mode: .create(keeper: keeper), now: Self.now)
        try export.append(
            "accounts",
            F.changeSet(
                "G", 1, snapshot: true,
                inserted: [
                    F.account("CHK", name: "Checking"), F.account("SAV", name: "Savings"),
                    F.account("CARD", kind: "liability", name: "Apple Card"), F.account("TOKYO", name: "Tokyo"),
                ]))
        try syncExport()
    }

    func pick<T>(_ items: [T]) -> T { items[random.below(items.count)] }

    private func syncExport() throws {
        let report = try SyncEngine(store: store, now: Self.now).sync(WalletExportSource(path: export.path))
        if let failure = report.failures.first { throw failure }
    }

    /// One change set per account touched, then one sync of them all.
    func sync(inserted: [SyncedRow] = [], updated: [SyncedRow] = [], deleted: [(account: String, id: String)] = []) throws {
        let touched = Set(inserted.map(\.account) + updated.map(\.account) + deleted.map(\.account)).sorted()
        for account in touched {
            var rows = live[account] ?? [:]
            for row in inserted + updated where row.account == account { rows[row.id] = row }
            for gone in deleted where gone.account == account { rows[gone.id] = nil }
            live[account] = rows
            let sequence = (sequences[account] ?? 0) + 1
            sequences[account] = sequence
            try export.append(
                "transactions/\(account)",
                F.changeSet(
                    "T", sequence, snapshot: sequence == 1, inserted: inserted.filter { $0.account == account }.map(\.line),
                    updated: updated.filter { $0.account == account }.map(\.line),
                    deleted: deleted.filter { $0.account == account }.map(\.id)))
        }
        try syncExport()
    }

    func newID(_ prefix: String = "T") -> String {
        nextID += 1
        return "\(prefix)\(nextID)"
    }

    /// Mostly booked; some pending or authorized (to be booked later), a few memo or rejected.
    func randomStatus() -> String {
        switch random.below(20) {
        case 0, 1, 2: "pending"
        case 3, 4: "authorized"
        case 5: "memo"
        case 6: "rejected"
        default: "booked"
        }
    }

    /// Anywhere in the three months, or a few minutes either side of a local midnight (a
    /// month's end in some zone, or any day's midnight in UTC, Tokyo or New York).
    func randomTime() -> Int64 {
        switch random.below(4) {
        case 0: return pick(Self.edges) + Int64(random.below(181) - 90) * 60
        case 1:
            let midnight = Self.start + Int64(random.below(90)) * Self.day + pick([0, 15, 4, 5]) * Self.hour
            return midnight + Int64(random.below(61) - 30) * 60
        default: return Self.start + Int64(random.below(90 * 24 * 60)) * 60
        }
    }

    // MARK: Steps

    /// Starts a chain, or adds the next legs of one, each synced in its account.
    func chainStep() throws {
        if chains.allSatisfy(\.isComplete) || (chains.count < 3 && random.below(3) == 0) { startChain() }
        let index = pick(chains.indices.filter { !chains[$0].isComplete })
        var rows: [SyncedRow] = []
        for _ in 0..<(4 + random.below(6)) where !chains[index].isComplete {
            let chain = chains[index]
            let leg = chain.legs.count
            let debit = leg % 2 == 0
            let id = newID("C\(chain.number)L")
            let type =
                random.below(20) == 0
                ? pick(["transfer", "pointOfSale"]) : pick(["billPayment", "deposit", "withdrawal", "standingOrder", "directDebit"])
            rows.append(
                SyncedRow(
                    id: id, account: debit ? chain.debitAccount : chain.creditAccount, time: chain.times[leg], cents: chain.cents,
                    indicator: debit ? "debit" : "credit", status: random.below(3) == 0 ? randomStatus() : "booked", type: type,
                    mcc: nil, merchant: nil, description: String(format: "CHAIN %d L%02d", chain.number, leg)))
            chains[index].legs.append(id)
        }
        try sync(inserted: rows)
    }

    private func startChain() {
        let number = chains.count + 1
        let debitAccount = pick(Self.accounts)
        let creditAccount = pick(Self.accounts.filter { $0 != debitAccount })
        let count = 20 + random.below(7)
        var time = Self.start + Int64(random.below(20 * 24)) * Self.hour + Int64(random.below(60)) * 60
        var times = [time]
        for index in 0..<(count - 1) {
            // From 2 hours to 73: only the last gap is past three days (or, one time in three,
            // exactly three days, which still pairs).
            var gap = 2 * Self.hour + Int64(index) * 71 * Self.hour / Int64(count - 2) + Int64(random.below(20)) * 60
            if index == count - 2 { gap = random.below(3) == 0 ? 3 * Self.day : 73 * Self.hour }
            time += gap
            times.append(time)
        }
        chains.append(
            Chain(number: number, cents: 30_000 + number * 700, debitAccount: debitAccount, creditAccount: creditAccount, times: times))
    }

    /// New rows on an account (purchases, refunds, fees, moves at a chain's amount, rows a
    /// statement may repeat), some of its rows booked, moved or deleted.
    func accountStep() throws {
        var account = pick(Self.accounts)
        var inserted: [SyncedRow] = []
        for _ in 0..<(1 + random.below(4)) {
            let id = newID()
            var row = SyncedRow(
                id: id, account: account, time: randomTime(), cents: pick([1_250, 3_000, 4_200, 7_700]), indicator: "debit",
                status: randomStatus(), type: "pointOfSale", mcc: nil, merchant: nil, description: "MOVE \(id)")
            switch random.below(11) {
            case 0, 1:
                row.mcc = pick([5411, 5812, 5541, 7011])
                row.merchant = pick(["Corner Shop", "Noodle Bar", "Fuel Stop", "Hotel Sakura"])
            case 2:
                row.indicator = "credit"
                if random.below(2) == 0 {
                    row.mcc = pick([5411, 5812])
                    row.merchant = "Corner Shop"
                } else {
                    row.type = "refund"
                }
            case 3:
                row.type = pick(["fee", "atm", "interest"])
                row.cents = pick([500, 2_000])
                row.indicator = random.below(4) == 0 ? "credit" : "debit"
            case 4 where !chains.isEmpty:
                // A move at a chain's amount, near one of its legs: it may take a leg's partner.
                let chain = pick(chains)
                row.cents = chain.cents
                row.time = pick(chain.times) + Int64(random.below(49) - 24) * Self.hour
                row.indicator = pick(["debit", "credit"])
                row.type = pick(["deposit", "withdrawal", "billPayment"])
            case 5, 6:
                // A row a statement will repeat: at noon, or a minute past, so that an imported
                // row three days away is exactly at the edge or just past it.
                account = "CHK"
                row.account = account
                row.time = Self.start + Int64(random.below(88)) * Self.day + 12 * Self.hour + pick([0, 60])
                // An amount few other rows have, so the edge decides whether the two are one.
                row.cents = 6_000 + 100 * random.below(60)
                if random.below(3) == 0 {
                    row.indicator = "credit"
                    row.type = "deposit"
                } else {
                    row.mcc = 5411
                    row.merchant = "Corner Shop"
                }
                row.status = random.below(5) == 0 ? "pending" : "booked"
            case 7:
                row.indicator = "credit"
                row.type = "deposit"
                row.cents = 150_000
            case 8, 9:
                // A move out and in again between two accounts, pending, authorized or booked
                // each, hours apart, exactly three days apart, or a minute past.
                row.cents = chains.isEmpty || random.below(2) == 0 ? 5_500 : pick(chains).cents
                row.type = pick(["withdrawal", "billPayment", "standingOrder"])
                row.status = pick(["pending", "authorized", "booked"])
                let otherID = newID()
                inserted.append(
                    SyncedRow(
                        id: otherID, account: pick(Self.accounts.filter { $0 != account }),
                        time: row.time + pick([Int64(random.below(30)) * Self.hour, 3 * Self.day, 3 * Self.day + 60]),
                        cents: row.cents, indicator: "credit", status: pick(["pending", "authorized", "booked"]), type: "deposit",
                        mcc: nil, merchant: nil, description: "MOVE \(otherID)"))
            default: break
            }
            inserted.append(row)
        }
        var updated: [SyncedRow] = []
        var deleted: [(account: String, id: String)] = []
        for (id, row) in (live[account] ?? [:]).sorted(by: { $0.key < $1.key }) {
            var changed = row
            let choice = random.below(16)
            if choice < 3, row.isPending {
                // A pending row books, sometimes a day or two later.
                changed.status = "booked"
                changed.time += Int64(random.below(3)) * Self.day
            } else if choice == 3 {
                changed.time += Int64(random.below(13) - 6) * Self.hour
            } else if choice == 4 {
                deleted.append((account, id))
                continue
            } else {
                continue
            }
            updated.append(changed)
        }
        try sync(inserted: inserted, updated: updated, deleted: deleted)
    }

    /// A statement of CHK imported beside its sync: rows repeating synced ones on the same day,
    /// three days away (at or past the edge), others on their own (some at a chain's amount),
    /// pending rows that book in a later import, rows of an earlier import taken back.
    func statementStep() throws {
        var transactions: [Transaction] = []
        var categories: [String: String] = [:]
        if random.below(2) == 0 {
            // A synced purchase of an amount no other row has, at noon or a minute past, and
            // the statement's row three days before or after: exactly at the edge, a minute
            // inside it or a minute past it.
            let id = newID()
            let purchase = SyncedRow(
                id: id, account: "CHK", time: Self.start + Int64(3 + random.below(82)) * Self.day + 12 * Self.hour + pick([0, 60]),
                cents: 20_000 + 100 * nextID, indicator: "debit", status: "booked", type: "pointOfSale", mcc: 5411,
                merchant: "Edge Market", description: "EDGE \(id)")
            try sync(inserted: [purchase])
            let day = Self.utc.date(of: purchase.time).adding(days: pick([3, -3]))
            transactions.append(
                Transaction(
                    id: Transaction.statementIDPrefix + newID("S"), accountID: "CHK",
                    transactionDate: Timestamp.utc(epochSeconds: Self.utc.startOfDay(day) + 12 * Self.hour),
                    transactionAmount: Money(units: Int64(purchase.cents) * 100, currency: "USD"), creditDebitIndicator: .debit,
                    transactionDescription: "STATEMENT EDGE", originalTransactionDescription: "STATEMENT EDGE",
                    transactionType: .pointOfSale, status: .booked))
        }
        let synced = (live["CHK"] ?? [:]).values.sorted { $0.id < $1.id }
        for _ in 0..<(1 + random.below(5)) {
            let id = Transaction.statementIDPrefix + newID("S")
            var cents = pick([4_200, 1_250, 9_900])
            var debit = random.below(3) != 0
            var day = CivilDate(daysSinceEpoch: Int(Self.start / Self.day) + random.below(90))
            // Mostly the rows at noon or a minute past: three days from a statement's noon is
            // exactly at the edge, or a minute inside or past it.
            let atNoon = synced.filter { [43_200, 43_260].contains($0.time % Self.day) }
            if random.below(4) != 0, !synced.isEmpty {
                let twin = pick(atNoon.isEmpty || random.below(4) == 0 ? synced : atNoon)
                cents = twin.cents
                debit = twin.indicator == "debit"
                day = Self.utc.date(of: twin.time).adding(days: pick([0, 1, 3, 3, -3, -3]))
            } else if random.below(3) == 0, !chains.isEmpty {
                cents = pick(chains).cents
            }
            let transaction = Transaction(
                id: id, accountID: "CHK", transactionDate: Timestamp.utc(epochSeconds: Self.utc.startOfDay(day) + 12 * Self.hour),
                transactionAmount: Money(units: Int64(cents) * 100, currency: "USD"), creditDebitIndicator: debit ? .debit : .credit,
                transactionDescription: "STATEMENT \(id.suffix(6))", originalTransactionDescription: "STATEMENT \(id.suffix(6))",
                transactionType: debit ? pick([TransactionType.pointOfSale, .billPayment]) : pick([TransactionType.deposit, .refund]),
                status: random.below(6) == 0 ? .pending : .booked)
            transactions.append(transaction)
            if random.below(2) == 0 { categories[id] = pick(["Groceries", "Dining"]) }
        }
        for (_, row) in statementRows.sorted(by: { $0.key < $1.key }) where row.status == .pending && random.below(2) == 0 {
            var booked = row
            booked.status = .booked
            transactions.append(booked)
        }
        let deleted = statementRows.keys.sorted().filter { _ in random.below(6) == 0 }
        for id in deleted { statementRows[id] = nil }
        for transaction in transactions { statementRows[transaction.id] = transaction }
        imports += 1
        _ = try StatementImporter(store: store, now: Self.now).apply(
            creating: nil, zone: nil, accountID: "CHK", transactions: transactions, balances: [], categories: categories,
            deletedIDs: deleted, file: "statement-\(imports).csv", sha256: "sha-\(imports)", format: "csv")
    }

    /// A rule added (with a flow or a category only), removed or moved.
    func ruleStep() throws {
        if !ruleIDs.isEmpty, random.below(3) == 0 {
            let id = ruleIDs.remove(at: random.below(ruleIDs.count))
            _ = try store.transaction { try store.removeRule(id: id) }
            return
        }
        if ruleIDs.count > 1, random.below(4) == 0 {
            for index in ruleIDs.indices.reversed() { ruleIDs.swapAt(index, random.below(index + 1)) }
            try store.transaction { try store.reorderRules(ruleIDs) }
            return
        }
        let started = chains.filter { !$0.legs.isEmpty }
        var leg = "CHAIN 1 L00"
        if !started.isEmpty {
            let chain = pick(started)
            leg = String(format: "CHAIN %d L%02d", chain.number, random.below(chain.legs.count))
        }
        let rule = pick([
            UserRule(description: leg, flow: .transfer),
            UserRule(description: leg, flow: .expense),
            UserRule(description: leg, category: "Moves"),
            UserRule(merchantCategoryCode: 5812, category: "Treats"),
            UserRule(type: .deposit, direction: .credit, flow: .income),
            UserRule(accountID: "SAV", amountMin: 3_000_000, amountMax: 3_200_000, flow: .expense),
            UserRule(merchant: "noodle", category: "Treats", flow: .expense),
            UserRule(type: .withdrawal, category: "Cash Moves"),
            UserRule(description: "statement", category: "Imported"),
        ])
        ruleIDs.append(try store.transaction { try store.addRule(rule, now: Self.now) })
    }

    /// What the user sets on one transaction: excluded, a flow, a category, a split, or nothing.
    func overrideStep() throws {
        let ids = live.values.flatMap(\.keys).sorted() + statementRows.keys.sorted()
        guard !ids.isEmpty else { return }
        let id = pick(ids)
        var override = TransactionOverride(transactionID: id)
        let units = try store.transactionAmount(id: id)?.amount ?? 100_000
        switch random.below(6) {
        case 0: override.isExcluded = true
        case 1: override.flow = pick([.expense, .income, .transfer])
        case 2: override.category = "Gifts"
        case 3: override.split = [.init(category: "Home", amount: units - 10_000), .init(category: "Fun", amount: 10_000)]
        case 4:
            override.category = "Gifts"
            override.split = [.init(category: "Home", amount: units - 10_000), .init(category: "Fun", amount: 10_000)]
        default: break
        }
        try store.transaction { try store.saveTransactionOverride(override, now: Self.now) }
    }

    func randomStep() throws -> String {
        switch random.below(14) {
        case 0, 1, 2, 3:
            try chainStep()
            return "chain legs"
        case 4, 5, 6, 7:
            try accountStep()
            return "account rows"
        case 8, 9:
            try statementStep()
            return "statement import"
        case 10:
            try ruleStep()
            return "rules"
        default:
            try overrideStep()
            return "override"
        }
    }

    // MARK: Reports

    /// Report ranges: whole months, and ranges whose first or last day falls among a chain's legs.
    func randomRanges() -> [(first: CivilDate, last: CivilDate)] {
        let months = [YearMonth(year: 2026, month: 10), YearMonth(year: 2026, month: 11), YearMonth(year: 2026, month: 12)]
        let firstMonth = random.below(3)
        let lastMonth = firstMonth + random.below(3 - firstMonth)
        var ranges = [(months[firstMonth].firstDay, months[lastMonth].lastDay)]
        let started = chains.filter { $0.legs.count > 2 }
        for _ in 0..<2 {
            guard !started.isEmpty else {
                let first = CivilDate(daysSinceEpoch: Int(Self.start / Self.day) + random.below(80))
                ranges.append((first, first.adding(days: 3 + random.below(30))))
                continue
            }
            let chain = pick(started)
            let leg = 1 + random.below(chain.legs.count - 1)
            let first = Self.utc.date(of: chain.times[leg]).adding(days: random.below(3) - 1)
            let last =
                random.below(2) == 0
                ? Self.utc.date(of: chain.times[leg + random.below(chain.legs.count - leg)])
                : first.adding(days: 2 + random.below(25))
            ranges.append((first, max(first, last)))
        }
        return ranges
    }
}

/// The money rules of the README applied naively to the whole ledger: the spending a report
/// must show, from the ledger's raw rows, accounts, rules, overrides and statement categories
/// alone (no Analytics classifier or matcher, no stored classification).
private struct ClassificationOracle {
    /// A share of an expense or refund: the whole transaction, or one part of its split.
    struct Share {
        let accountID: String
        let time: Int64
        let isPending: Bool
        let isExpense: Bool
        let category: String
        let code: Int?
        let merchant: String
        let amount: Int64
        let currency: String
    }

    static let maximumGap: Int64 = 3 * 86_400
    static let candidateTypes: Set<String> = [
        "billPayment", "deposit", "withdrawal", "standingOrder", "directDebit", "loan", "adjustment", "unknown",
    ]

    let accounts: [LedgerAccount]
    private(set) var shares: [Share] = []
    /// Statement rows standing for a synced twin, and the transfer pairs, for messages.
    private(set) var duplicates: Set<String> = []
    private(set) var partners: [String: String] = [:]

    init(_ store: LedgerStore) throws {
        var rows: [TransactionRecord] = []
        try store.forEachTransaction(TransactionQuery()) { record in
            rows.append(record)
            return true
        }
        accounts = try store.ledgerAccounts()
        let kinds = Dictionary(accounts.map { ($0.id, $0.kind) }, uniquingKeysWith: { first, _ in first })
        let rules = try store.rules()
        let overrides = try store.transactionOverrides()
        let shared = try store.sharedAccountIDs()

        duplicates = Self.statementTwins(rows.map(\.transaction).filter { $0.status == .booked && shared.contains($0.accountID) })

        func firstRule(_ transaction: Transaction) -> UserRule? { rules.first { Self.matches($0, transaction) } }
        func isExcluded(_ id: String) -> Bool { overrides[id]?.isExcluded ?? false }
        func isPending(_ transaction: Transaction) -> Bool { transaction.status == .pending || transaction.status == .authorized }
        func isCandidate(_ transaction: Transaction) -> Bool {
            transaction.merchantCategoryCode == nil && Self.candidateTypes.contains(transaction.transactionType.forMoneyRules.rawValue)
                && overrides[transaction.id]?.flow == nil && firstRule(transaction)?.flow == nil
                && !duplicates.contains(transaction.id) && !isExcluded(transaction.id)
        }
        // One pairing over the whole ledger, booked and pending rows alike.
        let candidates = rows.map(\.transaction).filter(isCandidate)
        partners = Self.transferPairs(candidates.filter { $0.status == .booked || isPending($0) })

        for record in rows {
            let transaction = record.transaction
            guard transaction.status == .booked || isPending(transaction), !duplicates.contains(transaction.id),
                !isExcluded(transaction.id)
            else { continue }
            let override = overrides[transaction.id]
            let rule = firstRule(transaction)
            let credit = transaction.creditDebitIndicator == .credit
            let flow: String
            if let given = (override?.flow ?? rule?.flow)?.rawValue {
                flow = given == "income" || given == "transfer" ? given : credit ? "refund" : "expense"
            } else if transaction.transactionType == .transfer {
                flow = "transfer"
            } else if credit {
                if transaction.transactionType == .refund || transaction.merchantCategoryCode != nil {
                    flow = "refund"
                } else if partners[transaction.id] != nil || kinds[transaction.accountID] == .liability {
                    flow = "transfer"
                } else {
                    flow = "income"
                }
            } else {
                flow = partners[transaction.id] != nil ? "transfer" : "expense"
            }
            guard flow == "expense" || flow == "refund" else { continue }
            var parts: [(category: String, amount: Int64)]
            if let category = override?.category {
                parts = [(category, transaction.transactionAmount.units)]
            } else if let split = override?.split, !split.isEmpty {
                parts = split.map { ($0.category, $0.amount) }
            } else if let category = rule?.category {
                parts = [(category, transaction.transactionAmount.units)]
            } else {
                parts = [
                    (Self.builtInCategory(transaction, statementCategory: record.statementCategory), transaction.transactionAmount.units)
                ]
            }
            for part in parts {
                shares.append(
                    Share(
                        accountID: transaction.accountID, time: transaction.transactionDate.epochSeconds, isPending: isPending(transaction),
                        isExpense: flow == "expense", category: part.category, code: transaction.merchantCategoryCode,
                        merchant: transaction.merchantName ?? transaction.transactionDescription, amount: part.amount,
                        currency: transaction.transactionAmount.currency))
            }
        }
    }

    /// README, Categories: the codes this history uses, then the statement's category, then the type.
    static func builtInCategory(_ transaction: Transaction, statementCategory: String?) -> String {
        if let code = transaction.merchantCategoryCode {
            return [5411: "Groceries", 5812: "Dining", 5541: "Fuel & Car", 7011: "Lodging"][code] ?? "unexpected code \(code)"
        }
        if let statementCategory { return statementCategory }
        switch transaction.transactionType {
        case .fee: return "Fees"
        case .interest where transaction.creditDebitIndicator == .debit: return "Interest"
        case .atm: return "Cash"
        default: return "Uncategorized"
        }
    }

    /// README, Categories: everything a rule names must match.
    static func matches(_ rule: UserRule, _ transaction: Transaction) -> Bool {
        let amount = transaction.transactionAmount.units
        func contains(_ text: String?, _ part: String) -> Bool { text?.lowercased().contains(part.lowercased()) ?? false }
        if let code = rule.merchantCategoryCode, transaction.merchantCategoryCode != code { return false }
        if let account = rule.accountID, transaction.accountID != account { return false }
        if let type = rule.type, transaction.transactionType.forMoneyRules != type { return false }
        if let direction = rule.direction, transaction.creditDebitIndicator != direction { return false }
        if let minimum = rule.amountMin, amount < minimum { return false }
        if let maximum = rule.amountMax, amount > maximum { return false }
        if let merchant = rule.merchant, !contains(transaction.merchantName, merchant) { return false }
        if let description = rule.description, !contains(transaction.transactionDescription, description),
            !contains(transaction.originalTransactionDescription, description)
        {
            return false
        }
        return rule.descriptionRegex == nil
    }

    /// README, Internal transfers: every (debit, credit) of two accounts, same currency and
    /// amount, at most three days apart; the smallest gap first, then the lower IDs.
    static func transferPairs(_ candidates: [Transaction]) -> [String: String] {
        var options: [(gap: Int64, low: String, high: String, debit: String, credit: String)] = []
        for debit in candidates where debit.creditDebitIndicator == .debit {
            for credit in candidates
            where credit.creditDebitIndicator == .credit && credit.accountID != debit.accountID
                && credit.transactionAmount.units == debit.transactionAmount.units
                && credit.transactionAmount.currency == debit.transactionAmount.currency
            {
                let gap = abs(debit.transactionDate.epochSeconds - credit.transactionDate.epochSeconds)
                if gap <= maximumGap { options.append((gap, min(debit.id, credit.id), max(debit.id, credit.id), debit.id, credit.id)) }
            }
        }
        options.sort { ($0.gap, $0.low, $0.high) < ($1.gap, $1.low, $1.high) }
        var partners: [String: String] = [:]
        for option in options where partners[option.debit] == nil && partners[option.credit] == nil {
            partners[option.debit] = option.credit
            partners[option.credit] = option.debit
        }
        return partners
    }

    /// README, Statements beside Wallet or Sure data: per account, direction and amount, the
    /// matching of imported and synced rows at most three days apart with the most pairs, then
    /// the smallest total gap, then the earliest imported rows; found by trying every matching
    /// of each group of rows linked by such gaps. The imported rows it pairs.
    static func statementTwins(_ booked: [Transaction]) -> Set<String> {
        struct Key: Hashable {
            let account: String
            let debit: Bool
            let amount: Int64
            let currency: String
        }
        var twins: Set<String> = []
        let groups = Dictionary(grouping: booked) {
            Key(
                account: $0.accountID, debit: $0.creditDebitIndicator == .debit, amount: $0.transactionAmount.units,
                currency: $0.transactionAmount.currency)
        }
        for rows in groups.values {
            let order = { (left: Transaction, right: Transaction) in
                (left.transactionDate.epochSeconds, left.id) < (right.transactionDate.epochSeconds, right.id)
            }
            let imported = rows.filter(\.isFromStatement).sorted(by: order)
            let synced = rows.filter { !$0.isFromStatement }.sorted(by: order)
            func gap(_ i: Int, _ j: Int) -> Int64 {
                abs(imported[i].transactionDate.epochSeconds - synced[j].transactionDate.epochSeconds)
            }
            // Rows linked through gaps of three days at most match apart from the others.
            var component = Array(0..<(imported.count + synced.count))
            func root(_ index: Int) -> Int { component[index] == index ? index : root(component[index]) }
            for i in imported.indices {
                for j in synced.indices where gap(i, j) <= maximumGap { component[root(i)] = root(imported.count + j) }
            }
            for group in Set(imported.indices.map(root)) {
                let members = imported.indices.filter { root($0) == group }
                guard members.count <= 10 else {
                    Issue.record("\(members.count) imported rows in one group: too many to try every matching")
                    continue
                }
                var best: (pairs: Int, gap: Int64, paired: [Int])? = nil
                var used = Set<Int>()
                func search(_ position: Int, pairs: Int, total: Int64, paired: [Int]) {
                    guard position < members.count else {
                        // Better: more pairs, a smaller total gap, the earlier imported rows.
                        if let current = best,
                            (current.pairs, -current.gap) > (pairs, -total)
                                || ((current.pairs, current.gap) == (pairs, total) && !paired.lexicographicallyPrecedes(current.paired))
                        {
                            return
                        }
                        best = (pairs, total, paired)
                        return
                    }
                    let i = members[position]
                    for j in synced.indices where !used.contains(j) && gap(i, j) <= maximumGap {
                        used.insert(j)
                        search(position + 1, pairs: pairs + 1, total: total + gap(i, j), paired: paired + [i])
                        used.remove(j)
                    }
                    search(position + 1, pairs: pairs, total: total, paired: paired)
                }
                search(0, pairs: 0, total: 0, paired: [])
                for i in best?.paired ?? [] { twins.insert(imported[i].id) }
            }
        }
        return twins
    }

    /// The rows `report spending` must show: each account's local days `first` to `last` in
    /// its zone (every account's but an import's in `forced`), by `grouping`.
    func rows(
        first: CivilDate, last: CivilDate, includePending: Bool, forced: ReportTimeZone?, base: ReportTimeZone,
        grouping: SpendingReport.Grouping
    ) -> [String] {
        var zones: [String: ReportTimeZone] = [:]
        for account in accounts {
            let own = (account.userTimeZone ?? account.sourceTimeZone).flatMap(ReportTimeZone.init(identifier:))
            zones[account.id] = forced != nil && !account.id.hasPrefix(Account.statementIDPrefix) ? forced! : own ?? base
        }
        struct Key: Hashable {
            let period: YearMonth
            let key: String
            let category: String?
            let currency: String
        }
        var sums: [Key: (spent: Int64, refunded: Int64, count: Int)] = [:]
        for share in shares where includePending || !share.isPending {
            let zone = zones[share.accountID] ?? base
            guard share.time >= zone.startOfDay(first), share.time < zone.startOfDay(last.adding(days: 1)) else { continue }
            let period = YearMonth(zone.date(of: share.time))
            let key: Key
            switch grouping {
            case .category: key = Key(period: period, key: share.category, category: share.category, currency: share.currency)
            case .mcc:
                key = Key(
                    period: period, key: share.code.map { String(format: "%04d", $0) } ?? "", category: share.category,
                    currency: share.currency)
            case .merchant: key = Key(period: period, key: share.merchant, category: share.category, currency: share.currency)
            case .account: key = Key(period: period, key: share.accountID, category: nil, currency: share.currency)
            case .month: key = Key(period: period, key: "", category: nil, currency: share.currency)
            // The oracle's histories set no tags.
            case .tag: key = Key(period: period, key: "(no tag)", category: nil, currency: share.currency)
            // Nor people: their statements have no Purchased By.
            case .person: key = Key(period: period, key: "(no person)", category: nil, currency: share.currency)
            // Nor groups: each category stands alone.
            case .group: key = Key(period: period, key: share.category, category: nil, currency: share.currency)
            }
            var sum = sums[key] ?? (0, 0, 0)
            if share.isExpense { sum.spent += share.amount } else { sum.refunded += share.amount }
            sum.count += 1
            sums[key] = sum
        }
        return sums.map { key, sum in
            "\(key.period) \(key.key) \(key.category ?? "-") \(key.currency) \(sum.spent) \(sum.refunded) \(sum.count)"
        }
        .sorted()
    }
}

/// `report spending`'s rows in the oracle's form.
private func reportRows(
    _ store: LedgerStore, first: CivilDate, last: CivilDate, includePending: Bool, forced: ReportTimeZone?,
    grouping: SpendingReport.Grouping
) throws -> [String] {
    // As `CommandContext.reportAccounts` builds them: `--tz` is the base zone, forced.
    let accounts = try ReportAccounts(store: store, base: forced ?? OracleHistory.utc, forced: forced != nil)
    var scope = ReportScope(first: first, last: last, accounts: accounts)
    scope.includePending = includePending
    var months = [YearMonth(first)]
    while months.last! < YearMonth(last) { months.append(months.last!.adding(months: 1)) }
    return try SpendingAnalysis.report(store, scope: scope, months: months, grouping: grouping).rows.all.map {
        "\($0.period) \($0.key) \($0.category ?? "-") \($0.currency) \($0.spent) \($0.refunded) \($0.count)"
    }
    .sorted()
}

@Suite("Classification against an oracle")
struct ClassificationOracleTests {
    @Test(
        "random histories of transfer chains with growing gaps, pending rows, two zones, statement twins at the three-day edge, rules, overrides and deletions: after each step every spending grouping, over whole months and over ranges cut inside a chain, with and without pending rows and --tz, equals a naive classification of the whole ledger, and the check is clean",
        arguments: [11, 12, 13, 14, 15] as [UInt64])
    func reportsEqualTheOracle(seed: UInt64) throws {
        let history = try OracleHistory(seed: seed)
        let steps = 25 + history.random.below(16)
        for step in 0..<steps {
            let what = try history.randomStep()
            #expect(try history.keeper.check(history.store) == [], "seed \(seed) step \(step) (\(what))")
            let oracle = try ClassificationOracle(history.store)
            for (first, last) in history.randomRanges() {
                for forced in [nil, ReportTimeZone(identifier: history.pick(["Asia/Tokyo", "America/New_York", "UTC"]))] {
                    for includePending in [false, true] {
                        for grouping in SpendingReport.Grouping.allCases {
                            let actual = try reportRows(
                                history.store, first: first, last: last, includePending: includePending, forced: forced, grouping: grouping)
                            let expected = oracle.rows(
                                first: first, last: last, includePending: includePending, forced: forced, base: OracleHistory.utc,
                                grouping: grouping)
                            #expect(
                                actual == expected,
                                """
                                seed \(seed) step \(step) (\(what)): \(first) to \(last), \(grouping), pending \(includePending), \
                                tz \(forced?.identifier ?? "-")
                                """)
                        }
                    }
                }
            }
        }
    }

    @Test(
        "a 22-leg chain with growing gaps: --include-pending over a range cut inside the chain adds exactly the pending rows' spending, whatever day the range starts"
    )
    func pendingAddsOnlyThePendingRows() throws {
        let history = try OracleHistory(seed: 1)
        let hour = OracleHistory.hour
        // 300.00 from CHK to SAV as legs 0-1, 2-3, ...; the gaps grow from 2 hours to 73 (past
        // three days), so legs 20 and 21 stay apart and leg 20 is spent.
        var time = OracleHistory.start + 2 * OracleHistory.day + 9 * hour
        var rows: [SyncedRow] = []
        for leg in 0..<22 {
            rows.append(
                SyncedRow(
                    id: String(format: "L%02d", leg), account: leg % 2 == 0 ? "CHK" : "SAV", time: time, cents: 30_000,
                    indicator: leg % 2 == 0 ? "debit" : "credit", status: "booked", type: "billPayment", mcc: nil, merchant: nil,
                    description: String(format: "LEG %02d", leg)))
            time += 2 * hour + Int64(leg) * 71 * hour / 20
        }
        // Pending: a purchase, and a card debit of the chain's amount an hour after leg 19's credit.
        let purchase = SyncedRow(
            id: "P1", account: "CHK", time: rows[19].time - 2 * OracleHistory.day, cents: 2_000, indicator: "debit",
            status: "pending", type: "pointOfSale", mcc: 5411, merchant: "Corner Shop", description: "CORNER SHOP")
        let move = SyncedRow(
            id: "P2", account: "CARD", time: rows[19].time + hour, cents: 30_000, indicator: "debit", status: "authorized",
            type: "withdrawal", mcc: nil, merchant: nil, description: "TO SAVINGS")
        try history.sync(inserted: rows + [purchase, move])
        let utc = OracleHistory.utc
        let end = utc.date(of: rows[21].time)
        var first = utc.date(of: rows[0].time)
        var ranges = 0
        // Every first day up to the purchase's: the later ones cut the chain more than ten days in.
        while first <= utc.date(of: purchase.time) {
            let without = try reportRows(history.store, first: first, last: end, includePending: false, forced: nil, grouping: .category)
            let with = try reportRows(history.store, first: first, last: end, includePending: true, forced: nil, grouping: .category)
            var expected: [String: (spent: Int64, count: Int)] = [:]
            for line in without {
                let fields = line.split(separator: " ")
                expected[fields[0...3].joined(separator: " ")] = (Int64(fields[4])!, Int(fields[6])!)
            }
            // P2 pairs with leg 19's credit an hour before it (pending and booked pair alike),
            // so it is a transfer: only the purchase adds spending, and every booked row counts
            // as it does without pending.
            for (row, category) in [(purchase, "Groceries")] {
                let key = "\(YearMonth(utc.date(of: row.time))) \(category) \(category) USD"
                let sum = expected[key] ?? (0, 0)
                expected[key] = (sum.spent + Int64(row.cents) * 100, sum.count + 1)
            }
            #expect(with == expected.map { "\($0.key) \($0.value.spent) 0 \($0.value.count)" }.sorted(), "from \(first) to \(end)")
            first = first.adding(days: 1)
            ranges += 1
        }
        #expect(ranges > 20)
    }

    @Test(
        "a split purchase with a merchant category code counts as its parts whether the report reads the summary, the stored classification without texts (--tz, a range of days) or classifies as it goes"
    )
    func splitPurchaseWithCodeCountsEverywhere() throws {
        // Found by the random histories: read without texts, a row with a code has no ID, so
        // its split was not found and the row vanished from the report.
        let history = try OracleHistory(seed: 1)
        let purchase = SyncedRow(
            id: "T1", account: "CHK", time: OracleHistory.start + 45 * OracleHistory.day + 12 * OracleHistory.hour, cents: 11_800,
            indicator: "debit", status: "booked", type: "pointOfSale", mcc: 5411, merchant: "Corner Shop", description: "SHOP")
        try history.sync(inserted: [purchase])
        var split = TransactionOverride(transactionID: "T1")
        split.split = [.init(category: "Groceries", amount: 1_170_000), .init(category: "Home & Garden", amount: 10_000)]
        try history.store.transaction { try history.store.saveTransactionOverride(split, now: OracleHistory.now) }
        let november = YearMonth(year: 2026, month: 11)
        let oracle = try ClassificationOracle(history.store)
        for (first, last, forced) in [
            (november.firstDay, november.lastDay, nil), (november.firstDay, november.lastDay, ReportTimeZone(identifier: "Asia/Tokyo")),
            (CivilDate(year: 2026, month: 11, day: 10), CivilDate(year: 2026, month: 11, day: 20), nil),
        ] {
            for includePending in [false, true] {
                let byCategory = try reportRows(
                    history.store, first: first, last: last, includePending: includePending, forced: forced, grouping: .category)
                #expect(
                    byCategory == ["2026-11 Groceries Groceries USD 1170000 0 1", "2026-11 Home & Garden Home & Garden USD 10000 0 1"],
                    "\(first) to \(last), pending \(includePending), tz \(forced?.identifier ?? "-")")
                for grouping in SpendingReport.Grouping.allCases {
                    #expect(
                        try reportRows(
                            history.store, first: first, last: last, includePending: includePending, forced: forced, grouping: grouping)
                            == oracle.rows(
                                first: first, last: last, includePending: includePending, forced: forced, base: OracleHistory.utc,
                                grouping: grouping), "\(first) to \(last), \(grouping), pending \(includePending)")
                }
            }
        }
    }
}
