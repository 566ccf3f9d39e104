import Ledger

@testable import Analytics
@testable import LedgerStore

/// Two accounts, one with a zone of its own, and three transactions: one plain, one split and
/// excluded with a note and tags, one refund in a foreign currency with a linked order.
enum ListingFixtures {
    static let card = LedgerAccount(
        id: "ACC-CARD-0001", displayName: "Apple Card", syncedName: "Apple Card", institutionName: "Apple", kind: .liability,
        currency: "USD", sourceName: "Ana's iPhone", sourceID: "SRC-1", sourceTimeZone: "America/New_York")
    static let savings = LedgerAccount(
        id: "ACC-SAVE-0002", displayName: "Savings", syncedName: "Savings", institutionName: "Bank, \"Main\"", kind: .asset,
        currency: "USD", sourceName: "Ana's iPhone", sourceID: "SRC-1", isHidden: true)
    static let accounts = ReportAccounts([card, savings], base: ReportTimeZone(identifier: "UTC")!)

    static func classification(_ flow: Flow, _ category: String, _ source: CategorySource, state: ClassificationState = .counted)
        -> Classification
    {
        Classification(
            state: state, flow: flow, category: category, categorySource: source, reason: .expense, partnerID: nil,
            month: YearMonth(year: 2026, month: 10))
    }

    static func record(
        _ id: String, account: LedgerAccount, date: String, amount: Int64, currency: String = "USD",
        indicator: CreditDebitIndicator = .debit,
        mcc: Int? = nil, merchant: String?, description: String, type: TransactionType = .pointOfSale, status: TransactionStatus = .booked,
        foreign: Money? = nil, rate: String? = nil
    ) -> TransactionRecord {
        TransactionRecord(
            transaction: Transaction(
                id: id, accountID: account.id, transactionDate: Timestamp(rfc3339: date)!,
                postedDate: Timestamp(rfc3339: date), transactionAmount: Money(units: amount, currency: currency),
                foreignCurrencyAmount: foreign, foreignCurrencyExchangeRate: rate, creditDebitIndicator: indicator,
                transactionDescription: description, originalTransactionDescription: description.uppercased(),
                merchantCategoryCode: mcc, merchantName: merchant, transactionType: type, status: status),
            accountName: account.displayName, statementCategory: nil, stored: nil)
    }

    static var listed: [ListedTransaction] {
        [
            ListedTransaction(
                record: record(
                    "T1", account: card, date: "2026-10-01T02:30:00Z", amount: 54_2000, mcc: 5411, merchant: "Whole Foods",
                    description: "WHOLEFDS 123"),
                lines: [.init(amount: 54_2000, classification: classification(.expense, "Groceries", .merchantCategoryCode(5411)))],
                override: nil, orderID: nil),
            ListedTransaction(
                record: record(
                    "T2", account: savings, date: "2026-10-02T12:00:00Z", amount: 30_0000, merchant: nil, description: "=Market"),
                lines: [
                    .init(
                        amount: 10_0000, classification: classification(.expense, "Groceries", .split, state: .excluded),
                        tags: ["family", "food"]),
                    .init(
                        amount: 20_0000, classification: classification(.expense, "Dining", .split, state: .excluded),
                        tags: ["family", "food"]),
                ],
                override: TransactionOverride(
                    transactionID: "T2", note: "weekly, \"shop\"", tags: ["family", "food"], isExcluded: true,
                    split: [.init(category: "Groceries", amount: 10_0000), .init(category: "Dining", amount: 20_0000)]),
                orderID: nil),
            ListedTransaction(
                record: record(
                    "T3", account: card, date: "2026-10-03T15:00:00Z", amount: 1_2500, indicator: .credit, mcc: 42, merchant: "Café",
                    description: "Refund", type: .refund, status: .pending, foreign: Money(units: 1_1000, currency: "EUR"), rate: "1.136"),
                lines: [.init(amount: 1_2500, classification: classification(.refund, "Dining", .rule(id: 3), state: .pending))],
                override: TransactionOverride(transactionID: "T3"), orderID: "order-7"),
        ]
    }
}
