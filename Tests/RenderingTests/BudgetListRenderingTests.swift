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
            category: "Dining", currency: "JPY", firstMonth: YearMonth(year: 2026, month: 7), amount: 15000_0000, rollover: .surplus,
            period: .quarter),
        BudgetRecord(
            category: "Dining", currency: "JPY", firstMonth: YearMonth(year: 2026, month: 10), amount: nil, rollover: .surplus,
            period: .quarter),
    ]

    @Test("CSV: each entry's period; a removal has no amount nor period and says removed")
    func csv() {
        var output = ""
        BudgetListRendering.csv(Self.records) { output += $0 }
        #expect(
            output == #"""
                category,currency,from,amount,rollover,period
                Groceries,USD,2026-08,3000.00,all,month
                Dining,JPY,2026-07,15000,surplus,quarter
                Dining,JPY,2026-10,,removed,

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
                      "period": "month",
                      "removed": false
                    },
                    {
                      "category": "Dining",
                      "currency": "JPY",
                      "from": "2026-07",
                      "amount": "15000",
                      "rollover": "surplus",
                      "period": "quarter",
                      "removed": false
                    },
                    {
                      "category": "Dining",
                      "currency": "JPY",
                      "from": "2026-10",
                      "amount": null,
                      "rollover": "surplus",
                      "period": "quarter",
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
                Category   Currency  From        Amount  Period   Rollover
                ---------  --------  -------  ---------  -------  --------
                Groceries  USD       2026-08  $3,000.00  month    all
                Dining     JPY       2026-07    ¥15,000  quarter  surplus
                Dining     JPY       2026-10    removed

                """#)
        #expect(BudgetListRendering.text([]) == "No budgets yet. Set one with: purse budget set CATEGORY AMOUNT [--currency C]\n")
    }

    @Test("a budget in every currency: all_currencies in CSV and JSON, said in the text's rollover")
    func everyCurrency() {
        let records =
            [
                BudgetRecord(
                    category: "Travel", currency: "USD", firstMonth: YearMonth(year: 2026, month: 10), amount: 2000_0000, rollover: .none,
                    allCurrencies: true)
            ] + Self.records.prefix(1)
        var csv = ""
        BudgetListRendering.csv(records) { csv += $0 }
        #expect(
            csv == #"""
                category,currency,from,amount,rollover,period,all_currencies
                Travel,USD,2026-10,2000.00,none,month,true
                Groceries,USD,2026-08,3000.00,all,month,false

                """#)
        let json = BudgetListRendering.json(records).pretty
        #expect(json.contains(#""rollover": "none",\#n      "period": "month",\#n      "removed": false,\#n      "all_currencies": true"#))
        #expect(json.contains(#""all_currencies": false"#))
        #expect(BudgetListRendering.text(records).contains("none, every currency"))
    }
}
