import Foundation
import Ledger
import PurseTestSupport
import WalletExporter
import WalletExporterTestSupport

/// Random but seeded things happening in Wallet: accounts shared, changed, unshared and shared
/// again; purchases that are pending and book later, refunds, updates and deletions; balance
/// observations; FinanceKit compacting its history. Every field of every record varies,
/// optional ones included, with text that needs escaping and values purse does not know.
struct RandomHistory {
    var random: SeededRandom
    let store: SimulatedFinanceStore
    private var accountsMade = 0
    private var nextID: UInt64 = 0

    init(seed: UInt64, store: SimulatedFinanceStore) {
        random = SeededRandom(state: seed)
        self.store = store
    }

    /// Applies `count` random operations to the store.
    mutating func happen(_ count: Int) {
        for _ in 0..<count { happenOnce() }
    }

    private mutating func happenOnce() {
        let accounts = store.sharedAccounts
        if accounts.count < 2 && accountsMade < 4 || accounts.isEmpty {
            if let again = store.unsharedAccounts.first, accountsMade >= 4 {
                store.share(again)
            } else {
                store.share(newAccount())
            }
            return
        }
        let account = accounts[random.below(accounts.count)]
        let transactions = store.sharedTransactions.filter { $0.accountID == account.id }
        let balances = store.sharedBalances.filter { $0.accountID == account.id }
        let roll = random.below(100)
        switch roll {
        case 0..<34:
            store.insert(newTransaction(account))
        case 34..<44 where !transactions.filter({ $0.status == .pending }).isEmpty:
            let pending = transactions.filter { $0.status == .pending }
            var booked = pending[random.below(pending.count)]
            booked.status = .booked
            booked.postedDate = timestamp(after: booked.transactionDate)
            store.update(booked)
        case 44..<54 where !transactions.isEmpty:
            var changed = transactions[random.below(transactions.count)]
            changed.merchantName = pick(Self.merchants)
            changed.transactionDescription = pick(Self.descriptions)
            changed.transactionAmount = amount(account.currencyCode)
            store.update(changed)
        case 54..<62 where !transactions.isEmpty:
            store.deleteTransaction(id: transactions[random.below(transactions.count)].id, accountID: account.id)
        case 62..<74:
            store.insert(newBalance(account))
        case 74..<79 where !balances.isEmpty:
            var changed = newBalance(account)
            changed.id = balances[random.below(balances.count)].id
            store.update(changed)
        case 79..<83 where !balances.isEmpty:
            store.deleteBalance(id: balances[random.below(balances.count)].id, accountID: account.id)
        case 83..<89:
            var changed = account
            changed.displayName = pick(Self.names)
            changed.accountDescription = random.below(2) == 0 ? nil : pick(Self.descriptions)
            if changed.kind == .liability { changed.creditInformation = creditInformation(changed.currencyCode) }
            store.update(changed)
        case 89..<92 where accounts.count > 1:
            store.unshare(accountID: account.id)
        case 92..<95:
            if let again = store.unsharedAccounts.first {
                store.share(again)
            } else if accountsMade < 4 {
                store.share(newAccount())
            }
        case 95..<97:
            let streams: [LedgerStream] = [.accounts, .balances(accountID: account.id), .transactions(accountID: account.id)]
            store.compactHistory(of: random.below(4) == 0 ? nil : streams[random.below(streams.count)])
        default:
            store.insert(newTransaction(account))
        }
    }

    // MARK: - Records

    static let names = ["Apple Card", "Apple Cash", "Savings", "Current Account", "Compte \"joint\"", "Ключ 🔑", "Tab\there"]
    static let institutions = ["Apple", "Monzo", "Banque de France", "Chase \\ Co"]
    static let merchants = ["Whole Foods", "Café Olé", "Lyft", "\"Quoted\" Inc", "Back\\slash", "日本食堂", "Emoji 🛒", "Line\nBreak"]
    static let descriptions = [
        "WHOLE FOODS #123", "LYFT   *RIDE YGS 7291", "", "Refund: café", "Control \u{1}\u{1F}", "Tab\tand \"quote\"", "=SUM(A1)",
    ]
    static let currencies = ["USD", "USD", "GBP", "EUR", "JPY"]
    static let zones = ["America/New_York", "Europe/London", "Asia/Kolkata", "UTC", "Australia/Adelaide"].map { TimeZone(identifier: $0)! }

    private mutating func newAccount() -> Account {
        accountsMade += 1
        let currency = pick(Self.currencies)
        let isCard = random.below(3) == 0
        return Account(
            id: newID(), kind: isCard ? .liability : .asset, displayName: pick(Self.names), institutionName: pick(Self.institutions),
            accountDescription: random.below(2) == 0 ? nil : pick(Self.descriptions), currencyCode: currency,
            openingDate: random.below(4) == 0 ? nil : timestamp(),
            creditInformation: isCard ? creditInformation(currency) : nil)
    }

    private mutating func creditInformation(_ currency: String) -> CreditInformation {
        CreditInformation(
            creditLimit: amount(currency), minimumNextPaymentAmount: random.below(2) == 0 ? nil : amount(currency),
            nextPaymentDueDate: random.below(2) == 0 ? nil : timestamp(),
            overduePaymentAmount: random.below(3) == 0 ? amount(currency) : nil)
    }

    private mutating func newTransaction(_ account: Account) -> Transaction {
        let date = timestamp()
        let status = pick([TransactionStatus.pending, .pending, .booked, .booked, .booked, .authorized, .memo, .rejected])
        let foreign = random.below(5) == 0
        return Transaction(
            id: newID(), accountID: account.id, transactionDate: date,
            postedDate: status == .booked ? timestamp(after: date) : nil, transactionAmount: amount(account.currencyCode),
            foreignCurrencyAmount: foreign ? amount(pick(["EUR", "CHF", "JPY"])) : nil,
            foreignCurrencyExchangeRate: foreign ? pick(["1.0825", "0.9", "151.27", "1"]) : nil,
            creditDebitIndicator: pick([.debit, .debit, .credit]), transactionDescription: pick(Self.descriptions),
            originalTransactionDescription: pick(Self.descriptions),
            merchantCategoryCode: random.below(4) == 0 ? nil : pick([5411, 5812, 4121, 0, 9999, 6011]),
            merchantName: random.below(4) == 0 ? nil : pick(Self.merchants),
            transactionType: random.below(30) == 0
                ? .unrecognized("cryptoPurchase") : pick([.pointOfSale, .refund, .transfer, .directDeposit, .fee, .atm, .unknown]),
            status: status)
    }

    private mutating func newBalance(_ account: Account) -> AccountBalance {
        func side() -> Balance {
            Balance(amount: amount(account.currencyCode), asOfDate: timestamp(), creditDebitIndicator: pick([.credit, .debit]))
        }
        let which = random.below(3)
        // At least one side is always there.
        return AccountBalance(
            id: newID(), accountID: account.id, currencyCode: account.currencyCode, available: which != 1 ? side() : nil,
            booked: which != 0 ? side() : nil)!
    }

    private mutating func amount(_ currency: String) -> Money {
        let units: Int64
        switch random.below(10) {
        case 0: units = Int64(random.below(10)) + 1
        case 1: units = Int64(random.below(1_000_000_000)) * 10_000
        default: units = Int64(random.below(500_000)) * 100
        }
        return Money(units: units, currency: currency)
    }

    /// A moment in 2025 or 2026, in one of several zones, sometimes with milliseconds.
    private mutating func timestamp(after earlier: Timestamp? = nil) -> Timestamp {
        let start = earlier.map { Double($0.epochSeconds) + 3600 } ?? 1_735_689_600
        var seconds = start + Double(random.below(earlier == nil ? 63_000_000 : 400_000))
        if random.below(3) == 0 { seconds += Double(random.below(1000)) / 1000 }
        return ExportTimestamp.timestamp(Date(timeIntervalSince1970: seconds), in: pick(Self.zones))
    }

    private mutating func newID() -> String {
        nextID += 1
        let hex = String(random.next() ^ nextID, radix: 16, uppercase: true)
        let digits = String(repeating: "0", count: 16 - hex.count) + hex + String(format: "%016llX", nextID)
        let characters = Array(digits)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
    }

    private mutating func pick<T>(_ values: [T]) -> T {
        values[random.below(values.count)]
    }
}
