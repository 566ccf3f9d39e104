import Storage

/// The ledger's own settings (`LedgerSetting`), one value each.
extension LedgerStore {
    /// Whether the ledger has settings (schema 17): an older ledger, read as it is, has none.
    var hasLedgerSettings: Bool { openedSchemaVersion >= 17 }

    /// A setting's value; nil when it was never set (or the ledger is too old to have one).
    public func setting(_ setting: LedgerSetting) throws -> String? {
        guard hasLedgerSettings else { return nil }
        return try connection.scalarText("SELECT value FROM ledger_settings WHERE name = ?", [.text(setting.rawValue)])
    }

    /// Every setting that has a value, in `LedgerSetting`'s order.
    public func settings() throws -> [(setting: LedgerSetting, value: String)] {
        try LedgerSetting.allCases.compactMap { setting in try self.setting(setting).map { (setting, $0) } }
    }

    public func setSetting(_ setting: LedgerSetting, to value: String) throws {
        insertReadingsMayHaveChanged()
        try connection.cached("INSERT OR REPLACE INTO ledger_settings (name, value) VALUES (?, ?)").run([
            .text(setting.rawValue), .text(value),
        ])
    }

    /// Sets `setting` to `value` only when it has none yet: the first writer's value is kept,
    /// whoever writes next.
    public func recordSetting(_ setting: LedgerSetting, ifNone value: String) throws {
        insertReadingsMayHaveChanged()
        try connection.cached("INSERT OR IGNORE INTO ledger_settings (name, value) VALUES (?, ?)").run([
            .text(setting.rawValue), .text(value),
        ])
    }
}
