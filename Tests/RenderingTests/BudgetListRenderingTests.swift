import Ledger
import LedgerStore
import Rendering
import Testing

@Suite("Budget list rendering")
struct BudgetListRenderingTests {
    static let records = [
        BudgetRecord(
            category: "Groceries", currency: "USD", firstMonth: YearMonth(year: 2026, month: 8), amount: 3000_0000, rollover: .all),
        BudgetRecord(
            category: "Dining", currency: "JPY", firstMonth: YearMonth(year: 2026, month: 8), amount: 15000_0000, rollover: .surplus),
        BudgetRecord(category: "Dining", currency: "JPY", firstMonth: YearMonth(year: 2026, month: 10), amount: nil, rollover: .surplus),
    ]

    @Test("CSV: a removal has no amount and says removed")
    func csv() {
        var output = ""
        BudgetListRendering.csv(Self.records) { output += $0 }
        #expect(
            output == #"""
                category,currency,from,amount,rollover
                Groceries,USD,2026-08,3000.00,all
                Dining,JPY,2026-08,15000,surplus
                Dining,JPY,2026-10,,removed

                """#)
    }

    @Test("JSON: purse.budgets.v1")
    func json() {
        #expect(
            BudgetListRendering.json(Self.records).pretty + "\n" == #"""
                {
                  "schema": "purse.budgets.v1",
                  "budgets": [
                    {
                      "category": "Groceries",
                      "currency": "USD",
                      "from": "2026-08",
                      "amount": "3000.00",
                      "rollover": "all",
                      "removed": false
                    },
                    {
                      "category": "Dining",
                      "currency": "JPY",
                      "from": "2026-08",
                      "amount": "15000",
                      "rollover": "surplus",
                      "removed": false
                    },
                    {
                      "category": "Dining",
                      "currency": "JPY",
                      "from": "2026-10",
                      "amount": null,
                      "rollover": "surplus",
                      "removed": true
                    }
                  ]
                }

                """#)
    }

    @Test("Text: a table, a removal shown as removed")
    func text() {
        #expect(
            BudgetListRendering.text(Self.records) == #"""
                Category   Currency  From        Amount  Rollover
                ---------  --------  -------  ---------  --------
                Groceries  USD       2026-08  $3,000.00  all
                Dining     JPY       2026-08    ¥15,000  surplus
                Dining     JPY       2026-10    removed

                """#)
        #expect(BudgetListRendering.text([]) == "No budgets yet. Set one with: purse budget set CATEGORY AMOUNT [--currency C]\n")
    }
}
