import Storage

extension LedgerSchema {
    /// Each transaction's classification (flow, category, where the category came from, why,
    /// its transfer partner or statement twin, its account-local month) is stored beside it,
    /// with spending summed per (month, account, category, MCC, currency), so reports read
    /// sums instead of classifying every row. Triggers queue what a change may reclassify in
    /// the same transaction as the change; the writer reclassifies the queue before it
    /// commits (README, "Stored classification"); other triggers keep the summary equal to the
    /// sum of the rows' shares. A rule change reclassifies everything.
    /// `built` 0 asks for a build from scratch: a ledger of an older schema gets one on its
    /// first write.
    static let migration12 = Migration(
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
            CREATE TRIGGER sum_inserted AFTER INSERT ON transactions WHEN (SELECT built FROM classification_state) = 1
            BEGIN
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent, refunded, count)
                SELECT NEW.class_month, NEW.account_id, NEW.class_category, coalesce(NEW.mcc, -1), NEW.currency,
                    CASE NEW.class_flow WHEN 'expense' THEN NEW.amount ELSE 0 END,
                    CASE NEW.class_flow WHEN 'refund' THEN NEW.amount ELSE 0 END, 1
                WHERE NEW.class_source != 'split' AND NEW.class_state = 'counted' AND NEW.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent = spent + excluded.spent,
                    refunded = refunded + excluded.refunded, count = count + excluded.count;
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent, refunded, count)
                SELECT NEW.class_month, NEW.account_id, P.category, coalesce(NEW.mcc, -1), NEW.currency,
                    CASE NEW.class_flow WHEN 'expense' THEN P.amount ELSE 0 END,
                    CASE NEW.class_flow WHEN 'refund' THEN P.amount ELSE 0 END, 1
                FROM transaction_splits P WHERE P.transaction_id = NEW.id AND NEW.class_source = 'split' AND NEW.class_state = 'counted' AND NEW.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent = spent + excluded.spent,
                    refunded = refunded + excluded.refunded, count = count + excluded.count;
            END;
            CREATE TRIGGER sum_deleted AFTER DELETE ON transactions WHEN (SELECT built FROM classification_state) = 1
            BEGIN
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent, refunded, count)
                SELECT OLD.class_month, OLD.account_id, OLD.class_category, coalesce(OLD.mcc, -1), OLD.currency,
                    -CASE OLD.class_flow WHEN 'expense' THEN OLD.amount ELSE 0 END,
                    -CASE OLD.class_flow WHEN 'refund' THEN OLD.amount ELSE 0 END, -1
                WHERE OLD.class_source != 'split' AND OLD.class_state = 'counted' AND OLD.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent = spent + excluded.spent,
                    refunded = refunded + excluded.refunded, count = count + excluded.count;
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent, refunded, count)
                SELECT OLD.class_month, OLD.account_id, P.category, coalesce(OLD.mcc, -1), OLD.currency,
                    -CASE OLD.class_flow WHEN 'expense' THEN P.amount ELSE 0 END,
                    -CASE OLD.class_flow WHEN 'refund' THEN P.amount ELSE 0 END, -1
                FROM transaction_splits P WHERE P.transaction_id = OLD.id AND OLD.class_source = 'split' AND OLD.class_state = 'counted' AND OLD.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent = spent + excluded.spent,
                    refunded = refunded + excluded.refunded, count = count + excluded.count;
            END;
            CREATE TRIGGER sum_updated AFTER UPDATE OF account_id, amount, currency, mcc, class_state, class_flow,
                class_category, class_source, class_month ON transactions WHEN (SELECT built FROM classification_state) = 1
            BEGIN
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent, refunded, count)
                SELECT OLD.class_month, OLD.account_id, OLD.class_category, coalesce(OLD.mcc, -1), OLD.currency,
                    -CASE OLD.class_flow WHEN 'expense' THEN OLD.amount ELSE 0 END,
                    -CASE OLD.class_flow WHEN 'refund' THEN OLD.amount ELSE 0 END, -1
                WHERE OLD.class_source != 'split' AND OLD.class_state = 'counted' AND OLD.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent = spent + excluded.spent,
                    refunded = refunded + excluded.refunded, count = count + excluded.count;
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent, refunded, count)
                SELECT OLD.class_month, OLD.account_id, P.category, coalesce(OLD.mcc, -1), OLD.currency,
                    -CASE OLD.class_flow WHEN 'expense' THEN P.amount ELSE 0 END,
                    -CASE OLD.class_flow WHEN 'refund' THEN P.amount ELSE 0 END, -1
                FROM transaction_splits P WHERE P.transaction_id = OLD.id AND OLD.class_source = 'split' AND OLD.class_state = 'counted' AND OLD.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent = spent + excluded.spent,
                    refunded = refunded + excluded.refunded, count = count + excluded.count;
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent, refunded, count)
                SELECT NEW.class_month, NEW.account_id, NEW.class_category, coalesce(NEW.mcc, -1), NEW.currency,
                    CASE NEW.class_flow WHEN 'expense' THEN NEW.amount ELSE 0 END,
                    CASE NEW.class_flow WHEN 'refund' THEN NEW.amount ELSE 0 END, 1
                WHERE NEW.class_source != 'split' AND NEW.class_state = 'counted' AND NEW.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent = spent + excluded.spent,
                    refunded = refunded + excluded.refunded, count = count + excluded.count;
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent, refunded, count)
                SELECT NEW.class_month, NEW.account_id, P.category, coalesce(NEW.mcc, -1), NEW.currency,
                    CASE NEW.class_flow WHEN 'expense' THEN P.amount ELSE 0 END,
                    CASE NEW.class_flow WHEN 'refund' THEN P.amount ELSE 0 END, 1
                FROM transaction_splits P WHERE P.transaction_id = NEW.id AND NEW.class_source = 'split' AND NEW.class_state = 'counted' AND NEW.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent = spent + excluded.spent,
                    refunded = refunded + excluded.refunded, count = count + excluded.count;
            END;
            CREATE TRIGGER sum_part_inserted AFTER INSERT ON transaction_splits WHEN (SELECT built FROM classification_state) = 1
            BEGIN
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent, refunded, count)
                SELECT R.class_month, R.account_id, NEW.category, coalesce(R.mcc, -1), R.currency,
                    CASE R.class_flow WHEN 'expense' THEN NEW.amount ELSE 0 END,
                    CASE R.class_flow WHEN 'refund' THEN NEW.amount ELSE 0 END, 1
                FROM transactions R WHERE R.id = NEW.transaction_id AND R.class_source = 'split' AND R.class_state = 'counted' AND R.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent = spent + excluded.spent,
                    refunded = refunded + excluded.refunded, count = count + excluded.count;
            END;
            CREATE TRIGGER sum_part_deleted AFTER DELETE ON transaction_splits WHEN (SELECT built FROM classification_state) = 1
            BEGIN
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent, refunded, count)
                SELECT R.class_month, R.account_id, OLD.category, coalesce(R.mcc, -1), R.currency,
                    -CASE R.class_flow WHEN 'expense' THEN OLD.amount ELSE 0 END,
                    -CASE R.class_flow WHEN 'refund' THEN OLD.amount ELSE 0 END, -1
                FROM transactions R WHERE R.id = OLD.transaction_id AND R.class_source = 'split' AND R.class_state = 'counted' AND R.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent = spent + excluded.spent,
                    refunded = refunded + excluded.refunded, count = count + excluded.count;
            END;
            CREATE TRIGGER sum_part_updated AFTER UPDATE ON transaction_splits WHEN (SELECT built FROM classification_state) = 1
            BEGIN
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent, refunded, count)
                SELECT R.class_month, R.account_id, OLD.category, coalesce(R.mcc, -1), R.currency,
                    -CASE R.class_flow WHEN 'expense' THEN OLD.amount ELSE 0 END,
                    -CASE R.class_flow WHEN 'refund' THEN OLD.amount ELSE 0 END, -1
                FROM transactions R WHERE R.id = OLD.transaction_id AND R.class_source = 'split' AND R.class_state = 'counted' AND R.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent = spent + excluded.spent,
                    refunded = refunded + excluded.refunded, count = count + excluded.count;
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent, refunded, count)
                SELECT R.class_month, R.account_id, NEW.category, coalesce(R.mcc, -1), R.currency,
                    CASE R.class_flow WHEN 'expense' THEN NEW.amount ELSE 0 END,
                    CASE R.class_flow WHEN 'refund' THEN NEW.amount ELSE 0 END, 1
                FROM transactions R WHERE R.id = NEW.transaction_id AND R.class_source = 'split' AND R.class_state = 'counted' AND R.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent = spent + excluded.spent,
                    refunded = refunded + excluded.refunded, count = count + excluded.count;
            END;
            CREATE TRIGGER classify_on_transaction_overrides_delete AFTER DELETE ON transaction_overrides
            WHEN (SELECT built FROM classification_state) = 1
            BEGIN
                INSERT INTO classification_queue SELECT row_id, account_id, currency, amount, transaction_time,
                    credit_debit, mcc FROM transactions WHERE id = OLD.transaction_id;
            END;
            CREATE TRIGGER classify_on_transaction_overrides_insert AFTER INSERT ON transaction_overrides
            WHEN (SELECT built FROM classification_state) = 1
            BEGIN
                INSERT INTO classification_queue SELECT row_id, account_id, currency, amount, transaction_time,
                    credit_debit, mcc FROM transactions WHERE id = NEW.transaction_id;
            END;
            CREATE TRIGGER classify_on_transaction_overrides_update AFTER UPDATE ON transaction_overrides
            WHEN (SELECT built FROM classification_state) = 1
            BEGIN
                INSERT INTO classification_queue SELECT row_id, account_id, currency, amount, transaction_time,
                    credit_debit, mcc FROM transactions WHERE id = OLD.transaction_id;
                INSERT INTO classification_queue SELECT row_id, account_id, currency, amount, transaction_time,
                    credit_debit, mcc FROM transactions WHERE id = NEW.transaction_id;
            END;
            CREATE TRIGGER classify_on_transaction_splits_delete AFTER DELETE ON transaction_splits
            WHEN (SELECT built FROM classification_state) = 1
            BEGIN
                INSERT INTO classification_queue SELECT row_id, account_id, currency, amount, transaction_time,
                    credit_debit, mcc FROM transactions WHERE id = OLD.transaction_id;
            END;
            CREATE TRIGGER classify_on_transaction_splits_insert AFTER INSERT ON transaction_splits
            WHEN (SELECT built FROM classification_state) = 1
            BEGIN
                INSERT INTO classification_queue SELECT row_id, account_id, currency, amount, transaction_time,
                    credit_debit, mcc FROM transactions WHERE id = NEW.transaction_id;
            END;
            CREATE TRIGGER classify_on_transaction_splits_update AFTER UPDATE ON transaction_splits
            WHEN (SELECT built FROM classification_state) = 1
            BEGIN
                INSERT INTO classification_queue SELECT row_id, account_id, currency, amount, transaction_time,
                    credit_debit, mcc FROM transactions WHERE id = OLD.transaction_id;
                INSERT INTO classification_queue SELECT row_id, account_id, currency, amount, transaction_time,
                    credit_debit, mcc FROM transactions WHERE id = NEW.transaction_id;
            END;
            CREATE TRIGGER classify_on_statement_categories_delete AFTER DELETE ON statement_categories
            WHEN (SELECT built FROM classification_state) = 1
            BEGIN
                INSERT INTO classification_queue SELECT row_id, account_id, currency, amount, transaction_time,
                    credit_debit, mcc FROM transactions WHERE id = OLD.transaction_id;
            END;
            CREATE TRIGGER classify_on_statement_categories_insert AFTER INSERT ON statement_categories
            WHEN (SELECT built FROM classification_state) = 1
            BEGIN
                INSERT INTO classification_queue SELECT row_id, account_id, currency, amount, transaction_time,
                    credit_debit, mcc FROM transactions WHERE id = NEW.transaction_id;
            END;
            CREATE TRIGGER classify_on_statement_categories_update AFTER UPDATE ON statement_categories
            WHEN (SELECT built FROM classification_state) = 1
            BEGIN
                INSERT INTO classification_queue SELECT row_id, account_id, currency, amount, transaction_time,
                    credit_debit, mcc FROM transactions WHERE id = OLD.transaction_id;
                INSERT INTO classification_queue SELECT row_id, account_id, currency, amount, transaction_time,
                    credit_debit, mcc FROM transactions WHERE id = NEW.transaction_id;
            END;
            CREATE TRIGGER reclassify_on_rule_insert AFTER INSERT ON rules
            BEGIN UPDATE classification_state SET rebuild_needed = 1; END;
            CREATE TRIGGER reclassify_on_rule_update AFTER UPDATE ON rules
            BEGIN UPDATE classification_state SET rebuild_needed = 1; END;
            CREATE TRIGGER reclassify_on_rule_delete AFTER DELETE ON rules
            BEGIN UPDATE classification_state SET rebuild_needed = 1; END;
            """)
}
