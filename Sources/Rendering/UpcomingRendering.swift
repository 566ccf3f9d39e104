import Analytics
import Ledger

/// `report upcoming` as CSV, JSON and text.
public enum UpcomingRendering {
    static let csvHeader = ["date", "account_id", "account", "merchant", "category", "direction", "amount", "currency", "cadence"]

    public static func csv(_ report: UpcomingReport, write: @escaping (String) -> Void) {
        let csv = CSVWriter(header: csvHeader, write: write)
        for row in report.rows {
            csv.row([
                .number(row.date.description), .text(row.accountID), .text(row.accountName), .text(row.merchant), .text(row.category),
                .text(row.direction.rawValue), .number(MoneyFormat.machine(row.amount, currency: row.currency)), .text(row.currency),
                .text(row.cadence.rawValue),
            ])
        }
    }

    static func machine(_ units: Int64?, _ currency: String?) -> JSONOutput {
        guard let units, let currency else { return .null }
        return .string(MoneyFormat.machine(units, currency: currency))
    }

    static func jsonObject(_ row: UpcomingReport.Row, balanceCurrency: String?) -> JSONOutput {
        .object([
            ("date", .string(row.date.description)),
            ("account_id", .string(row.accountID)),
            ("account", .string(row.accountName)),
            ("merchant", .string(row.merchant)),
            ("category", .string(row.category)),
            ("direction", .string(row.direction.rawValue)),
            ("flow", .string(row.flow.rawValue)),
            ("amount", .string(MoneyFormat.machine(row.amount, currency: row.currency))),
            ("currency", .string(row.currency)),
            ("cadence", .string(row.cadence.rawValue)),
            ("balance", machine(row.balance, balanceCurrency)),
        ])
    }

    static func jsonObject(_ outlook: UpcomingReport.Outlook) -> JSONOutput {
        let currency = outlook.opening?.currency
        return .object([
            ("account_id", .string(outlook.accountID)),
            ("account", .string(outlook.accountName)),
            ("kind", .string(outlook.kind.rawValue)),
            ("currency", .optional(currency)),
            ("opening_balance", machine(outlook.opening?.units, currency)),
            ("credit_limit", machine(outlook.creditLimit, currency)),
            (
                "shortfall",
                outlook.shortfall.map { shortfall in
                    .object([
                        ("date", .string(shortfall.date.description)),
                        ("balance", machine(shortfall.balance, currency)),
                        ("reason", .string(outlook.kind == .liability ? "over_credit_limit" : "below_zero")),
                    ])
                } ?? .null
            ),
            ("rows", .array(outlook.rows.map { jsonObject($0, balanceCurrency: currency) })),
        ])
    }

    public static func json(_ report: UpcomingReport) -> JSONOutput {
        .object(
            [
                ("schema", .string("purse.upcoming.v1")),
                ("as_of", .string(report.today.description)),
                ("from", .string(report.today.adding(days: 1).description)),
                ("to", .string(report.last.description)),
                ("days", .integer(Int64(report.days))),
            ] + TimeZoneText.json(report.timeZones) + [
                ("shortfall", .bool(report.hasShortfall)),
                ("accounts", .array(report.accounts.map(jsonObject))),
            ])
    }

    /// `Everyday would go below zero on 25 October 2026 (-$120.00)`.
    static func shortfallLine(_ outlook: UpcomingReport.Outlook) -> String? {
        guard let shortfall = outlook.shortfall, let currency = outlook.opening?.currency else { return nil }
        let balance = MoneyFormat.text(shortfall.balance, currency: currency)
        let day = SummaryTextRendering.day(shortfall.date)
        guard outlook.kind == .liability, let limit = outlook.creditLimit else {
            return "\(outlook.accountLabel) would go below zero on \(day) (\(balance))"
        }
        let limitText = MoneyFormat.text(limit, currency: currency)
        return "\(outlook.accountLabel) would owe more than its credit limit of \(limitText) on \(day) (\(balance))"
    }

    /// Per account: where its balance is today, each expected row with the balance it leaves,
    /// and the first day it would go below zero or past its limit.
    public static func text(_ report: UpcomingReport, style: TextStyle) -> String {
        var output =
            "Upcoming from \(report.today.adding(days: 1)) to \(report.last), the \(report.days) days after \(report.today) "
            + "(\(TimeZoneText.times(report.timeZones))).\n"
        guard !report.accounts.isEmpty else { return output + "\nNothing recurring is expected.\n" }
        for outlook in report.accounts {
            output += "\n" + heading(outlook) + "\n"
            let runs = outlook.opening != nil
            var columns: [TextTable.Column] = [
                .init("Date"), .init("Merchant", maximumWidth: 28), .init("Category", maximumWidth: 20), .init("Cadence"),
                .init("Amount", .right),
            ]
            if runs { columns.append(.init("Balance", .right)) }
            var table = TextTable(columns: columns)
            for row in outlook.rows {
                var cells = [
                    row.date.description, row.merchant, row.category, row.cadence.rawValue,
                    BalanceText.change(row.signedAmount, currency: row.currency),
                ]
                if runs { cells.append(row.balance.map { MoneyFormat.text($0, currency: outlook.opening!.currency) } ?? "") }
                table.append(cells)
            }
            output += table.rendered()
            if let line = shortfallLine(outlook) { output += line + "\n" }
        }
        return output
    }

    /// `Everyday: $5,123.45 today`, with a liability's credit limit, or that there is no balance to run from.
    static func heading(_ outlook: UpcomingReport.Outlook) -> String {
        guard let opening = outlook.opening else { return "\(outlook.accountLabel): no balance yet, so no running balance" }
        var line = "\(outlook.accountLabel): \(MoneyFormat.text(opening)) today"
        if let limit = outlook.creditLimit { line += " (credit limit \(MoneyFormat.text(limit, currency: opening.currency)))" }
        return line
    }
}
