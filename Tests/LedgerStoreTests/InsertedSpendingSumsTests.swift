import Ledger
import Testing

@testable import LedgerStore

/// What a sync adds up for the summary (`InsertedSpendingSums`) is what the `sum_inserted`
/// trigger adds, row by row: its rule, and its key compared as SQLite compares it.
@Suite struct InsertedSpendingSumsTests {
    private static let october = YearMonth(year: 2026, month: 10)

    private static func transaction(_ amount: Int64, mcc: Int? = 5812, currency: String = "USD") -> Transaction {
        Transaction(
            id: "T", accountID: "A", transactionDate: Timestamp(rfc3339: "2026-10-03T12:00:00Z")!,
            transactionAmount: Money(units: amount, currency: currency), creditDebitIndicator: .debit,
            transactionDescription: "CAFE", originalTransactionDescription: "CAFE", merchantCategoryCode: mcc,
            transactionType: .pointOfSale, status: .booked)
    }

    private static func classification(
        _ flow: Flow, _ category: String = "Dining", state: ClassificationState = .counted,
        source: CategorySource = .merchantCategoryCode(5812)
    ) -> Classification {
        Classification(
            state: state, flow: flow, category: category, categorySource: source, reason: .expense, partnerID: nil, month: october)
    }

    @Test func onlyCountedExpensesAndRefundsNotSplitsAreSummed() {
        var sums = InsertedSpendingSums(trigger: "", packTrigger: "")
        sums.add(Self.transaction(50_000), Self.classification(.expense))
        sums.add(Self.transaction(20_000), Self.classification(.refund))
        sums.add(Self.transaction(1_000_000), Self.classification(.income))
        sums.add(Self.transaction(70_000), Self.classification(.transfer))
        sums.add(Self.transaction(30_000), Self.classification(.expense, state: .pending))
        sums.add(Self.transaction(40_000), Self.classification(.expense, source: .split))
        sums.add(Self.transaction(60_000), nil)
        sums.add(Self.transaction(80_000, mcc: nil), Self.classification(.expense))

        let key = InsertedSpendingSums.Key(month: 202_610, accountID: "A", category: "Dining", merchantCategoryCode: 5812, currency: "USD")
        #expect(sums.rows.count == 2)
        #expect(sums.rows[key]?.spent == SpendingSum(low: 50_000))
        #expect(sums.rows[key]?.refunded == SpendingSum(low: 20_000))
        #expect(sums.rows[key]?.count == 2)
        let noMCC = InsertedSpendingSums.Key(month: 202_610, accountID: "A", category: "Dining", merchantCategoryCode: -1, currency: "USD")
        #expect(sums.rows[noMCC]?.spent == SpendingSum(low: 80_000))
    }

    @Test func aCategorySpelledTwoWaysIsTwoRowsAsInSQLite() {
        var sums = InsertedSpendingSums(trigger: "", packTrigger: "")
        sums.add(Self.transaction(10_000), Self.classification(.expense, "Caf\u{E9}"))
        sums.add(Self.transaction(10_000), Self.classification(.expense, "Cafe\u{301}"))
        #expect(sums.rows.count == 2)
    }

    @Test func sumsPastSixtyFourBitsStayExact() {
        var sums = InsertedSpendingSums(trigger: "", packTrigger: "")
        for _ in 0..<3 { sums.add(Self.transaction(.max), Self.classification(.expense)) }
        let row = sums.rows.values.first
        let total = Int128(Int64.max) * 3
        #expect(row.map { Int128($0.spent.high) * Int128(SpendingSum.base) + Int128($0.spent.low) } == total)
    }

    @Test func rowsAreWrittenInTheSummarysKeyOrder() {
        var sums = InsertedSpendingSums(trigger: "", packTrigger: "")
        func add(_ category: String, account: String = "A", mcc: Int? = 5812, currency: String = "USD") {
            var transaction = Self.transaction(10_000, mcc: mcc, currency: currency)
            transaction = Transaction(
                id: "T", accountID: account, transactionDate: transaction.transactionDate,
                transactionAmount: transaction.transactionAmount, creditDebitIndicator: .debit, transactionDescription: "CAFE",
                originalTransactionDescription: "CAFE", merchantCategoryCode: mcc, transactionType: .pointOfSale, status: .booked)
            sums.add(transaction, Self.classification(.expense, category))
        }
        add("Travel")
        add("Caf\u{E9}")
        add("Cafe\u{301}")
        add("Dining", currency: "EUR")
        add("Dining", mcc: nil)
        add("Dining")
        add("Zoo", account: "0")
        // By bytes: "Cafe" + U+0301 before "Caf" + U+00E9 (0x65 < 0xC3); -1 for no MCC first.
        #expect(
            sums.rowsInKeyOrder.map { "\($0.key.accountID) \($0.key.category) \($0.key.merchantCategoryCode) \($0.key.currency)" } == [
                "0 Zoo 5812 USD", "A Cafe\u{301} 5812 USD", "A Caf\u{E9} 5812 USD", "A Dining -1 USD", "A Dining 5812 EUR",
                "A Dining 5812 USD", "A Travel 5812 USD",
            ])
    }
}
