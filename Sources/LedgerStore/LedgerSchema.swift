import Storage

/// The database schema as an append-only list of migrations: never edit one that has shipped,
/// add the next.
public enum LedgerSchema {
    public static let migrations: [Migration] = [
        Migration(
            id: 1, name: "ledger",
            sql: """
                CREATE TABLE sources (
                    id INTEGER PRIMARY KEY,
                    kind TEXT NOT NULL,
                    external_id TEXT NOT NULL,
                    name TEXT NOT NULL,
                    location TEXT,
                    created_at TEXT NOT NULL,
                    last_synced_at TEXT,
                    UNIQUE (kind, external_id)
                );
                CREATE TABLE streams (
                    source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    generation TEXT NOT NULL,
                    sequence INTEGER NOT NULL,
                    resume_offset INTEGER,
                    resume_line INTEGER,
                    changed_at TEXT NOT NULL,
                    PRIMARY KEY (source_id, name)
                ) WITHOUT ROWID;
                CREATE TABLE accounts (
                    id TEXT PRIMARY KEY,
                    source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL CHECK (kind IN ('asset', 'liability')),
                    display_name TEXT NOT NULL,
                    institution_name TEXT NOT NULL,
                    account_description TEXT,
                    currency TEXT NOT NULL,
                    opening_date TEXT,
                    credit_limit INTEGER,
                    credit_limit_currency TEXT,
                    minimum_payment INTEGER,
                    minimum_payment_currency TEXT,
                    next_payment_due_date TEXT,
                    overdue_payment INTEGER,
                    overdue_payment_currency TEXT
                );
                CREATE INDEX accounts_by_source ON accounts(source_id);
                CREATE TABLE balances (
                    row_id INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    currency TEXT NOT NULL,
                    available_amount INTEGER,
                    available_currency TEXT,
                    available_as_of TEXT,
                    available_indicator TEXT,
                    booked_amount INTEGER,
                    booked_currency TEXT,
                    booked_as_of TEXT,
                    booked_indicator TEXT,
                    observed_time INTEGER NOT NULL,
                    observed_signed INTEGER NOT NULL
                );
                CREATE INDEX balances_by_account_time ON balances(account_id, observed_time);
                CREATE TABLE transactions (
                    row_id INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                    transaction_date TEXT NOT NULL,
                    transaction_time INTEGER NOT NULL,
                    posted_date TEXT,
                    amount INTEGER NOT NULL CHECK (amount >= 0),
                    currency TEXT NOT NULL,
                    credit_debit TEXT NOT NULL CHECK (credit_debit IN ('credit', 'debit')),
                    signed_amount INTEGER NOT NULL,
                    foreign_amount INTEGER,
                    foreign_currency TEXT,
                    exchange_rate TEXT,
                    description TEXT NOT NULL,
                    original_description TEXT NOT NULL,
                    mcc INTEGER,
                    merchant_name TEXT,
                    type TEXT NOT NULL,
                    status TEXT NOT NULL
                );
                CREATE INDEX transactions_by_account_time ON transactions(account_id, transaction_time);
                CREATE INDEX transactions_by_time ON transactions(transaction_time);
                """),
        Migration(
            id: 2, name: "rules",
            sql: """
                CREATE TABLE rules (
                    id INTEGER PRIMARY KEY,
                    merchant TEXT,
                    description TEXT,
                    mcc INTEGER,
                    category TEXT,
                    flow TEXT CHECK (flow IN ('expense', 'income', 'transfer')),
                    created_at TEXT NOT NULL,
                    CHECK (merchant IS NOT NULL OR description IS NOT NULL OR mcc IS NOT NULL),
                    CHECK (category IS NOT NULL OR flow IS NOT NULL)
                );
                """),
        Migration(
            id: 3, name: "budgets",
            sql: """
                CREATE TABLE budgets (
                    id INTEGER PRIMARY KEY,
                    category TEXT NOT NULL,
                    currency TEXT NOT NULL,
                    first_month TEXT NOT NULL,
                    amount INTEGER,
                    rollover TEXT NOT NULL CHECK (rollover IN ('none', 'surplus', 'all')),
                    created_at TEXT NOT NULL,
                    UNIQUE (category, currency, first_month)
                );
                """),
        Migration(
            id: 4, name: "sure",
            sql: """
                CREATE TABLE sure_connections (
                    id TEXT PRIMARY KEY,
                    publisher_id TEXT NOT NULL UNIQUE,
                    status TEXT NOT NULL CHECK (status IN ('pending_mapping', 'active', 'repair_required', 'revoked')),
                    generation INTEGER NOT NULL,
                    stream_id TEXT NOT NULL,
                    next_sequence INTEGER NOT NULL,
                    predecessor_digest TEXT,
                    repair_reason TEXT,
                    credential_digest TEXT,
                    source_row_id INTEGER NOT NULL REFERENCES sources(id),
                    consent_granted_at TEXT NOT NULL,
                    created_at TEXT NOT NULL,
                    last_device_contact_at TEXT,
                    last_accepted_at TEXT,
                    last_imported_at TEXT,
                    last_downstream_at TEXT,
                    last_captured_at TEXT,
                    last_captured_time INTEGER,
                    last_captured_key TEXT,
                    disposition TEXT,
                    purge_requested_at TEXT,
                    purge_completed_at TEXT
                );
                CREATE TABLE sure_mappings (
                    connection_id TEXT NOT NULL REFERENCES sure_connections(id) ON DELETE CASCADE,
                    source_account_id TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    account_id TEXT NOT NULL,
                    lineage_id TEXT NOT NULL,
                    mapping_version INTEGER NOT NULL,
                    accountable_type TEXT NOT NULL CHECK (accountable_type IN ('Depository', 'CreditCard')),
                    subtype TEXT,
                    currency TEXT NOT NULL,
                    name TEXT NOT NULL,
                    institution_name TEXT NOT NULL,
                    ledger_timezone TEXT NOT NULL,
                    account_origin TEXT NOT NULL DEFAULT 'created',
                    unavailable_at TEXT,
                    PRIMARY KEY (connection_id, source_account_id)
                ) WITHOUT ROWID;
                CREATE INDEX sure_mappings_by_lineage ON sure_mappings(lineage_id);
                CREATE TABLE sure_batches (
                    row_id INTEGER PRIMARY KEY,
                    connection_id TEXT NOT NULL REFERENCES sure_connections(id) ON DELETE CASCADE,
                    generation INTEGER NOT NULL,
                    stream_id TEXT NOT NULL,
                    batch_id TEXT NOT NULL,
                    sequence INTEGER NOT NULL,
                    predecessor_digest TEXT,
                    payload_digest TEXT NOT NULL,
                    capture_id TEXT NOT NULL,
                    chunk_index INTEGER NOT NULL,
                    chunk_count INTEGER NOT NULL,
                    capture_mode TEXT NOT NULL,
                    snapshot_complete INTEGER NOT NULL,
                    captured_at TEXT NOT NULL,
                    captured_key TEXT NOT NULL,
                    status TEXT NOT NULL CHECK (status IN ('accepted', 'processing', 'applied', 'failed', 'revoked')),
                    payload BLOB,
                    file TEXT,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    retry_time INTEGER,
                    error_code TEXT,
                    counts TEXT,
                    accepted_at TEXT NOT NULL,
                    applied_at TEXT,
                    updated_time INTEGER NOT NULL,
                    UNIQUE (connection_id, generation, batch_id),
                    UNIQUE (connection_id, generation, stream_id, sequence)
                );
                CREATE INDEX sure_batches_by_digest ON sure_batches(connection_id, payload_digest);
                CREATE INDEX sure_batches_by_status ON sure_batches(connection_id, status);
                CREATE INDEX sure_batches_by_capture ON sure_batches(connection_id, generation, capture_id);
                CREATE TABLE sure_transactions (
                    lineage_id TEXT NOT NULL,
                    source_id TEXT NOT NULL,
                    ledger_id TEXT NOT NULL,
                    account_id TEXT NOT NULL,
                    connection_id TEXT NOT NULL,
                    status TEXT NOT NULL,
                    imported INTEGER NOT NULL DEFAULT 0,
                    tombstoned_at TEXT,
                    payload TEXT,
                    updated_at TEXT NOT NULL,
                    PRIMARY KEY (lineage_id, source_id)
                ) WITHOUT ROWID;
                CREATE TABLE sure_balance_observations (
                    row_id INTEGER PRIMARY KEY,
                    lineage_id TEXT NOT NULL,
                    connection_id TEXT NOT NULL,
                    account_id TEXT NOT NULL,
                    source_id TEXT NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('booked', 'available')),
                    observed_at TEXT NOT NULL,
                    observed_key TEXT NOT NULL,
                    amount INTEGER NOT NULL,
                    currency TEXT NOT NULL,
                    direction TEXT NOT NULL CHECK (direction IN ('credit', 'debit')),
                    balance_id TEXT,
                    created_at TEXT NOT NULL,
                    UNIQUE (lineage_id, source_id, kind, observed_key)
                );
                CREATE TABLE sure_conflicts (
                    id TEXT PRIMARY KEY,
                    connection_id TEXT NOT NULL,
                    lineage_id TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    identity TEXT NOT NULL,
                    status TEXT NOT NULL CHECK (status IN ('open', 'resolved')),
                    details TEXT NOT NULL,
                    resolution TEXT,
                    created_at TEXT NOT NULL,
                    resolved_at TEXT
                ) WITHOUT ROWID;
                CREATE UNIQUE INDEX sure_conflicts_one_open ON sure_conflicts(lineage_id, kind, identity) WHERE status = 'open';
                CREATE TABLE sure_settlements (
                    lineage_id TEXT NOT NULL,
                    scope TEXT NOT NULL CHECK (scope IN ('transaction', 'balance')),
                    identity TEXT NOT NULL,
                    settled_at TEXT NOT NULL,
                    PRIMARY KEY (lineage_id, scope, identity)
                ) WITHOUT ROWID;
                """),
        Migration(
            id: 5, name: "summaries",
            sql: """
                CREATE TABLE summaries (
                    month TEXT PRIMARY KEY,
                    digest TEXT NOT NULL,
                    first_reported_at TEXT NOT NULL,
                    reported_at TEXT NOT NULL
                ) WITHOUT ROWID;
                CREATE TABLE summary_totals (
                    month TEXT NOT NULL REFERENCES summaries(month) ON DELETE CASCADE,
                    currency TEXT NOT NULL,
                    spent INTEGER NOT NULL,
                    refunded INTEGER NOT NULL,
                    income INTEGER NOT NULL,
                    count INTEGER NOT NULL,
                    PRIMARY KEY (month, currency)
                ) WITHOUT ROWID;
                """),
        // FinanceKit may add account kinds: a kind purse does not know is stored as given.
        Migration(
            id: 6, name: "open account kinds",
            sql: """
                CREATE TABLE accounts_new (
                    id TEXT PRIMARY KEY,
                    source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL,
                    display_name TEXT NOT NULL,
                    institution_name TEXT NOT NULL,
                    account_description TEXT,
                    currency TEXT NOT NULL,
                    opening_date TEXT,
                    credit_limit INTEGER,
                    credit_limit_currency TEXT,
                    minimum_payment INTEGER,
                    minimum_payment_currency TEXT,
                    next_payment_due_date TEXT,
                    overdue_payment INTEGER,
                    overdue_payment_currency TEXT
                );
                INSERT INTO accounts_new SELECT id, source_id, kind, display_name, institution_name, account_description,
                    currency, opening_date, credit_limit, credit_limit_currency, minimum_payment, minimum_payment_currency,
                    next_payment_due_date, overdue_payment, overdue_payment_currency FROM accounts;
                DROP TABLE accounts;
                ALTER TABLE accounts_new RENAME TO accounts;
                CREATE INDEX accounts_by_source ON accounts(source_id);
                """, rebuildsTables: true),
        // Values from a newer FinanceKit that a sync has warned about: each is warned about once
        // per ledger, where it first came in, not again on every run that brings more of it.
        Migration(
            id: 7, name: "unknown values",
            sql: """
                CREATE TABLE unknown_values (
                    field TEXT NOT NULL,
                    value TEXT NOT NULL,
                    first_seen_at TEXT NOT NULL,
                    file TEXT NOT NULL,
                    line INTEGER,
                    PRIMARY KEY (field, value)
                ) WITHOUT ROWID;
                """),
        // Each account's days are local to its own zone: the one the user set, else the one its
        // source gives. The user's settings are kept apart from what syncs bring, keyed by the
        // account's ID without a foreign key, so no sync (nor an account deleted and back) loses
        // them. A source also says when it wrote what it holds, which freshness reports.
        Migration(
            id: 8, name: "account settings and time zones",
            sql: """
                CREATE TABLE account_settings (
                    account_id TEXT PRIMARY KEY,
                    display_name TEXT,
                    time_zone TEXT,
                    hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
                    updated_at TEXT NOT NULL
                ) WITHOUT ROWID;
                ALTER TABLE sources ADD COLUMN time_zone TEXT;
                ALTER TABLE sources ADD COLUMN exported_at TEXT;
                CREATE TABLE source_account_time_zones (
                    source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
                    account_id TEXT NOT NULL,
                    time_zone TEXT NOT NULL,
                    PRIMARY KEY (source_id, account_id)
                ) WITHOUT ROWID;
                """),
        // Wallet orders (README, "Wallet orders"): one row per (order type, order identifier),
        // the latest version only, with order.json as the merchant wrote it beside its columns.
        Migration(
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
                """),
        // The user's corrections of single transactions (category, flow, note, tags, excluded, a
        // split into categories) are kept apart from what syncs bring, keyed by the transaction's
        // ID without a foreign key: a re-sync, a snapshot or a compaction never loses them, and a
        // deleted transaction's stay dormant until it comes back. Rules gain matchers (account,
        // type, direction, amount range, regular expression) and an order of their own.
        Migration(
            id: 10, name: "transaction overrides and rule matchers",
            sql: """
                CREATE TABLE transaction_overrides (
                    transaction_id TEXT PRIMARY KEY,
                    category TEXT,
                    flow TEXT CHECK (flow IN ('expense', 'income', 'transfer')),
                    note TEXT,
                    excluded INTEGER NOT NULL DEFAULT 0 CHECK (excluded IN (0, 1)),
                    updated_at TEXT NOT NULL
                ) WITHOUT ROWID;
                CREATE TABLE transaction_tags (
                    transaction_id TEXT NOT NULL,
                    tag TEXT NOT NULL,
                    PRIMARY KEY (transaction_id, tag)
                ) WITHOUT ROWID;
                CREATE TABLE transaction_splits (
                    transaction_id TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    category TEXT NOT NULL,
                    amount INTEGER NOT NULL CHECK (amount > 0),
                    PRIMARY KEY (transaction_id, position)
                ) WITHOUT ROWID;
                CREATE TABLE rules_new (
                    id INTEGER PRIMARY KEY,
                    position INTEGER NOT NULL,
                    merchant TEXT,
                    description TEXT,
                    description_regex TEXT,
                    mcc INTEGER,
                    account TEXT,
                    type TEXT,
                    direction TEXT CHECK (direction IN ('credit', 'debit')),
                    amount_min INTEGER,
                    amount_max INTEGER,
                    category TEXT,
                    flow TEXT CHECK (flow IN ('expense', 'income', 'transfer')),
                    created_at TEXT NOT NULL,
                    CHECK (category IS NOT NULL OR flow IS NOT NULL)
                );
                INSERT INTO rules_new (id, position, merchant, description, mcc, category, flow, created_at)
                    SELECT id, id, merchant, description, mcc, category, flow, created_at FROM rules;
                DROP TABLE rules;
                ALTER TABLE rules_new RENAME TO rules;
                """, rebuildsTables: true),
        // Statement files imported (`purse import`): each file's SHA-256 with when it came in and
        // what it did, per account; the category a statement gave a row (no MCC to go by); and
        // the saved layouts of bank CSVs. None has a foreign key: an account deleted by a
        // sync and back keeps its history of imports, as it keeps its settings.
        Migration(
            id: 11, name: "statement imports",
            sql: """
                CREATE TABLE statement_imports (
                    id INTEGER PRIMARY KEY,
                    account_id TEXT NOT NULL,
                    file TEXT NOT NULL,
                    sha256 TEXT NOT NULL,
                    format TEXT NOT NULL,
                    imported_at TEXT NOT NULL,
                    transactions INTEGER NOT NULL,
                    inserted INTEGER NOT NULL,
                    updated INTEGER NOT NULL
                );
                CREATE INDEX statement_imports_by_account ON statement_imports(account_id, id);
                CREATE TABLE statement_categories (
                    transaction_id TEXT PRIMARY KEY,
                    category TEXT NOT NULL
                ) WITHOUT ROWID;
                CREATE TABLE import_profiles (
                    name TEXT PRIMARY KEY COLLATE NOCASE,
                    layout TEXT NOT NULL,
                    saved_at TEXT NOT NULL
                ) WITHOUT ROWID;
                """),
        // Each transaction's classification (flow, category, where the category came from, why,
        // its transfer partner or statement twin, its account-local month) is stored beside it,
        // with spending summed per (month, account, category, MCC, currency), so reports read
        // sums instead of classifying every row. Triggers queue what a change may reclassify in
        // the same transaction as the change; the writer reclassifies the queue before it
        // commits (README, "Stored classification"); other triggers keep the summary equal to the
        // sum of the rows' shares. A rule change reclassifies everything.
        // `built` 0 asks for a build from scratch: a ledger of an older schema gets one on its
        // first write.
        Migration(
            id: 12, name: "stored classification",
            sql: """
                ALTER TABLE transactions ADD COLUMN class_state TEXT;
                ALTER TABLE transactions ADD COLUMN class_flow TEXT;
                ALTER TABLE transactions ADD COLUMN class_category TEXT;
                ALTER TABLE transactions ADD COLUMN class_source TEXT;
                ALTER TABLE transactions ADD COLUMN class_reason TEXT;
                ALTER TABLE transactions ADD COLUMN class_partner TEXT;
                ALTER TABLE transactions ADD COLUMN class_month INTEGER;
                CREATE INDEX transactions_transfer_reach ON transactions(currency, amount, transaction_time) WHERE mcc IS NULL;
                CREATE INDEX transactions_not_booked ON transactions(transaction_time) WHERE status IN ('pending', 'authorized');
                CREATE TABLE classification_state (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    built INTEGER NOT NULL,
                    rebuild_needed INTEGER NOT NULL,
                    summary_overflow INTEGER NOT NULL
                );
                INSERT INTO classification_state VALUES (1, 0, 0, 0);
                CREATE TABLE classification_queue (
                    row_id INTEGER NOT NULL,
                    account_id TEXT NOT NULL,
                    currency TEXT NOT NULL,
                    amount INTEGER NOT NULL,
                    transaction_time INTEGER NOT NULL,
                    credit_debit TEXT NOT NULL,
                    mcc INTEGER
                );
                CREATE TABLE classification_zones (
                    account_id TEXT PRIMARY KEY,
                    time_zone TEXT NOT NULL
                ) WITHOUT ROWID;
                CREATE TABLE spending_summary (
                    month INTEGER NOT NULL,
                    account_id TEXT NOT NULL,
                    category TEXT NOT NULL,
                    mcc INTEGER NOT NULL,
                    currency TEXT NOT NULL,
                    spent INTEGER NOT NULL,
                    refunded INTEGER NOT NULL,
                    count INTEGER NOT NULL,
                    PRIMARY KEY (month, account_id, category, mcc, currency)
                ) WITHOUT ROWID;
                CREATE TRIGGER classify_inserted AFTER INSERT ON transactions
                WHEN NEW.class_state IS NULL AND (SELECT built FROM classification_state) = 1
                BEGIN
                    INSERT INTO classification_queue VALUES (NEW.row_id, NEW.account_id, NEW.currency, NEW.amount,
                        NEW.transaction_time, NEW.credit_debit, NEW.mcc);
                END;
                CREATE TRIGGER classify_deleted AFTER DELETE ON transactions
                WHEN (SELECT built FROM classification_state) = 1
                BEGIN
                    INSERT INTO classification_queue VALUES (OLD.row_id, OLD.account_id, OLD.currency, OLD.amount,
                        OLD.transaction_time, OLD.credit_debit, OLD.mcc);
                END;
                CREATE TRIGGER classify_updated AFTER UPDATE OF account_id, transaction_time, amount, currency, credit_debit,
                    mcc, merchant_name, description, original_description, type, status ON transactions
                WHEN (SELECT built FROM classification_state) = 1
                    AND (OLD.account_id IS NOT NEW.account_id OR OLD.transaction_time IS NOT NEW.transaction_time
                    OR OLD.amount IS NOT NEW.amount OR OLD.currency IS NOT NEW.currency
                    OR OLD.credit_debit IS NOT NEW.credit_debit OR OLD.mcc IS NOT NEW.mcc
                    OR OLD.merchant_name IS NOT NEW.merchant_name OR OLD.description IS NOT NEW.description
                    OR OLD.original_description IS NOT NEW.original_description OR OLD.type IS NOT NEW.type
                    OR OLD.status IS NOT NEW.status)
                BEGIN
                    INSERT INTO classification_queue VALUES (OLD.row_id, OLD.account_id, OLD.currency, OLD.amount,
                        OLD.transaction_time, OLD.credit_debit, OLD.mcc);
                    INSERT INTO classification_queue VALUES (NEW.row_id, NEW.account_id, NEW.currency, NEW.amount,
                        NEW.transaction_time, NEW.credit_debit, NEW.mcc);
                END;
                CREATE TRIGGER classify_account_kind AFTER UPDATE OF kind ON accounts
                WHEN OLD.kind IS NOT NEW.kind AND (SELECT built FROM classification_state) = 1
                BEGIN
                    INSERT INTO classification_queue SELECT row_id, account_id, currency, amount, transaction_time,
                        credit_debit, mcc FROM transactions WHERE account_id = NEW.id;
                END;
                \(summaryTriggers(.oneColumn))
                \(queueByTransactionID("transaction_overrides"))
                \(queueByTransactionID("transaction_splits"))
                \(queueByTransactionID("statement_categories"))
                CREATE TRIGGER reclassify_on_rule_insert AFTER INSERT ON rules
                BEGIN UPDATE classification_state SET rebuild_needed = 1; END;
                CREATE TRIGGER reclassify_on_rule_update AFTER UPDATE ON rules
                BEGIN UPDATE classification_state SET rebuild_needed = 1; END;
                CREATE TRIGGER reclassify_on_rule_delete AFTER DELETE ON rules
                BEGIN UPDATE classification_state SET rebuild_needed = 1; END;
                """),
        // A sum of the spending summary past 64 bits became a REAL, inexact once rows went: each
        // sum is now two integer columns (`SpendingSum`) that no addition can overflow, summed
        // again here from the stored classification. The flag of a summary too large to sum
        // goes: there is no such summary any more.
        Migration(
            id: 13, name: "exact spending summary",
            sql: """
                DROP TRIGGER sum_inserted;
                DROP TRIGGER sum_deleted;
                DROP TRIGGER sum_updated;
                DROP TRIGGER sum_part_inserted;
                DROP TRIGGER sum_part_deleted;
                DROP TRIGGER sum_part_updated;
                DROP TABLE spending_summary;
                CREATE TABLE spending_summary (
                    month INTEGER NOT NULL,
                    account_id TEXT NOT NULL,
                    category TEXT NOT NULL,
                    mcc INTEGER NOT NULL,
                    currency TEXT NOT NULL,
                    spent_high INTEGER NOT NULL,
                    spent_low INTEGER NOT NULL,
                    refunded_high INTEGER NOT NULL,
                    refunded_low INTEGER NOT NULL,
                    count INTEGER NOT NULL,
                    PRIMARY KEY (month, account_id, category, mcc, currency)
                ) WITHOUT ROWID;
                \(summaryTriggers(.exact))
                \(summaryRebuild);
                ALTER TABLE classification_state DROP COLUMN summary_overflow;
                """),
        // The account number a statement gives (OFX BANKID and ACCTID), recorded on its account at
        // the first import that gives one, so a statement of another account is refused; kept by
        // account ID without a foreign key, as the imports are. Imports are looked up by SHA-256:
        // the same file is not imported into a second account.
        Migration(
            id: 14, name: "statement account numbers",
            sql: """
                CREATE TABLE statement_account_numbers (
                    account_id TEXT PRIMARY KEY,
                    bank_id TEXT,
                    account_number TEXT NOT NULL,
                    recorded_at TEXT NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX statement_imports_by_sha256 ON statement_imports(sha256, account_id);
                """),
        // A ledger says it is one (`applicationID`), so purse never takes another application's
        // database for a ledger of an older purse; an older ledger is told by its migrations.
        Migration(
            id: 15, name: "ledger identity",
            sql: """
                PRAGMA application_id = \(applicationID);
                """),
        // Statement twins were paired closest first, which could strand a row the matching as a
        // whole pairs: a ledger with statement imports is classified again on its next write,
        // and reports classify as they go until then.
        Migration(
            id: 16, name: "statement twins matched as a whole",
            sql: """
                UPDATE classification_state SET rebuild_needed = 1 WHERE EXISTS (SELECT 1 FROM statement_imports);
                """),
        // The ledger's own settings (`purse config`), first its zone: the months of an account with
        // no zone of its own move from each writer's `TZ` to the ledger's zone, and the stored
        // classification now keeps pending rows with a state of their own, so every row is
        // classified again once, on the next write (reports classify as they go until then).
        Migration(
            id: 17, name: "ledger settings",
            sql: """
                CREATE TABLE ledger_settings (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
                UPDATE classification_state SET rebuild_needed = 1;
                """),
    ]

    /// How the summary's triggers add a share to a sum: schema 12 in one column (which SQLite
    /// turns into a REAL past 64 bits), schema 13 exactly in two (`SpendingSum`).
    private enum SummarySums {
        case oneColumn
        case exact
    }

    /// Triggers that keep the spending summary equal to the sum of every transaction's share, at
    /// every statement: a counted expense or refund adds its amount (a split, each part's) to its
    /// (month, account, category, MCC, currency), and takes it away when the row, its
    /// classification or a part changes or goes; rows whose count fell to 0 are skipped.
    private static func summaryTriggers(_ sums: SummarySums) -> String {
        /// Adds (sign "") or takes away (sign "-") the shares of the rows of `source`: `row` is the
        /// transaction, `category` and `amount` what the share counts.
        func add(_ sign: String, row: String, category: String, amount: String, source: String) -> String {
            let spent = "CASE \(row).class_flow WHEN 'expense' THEN \(amount) ELSE 0 END"
            let refunded = "CASE \(row).class_flow WHEN 'refund' THEN \(amount) ELSE 0 END"
            let (columns, values, updates) =
                switch sums {
                case .oneColumn:
                    (
                        "spent, refunded", "\(sign)\(spent),\n        \(sign)\(refunded)",
                        "spent = spent + excluded.spent,\n        refunded = refunded + excluded.refunded, count = count + excluded.count"
                    )
                case .exact:
                    (
                        "spent_high, spent_low, refunded_high, refunded_low",
                        [spent, refunded].map { "\(sign)(\($0)) / \(base), \(sign)(\($0)) % \(base)" }.joined(separator: ",\n        "),
                        (["spent", "refunded"].map { exactUpdate($0) } + ["count = count + excluded.count"])
                            .joined(separator: ",\n        ")
                    )
                }
            return """
                INSERT INTO spending_summary (month, account_id, category, mcc, currency, \(columns), count)
                    SELECT \(row).class_month, \(row).account_id, \(category), coalesce(\(row).mcc, -1), \(row).currency,
                        \(values), \(sign)1
                    \(source) AND \(row).class_state = 'counted' AND \(row).class_flow IN ('expense', 'refund')
                    ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET \(updates);
                """
        }
        /// A transaction's share: itself, or its split's parts.
        func share(_ row: String, _ sign: String) -> String {
            add(sign, row: row, category: "\(row).class_category", amount: "\(row).amount", source: "WHERE \(row).class_source != 'split'")
                + "\n"
                + add(
                    sign, row: row, category: "P.category", amount: "P.amount",
                    source: "FROM transaction_splits P WHERE P.transaction_id = \(row).id AND \(row).class_source = 'split'")
        }
        /// A split part's share, while its transaction counts as split.
        func part(_ part: String, _ sign: String) -> String {
            add(
                sign, row: "R", category: "\(part).category", amount: "\(part).amount",
                source: "FROM transactions R WHERE R.id = \(part).transaction_id AND R.class_source = 'split'")
        }
        let built = "(SELECT built FROM classification_state) = 1"
        return """
            CREATE TRIGGER sum_inserted AFTER INSERT ON transactions WHEN \(built)
            BEGIN
            \(share("NEW", ""))
            END;
            CREATE TRIGGER sum_deleted AFTER DELETE ON transactions WHEN \(built)
            BEGIN
            \(share("OLD", "-"))
            END;
            CREATE TRIGGER sum_updated AFTER UPDATE OF account_id, amount, currency, mcc, class_state, class_flow,
                class_category, class_source, class_month ON transactions WHEN \(built)
            BEGIN
            \(share("OLD", "-"))
            \(share("NEW", ""))
            END;
            CREATE TRIGGER sum_part_inserted AFTER INSERT ON transaction_splits WHEN \(built)
            BEGIN
            \(part("NEW", ""))
            END;
            CREATE TRIGGER sum_part_deleted AFTER DELETE ON transaction_splits WHEN \(built)
            BEGIN
            \(part("OLD", "-"))
            END;
            CREATE TRIGGER sum_part_updated AFTER UPDATE ON transaction_splits WHEN \(built)
            BEGIN
            \(part("OLD", "-"))
            \(part("NEW", ""))
            END;
            """
    }

    /// `SpendingSum.base` in SQL.
    private static let base = SpendingSum.base

    /// Adds `excluded`'s parts of the sum `name` to the row's and carries what the low part
    /// passed: the low part stays under `base` either way, so neither addition can overflow.
    private static func exactUpdate(_ name: String) -> String {
        "\(name)_high = \(name)_high + excluded.\(name)_high + (\(name)_low + excluded.\(name)_low) / \(base), "
            + "\(name)_low = (\(name)_low + excluded.\(name)_low) % \(base)"
    }

    /// Sums the counted expenses and refunds of the whole ledger into the summary (which is
    /// empty), exactly: each amount is cut in three parts (of 10^12, of 10^6 and of one unit),
    /// each summed on its own, so no sum overflows before a group has 10^12 rows, and the parts
    /// are carried into `SpendingSum`'s two. A split counts as its parts, each in its own category.
    static var summaryRebuild: String {
        let counted = "t.class_state = 'counted' AND t.class_flow IN ('expense', 'refund')"
        let million = 1_000_000
        func parts(_ name: String, _ flow: String) -> String {
            let amount = "CASE WHEN flow = '\(flow)' THEN amount ELSE 0 END"
            return "sum((\(amount)) / \(base)) AS \(name)_high, sum((\(amount)) % \(base) / \(million)) AS \(name)_millions, "
                + "sum((\(amount)) % \(million)) AS \(name)_units"
        }
        func carried(_ name: String) -> String {
            let millions = "(\(name)_millions + \(name)_units / \(million))"
            return "\(name)_high + \(millions) / \(million), \(millions) % \(million) * \(million) + \(name)_units % \(million)"
        }
        return """
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent_high, spent_low, refunded_high,
                refunded_low, count)
            SELECT month, account_id, category, mcc, currency, \(carried("spent")), \(carried("refunded")), count
            FROM (
                SELECT month, account_id, category, mcc, currency, \(parts("spent", "expense")), \(parts("refunded", "refund")),
                    count(*) AS count
                FROM (
                    SELECT t.class_month AS month, t.account_id, t.class_category AS category, coalesce(t.mcc, -1) AS mcc,
                        t.currency, t.class_flow AS flow, t.amount
                    FROM transactions t WHERE \(counted) AND t.class_source != 'split'
                    UNION ALL
                    SELECT t.class_month, t.account_id, p.category, coalesce(t.mcc, -1), t.currency, t.class_flow, p.amount
                    FROM transactions t JOIN transaction_splits p ON p.transaction_id = t.id
                    WHERE \(counted) AND t.class_source = 'split'
                )
                GROUP BY month, account_id, category, mcc, currency
            )
            """
    }

    /// Triggers that queue the transaction a row of `table` (keyed by `transaction_id`) is about
    /// whenever such a row comes, changes or goes.
    private static func queueByTransactionID(_ table: String) -> String {
        ["INSERT": ["NEW"], "UPDATE": ["OLD", "NEW"], "DELETE": ["OLD"]].sorted { $0.key < $1.key }.map { event, rows in
            let inserts = rows.map { row in
                """
                INSERT INTO classification_queue SELECT row_id, account_id, currency, amount, transaction_time,
                        credit_debit, mcc FROM transactions WHERE id = \(row).transaction_id;
                """
            }
            return """
                CREATE TRIGGER classify_on_\(table)_\(event.lowercased()) AFTER \(event) ON \(table)
                WHEN (SELECT built FROM classification_state) = 1
                BEGIN
                    \(inserts.joined(separator: "\n    "))
                END;
                """
        }.joined(separator: "\n")
    }

    /// The first schema with orders: an older ledger read as it is has none.
    static let ordersVersion = 9

    public static var latestVersion: Int { migrations.count }
}
