import Ledger
import Testing

@Suite("Budget periods")
struct BudgetPeriodTests {
    @Test(
        "each month belongs to one period, named as report budget names it",
        arguments: [
            (BudgetPeriod.month, "2026-11", "2026-11", "2026-11", "2026-11"),
            (.quarter, "2026-01", "2026-01", "2026-03", "2026-Q1"),
            (.quarter, "2026-11", "2026-10", "2026-12", "2026-Q4"),
            (.quarter, "2026-06", "2026-04", "2026-06", "2026-Q2"),
            (.year, "2026-07", "2026-01", "2026-12", "2026"),
            (.year, "2027-01", "2027-01", "2027-12", "2027"),
        ])
    func periodOfMonth(period: BudgetPeriod, month: String, first: String, last: String, label: String) {
        let month = YearMonth(iso: month)!
        #expect(period.first(of: month) == YearMonth(iso: first))
        #expect(period.last(of: month) == YearMonth(iso: last))
        #expect(period.label(of: month) == label)
    }
}
