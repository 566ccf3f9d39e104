/// The options every command accepts, before or after the command's name.
package struct GlobalOptions: Sendable, Equatable {
    /// `--db PATH`: the database file; nil = PURSE_DB, else the default location.
    package var db: String?
    /// `--tz ZONE`: the time zone for dates; nil = TZ, else the system's.
    package var tz: String?
    /// `--quiet`: nothing on stderr but warnings and errors (no progress, no summaries).
    package var quiet: Bool
    /// `--verbose`: errors also carry what only a developer needs (the SQL of a database error).
    package var verbose: Bool
    /// `--now YYYY-MM-DD`: the day to take as today, unchecked; nil = the clock's.
    package var now: String?

    package init(db: String? = nil, tz: String? = nil, quiet: Bool = false, verbose: Bool = false, now: String? = nil) {
        self.db = db
        self.tz = tz
        self.quiet = quiet
        self.verbose = verbose
        self.now = now
    }

    /// The option table for the fields above, in the order help lists them.
    package static let options: [OptionSpec] = [
        OptionSpec("db", value: "PATH", help: "Database file (else PURSE_DB, else the default location)."),
        OptionSpec("tz", value: "ZONE", help: "Force one zone for all accounts' days."),
        OptionSpec("quiet", help: "Only warnings and errors on stderr."),
        OptionSpec("verbose", help: "Also show the SQL behind a database error."),
        OptionSpec("now", value: "DATE", help: "Take this day (YYYY-MM-DD) as today."),
    ]
}
