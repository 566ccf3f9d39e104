import LedgerStore

/// `purse budget list`: every budget's history, a removal included, as text, CSV and JSON, each
/// entry with how long its amount lasts (`period`, empty on a removal in CSV and text). A
/// budget in every currency (`--all-currencies`) adds `all_currencies` to CSV and JSON, only
/// when there is one, so other listings stay as they were; likewise `scope` (`category` or
/// `group`) when a budget is over a group, which text marks `(group)`.
public enum BudgetListRendering {
    static func anyInEveryCurrency(_ records: [BudgetRecord]) -> Bool { records.contains(where: \.allCurrencies) }
    /// Whether a budget is over a group: `scope` is added only then.
    static func anyOverGroup(_ records: [BudgetRecord]) -> Bool { records.contains { $0.scope == .group } }

    public static func csv(_ records: [BudgetRecord], write: @escaping (String) -> Void) {
        let every = anyInEveryCurrency(records)
        let groups = anyOverGroup(records)
        let csv = CSVWriter(
            header: ["category", "currency", "from", "amount", "rollover", "period"] + (every ? ["all_currencies"] : [])
                + (groups ? ["scope"] : []), write: write)
        for record in records {
            csv.row(
                [
                    .text(record.category), .text(record.currency), .number(record.firstMonth.description),
                    record.amount.map { .number(MoneyFormat.machine($0, currency: record.currency)) } ?? .empty,
                    .text(record.amount == nil ? "removed" : record.rollover.rawValue),
                    record.amount == nil ? .empty : .text(record.period.rawValue),
                ] + (every ? [.text(record.allCurrencies ? "true" : "false")] : []) + (groups ? [.text(record.scope.rawValue)] : []))
        }
    }

    public static func json(_ records: [BudgetRecord]) -> JSONOutput {
        let every = anyInEveryCurrency(records)
        let groups = anyOverGroup(records)
        return .object([
            ("schema", .string("purse.budgets.v1")),
            (
                "budgets",
                .array(
                    records.map { record in
                        .object(
                            [
                                ("category", .string(record.category)), ("currency", .string(record.currency)),
                                ("from", .string(record.firstMonth.description)),
                                ("amount", .optional(record.amount.map { MoneyFormat.machine($0, currency: record.currency) })),
                                ("rollover", .string(record.rollover.rawValue)), ("period", .string(record.period.rawValue)),
                                ("removed", .bool(record.amount == nil)),
                            ] + (every ? [("all_currencies", .bool(record.allCurrencies))] : [])
                                + (groups ? [("scope", .string(record.scope.rawValue))] : []))
                    })
            ),
        ])
    }

    public static func text(_ records: [BudgetRecord]) -> String {
        guard !records.isEmpty else { return "No budgets yet. Set one with: purse budget set CATEGORY AMOUNT [--currency C]\n" }
        var table = TextTable(columns: [
            .init("Category", maximumWidth: 28), .init("Currency"), .init("From"),
            .init("Amount", .right), .init("Period"), .init("Rollover"),
        ])
        for record in records {
            table.append([
                record.category + (record.scope == .group ? " (group)" : ""), record.currency, record.firstMonth.description,
                record.amount.map { MoneyFormat.text($0, currency: record.currency) } ?? "removed",
                record.amount == nil ? "" : record.period.rawValue,
                record.amount == nil ? "" : record.rollover.rawValue + (record.allCurrencies ? ", every currency" : ""),
            ])
        }
        return table.rendered()
    }
}
