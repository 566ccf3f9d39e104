import Analytics
import Ledger

/// `report recurring` as CSV, JSON and text.
public enum RecurringRendering {
    static let csvHeader = [
        "merchant", "account_id", "account", "direction", "category", "currency", "cadence", "typical_amount", "last_amount",
        "last_date", "next_date", "count", "flags", "flow",
    ]

    /// Each item's merchant as text shows it: with its account's name when another item of
    /// another account has the same merchant name (two people's Netflix).
    static func merchantNames(_ items: [RecurringReport.Item]) -> [String] {
        var accounts: [String: Set<String>] = [:]
        for item in items { accounts[item.merchant.lowercased(), default: []].insert(item.accountID) }
        return items.map { item in
            (accounts[item.merchant.lowercased()]?.count ?? 0) > 1 ? "\(item.merchant) (\(item.accountLabel))" : item.merchant
        }
    }

    /// `new;price-change;missed` (empty when none).
    static func flagsText(_ item: RecurringReport.Item) -> String {
        item.flags.map(\.name).joined(separator: ";")
    }

    /// `new, price-change +$2.00, missed`.
    static func flagsSentence(_ item: RecurringReport.Item) -> String {
        item.flags.map { flag in
            guard case .priceChange(let change) = flag else { return flag.name }
            return "price-change " + (change > 0 ? "+" : "") + MoneyFormat.text(change, currency: item.currency)
        }
        .joined(separator: ", ")
    }

    public static func csv(_ report: RecurringReport, write: @escaping (String) -> Void) {
        let csv = CSVWriter(header: csvHeader, write: write)
        for item in report.items {
            csv.row([
                .text(item.merchant), .text(item.accountID), .text(item.accountName), .text(item.direction.rawValue),
                .text(item.category), .text(item.currency), .text(item.cadence.rawValue),
                .number(MoneyFormat.machine(item.typicalAmount, currency: item.currency)),
                .number(MoneyFormat.machine(item.lastAmount, currency: item.currency)), .number(item.lastDate.description),
                .number(item.nextDate.description), .number(String(item.count)), .text(flagsText(item)), .text(item.flow.rawValue),
            ])
        }
    }

    static func jsonObject(_ item: RecurringReport.Item) -> JSONOutput {
        .object([
            ("merchant", .string(item.merchant)),
            ("account_id", .string(item.accountID)),
            ("account", .string(item.accountName)),
            ("direction", .string(item.direction.rawValue)),
            ("category", .string(item.category)),
            ("currency", .string(item.currency)),
            ("cadence", .string(item.cadence.rawValue)),
            ("typical_amount", .string(MoneyFormat.machine(item.typicalAmount, currency: item.currency))),
            ("last_amount", .string(MoneyFormat.machine(item.lastAmount, currency: item.currency))),
            ("price_change", .optional(item.priceChange.map { MoneyFormat.machine($0, currency: item.currency) })),
            ("first_date", .string(item.firstDate.description)),
            ("last_date", .string(item.lastDate.description)),
            ("next_date", .string(item.nextDate.description)),
            ("count", .integer(Int64(item.count))),
            ("flags", .array(item.flags.map { .string($0.name) })),
            ("flow", .string(item.flow.rawValue)),
        ])
    }

    public static func json(_ report: RecurringReport) -> JSONOutput {
        .object(
            [
                ("schema", .string("purse.recurring.v1")),
                ("from", .string(report.first.description)),
                ("as_of", .string(report.asOf.description)),
            ] + TimeZoneText.json(report.timeZones) + [("recurring", .array(report.items.map(jsonObject)))])
    }

    /// The charges, then the income apart under its own heading, so money in is never read as a bill.
    public static func text(_ report: RecurringReport, style: TextStyle) -> String {
        var output =
            "Recurring charges from \(report.first) to \(report.asOf) (\(TimeZoneText.times(report.timeZones))).\n"
        guard !report.items.isEmpty else { return output + "\nNo recurring charges found.\n" }
        let named = Array(zip(report.items, merchantNames(report.items)))
        let charges = named.filter { $0.0.flow != .income }
        let income = named.filter { $0.0.flow == .income }
        if !charges.isEmpty { output += "\n" + table(charges, merchant: "Merchant") }
        if !income.isEmpty { output += "\nRecurring income (money in):\n\n" + table(income, merchant: "Source") }
        return output
    }

    static func table(_ items: [(RecurringReport.Item, String)], merchant: String) -> String {
        var table = TextTable(columns: [
            .init(merchant, maximumWidth: 28), .init("Category", maximumWidth: 20), .init("Cadence"), .init("Typical", .right),
            .init("Last", .right), .init("Last date"), .init("Next date"), .init("Count", .right), .init("Flags"),
        ])
        for (item, name) in items {
            table.append([
                name, item.category, item.cadence.rawValue, MoneyFormat.text(item.typicalAmount, currency: item.currency),
                MoneyFormat.text(item.lastAmount, currency: item.currency), item.lastDate.description, item.nextDate.description,
                String(item.count), flagsSentence(item),
            ])
        }
        return table.rendered()
    }
}
