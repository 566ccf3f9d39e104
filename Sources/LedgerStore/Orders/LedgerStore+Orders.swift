import Ledger
import Storage

/// Wallet orders: one per (order type identifier, order identifier), its latest version only.
extension LedgerStore {
    /// Stores `order` unless the ledger holds the same or a newer version of it, all in one
    /// transaction: the check and the write see the same ledger. `orderJSON` is kept as given.
    public func saveOrder(_ order: WalletOrder, orderJSON: [UInt8], file: String, now: Timestamp) throws -> OrderSaveOutcome {
        try transaction {
            let stored = try connection.prepare("SELECT updated_at, order_json FROM orders WHERE id = ?")
            try stored.bind([.text(order.id)])
            var outcome = OrderSaveOutcome.added
            if try stored.step() {
                let updatedAt = try Self.timestamp(stored.text(0), column: "orders.updated_at")
                let version = OrderVersion(updatedAt)
                let incoming = OrderVersion(order.updatedAt)
                if version > incoming { return .newerStored(updatedAt) }
                if version == incoming { return .unchanged(sameContents: stored.blob(1) == orderJSON) }
                outcome = .replaced(previous: updatedAt)
                try connection.cached("DELETE FROM orders WHERE id = ?").run([.text(order.id)])
            }
            try insert(order, orderJSON: orderJSON, file: file, now: now)
            return outcome
        }
    }

    private func insert(_ order: WalletOrder, orderJSON: [UInt8], file: String, now: Timestamp) throws {
        try connection.cached(
            """
            INSERT INTO orders (id, type_identifier, order_identifier, order_number, status, created_at, created_time,
                updated_at, merchant_name, merchant_url, total_amount, total_currency, payment_status, order_json, file, added_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        ).run([
            .text(order.id), .text(order.typeIdentifier), .text(order.orderIdentifier), .optional(order.orderNumber),
            .text(order.status), .text(order.createdAt.text), .integer(order.createdAt.epochSeconds), .text(order.updatedAt.text),
            .text(order.merchant.displayName), .optional(order.merchant.url), .optional(order.payment?.total.units),
            .optional(order.payment?.total.currency), .optional(order.payment?.status), .blob(orderJSON), .text(file),
            .text(now.text),
        ])
        for (position, item) in order.lineItems.enumerated() {
            try connection.cached(
                """
                INSERT INTO order_line_items (order_id, position, title, subtitle, quantity, price_amount, price_currency)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """
            ).run([
                .text(order.id), .integer(Int64(position)), .text(item.title), .optional(item.subtitle),
                .optional(item.quantity.map(Int64.init)), .optional(item.price?.units), .optional(item.price?.currency),
            ])
        }
        for (position, item) in (order.payment?.summaryItems ?? []).enumerated() {
            try connection.cached("INSERT INTO order_summary_items (order_id, position, label, amount, currency) VALUES (?, ?, ?, ?, ?)")
                .run([
                    .text(order.id), .integer(Int64(position)), .text(item.label), .integer(item.value.units), .text(item.value.currency),
                ])
        }
        for (position, payment) in (order.payment?.transactions ?? []).enumerated() {
            try connection.cached(
                """
                INSERT INTO order_payments (order_id, position, amount, currency, created_at, status, transaction_type)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """
            ).run([
                .text(order.id), .integer(Int64(position)), .integer(payment.amount.units), .text(payment.amount.currency),
                .optional(payment.createdAt?.text), .optional(payment.status), .optional(payment.transactionType),
            ])
        }
        for (position, fulfillment) in order.fulfillments.enumerated() {
            try connection.cached(
                """
                INSERT INTO order_fulfillments (order_id, position, kind, status, carrier, tracking_number, tracking_url,
                    shipped_at, delivered_at, estimated_delivery_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
            ).run([
                .text(order.id), .integer(Int64(position)), .text(fulfillment.kind), .text(fulfillment.status),
                .optional(fulfillment.carrier), .optional(fulfillment.trackingNumber), .optional(fulfillment.trackingURL),
                .optional(fulfillment.shippedAt?.text), .optional(fulfillment.deliveredAt?.text),
                .optional(fulfillment.estimatedDeliveryAt?.text),
            ])
        }
    }

    /// Every order, oldest first (by creation, then ID). A ledger from before orders has none.
    public func orders() throws -> [StoredOrder] {
        guard openedSchemaVersion >= LedgerSchema.ordersVersion else { return [] }
        let query = try connection.prepare(
            """
            SELECT id, type_identifier, order_identifier, order_number, status, created_at, updated_at, merchant_name,
                merchant_url, total_amount, total_currency, payment_status, file, added_at
            FROM orders ORDER BY created_time, id
            """)
        let lineItems = try self.lineItems()
        let summaryItems = try self.summaryItems()
        let payments = try self.payments()
        let fulfillments = try self.fulfillments()
        var orders: [StoredOrder] = []
        while try query.step() {
            let id = query.text(0)
            var payment: WalletOrder.Payment?
            if let total = query.optionalInt64(9) {
                payment = WalletOrder.Payment(
                    total: Money(units: total, currency: query.text(10)), status: query.optionalText(11) ?? "",
                    summaryItems: summaryItems[id] ?? [], transactions: payments[id] ?? [])
            }
            let order = WalletOrder(
                typeIdentifier: query.text(1), orderIdentifier: query.text(2), orderNumber: query.optionalText(3),
                status: query.text(4), createdAt: try Self.timestamp(query.text(5), column: "orders.created_at"),
                updatedAt: try Self.timestamp(query.text(6), column: "orders.updated_at"),
                merchant: WalletOrder.Merchant(displayName: query.text(7), url: query.optionalText(8)),
                lineItems: lineItems[id] ?? [], payment: payment, fulfillments: fulfillments[id] ?? [])
            orders.append(StoredOrder(order: order, file: query.text(12), addedAt: query.text(13)))
        }
        return orders
    }

    private func lineItems() throws -> [String: [WalletOrder.LineItem]] {
        let query = try connection.prepare(
            "SELECT order_id, title, subtitle, quantity, price_amount, price_currency FROM order_line_items ORDER BY order_id, position")
        var items: [String: [WalletOrder.LineItem]] = [:]
        while try query.step() {
            items[query.text(0), default: []].append(
                WalletOrder.LineItem(
                    title: query.text(1), subtitle: query.optionalText(2), quantity: query.optionalInt64(3).map(Int.init),
                    price: query.optionalInt64(4).map { Money(units: $0, currency: query.text(5)) }))
        }
        return items
    }

    private func summaryItems() throws -> [String: [WalletOrder.SummaryItem]] {
        let query = try connection.prepare("SELECT order_id, label, amount, currency FROM order_summary_items ORDER BY order_id, position")
        var items: [String: [WalletOrder.SummaryItem]] = [:]
        while try query.step() {
            items[query.text(0), default: []].append(
                WalletOrder.SummaryItem(label: query.text(1), value: Money(units: query.int64(2), currency: query.text(3))))
        }
        return items
    }

    private func payments() throws -> [String: [WalletOrder.PaymentTransaction]] {
        let query = try connection.prepare(
            "SELECT order_id, amount, currency, created_at, status, transaction_type FROM order_payments ORDER BY order_id, position")
        var payments: [String: [WalletOrder.PaymentTransaction]] = [:]
        while try query.step() {
            payments[query.text(0), default: []].append(
                WalletOrder.PaymentTransaction(
                    amount: Money(units: query.int64(1), currency: query.text(2)),
                    createdAt: try query.optionalText(3).map { try Self.timestamp($0, column: "order_payments.created_at") },
                    status: query.optionalText(4), transactionType: query.optionalText(5)))
        }
        return payments
    }

    private func fulfillments() throws -> [String: [WalletOrder.Fulfillment]] {
        let query = try connection.prepare(
            """
            SELECT order_id, kind, status, carrier, tracking_number, tracking_url, shipped_at, delivered_at, estimated_delivery_at
            FROM order_fulfillments ORDER BY order_id, position
            """)
        var fulfillments: [String: [WalletOrder.Fulfillment]] = [:]
        while try query.step() {
            func time(_ column: Int32, _ name: String) throws -> Timestamp? {
                try query.optionalText(column).map { try Self.timestamp($0, column: "order_fulfillments." + name) }
            }
            fulfillments[query.text(0), default: []].append(
                WalletOrder.Fulfillment(
                    kind: query.text(1), status: query.text(2), carrier: query.optionalText(3), trackingNumber: query.optionalText(4),
                    trackingURL: query.optionalText(5), shippedAt: try time(6, "shipped_at"), deliveredAt: try time(7, "delivered_at"),
                    estimatedDeliveryAt: try time(8, "estimated_delivery_at")))
        }
        return fulfillments
    }

    private static func timestamp(_ text: String, column: String) throws -> Timestamp {
        guard let timestamp = Timestamp(rfc3339: text) else { throw LedgerStoreError.unexpectedValue(column: column, value: text) }
        return timestamp
    }
}
