import Analytics
import Ledger

/// `purse explain --projected` as text, CSV and JSON: the parts of one budget's projection.
public enum BudgetProjectionRendering {
    static let csvHeader = ["category", "currency", "part", "from", "to", "merchant", "account", "days", "amount"]

    /// One row per part, in the order they add up: so far, each charge due, the window's net, its
    /// recurring charges and what is left of it, the non-recurring part, the projection.
    public static func csv(_ projection: BudgetProjection, write: @escaping (String) -> Void) {
        let csv = CSVWriter(header: csvHeader, write: write)
        let currency = projection.currency
        func row(
            _ part: String, _ from: CivilDate, _ to: CivilDate, days: Int?, _ amount: Int64?, merchant: String = "", account: String = ""
        ) {
            csv.row([
                .text(projection.category), .text(currency), .text(part), .number(from.description), .number(to.description),
                .text(merchant), .text(account), days.map { .number(String($0)) } ?? .empty,
                amount.map { .number(MoneyFormat.machine($0, currency: currency)) } ?? .empty,
            ])
        }
        row("so_far", projection.firstDay, projection.today, days: elapsedDays(projection), projection.soFar)
        for due in projection.due {
            row("due", due.date, due.date, days: nil, due.amount, merchant: due.merchant, account: due.accountName)
        }
        let first = projection.windowFirst.firstDay
        let last = projection.windowLast.lastDay
        row("window_net", first, last, days: projection.windowDays, projection.windowNet)
        row("window_recurring", first, last, days: projection.windowDays, projection.windowRecurring)
        row("non_recurring_net", first, last, days: projection.windowDays, projection.nonRecurringNet)
        row("non_recurring", projection.today.adding(days: 1), projection.lastDay, days: projection.daysLeft, projection.nonRecurring)
        row(
            "projected", projection.firstDay, projection.lastDay,
            days: projection.lastDay.daysSinceEpoch - projection.firstDay.daysSinceEpoch + 1, projection.projected)
    }

    /// The period's days up to today.
    static func elapsedDays(_ projection: BudgetProjection) -> Int {
        max(0, projection.today.daysSinceEpoch - projection.firstDay.daysSinceEpoch + 1)
    }

    public static func json(_ projection: BudgetProjection) -> JSONOutput {
        let currency = projection.currency
        func money(_ units: Int64) -> JSONOutput { .string(MoneyFormat.machine(units, currency: currency)) }
        var members: [(String, JSONOutput)] = [
            ("schema", .string("purse.projection.v1")),
            ("category", .string(projection.category)),
            ("currency", .string(currency)),
            ("all_currencies", .bool(projection.allCurrencies)),
            ("first_day", .string(projection.firstDay.description)),
            ("last_day", .string(projection.lastDay.description)),
            ("today", .string(projection.today.description)),
            ("so_far", money(projection.soFar)),
            (
                "due",
                .array(
                    projection.due.map { due in
                        .object([
                            ("date", .string(due.date.description)),
                            ("merchant", .string(due.merchant)),
                            ("account_id", .string(due.accountID)),
                            ("account", .string(due.accountName)),
                            ("amount", .optional(due.amount.map { MoneyFormat.machine($0, currency: currency) })),
                            ("original_currency", .string(due.originalCurrency)),
                            ("original_amount", .string(MoneyFormat.machine(due.originalAmount, currency: due.originalCurrency))),
                        ])
                    })
            ),
            ("due_total", money(projection.dueTotal)),
            (
                "window",
                .object([
                    ("first_month", .string(projection.windowFirst.description)),
                    ("last_month", .string(projection.windowLast.description)),
                    ("days", .integer(Int64(projection.windowDays))),
                    ("net", money(projection.windowNet)),
                    ("recurring", money(projection.windowRecurring)),
                    ("non_recurring_net", money(projection.nonRecurringNet)),
                ])
            ),
            ("days_left", .integer(Int64(projection.daysLeft))),
            ("non_recurring", money(projection.nonRecurring)),
            ("projected", money(projection.projected)),
        ]
        if projection.allCurrencies { members.append(("unconverted", ConversionRendering.jsonValue(projection.unconverted))) }
        return .object(members)
    }

    public static func text(_ projection: BudgetProjection, style: TextStyle) -> String {
        let currency = projection.currency
        func money(_ units: Int64) -> String { MoneyFormat.text(units, currency: currency) }
        func day(_ date: CivilDate) -> String { SummaryTextRendering.day(date) }
        var output = "\(projection.category) (\(currency)): projected \(money(projection.projected)) by \(day(projection.lastDay))\n"
        output += "The period \(day(projection.firstDay)) to \(day(projection.lastDay)), as of \(day(projection.today))"
        output += projection.allCurrencies ? "; every currency converted into \(currency).\n" : ".\n"
        var table = TextTable(columns: [.init("Part"), .init("Amount", .right)])
        table.append(["So far, \(day(projection.firstDay)) to \(day(projection.today))", money(projection.soFar)])
        for due in projection.due {
            table.append(["Due \(day(due.date)): \(due.merchant) (\(due.accountName))", due.amount.map(money) ?? "no rate"])
        }
        table.append(["Not recurring, \(projection.daysLeft) days left", money(projection.nonRecurring)])
        table.append(["Projected", money(projection.projected)])
        output += "\n" + table.rendered()
        let window = MonthName.span([projection.windowFirst, projection.windowLast])
        output += "\nNot recurring: net \(money(projection.windowNet)) in \(window) (\(projection.windowDays) days),\n"
        output += "  less \(money(projection.windowRecurring)) of recurring charges = \(money(projection.nonRecurringNet)); "
        output += "x \(projection.daysLeft) days left / \(projection.windowDays) days = \(money(projection.nonRecurring)).\n"
        if projection.due.isEmpty { output += "No recurring charge of the category is due by \(day(projection.lastDay)).\n" }
        return output + ConversionText.lines(projection.unconverted)
    }
}
