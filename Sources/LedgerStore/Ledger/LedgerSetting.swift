/// A setting of the ledger as a whole, by the name `purse config` gives it (README, "The
/// database"): what every command on every machine reads the same, whatever its environment.
public enum LedgerSetting: String, CaseIterable, Sendable {
    /// The zone of the days of the accounts without a zone of their own (an IANA name, or a
    /// POSIX fixed offset such as `EST5` when the first writer's `TZ` was one): recorded at the
    /// ledger's first write, so a cron job under `TZ=UTC` and a shell in New York keep the same
    /// months.
    case timeZone = "time-zone"
}
