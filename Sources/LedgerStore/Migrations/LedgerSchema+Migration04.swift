import Storage

extension LedgerSchema {
    static let migration04 = Migration(
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
            """)
}
