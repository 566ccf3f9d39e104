import Storage

extension LedgerSchema {
    /// A rule may rename the merchant (`rules add ... --rename NAME`): `AMZN Mktp US*2K3AB1` and
    /// `AMAZON.COM*7Y1AA` are shown, grouped and followed as one recurring series under Amazon.
    /// It may add a tag (`--tag`) or name the person who spent (`--person`, e.g. by account). A
    /// rule that only does these sets neither category nor flow, so the table is rebuilt without
    /// the check that wanted one of them (and its triggers made again).
    static let migration24 = Migration(
        id: 24, name: "rule renames, tags and people",
        sql: """
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
                rename TEXT,
                tag TEXT,
                person TEXT,
                CHECK (category IS NOT NULL OR flow IS NOT NULL OR rename IS NOT NULL OR tag IS NOT NULL OR person IS NOT NULL)
            );
            INSERT INTO rules_new (id, position, merchant, description, description_regex, mcc, account, type, direction,
                amount_min, amount_max, category, flow, created_at)
                SELECT id, position, merchant, description, description_regex, mcc, account, type, direction, amount_min,
                    amount_max, category, flow, created_at FROM rules;
            DROP TABLE rules;
            ALTER TABLE rules_new RENAME TO rules;
            CREATE TRIGGER reclassify_on_rule_insert AFTER INSERT ON rules
            BEGIN UPDATE classification_state SET rebuild_needed = 1; END;
            CREATE TRIGGER reclassify_on_rule_update AFTER UPDATE ON rules
            BEGIN UPDATE classification_state SET rebuild_needed = 1; END;
            CREATE TRIGGER reclassify_on_rule_delete AFTER DELETE ON rules
            BEGIN UPDATE classification_state SET rebuild_needed = 1; END;
            """, rebuildsTables: true)
}
