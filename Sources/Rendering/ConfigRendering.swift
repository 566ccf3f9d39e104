import LedgerStore

/// `purse config` and `purse config get NAME`: plain lines a script reads.
public enum ConfigRendering {
    /// One `NAME VALUE` line per setting; one the ledger has not recorded yet says what its
    /// value stands for until then.
    public static func text(_ settings: [(setting: LedgerSetting, value: String, recorded: Bool)]) -> String {
        settings.map { "\($0.setting.rawValue) \($0.value)" + ($0.recorded ? "" : " (\(unrecorded($0.setting)))") + "\n" }.joined()
    }

    /// The value alone, for a script.
    public static func value(_ value: String) -> String { value + "\n" }

    static func unrecorded(_ setting: LedgerSetting) -> String {
        switch setting {
        case .timeZone: "TZ's, until the ledger's next write records it"
        }
    }
}
