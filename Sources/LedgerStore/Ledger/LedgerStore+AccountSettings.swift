import Ledger
import Storage

/// The user's settings of accounts (name, time zone, hidden) and the zones sources give them.
extension LedgerStore {
    /// Whether the ledger has account settings and source zones (schema 8): an older ledger,
    /// read as it is, has none, and its accounts show as they synced.
    var hasAccountSettings: Bool { openedSchemaVersion >= 8 }

    /// An account's name as the user set it, else as synced, for queries of accounts `a`: the
    /// expression, and the join it needs after `accounts a`.
    var accountNameSQL: (name: String, join: String) {
        hasAccountSettings
            ? ("coalesce(st.display_name, a.display_name)", "LEFT JOIN account_settings st ON st.account_id = a.id")
            : ("a.display_name", "")
    }

    /// Every account with its source and the user's settings, ordered as `purse accounts` lists
    /// them: by name ignoring ASCII case, then ID.
    public func ledgerAccounts() throws -> [LedgerAccount] {
        let settings =
            hasAccountSettings
            ? """
            st.time_zone, coalesce(z.time_zone, (SELECT m.ledger_timezone FROM sure_mappings m
                JOIN sure_connections c ON c.id = m.connection_id WHERE m.account_id = a.id
                ORDER BY c.status = 'revoked', m.mapping_version DESC LIMIT 1), s.time_zone), coalesce(st.hidden, 0)
            """
            : "NULL, NULL, 0"
        let zoneJoin =
            hasAccountSettings ? "LEFT JOIN source_account_time_zones z ON z.source_id = a.source_id AND z.account_id = a.id" : ""
        let query = try connection.prepare(
            """
            SELECT a.id, \(accountNameSQL.name), a.display_name, a.institution_name, a.kind, a.currency, s.name, s.external_id,
                \(settings)
            FROM accounts a JOIN sources s ON s.id = a.source_id \(accountNameSQL.join) \(zoneJoin)
            ORDER BY 2 COLLATE NOCASE, a.id
            """)
        var accounts: [LedgerAccount] = []
        while try query.step() {
            accounts.append(
                LedgerAccount(
                    id: query.text(0), displayName: query.text(1), syncedName: query.text(2), institutionName: query.text(3),
                    kind: AccountKind(rawValue: query.text(4)), currency: query.text(5), sourceName: query.text(6),
                    sourceID: query.text(7), userTimeZone: query.optionalText(8), sourceTimeZone: query.optionalText(9),
                    isHidden: query.int64(10) != 0))
        }
        return accounts
    }

    /// What the user set for an account (all defaults when nothing).
    public func accountSettings(accountID: String) throws -> AccountSettings {
        let query = try connection.prepare("SELECT display_name, time_zone, hidden FROM account_settings WHERE account_id = ?")
        try query.bind([.text(accountID)])
        guard try query.step() else { return AccountSettings(accountID: accountID) }
        return AccountSettings(
            accountID: accountID, displayName: query.optionalText(0), timeZone: query.optionalText(1), isHidden: query.int64(2) != 0)
    }

    /// Keeps what the user set for an account; settings of nothing leave no row.
    public func saveAccountSettings(_ settings: AccountSettings, now: Timestamp) throws {
        insertReadingsMayHaveChanged()
        guard !settings.isEmpty else {
            try connection.prepare("DELETE FROM account_settings WHERE account_id = ?").run([.text(settings.accountID)])
            return
        }
        try connection.prepare(
            """
            INSERT INTO account_settings (account_id, display_name, time_zone, hidden, updated_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (account_id) DO UPDATE SET display_name = excluded.display_name, time_zone = excluded.time_zone,
                hidden = excluded.hidden, updated_at = excluded.updated_at
            """
        ).run([
            .text(settings.accountID), .optional(settings.displayName), .optional(settings.timeZone),
            .integer(settings.isHidden ? 1 : 0), .text(now.text),
        ])
    }

    /// What a source says of itself: the zone of its accounts' days, zones of single accounts,
    /// and when it wrote what it holds. Replaces what the source said before.
    public func saveSourceDetails(
        sourceRowID: Int64, timeZone: String?, accountTimeZones: [String: String], exportedAt: Timestamp?
    ) throws {
        insertReadingsMayHaveChanged()
        try connection.cached(
            "UPDATE sources SET time_zone = ?, exported_at = ? WHERE id = ? AND (time_zone IS NOT ? OR exported_at IS NOT ?)"
        )
        .run([
            .optional(timeZone), .optional(exportedAt?.text), .integer(sourceRowID), .optional(timeZone),
            .optional(exportedAt?.text),
        ])
        try connection.cached("DELETE FROM source_account_time_zones WHERE source_id = ?").run([.integer(sourceRowID)])
        let insert = try connection.cached("INSERT INTO source_account_time_zones (source_id, account_id, time_zone) VALUES (?, ?, ?)")
        for (accountID, zone) in accountTimeZones.sorted(by: { $0.key < $1.key }) {
            try insert.run([.integer(sourceRowID), .text(accountID), .text(zone)])
        }
    }
}
