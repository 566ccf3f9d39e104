import Storage

extension LedgerSchema {
    /// A sum of the spending summary past 64 bits became a REAL, inexact once rows went: each
    /// sum is now two integer columns (`SpendingSum`) that no addition can overflow, summed
    /// again here from the stored classification. The flag of a summary too large to sum
    /// goes: there is no such summary any more.
    static let migration13 = Migration(
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
            CREATE TRIGGER sum_inserted AFTER INSERT ON transactions WHEN (SELECT built FROM classification_state) = 1
            BEGIN
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent_high, spent_low, refunded_high, refunded_low, count)
                SELECT NEW.class_month, NEW.account_id, NEW.class_category, coalesce(NEW.mcc, -1), NEW.currency,
                    (CASE NEW.class_flow WHEN 'expense' THEN NEW.amount ELSE 0 END) / 1000000000000, (CASE NEW.class_flow WHEN 'expense' THEN NEW.amount ELSE 0 END) % 1000000000000,
                    (CASE NEW.class_flow WHEN 'refund' THEN NEW.amount ELSE 0 END) / 1000000000000, (CASE NEW.class_flow WHEN 'refund' THEN NEW.amount ELSE 0 END) % 1000000000000, 1
                WHERE NEW.class_source != 'split' AND NEW.class_state = 'counted' AND NEW.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent_high = spent_high + excluded.spent_high + (spent_low + excluded.spent_low) / 1000000000000, spent_low = (spent_low + excluded.spent_low) % 1000000000000,
                    refunded_high = refunded_high + excluded.refunded_high + (refunded_low + excluded.refunded_low) / 1000000000000, refunded_low = (refunded_low + excluded.refunded_low) % 1000000000000,
                    count = count + excluded.count;
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent_high, spent_low, refunded_high, refunded_low, count)
                SELECT NEW.class_month, NEW.account_id, P.category, coalesce(NEW.mcc, -1), NEW.currency,
                    (CASE NEW.class_flow WHEN 'expense' THEN P.amount ELSE 0 END) / 1000000000000, (CASE NEW.class_flow WHEN 'expense' THEN P.amount ELSE 0 END) % 1000000000000,
                    (CASE NEW.class_flow WHEN 'refund' THEN P.amount ELSE 0 END) / 1000000000000, (CASE NEW.class_flow WHEN 'refund' THEN P.amount ELSE 0 END) % 1000000000000, 1
                FROM transaction_splits P WHERE P.transaction_id = NEW.id AND NEW.class_source = 'split' AND NEW.class_state = 'counted' AND NEW.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent_high = spent_high + excluded.spent_high + (spent_low + excluded.spent_low) / 1000000000000, spent_low = (spent_low + excluded.spent_low) % 1000000000000,
                    refunded_high = refunded_high + excluded.refunded_high + (refunded_low + excluded.refunded_low) / 1000000000000, refunded_low = (refunded_low + excluded.refunded_low) % 1000000000000,
                    count = count + excluded.count;
            END;
            CREATE TRIGGER sum_deleted AFTER DELETE ON transactions WHEN (SELECT built FROM classification_state) = 1
            BEGIN
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent_high, spent_low, refunded_high, refunded_low, count)
                SELECT OLD.class_month, OLD.account_id, OLD.class_category, coalesce(OLD.mcc, -1), OLD.currency,
                    -(CASE OLD.class_flow WHEN 'expense' THEN OLD.amount ELSE 0 END) / 1000000000000, -(CASE OLD.class_flow WHEN 'expense' THEN OLD.amount ELSE 0 END) % 1000000000000,
                    -(CASE OLD.class_flow WHEN 'refund' THEN OLD.amount ELSE 0 END) / 1000000000000, -(CASE OLD.class_flow WHEN 'refund' THEN OLD.amount ELSE 0 END) % 1000000000000, -1
                WHERE OLD.class_source != 'split' AND OLD.class_state = 'counted' AND OLD.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent_high = spent_high + excluded.spent_high + (spent_low + excluded.spent_low) / 1000000000000, spent_low = (spent_low + excluded.spent_low) % 1000000000000,
                    refunded_high = refunded_high + excluded.refunded_high + (refunded_low + excluded.refunded_low) / 1000000000000, refunded_low = (refunded_low + excluded.refunded_low) % 1000000000000,
                    count = count + excluded.count;
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent_high, spent_low, refunded_high, refunded_low, count)
                SELECT OLD.class_month, OLD.account_id, P.category, coalesce(OLD.mcc, -1), OLD.currency,
                    -(CASE OLD.class_flow WHEN 'expense' THEN P.amount ELSE 0 END) / 1000000000000, -(CASE OLD.class_flow WHEN 'expense' THEN P.amount ELSE 0 END) % 1000000000000,
                    -(CASE OLD.class_flow WHEN 'refund' THEN P.amount ELSE 0 END) / 1000000000000, -(CASE OLD.class_flow WHEN 'refund' THEN P.amount ELSE 0 END) % 1000000000000, -1
                FROM transaction_splits P WHERE P.transaction_id = OLD.id AND OLD.class_source = 'split' AND OLD.class_state = 'counted' AND OLD.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent_high = spent_high + excluded.spent_high + (spent_low + excluded.spent_low) / 1000000000000, spent_low = (spent_low + excluded.spent_low) % 1000000000000,
                    refunded_high = refunded_high + excluded.refunded_high + (refunded_low + excluded.refunded_low) / 1000000000000, refunded_low = (refunded_low + excluded.refunded_low) % 1000000000000,
                    count = count + excluded.count;
            END;
            CREATE TRIGGER sum_updated AFTER UPDATE OF account_id, amount, currency, mcc, class_state, class_flow,
                class_category, class_source, class_month ON transactions WHEN (SELECT built FROM classification_state) = 1
            BEGIN
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent_high, spent_low, refunded_high, refunded_low, count)
                SELECT OLD.class_month, OLD.account_id, OLD.class_category, coalesce(OLD.mcc, -1), OLD.currency,
                    -(CASE OLD.class_flow WHEN 'expense' THEN OLD.amount ELSE 0 END) / 1000000000000, -(CASE OLD.class_flow WHEN 'expense' THEN OLD.amount ELSE 0 END) % 1000000000000,
                    -(CASE OLD.class_flow WHEN 'refund' THEN OLD.amount ELSE 0 END) / 1000000000000, -(CASE OLD.class_flow WHEN 'refund' THEN OLD.amount ELSE 0 END) % 1000000000000, -1
                WHERE OLD.class_source != 'split' AND OLD.class_state = 'counted' AND OLD.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent_high = spent_high + excluded.spent_high + (spent_low + excluded.spent_low) / 1000000000000, spent_low = (spent_low + excluded.spent_low) % 1000000000000,
                    refunded_high = refunded_high + excluded.refunded_high + (refunded_low + excluded.refunded_low) / 1000000000000, refunded_low = (refunded_low + excluded.refunded_low) % 1000000000000,
                    count = count + excluded.count;
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent_high, spent_low, refunded_high, refunded_low, count)
                SELECT OLD.class_month, OLD.account_id, P.category, coalesce(OLD.mcc, -1), OLD.currency,
                    -(CASE OLD.class_flow WHEN 'expense' THEN P.amount ELSE 0 END) / 1000000000000, -(CASE OLD.class_flow WHEN 'expense' THEN P.amount ELSE 0 END) % 1000000000000,
                    -(CASE OLD.class_flow WHEN 'refund' THEN P.amount ELSE 0 END) / 1000000000000, -(CASE OLD.class_flow WHEN 'refund' THEN P.amount ELSE 0 END) % 1000000000000, -1
                FROM transaction_splits P WHERE P.transaction_id = OLD.id AND OLD.class_source = 'split' AND OLD.class_state = 'counted' AND OLD.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent_high = spent_high + excluded.spent_high + (spent_low + excluded.spent_low) / 1000000000000, spent_low = (spent_low + excluded.spent_low) % 1000000000000,
                    refunded_high = refunded_high + excluded.refunded_high + (refunded_low + excluded.refunded_low) / 1000000000000, refunded_low = (refunded_low + excluded.refunded_low) % 1000000000000,
                    count = count + excluded.count;
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent_high, spent_low, refunded_high, refunded_low, count)
                SELECT NEW.class_month, NEW.account_id, NEW.class_category, coalesce(NEW.mcc, -1), NEW.currency,
                    (CASE NEW.class_flow WHEN 'expense' THEN NEW.amount ELSE 0 END) / 1000000000000, (CASE NEW.class_flow WHEN 'expense' THEN NEW.amount ELSE 0 END) % 1000000000000,
                    (CASE NEW.class_flow WHEN 'refund' THEN NEW.amount ELSE 0 END) / 1000000000000, (CASE NEW.class_flow WHEN 'refund' THEN NEW.amount ELSE 0 END) % 1000000000000, 1
                WHERE NEW.class_source != 'split' AND NEW.class_state = 'counted' AND NEW.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent_high = spent_high + excluded.spent_high + (spent_low + excluded.spent_low) / 1000000000000, spent_low = (spent_low + excluded.spent_low) % 1000000000000,
                    refunded_high = refunded_high + excluded.refunded_high + (refunded_low + excluded.refunded_low) / 1000000000000, refunded_low = (refunded_low + excluded.refunded_low) % 1000000000000,
                    count = count + excluded.count;
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent_high, spent_low, refunded_high, refunded_low, count)
                SELECT NEW.class_month, NEW.account_id, P.category, coalesce(NEW.mcc, -1), NEW.currency,
                    (CASE NEW.class_flow WHEN 'expense' THEN P.amount ELSE 0 END) / 1000000000000, (CASE NEW.class_flow WHEN 'expense' THEN P.amount ELSE 0 END) % 1000000000000,
                    (CASE NEW.class_flow WHEN 'refund' THEN P.amount ELSE 0 END) / 1000000000000, (CASE NEW.class_flow WHEN 'refund' THEN P.amount ELSE 0 END) % 1000000000000, 1
                FROM transaction_splits P WHERE P.transaction_id = NEW.id AND NEW.class_source = 'split' AND NEW.class_state = 'counted' AND NEW.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent_high = spent_high + excluded.spent_high + (spent_low + excluded.spent_low) / 1000000000000, spent_low = (spent_low + excluded.spent_low) % 1000000000000,
                    refunded_high = refunded_high + excluded.refunded_high + (refunded_low + excluded.refunded_low) / 1000000000000, refunded_low = (refunded_low + excluded.refunded_low) % 1000000000000,
                    count = count + excluded.count;
            END;
            CREATE TRIGGER sum_part_inserted AFTER INSERT ON transaction_splits WHEN (SELECT built FROM classification_state) = 1
            BEGIN
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent_high, spent_low, refunded_high, refunded_low, count)
                SELECT R.class_month, R.account_id, NEW.category, coalesce(R.mcc, -1), R.currency,
                    (CASE R.class_flow WHEN 'expense' THEN NEW.amount ELSE 0 END) / 1000000000000, (CASE R.class_flow WHEN 'expense' THEN NEW.amount ELSE 0 END) % 1000000000000,
                    (CASE R.class_flow WHEN 'refund' THEN NEW.amount ELSE 0 END) / 1000000000000, (CASE R.class_flow WHEN 'refund' THEN NEW.amount ELSE 0 END) % 1000000000000, 1
                FROM transactions R WHERE R.id = NEW.transaction_id AND R.class_source = 'split' AND R.class_state = 'counted' AND R.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent_high = spent_high + excluded.spent_high + (spent_low + excluded.spent_low) / 1000000000000, spent_low = (spent_low + excluded.spent_low) % 1000000000000,
                    refunded_high = refunded_high + excluded.refunded_high + (refunded_low + excluded.refunded_low) / 1000000000000, refunded_low = (refunded_low + excluded.refunded_low) % 1000000000000,
                    count = count + excluded.count;
            END;
            CREATE TRIGGER sum_part_deleted AFTER DELETE ON transaction_splits WHEN (SELECT built FROM classification_state) = 1
            BEGIN
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent_high, spent_low, refunded_high, refunded_low, count)
                SELECT R.class_month, R.account_id, OLD.category, coalesce(R.mcc, -1), R.currency,
                    -(CASE R.class_flow WHEN 'expense' THEN OLD.amount ELSE 0 END) / 1000000000000, -(CASE R.class_flow WHEN 'expense' THEN OLD.amount ELSE 0 END) % 1000000000000,
                    -(CASE R.class_flow WHEN 'refund' THEN OLD.amount ELSE 0 END) / 1000000000000, -(CASE R.class_flow WHEN 'refund' THEN OLD.amount ELSE 0 END) % 1000000000000, -1
                FROM transactions R WHERE R.id = OLD.transaction_id AND R.class_source = 'split' AND R.class_state = 'counted' AND R.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent_high = spent_high + excluded.spent_high + (spent_low + excluded.spent_low) / 1000000000000, spent_low = (spent_low + excluded.spent_low) % 1000000000000,
                    refunded_high = refunded_high + excluded.refunded_high + (refunded_low + excluded.refunded_low) / 1000000000000, refunded_low = (refunded_low + excluded.refunded_low) % 1000000000000,
                    count = count + excluded.count;
            END;
            CREATE TRIGGER sum_part_updated AFTER UPDATE ON transaction_splits WHEN (SELECT built FROM classification_state) = 1
            BEGIN
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent_high, spent_low, refunded_high, refunded_low, count)
                SELECT R.class_month, R.account_id, OLD.category, coalesce(R.mcc, -1), R.currency,
                    -(CASE R.class_flow WHEN 'expense' THEN OLD.amount ELSE 0 END) / 1000000000000, -(CASE R.class_flow WHEN 'expense' THEN OLD.amount ELSE 0 END) % 1000000000000,
                    -(CASE R.class_flow WHEN 'refund' THEN OLD.amount ELSE 0 END) / 1000000000000, -(CASE R.class_flow WHEN 'refund' THEN OLD.amount ELSE 0 END) % 1000000000000, -1
                FROM transactions R WHERE R.id = OLD.transaction_id AND R.class_source = 'split' AND R.class_state = 'counted' AND R.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent_high = spent_high + excluded.spent_high + (spent_low + excluded.spent_low) / 1000000000000, spent_low = (spent_low + excluded.spent_low) % 1000000000000,
                    refunded_high = refunded_high + excluded.refunded_high + (refunded_low + excluded.refunded_low) / 1000000000000, refunded_low = (refunded_low + excluded.refunded_low) % 1000000000000,
                    count = count + excluded.count;
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent_high, spent_low, refunded_high, refunded_low, count)
                SELECT R.class_month, R.account_id, NEW.category, coalesce(R.mcc, -1), R.currency,
                    (CASE R.class_flow WHEN 'expense' THEN NEW.amount ELSE 0 END) / 1000000000000, (CASE R.class_flow WHEN 'expense' THEN NEW.amount ELSE 0 END) % 1000000000000,
                    (CASE R.class_flow WHEN 'refund' THEN NEW.amount ELSE 0 END) / 1000000000000, (CASE R.class_flow WHEN 'refund' THEN NEW.amount ELSE 0 END) % 1000000000000, 1
                FROM transactions R WHERE R.id = NEW.transaction_id AND R.class_source = 'split' AND R.class_state = 'counted' AND R.class_flow IN ('expense', 'refund')
                ON CONFLICT (month, account_id, category, mcc, currency) DO UPDATE SET spent_high = spent_high + excluded.spent_high + (spent_low + excluded.spent_low) / 1000000000000, spent_low = (spent_low + excluded.spent_low) % 1000000000000,
                    refunded_high = refunded_high + excluded.refunded_high + (refunded_low + excluded.refunded_low) / 1000000000000, refunded_low = (refunded_low + excluded.refunded_low) % 1000000000000,
                    count = count + excluded.count;
            END;
            INSERT INTO spending_summary (month, account_id, category, mcc, currency, spent_high, spent_low, refunded_high,
                refunded_low, count)
            SELECT month, account_id, category, mcc, currency, spent_high + (spent_millions + spent_units / 1000000) / 1000000, (spent_millions + spent_units / 1000000) % 1000000 * 1000000 + spent_units % 1000000, refunded_high + (refunded_millions + refunded_units / 1000000) / 1000000, (refunded_millions + refunded_units / 1000000) % 1000000 * 1000000 + refunded_units % 1000000, count
            FROM (
                SELECT month, account_id, category, mcc, currency, sum((CASE WHEN flow = 'expense' THEN amount ELSE 0 END) / 1000000000000) AS spent_high, sum((CASE WHEN flow = 'expense' THEN amount ELSE 0 END) % 1000000000000 / 1000000) AS spent_millions, sum((CASE WHEN flow = 'expense' THEN amount ELSE 0 END) % 1000000) AS spent_units, sum((CASE WHEN flow = 'refund' THEN amount ELSE 0 END) / 1000000000000) AS refunded_high, sum((CASE WHEN flow = 'refund' THEN amount ELSE 0 END) % 1000000000000 / 1000000) AS refunded_millions, sum((CASE WHEN flow = 'refund' THEN amount ELSE 0 END) % 1000000) AS refunded_units,
                    count(*) AS count
                FROM (
                    SELECT t.class_month AS month, t.account_id, t.class_category AS category, coalesce(t.mcc, -1) AS mcc,
                        t.currency, t.class_flow AS flow, t.amount
                    FROM transactions t WHERE t.class_state = 'counted' AND t.class_flow IN ('expense', 'refund') AND t.class_source != 'split'
                    UNION ALL
                    SELECT t.class_month, t.account_id, p.category, coalesce(t.mcc, -1), t.currency, t.class_flow, p.amount
                    FROM transactions t JOIN transaction_splits p ON p.transaction_id = t.id
                    WHERE t.class_state = 'counted' AND t.class_flow IN ('expense', 'refund') AND t.class_source = 'split'
                )
                GROUP BY month, account_id, category, mcc, currency
            );
            ALTER TABLE classification_state DROP COLUMN summary_overflow;
            """)
}
