import Analytics
import Foundation
import Ledger
import LedgerStore
import Rendering

/// Everything a command may use from the outside world, injected so tests control it.
final class CommandContext {
    let command: ParsedCommand
    let globals: GlobalOptions
    let environment: [String: String]
    /// The clock's instant, or noon UTC of `--now`'s day (`takeGivenDay`).
    private(set) var now: Timestamp
    let stdout: TextSink
    let stderr: TextSink
    /// The raw value of the output format `format(among:fallback:)` chose; text for a command
    /// without one.
    private var dataFormat = OutputFormat.text.rawValue

    init(
        command: ParsedCommand, globals: GlobalOptions, environment: [String: String], now: Date,
        stdout: TextSink, stderr: TextSink
    ) {
        self.command = command
        self.globals = globals
        self.environment = environment
        self.now = Timestamp.utc(epochSeconds: Int64(now.timeIntervalSince1970.rounded(.down)))
        self.stdout = stdout
        self.stderr = stderr
    }

    /// `--now`'s day, nil without it.
    private var givenDay: CivilDate?

    /// Takes `--now`'s day as today: its noon in UTC, one instant whatever the machine's zone, so
    /// a report made "on" it (its "made" time included) reads the same everywhere.
    func takeGivenDay() throws {
        guard let given = globals.now else { return }
        guard let day = CivilDate.parse(given) else { throw usageError(CivilDate.refusal(given, option: "now")) }
        givenDay = day
        now = Timestamp.utc(epochSeconds: Int64(day.daysSinceEpoch) * 86_400 + 12 * 3_600)
    }

    /// Today in `zone`: `--now`'s day itself, even east of UTC+12 where its noon UTC is already
    /// the next day; else the clock's day there.
    func today(in zone: ReportTimeZone) -> CivilDate {
        givenDay ?? zone.date(of: now.epochSeconds)
    }

    /// `--db`, else `PURSE_DB`, else the platform's data folder.
    var databasePath: String {
        if let path = globals.db, !path.isEmpty { return path }
        if let path = environment["PURSE_DB"], !path.isEmpty { return path }
        let home = environment["HOME"] ?? NSHomeDirectory()
        #if os(macOS)
        return home + "/Library/Application Support/purse/ledger.sqlite"
        #else
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        return dataHome + "/purse/ledger.sqlite"
        #endif
    }

    /// `--tz`, else `TZ`, else the system's zone: the reader's, for today's date (and every
    /// account's days under `--tz`). A `TZ` that names no zone is the same usage error as such a
    /// `--tz`: a report must not quietly fall back to another zone's days. `TZ` may also be a
    /// POSIX string of a fixed offset (`EST5`, `<+03>-3`).
    func reportTimeZone() throws -> ReportTimeZone {
        if let name = globals.tz {
            guard let zone = ZoneName.parse(name) else { throw usageError(ZoneName.refusal(name, option: "tz")) }
            return zone.zone
        }
        return try environmentTimeZone()
    }

    /// `TZ`, else the system's zone: the writer's, recorded as the ledger's zone at its first
    /// write (whatever `--tz` a command asks for).
    func environmentTimeZone() throws -> ReportTimeZone {
        if let given = environment["TZ"], !given.isEmpty {
            var name = given
            if name.hasPrefix(":") { name.removeFirst() }
            // The C library also takes a zone file: one of the tz database's by its path, or the system's own.
            if name.hasPrefix("/") {
                if name == "/etc/localtime" { return ReportTimeZone(TimeZone.current) }
                if let folder = name.range(of: "/zoneinfo/") { name = String(name[folder.upperBound...]) }
            }
            if let zone = ReportTimeZone(identifier: name) { return zone }
            // POSIX's own form: a fixed offset (`UTC0`, `EST5`, `<+03>-3`) is a zone; rules for
            // daylight saving are not followed here, a zone name is what says them right.
            if let posix = POSIXTimeZone(name) {
                guard !posix.hasDaylightSaving else {
                    throw usageError(
                        "TZ '\(given)' gives daylight-saving rules, which purse does not follow "
                            + "(use an IANA name such as Europe/Berlin)")
                }
                if let zone = ReportTimeZone(secondsEastOfUTC: posix.secondsEastOfUTC, name: name) { return zone }
            }
            throw usageError("unknown time zone '\(given)' in TZ (use an IANA name such as Europe/London)")
        }
        return ReportTimeZone(TimeZone.current)
    }

    /// The ledger's accounts with the zone of each one's days (their own, else the ledger's;
    /// `--tz` makes its zone every account's), and those the command counts: the ones `--account`
    /// names, hidden or not, else every account not hidden, or every account with `--all`.
    func reportAccounts(_ store: LedgerStore) throws -> ReportAccounts {
        let accounts = try store.ledgerAccounts()
        return ReportAccounts(
            accounts, base: try reportTimeZone(), ledgerZone: try ReportAccounts.ledgerZone(store), forced: globals.tz != nil,
            ids: try AccountResolver.accountIDs(self, among: accounts), includingHidden: AccountScope(command).includesHidden)
    }

    /// The ledger's zone, the zone of the accounts without one of their own: the one it
    /// recorded, else the writer's (`TZ`), which its next write records.
    func ledgerZone(_ store: LedgerStore) throws -> ReportTimeZone {
        try ReportAccounts.ledgerZone(store) ?? environmentTimeZone()
    }

    /// How a command that writes may open the ledger.
    enum WriteMode {
        /// Creates and migrates it when needed: for the commands that bring data in.
        case create
        /// An existing, up-to-date ledger only (a missing one is exit 66).
        case writeExisting
    }

    /// The ledger, opened for a command that writes to it: only the commands that bring data
    /// in (`.create`) create or migrate it. A command reads through `reading` alone.
    func openStore(_ mode: WriteMode) throws -> LedgerStore {
        try openStore(mode, path: databasePath)
    }

    /// The ledger at `path`, its stored classification kept current by every write transaction,
    /// and a build of it from scratch (a ledger of an older schema) showing progress on a terminal.
    func openStore(_ mode: WriteMode, path: String) throws -> LedgerStore {
        let keeper = ClassificationKeeper(base: try environmentTimeZone())
        if showsProgress { keeper.progress = { [stderr] text in stderr.write("\r\u{1B}[K" + text) } }
        return try LedgerStore(path: path, mode: mode == .create ? .create(keeper: keeper) : .writeExisting(keeper: keeper), now: now)
    }

    /// Opens the ledger read-only and runs `body` in one read transaction, so everything a
    /// command reads comes from one state of the ledger even while a sync writes. With
    /// `--input FILE` the ledger is the file's transactions, made in memory (`pickedLedger`).
    func reading<T>(_ body: (LedgerStore) throws -> T) throws -> T {
        let store = try PickedInput(command).file.map(pickedLedger) ?? LedgerStore(path: databasePath, mode: .readOnly, now: now)
        return try store.readSnapshot { try body(store) }
    }

    var showsProgress: Bool { stderr.isTerminal && !globals.quiet }

    /// Writes a line about what a command did to stderr, unless `--quiet`: under --quiet only
    /// warnings and errors are written.
    func note(_ line: String) {
        if !globals.quiet { stderr.write(line + "\n") }
    }

    /// Writes `Warning: message` to stderr, also under `--quiet`: something the user should
    /// hear of although the command went on.
    func warn(_ message: String) {
        stderr.write("Warning: " + message + "\n")
    }

    /// Block characters unless --ascii or a non-UTF-8 locale.
    var textStyle: TextStyle { TextStyle(asciiRequested: OutputOptions(command).ascii, environment: environment) }

    func usageError(_ message: String, suggestions: [String] = []) -> CommandError {
        CommandError(message: message, suggestions: suggestions, commandPath: command.path)
    }

    /// The output format: `--format`, else the extension of `-o FILE`, else `fallback`. An
    /// extension that names no format this command writes (`.xlsx`) is a usage error, never a
    /// guess: the file would not be what its name says.
    func outputFormat(allowed: [OutputFormat], fallback: OutputFormat) throws -> OutputFormat {
        try format(among: allowed, fallback: fallback)
    }

    /// `outputFormat` for a command with formats of its own (`report summary`), by their names.
    /// The format chosen decides what `writingData` does besides: a BOM before CSV when asked
    /// for, ASCII only in text when the locale is not UTF-8.
    func format<Format: RawRepresentable<String>>(among allowed: [Format], fallback: Format) throws -> Format {
        let format = try chosenFormat(among: allowed, fallback: fallback)
        dataFormat = format.rawValue
        (stdout as? ASCIISink)?.transliterates = dataFormat == OutputFormat.text.rawValue
        return format
    }

    private func chosenFormat<Format: RawRepresentable<String>>(among allowed: [Format], fallback: Format) throws -> Format {
        let names = allowed.map(\.rawValue)
        let options = OutputOptions(command)
        if let text = options.format {
            guard let format = allowed.first(where: { $0.rawValue == text }) else {
                throw usageError("option '--format' must be one of \(names.joined(separator: ", ")), not '\(text)'")
            }
            return format
        }
        if let file = options.file, file != "-" {
            let ext = (file as NSString).pathExtension.lowercased()
            guard !ext.isEmpty else { return fallback }
            guard let name = FileExtension.format(of: ext), let format = allowed.first(where: { $0.rawValue == name }) else {
                let extensions = names.compactMap(FileExtension.usual)
                throw usageError(
                    "cannot tell the format of '\(file)' from its extension (this command writes "
                        + "\(extensions.joined(separator: ", "))): give --format \(names.joined(separator: "|"))")
            }
            return format
        }
        return fallback
    }

    /// Runs `body` with where data goes: stdout, or the file of `-o FILE`, which appears (mode
    /// 0600, complete) only when `body` succeeded and every byte was written. Either way the data
    /// is out when this returns, so what a command does next (a summary remembering itself) is
    /// done only for data that reached its reader.
    func writingData(_ body: (TextSink) throws -> Void) throws {
        let isText = dataFormat == OutputFormat.text.rawValue
        // HTML and email are UTF-8 documents whatever the locale.
        let ascii = isText && !ASCIIText.localeTakesUTF8(environment)
        let options = OutputOptions(command)
        let bom = dataFormat == OutputFormat.csv.rawValue && (options.bom || environment["PURSE_CSV_BOM"] == "1")
        func write(to sink: TextSink) throws {
            if bom { sink.write("\u{FEFF}") }
            try ASCIIText.$isRequired.withValue(ascii) { try body(sink) }
        }
        guard let file = options.file, file != "-" else {
            try write(to: stdout)
            return try stdout.finish()
        }
        let sink = try FileSink(path: file)
        do {
            try write(to: ascii ? ASCIISink(sink) : sink)
            try sink.finish()
        } catch {
            sink.discard()
            throw error
        }
    }
}
