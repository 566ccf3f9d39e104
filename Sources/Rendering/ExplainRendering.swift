import Analytics
import Ledger

/// `purse explain` as CSV, JSON and text: the counted transactions with why each counted and
/// where its category came from, then the transactions of the scope that did not count.
public enum ExplainRendering {
    static let csvHeader = [
        "date", "transaction_id", "account", "merchant", "mcc", "status", "flow", "category", "counted", "reason",
        "category_source", "currency", "amount", "signed_amount", "order_id", "person", "person_source", "merchant_shown",
    ]

    /// Why an entry counted, or why it did not.
    static func reasonText(_ entry: ExplainReport.Entry) -> String {
        switch entry.exclusion {
        case nil, .notSpending: entry.classification.reasonText
        case .excludedByUser: "excluded by the user: never counted"
        case .status(let status):
            switch status {
            case .pending, .authorized: "status \(status.rawValue): counted only with --include-pending"
            default: "status \(status.rawValue): never counted"
            }
        case .duplicateOf(let twin): "imported from a statement; the same as synced transaction \(twin), which stands for it"
        }
    }

    static let conversionHeader = [
        "converted_currency", "converted_amount", "converted_signed_amount", "rate", "rate_date", "rate_source", "rate_route",
    ]

    /// Counted rows first, then the rows that did not count; `signed_amount` is what a row adds
    /// to spending (an expense positive, a refund negative), empty when it does not count.
    /// Converted (`--convert-to`), each row also has its amount in the target, the rate, its
    /// day, source and route (empty when it did not count, or no rate reached its day).
    public static func csv(_ report: ExplainReport, write: @escaping (String) -> Void) {
        let converted = report.convertedTotal != nil
        let csv = CSVWriter(header: csvHeader + (converted ? conversionHeader : []), write: write)
        for entry in report.counted + report.notCounted {
            csv.row(
                cells(entry, report) + (converted ? conversionCells(entry) : []))
        }
    }

    static func conversionCells(_ entry: ExplainReport.Entry) -> [CSVWriter.Cell] {
        guard let conversion = entry.conversion else { return Array(repeating: .empty, count: conversionHeader.count) }
        let target = conversion.currency
        let choice = conversion.choice
        return [
            .text(target), conversion.amount.map { .number(MoneyFormat.machine($0, currency: target)) } ?? .empty,
            entry.convertedSpendingAmount.map { .number(MoneyFormat.machine($0, currency: target)) } ?? .empty,
            choice.map { .number(RateFormat.decimal($0.rate, places: RateChoiceText.places)) } ?? .empty,
            choice.map { .number($0.date.description) } ?? .empty,
            choice?.source.map { .text($0.rawValue) } ?? .empty, choice.map { .text(RateChoiceText.route($0.route)) } ?? .empty,
        ]
    }

    static func cells(_ entry: ExplainReport.Entry, _ report: ExplainReport) -> [CSVWriter.Cell] {
        [
            .number(entry.date.description), .text(entry.transactionID), .text(entry.accountName),
            .text(entry.merchantOrDescription), entry.merchantCategoryCode.map { .number(String($0)) } ?? .empty,
            .text(entry.status.rawValue), .text(entry.classification.flow.rawValue), .text(entry.classification.category),
            .number(entry.counted ? "true" : "false"), .text(reasonText(entry)), .text(entry.classification.categorySource.code),
            .text(entry.currency), .number(MoneyFormat.machine(entry.amount, currency: entry.currency)),
            entry.spendingAmount.map { .number(MoneyFormat.machine($0, currency: entry.currency)) } ?? .empty,
            report.orders[entry.transactionID].map { .number($0.id) } ?? .empty,
            entry.person.map { .text($0.name) } ?? .empty, entry.person.map { .text($0.sourceText) } ?? .empty,
            .text(entry.classification.merchant ?? entry.merchantOrDescription),
        ]
    }

    /// Who the transaction is of and where that came from, under it: `person Ann (statement)`.
    static func appendPerson(of entry: ExplainReport.Entry, to table: inout TextTable) {
        guard let person = entry.person else { return }
        table.appendNote("person \(person.name) (\(person.sourceText))")
    }

    /// The linked order's line items, indented under its transaction.
    static func appendOrder(of entry: ExplainReport.Entry, in report: ExplainReport, to table: inout TextTable) {
        guard let order = report.orders[entry.transactionID] else { return }
        table.appendNote("order \(order.orderNumber ?? order.orderIdentifier) from \(order.merchant.displayName) (\(order.id)):")
        for item in order.lineItems { table.appendNote(OrdersRendering.lineItemText(item), indent: 6) }
    }

    /// Under a counted transaction in another currency: what it converted to, at which rate.
    static func appendConversion(of entry: ExplainReport.Entry, to table: inout TextTable) {
        guard let conversion = entry.conversion, entry.currency != conversion.currency else { return }
        let target = conversion.currency
        guard let amount = conversion.amount, let choice = conversion.choice else {
            table.appendNote(
                "no \(entry.currency)->\(target) rate within \(RateTable.lookbackDays) days before \(entry.date): "
                    + "left out of the \(target) total")
            return
        }
        table.appendNote(
            "= \(MoneyFormat.text(amount, currency: target)) at " + RateChoiceText.sentence(choice, from: entry.currency, to: target))
    }

    /// The converted total, and what it left out; nothing when not converted.
    static func convertedTotalText(_ report: ExplainReport) -> String {
        guard let total = report.convertedTotal else { return "" }
        let c = total.currency
        return "\nConverted into \(c), each at the rate of its day: \(total.count) transaction\(total.count == 1 ? "" : "s")\n"
            + "Net spending \(c): \(MoneyFormat.text(total.spent, currency: c)) spent - "
            + "\(MoneyFormat.text(total.refunded, currency: c)) refunded = \(MoneyFormat.text(total.net, currency: c))\n"
            + ConversionText.lines(report.unconverted)
    }

    public static func json(_ report: ExplainReport) -> JSONOutput {
        func object(_ entry: ExplainReport.Entry) -> JSONOutput {
            .object(
                [
                    ("date", .string(entry.date.description)),
                    ("transaction_id", .string(entry.transactionID)),
                    ("account_id", .string(entry.accountID)),
                    ("account", .string(entry.accountName)),
                    ("merchant", .optional(entry.merchantName)),
                    ("merchant_shown", .string(entry.classification.merchant ?? entry.merchantOrDescription)),
                    ("description", .string(entry.description)),
                    ("mcc", entry.merchantCategoryCode.map { .integer(Int64($0)) } ?? .null),
                    ("type", .string(entry.type.rawValue)),
                    ("status", .string(entry.status.rawValue)),
                    ("direction", .string(entry.indicator.rawValue)),
                    ("flow", .string(entry.classification.flow.rawValue)),
                    ("category", .string(entry.classification.category)),
                    ("counted", .bool(entry.counted)),
                    ("reason", .string(reasonText(entry))),
                    ("category_source", .string(entry.classification.categorySource.code)),
                    ("transfer_partner_id", .optional(entry.transferPartnerID)),
                    ("currency", .string(entry.currency)),
                    ("amount", .string(MoneyFormat.machine(entry.amount, currency: entry.currency))),
                    ("signed_amount", .optional(entry.spendingAmount.map { MoneyFormat.machine($0, currency: entry.currency) })),
                    ("order_id", .optional(report.orders[entry.transactionID]?.id)),
                    ("line_items", report.orders[entry.transactionID].map(OrdersRendering.lineItemsJSON) ?? .array([])),
                    ("person", .optional(entry.person?.name)),
                    ("person_source", .optional(entry.person?.sourceText)),
                ] + (report.convertedTotal == nil ? [] : [("converted", conversionJSON(entry))]))
        }
        return .object(
            [
                ("schema", .string("purse.explain.v1")),
                ("months", .array(report.months.map { .string($0.description) })),
            ] + TimeZoneText.json(report.timeZones) + [
                ("include_pending", .bool(report.includePending)),
                (
                    "filters",
                    .object(
                        [
                            ("category", .optional(report.filters.category)),
                            ("mcc", report.filters.merchantCategoryCode.map { .integer(Int64($0)) } ?? .null),
                            ("merchant", .optional(report.filters.merchant)),
                            ("people", .array(report.filters.people.map(JSONOutput.string))),
                        ] + (report.filters.group.map { [("group", .string($0))] } ?? []))
                ),
                ("counted", .array(report.counted.map(object))),
                ("not_counted", .array(report.notCounted.map(object))),
                (
                    "totals",
                    .array(
                        report.totals.map { total in
                            .object([
                                ("currency", .string(total.currency)),
                                ("spent", .string(MoneyFormat.machine(total.spent, currency: total.currency))),
                                ("refunded", .string(MoneyFormat.machine(total.refunded, currency: total.currency))),
                                ("net", .string(MoneyFormat.machine(total.net, currency: total.currency))),
                                ("count", .integer(Int64(total.count))),
                            ])
                        })
                ),
            ] + conversionTotalJSON(report))
    }

    /// A counted entry's conversion: `{currency, amount, signed_amount, rate, rate_fraction,
    /// rate_date, rate_source, rate_route}`, the rate members null without one; null when the
    /// entry did not count.
    static func conversionJSON(_ entry: ExplainReport.Entry) -> JSONOutput {
        guard let conversion = entry.conversion else { return .null }
        let target = conversion.currency
        let choice = conversion.choice
        return .object([
            ("currency", .string(target)),
            ("amount", .optional(conversion.amount.map { MoneyFormat.machine($0, currency: target) })),
            ("signed_amount", .optional(entry.convertedSpendingAmount.map { MoneyFormat.machine($0, currency: target) })),
            ("rate", .optional(choice.map { RateFormat.decimal($0.rate, places: RateChoiceText.places) })),
            ("rate_fraction", .optional(choice.map(\.rate.description))),
            ("rate_date", .optional(choice?.date.description)),
            ("rate_source", .optional(choice?.source?.rawValue)),
            ("rate_route", .optional(choice.map { RateChoiceText.route($0.route) })),
        ])
    }

    /// `converted_total`, `converted_to` and `unconverted`, only when converted.
    static func conversionTotalJSON(_ report: ExplainReport) -> [(String, JSONOutput)] {
        guard let total = report.convertedTotal else { return [] }
        let c = total.currency
        return ConversionText.json(c, report.unconverted) + [
            (
                "converted_total",
                .object([
                    ("currency", .string(c)), ("spent", .string(MoneyFormat.machine(total.spent, currency: c))),
                    ("refunded", .string(MoneyFormat.machine(total.refunded, currency: c))),
                    ("net", .string(MoneyFormat.machine(total.net, currency: c))), ("count", .integer(Int64(total.count))),
                ])
            )
        ]
    }

    public static func text(_ report: ExplainReport, style: TextStyle) -> String {
        var output = "Spending explained, \(MonthName.span(report.months))\n"
        var filters: [String] = []
        if let category = report.filters.category { filters.append("category \(category)") }
        if let group = report.filters.group {
            filters.append("group \(group) (\(report.filters.groupCategories.joined(separator: ", ")))")
        }
        if let code = report.filters.merchantCategoryCode { filters.append("MCC \(Classifier.codeText(code))") }
        if let merchant = report.filters.merchant { filters.append("merchant contains \"\(merchant)\"") }
        if !report.filters.people.isEmpty { filters.append("of " + report.filters.people.joined(separator: ", ")) }
        if !filters.isEmpty { output += "Only \(filters.joined(separator: ", ")).\n" }
        output +=
            TimeZoneText.sentence(report.timeZones) + ". "
            + (report.includePending
                ? "Booked, pending and authorized transactions count.\n"
                : "Booked transactions count; pending and authorized ones only with --include-pending.\n")

        if report.counted.isEmpty {
            output += "\nNothing counted as spending.\n"
        }
        for total in report.totals {
            let currency = total.currency
            var table = TextTable(columns: [
                .init("Date"), .init("Account", maximumWidth: 32), .init("Merchant", maximumWidth: 28), .init("MCC", .right),
                .init("Flow"), .init("Category", maximumWidth: 24), .init("Why"), .init("Category from"),
                .init("Spent", .right), .init("Refunded", .right),
            ])
            for entry in report.counted where entry.currency == currency {
                let expense = entry.classification.flow == .expense
                table.append([
                    entry.date.description, entry.accountLabel, entry.classification.merchant ?? entry.merchantOrDescription,
                    entry.merchantCategoryCode.map(Classifier.codeText) ?? "", entry.classification.flow.rawValue,
                    entry.classification.category, reasonText(entry), entry.classification.categorySource.code,
                    expense ? MoneyFormat.text(entry.amount, currency: currency) : "",
                    expense ? "" : MoneyFormat.text(entry.amount, currency: currency),
                ])
                appendPerson(of: entry, to: &table)
                if entry.classification.merchant != nil { table.appendNote("renamed from \(entry.merchantOrDescription)") }
                appendOrder(of: entry, in: report, to: &table)
                appendConversion(of: entry, to: &table)
            }
            table.append([
                "Total", "", "", "", "", "", "", "", MoneyFormat.text(total.spent, currency: currency),
                MoneyFormat.text(total.refunded, currency: currency),
            ])
            output += "\nCounted as spending, \(currency): \(total.count) transaction\(total.count == 1 ? "" : "s")\n"
            output += table.rendered()
            output +=
                "Net spending \(currency): \(MoneyFormat.text(total.spent, currency: currency)) spent - "
                + "\(MoneyFormat.text(total.refunded, currency: currency)) refunded = \(MoneyFormat.text(total.net, currency: currency))\n"
        }

        output += convertedTotalText(report)
        guard !report.notCounted.isEmpty else { return output }
        let count = report.notCounted.count
        output += "\nNot counted as spending: \(count) transaction\(count == 1 ? "" : "s")\n"
        var table = TextTable(columns: [
            .init("Date"), .init("Account", maximumWidth: 32), .init("Merchant", maximumWidth: 28), .init("MCC", .right),
            .init("Status"), .init("Flow"), .init("Category", maximumWidth: 24), .init("Why"), .init("Amount", .right),
        ])
        for entry in report.notCounted {
            table.append([
                entry.date.description, entry.accountLabel, entry.merchantOrDescription,
                entry.merchantCategoryCode.map(Classifier.codeText) ?? "", entry.status.rawValue,
                entry.classification.flow.rawValue, entry.classification.category, reasonText(entry),
                MoneyFormat.text(entry.signedAmount, currency: entry.currency),
            ])
            appendPerson(of: entry, to: &table)
            appendOrder(of: entry, in: report, to: &table)
        }
        return output + table.rendered()
    }
}
