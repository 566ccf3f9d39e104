import Storage

extension LedgerSchema {
    /// Each account's counted expenses and income of the last year or so, packed by 2^21
    /// seconds (about 24 days) of transaction time, so that the summary's recurring series read
    /// a few dozen rows instead of a year of transactions (`LedgerStore.keepChargePacks`). A
    /// pack that is there is exact: any change to a row it packs deletes it in the same
    /// statement, and the writer packs what is missing again before it commits.
    static let migration27 = Migration(
        id: 27, name: "charge packs",
        sql: """
            CREATE TABLE charge_packs (
                account_id TEXT NOT NULL,
                bucket INTEGER NOT NULL,
                charges BLOB NOT NULL,
                UNIQUE (account_id, bucket)
            );
            CREATE TRIGGER pack_inserted AFTER INSERT ON transactions
            BEGIN
                DELETE FROM charge_packs WHERE account_id = NEW.account_id AND bucket = NEW.transaction_time >> 21;
            END;
            CREATE TRIGGER pack_deleted AFTER DELETE ON transactions
            BEGIN
                DELETE FROM charge_packs WHERE account_id = OLD.account_id AND bucket = OLD.transaction_time >> 21;
            END;
            CREATE TRIGGER pack_updated AFTER UPDATE OF id, account_id, transaction_time, amount, currency, credit_debit,
                description, merchant_name, status, class_state, class_flow, class_category, class_source ON transactions
            WHEN OLD.id IS NOT NEW.id OR OLD.account_id IS NOT NEW.account_id OR OLD.transaction_time IS NOT NEW.transaction_time
                OR OLD.amount IS NOT NEW.amount OR OLD.currency IS NOT NEW.currency OR OLD.credit_debit IS NOT NEW.credit_debit
                OR OLD.description IS NOT NEW.description OR OLD.merchant_name IS NOT NEW.merchant_name
                OR OLD.status IS NOT NEW.status OR OLD.class_state IS NOT NEW.class_state OR OLD.class_flow IS NOT NEW.class_flow
                OR OLD.class_category IS NOT NEW.class_category OR OLD.class_source IS NOT NEW.class_source
            BEGIN
                DELETE FROM charge_packs WHERE account_id = OLD.account_id AND bucket = OLD.transaction_time >> 21;
                DELETE FROM charge_packs WHERE account_id = NEW.account_id AND bucket = NEW.transaction_time >> 21;
            END;
            CREATE TRIGGER pack_account_deleted AFTER DELETE ON accounts
            BEGIN
                DELETE FROM charge_packs WHERE account_id = OLD.id;
            END;
            """)
}
