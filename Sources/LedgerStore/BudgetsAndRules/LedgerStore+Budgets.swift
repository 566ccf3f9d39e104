import Ledger
import Storage

extension LedgerStore {
    /// Whether budgets can count every currency (`all_currencies`, migration 19).
    var hasAllCurrencyBudgets: Bool { openedSchemaVersion >= 19 }
    /// Whether budgets can last a quarter or a year (`period`, migration 21).
    var hasBudgetPeriods: Bool { openedSchemaVersion >= 21 }

    /// Every budget entry, by category, currency and month.
    public func budgetRecords() throws -> [BudgetRecord] {
        let query = try connection.prepare(
            """
            SELECT category, currency, first_month, amount, rollover, \(hasAllCurrencyBudgets ? "all_currencies" : "0"),
                \(hasBudgetPeriods ? "period" : "'month'"), \(hasCategoryGroups ? "scope" : "'category'")
            FROM budgets ORDER BY category, currency, first_month
            """)
        var records: [BudgetRecord] = []
        while try query.step() {
            guard let month = YearMonth(iso: query.text(2)) else { continue }
            records.append(
                BudgetRecord(
                    category: query.text(0), currency: query.text(1), firstMonth: month,
                    amount: query.optionalInt64(3),
                    rollover: BudgetRecord.Rollover(rawValue: query.text(4)) ?? .none,
                    period: BudgetPeriod(rawValue: query.text(6)) ?? .month, allCurrencies: query.int64(5) != 0,
                    scope: BudgetRecord.Scope(rawValue: query.text(7)) ?? .category))
        }
        return records
    }

    /// Sets (or replaces) the entry starting at `record.firstMonth`; later entries stay. A group's
    /// name is never a category's (`purse categories group` refuses one), so the category column
    /// holds either.
    public func saveBudget(_ record: BudgetRecord, now: Timestamp) throws {
        try connection.cached(
            """
            INSERT INTO budgets (category, currency, first_month, amount, rollover, all_currencies, period, scope, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (category, currency, first_month) DO UPDATE SET amount = excluded.amount, rollover = excluded.rollover,
                all_currencies = excluded.all_currencies, period = excluded.period, scope = excluded.scope
            """
        ).run([
            .text(record.category), .text(record.currency), .text(record.firstMonth.description),
            record.amount.map(SQLValue.integer) ?? .null, .text(record.rollover.rawValue), .integer(record.allCurrencies ? 1 : 0),
            .text(record.period.rawValue), .text(record.scope.rawValue), .text(now.text),
        ])
    }

    /// Removes the entries of a budget that start after `first` up to `last`, inclusive: a
    /// quarter or year set from `first` lasts its whole period. Returns their first months.
    public func removeBudgetEntries(category: String, currency: String, after first: YearMonth, through last: YearMonth) throws
        -> [YearMonth]
    {
        let removed = try budgetRecords().filter {
            $0.category == category && $0.currency == currency && $0.firstMonth > first && $0.firstMonth <= last
        }
        for record in removed {
            try connection.cached("DELETE FROM budgets WHERE category = ? AND currency = ? AND first_month = ?").run([
                .text(category), .text(currency), .text(record.firstMonth.description),
            ])
        }
        return removed.map(\.firstMonth)
    }

    /// The currencies of the ledger's accounts, most used first.
    public func accountCurrencies() throws -> [String] {
        let query = try connection.prepare("SELECT currency FROM accounts GROUP BY currency ORDER BY count(*) DESC, currency")
        var currencies: [String] = []
        while try query.step() { currencies.append(query.text(0)) }
        return currencies
    }
}
