import Storage

extension LedgerSchema {
    /// Wallet orders (README, "Wallet orders"): one row per (order type, order identifier),
    /// the latest version only, with order.json as the merchant wrote it beside its columns.
    static let migration09 = Migration(
        id: 9, name: "orders",
        sql: """
            CREATE TABLE orders (
                id TEXT PRIMARY KEY,
                type_identifier TEXT NOT NULL,
                order_identifier TEXT NOT NULL,
                order_number TEXT,
                status TEXT NOT NULL,
                created_at TEXT NOT NULL,
                created_time INTEGER NOT NULL,
                updated_at TEXT NOT NULL,
                merchant_name TEXT NOT NULL,
                merchant_url TEXT,
                total_amount INTEGER,
                total_currency TEXT,
                payment_status TEXT,
                order_json BLOB NOT NULL,
                file TEXT NOT NULL,
                added_at TEXT NOT NULL,
                UNIQUE (type_identifier, order_identifier)
            ) WITHOUT ROWID;
            CREATE TABLE order_line_items (
                order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                title TEXT NOT NULL,
                subtitle TEXT,
                quantity INTEGER,
                price_amount INTEGER,
                price_currency TEXT,
                PRIMARY KEY (order_id, position)
            ) WITHOUT ROWID;
            CREATE TABLE order_summary_items (
                order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                label TEXT NOT NULL,
                amount INTEGER NOT NULL,
                currency TEXT NOT NULL,
                PRIMARY KEY (order_id, position)
            ) WITHOUT ROWID;
            CREATE TABLE order_payments (
                order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                amount INTEGER NOT NULL,
                currency TEXT NOT NULL,
                created_at TEXT,
                status TEXT,
                transaction_type TEXT,
                PRIMARY KEY (order_id, position)
            ) WITHOUT ROWID;
            CREATE TABLE order_fulfillments (
                order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                kind TEXT NOT NULL,
                status TEXT NOT NULL,
                carrier TEXT,
                tracking_number TEXT,
                tracking_url TEXT,
                shipped_at TEXT,
                delivered_at TEXT,
                estimated_delivery_at TEXT,
                PRIMARY KEY (order_id, position)
            ) WITHOUT ROWID;
            """)
}
