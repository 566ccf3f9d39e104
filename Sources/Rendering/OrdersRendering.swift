import Analytics
import Ledger

/// `purse orders` (the list) and `purse orders show` (one order) as text, CSV and JSON.
public enum OrdersRendering {
    static let csvHeader = [
        "id", "order_type_identifier", "order_identifier", "order_number", "merchant", "status", "created_date", "updated_at",
        "currency", "total", "payment_status", "line_items", "transaction_id",
    ]

    public static func csv(_ report: OrdersReport, write: @escaping (String) -> Void) {
        let csv = CSVWriter(header: csvHeader, write: write)
        for entry in report.orders {
            let order = entry.order
            csv.row([
                .number(order.id), .text(order.typeIdentifier), .text(order.orderIdentifier), order.orderNumber.map { .text($0) } ?? .empty,
                .text(order.merchant.displayName), .text(order.status), .number(entry.createdDate.description),
                .number(order.updatedAt.text),
                order.payment.map { .text($0.total.currency) } ?? .empty,
                order.payment.map { .number(MoneyFormat.machine($0.total)) } ?? .empty,
                order.payment.map { .text($0.status) } ?? .empty, .number(String(order.lineItems.count)),
                entry.transaction.map { .text($0.id) } ?? .empty,
            ])
        }
    }

    public static func json(_ report: OrdersReport) -> JSONOutput {
        .object([
            ("schema", .string("purse.orders.v1")),
            ("time_zone", .string(report.timeZone)),
            ("orders", .array(report.orders.map(object))),
        ])
    }

    /// One order (`orders show --format json`).
    public static func json(_ entry: OrdersReport.Entry, timeZone: String) -> JSONOutput {
        .object([("schema", .string("purse.order.v1")), ("time_zone", .string(timeZone)), ("order", object(entry))])
    }

    public static func text(_ report: OrdersReport, style: TextStyle) -> String {
        guard !report.orders.isEmpty else { return "No orders. Add order packages with 'purse orders add FILE...'.\n" }
        var table = TextTable(columns: [
            .init("ID"), .init("Created"), .init("Merchant", maximumWidth: 24), .init("Order", maximumWidth: 20), .init("Status"),
            .init("Total", .right), .init("Items", .right), .init("Transaction"),
        ])
        for entry in report.orders {
            let order = entry.order
            table.append([
                order.id, entry.createdDate.description, order.merchant.displayName, order.orderNumber ?? order.orderIdentifier,
                order.status, order.payment.map { MoneyFormat.text($0.total) } ?? "", String(order.lineItems.count),
                entry.transaction.map { "\($0.date) \($0.accountName)" } ?? "not linked",
            ])
        }
        return "Wallet orders (time zone \(report.timeZone))\n" + table.rendered()
    }

    /// One order: merchant, status, line items, totals, payments and shipping.
    public static func text(_ entry: OrdersReport.Entry) -> String {
        let order = entry.order
        // An order package is outside text: its controls are spaces here, as in a table.
        var output = TextTable.spaced("Order \(order.orderNumber ?? order.orderIdentifier) from \(order.merchant.displayName)") + "\n"
        var facts: [(String, String)] = [
            ("ID", order.id), ("Order type", order.typeIdentifier), ("Order identifier", order.orderIdentifier),
            ("Status", order.status), ("Created", order.createdAt.text), ("Updated", order.updatedAt.text),
            ("Merchant", order.merchant.displayName + (order.merchant.url.map { " (\($0))" } ?? "")),
        ]
        if let transaction = entry.transaction {
            facts.append(
                (
                    "Transaction",
                    "\(transaction.id), \(transaction.date), \(transaction.accountName), "
                        + MoneyFormat.text(transaction.signedAmount, currency: transaction.currency)
                ))
        } else {
            facts.append(("Transaction", "not linked"))
        }
        facts.append(("Package", entry.file))
        let width = facts.map { DisplayWidth.of($0.0) }.max() ?? 0
        for (label, value) in facts {
            output += label + String(repeating: " ", count: width - DisplayWidth.of(label) + 2) + TextTable.spaced(value) + "\n"
        }

        if !order.lineItems.isEmpty {
            var items = TextTable(columns: [.init("Qty", .right), .init("Item"), .init("Price", .right)])
            for item in order.lineItems {
                items.append([
                    item.quantity.map(String.init) ?? "", item.title + (item.subtitle.map { " (\($0))" } ?? ""),
                    item.price.map(MoneyFormat.text) ?? "",
                ])
            }
            output += "\nItems\n" + items.rendered()
        }
        if let payment = order.payment {
            var totals = TextTable(columns: [.init("Payment: \(payment.status)"), .init("Amount", .right)])
            for item in payment.summaryItems { totals.append([item.label, MoneyFormat.text(item.value)]) }
            totals.append(["Total", MoneyFormat.text(payment.total)])
            for transaction in payment.transactions {
                let kind = transaction.isRefund ? "Refunded" : "Charged"
                let when = transaction.createdAt.map { " " + $0.text } ?? ""
                let status = transaction.status.map { " (\($0))" } ?? ""
                totals.append([kind + when + status, MoneyFormat.text(transaction.amount)])
            }
            output += "\n" + totals.rendered()
        }
        if !order.fulfillments.isEmpty {
            var shipping = TextTable(columns: [.init("Fulfillment"), .init("Status"), .init("Carrier"), .init("Tracking"), .init("Dates")])
            for fulfillment in order.fulfillments {
                let dates = [
                    fulfillment.shippedAt.map { "shipped \($0.text)" }, fulfillment.estimatedDeliveryAt.map { "expected \($0.text)" },
                    fulfillment.deliveredAt.map { "delivered \($0.text)" },
                ].compactMap { $0 }
                let tracking = [fulfillment.trackingNumber, fulfillment.trackingURL].compactMap { $0 }
                shipping.append([
                    fulfillment.kind, fulfillment.status, fulfillment.carrier ?? "", tracking.joined(separator: " "),
                    dates.joined(separator: ", "),
                ])
            }
            output += "\n" + shipping.rendered()
        }
        return output
    }

    /// "2 x AirPods Pro (USB-C)  $249.00": a line item on one line, for `explain`.
    static func lineItemText(_ item: WalletOrder.LineItem) -> String {
        var text = "\(item.quantity ?? 1) x \(item.title)"
        if let subtitle = item.subtitle { text += " (\(subtitle))" }
        if let price = item.price { text += "  " + MoneyFormat.text(price) }
        return text
    }

    static func lineItemsJSON(_ order: WalletOrder) -> JSONOutput {
        .array(
            order.lineItems.map { item in
                .object([
                    ("title", .string(item.title)),
                    ("subtitle", .optional(item.subtitle)),
                    ("quantity", item.quantity.map { .integer(Int64($0)) } ?? .null),
                    ("price", .optional(item.price.map(MoneyFormat.machine))),
                    ("currency", .optional(item.price?.currency)),
                ])
            })
    }

    private static func object(_ entry: OrdersReport.Entry) -> JSONOutput {
        let order = entry.order
        func amount(_ money: Money) -> JSONOutput {
            .object([("amount", .string(MoneyFormat.machine(money))), ("currency", .string(money.currency))])
        }
        let payment: JSONOutput =
            order.payment.map { payment in
                .object([
                    ("status", .string(payment.status)),
                    ("total", amount(payment.total)),
                    (
                        "summary_items",
                        .array(payment.summaryItems.map { .object([("label", .string($0.label)), ("value", amount($0.value))]) })
                    ),
                    (
                        "transactions",
                        .array(
                            payment.transactions.map {
                                .object([
                                    ("amount", amount($0.amount)),
                                    ("created_at", .optional($0.createdAt?.text)),
                                    ("status", .optional($0.status)),
                                    ("transaction_type", .optional($0.transactionType)),
                                ])
                            })
                    ),
                ])
            } ?? .null
        return .object([
            ("id", .string(order.id)),
            ("order_type_identifier", .string(order.typeIdentifier)),
            ("order_identifier", .string(order.orderIdentifier)),
            ("order_number", .optional(order.orderNumber)),
            ("merchant", .string(order.merchant.displayName)),
            ("merchant_url", .optional(order.merchant.url)),
            ("status", .string(order.status)),
            ("created_date", .string(entry.createdDate.description)),
            ("created_at", .string(order.createdAt.text)),
            ("updated_at", .string(order.updatedAt.text)),
            ("line_items", lineItemsJSON(order)),
            ("payment", payment),
            (
                "fulfillments",
                .array(
                    order.fulfillments.map {
                        .object([
                            ("type", .string($0.kind)),
                            ("status", .string($0.status)),
                            ("carrier", .optional($0.carrier)),
                            ("tracking_number", .optional($0.trackingNumber)),
                            ("tracking_url", .optional($0.trackingURL)),
                            ("shipped_at", .optional($0.shippedAt?.text)),
                            ("estimated_delivery_at", .optional($0.estimatedDeliveryAt?.text)),
                            ("delivered_at", .optional($0.deliveredAt?.text)),
                        ])
                    })
            ),
            ("transaction_id", .optional(entry.transaction?.id)),
            ("file", .string(entry.file)),
        ])
    }
}
