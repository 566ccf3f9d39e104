import Foundation
import Ledger
import LedgerStore
import Rendering

/// Everything a command may use from the outside world, injected so tests control it.
final class CommandContext {
    let command: ParsedCommand
    let globals: GlobalOptions
    let environment: [String: String]
    let now: Timestamp
    let stdout: TextSink
    let stderr: TextSink

    init(command: ParsedCommand, globals: GlobalOptions, environment: [String: String], now: Date,
         stdout: TextSink, stderr: TextSink) {
        self.command = command
        self.globals = globals
        self.environment = environment
        self.now = Timestamp.utc(epochSeconds: Int64(now.timeIntervalSince1970.rounded(.down)))
        self.stdout = stdout
        self.stderr = stderr
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

    /// `--tz`, else `TZ`, else the system's zone.
    func reportTimeZone() throws -> ReportTimeZone {
        if let name = globals.tz {
            guard let zone = ReportTimeZone(identifier: name) else {
                throw CommandError(message: "unknown time zone '\(name)' (use an IANA name such as Europe/London)", commandPath: command.path)
            }
            return zone
        }
        if var name = environment["TZ"], !name.isEmpty {
            if name.hasPrefix(":") { name.removeFirst() }
            if let zone = ReportTimeZone(identifier: name) { return zone }
        }
        return ReportTimeZone(TimeZone.current)
    }

    func openStore() throws -> LedgerStore {
        try LedgerStore(path: databasePath, now: now)
    }

    var showsProgress: Bool { stderr.isTerminal && !globals.quiet }

    /// Block characters unless --ascii or a non-UTF-8 locale.
    var textStyle: TextStyle { TextStyle(asciiRequested: command.has("ascii"), environment: environment) }

    func usageError(_ message: String, suggestion: String? = nil) -> CommandError {
        CommandError(message: message, suggestion: suggestion, commandPath: command.path)
    }

    // MARK: - Option values

    func integer(_ name: String, minimum: Int = 0) throws -> Int? {
        guard let text = command.value(name) else { return nil }
        guard let number = Int(text), number >= minimum else {
            throw usageError("option '--\(name)' needs a whole number of at least \(minimum), not '\(text)'")
        }
        return number
    }

    func day(_ name: String) throws -> CivilDate? {
        guard let text = command.value(name) else { return nil }
        guard let date = CivilDate(iso: text) else {
            throw usageError("option '--\(name)' needs a date YYYY-MM-DD, not '\(text)'")
        }
        return date
    }

    /// `YYYY-MM`, `this` or `last`, months of the report time zone.
    func month(_ name: String, zone: ReportTimeZone) throws -> YearMonth? {
        guard let text = command.value(name) else { return nil }
        let current = YearMonth(zone.date(of: now.epochSeconds))
        switch text {
        case "this": return current
        case "last": return current.adding(months: -1)
        default:
            guard let month = YearMonth(iso: text) else {
                throw usageError("option '--\(name)' needs YYYY-MM, this or last, not '\(text)'")
            }
            return month
        }
    }

    /// Comma-separated lists may also be given by repeating the option.
    func list(_ name: String) -> [String] {
        command.values(name).flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
    }

    func enumerations<Value: RawRepresentable & CaseIterable>(_ name: String, _: Value.Type) throws -> [Value] where Value.RawValue == String {
        try list(name).map { text in
            guard let value = Value(rawValue: text) else {
                throw usageError("option '--\(name)': unknown value '\(text)' (one of \(Value.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return value
        }
    }

    /// The output format: `--format`, else the extension of `-o FILE`, else `fallback`.
    func outputFormat(allowed: [OutputFormat], fallback: OutputFormat) throws -> OutputFormat {
        if let text = command.value("format") {
            guard let format = OutputFormat(rawValue: text), allowed.contains(format) else {
                throw usageError("option '--format' must be one of \(allowed.map(\.rawValue).joined(separator: ", ")), not '\(text)'")
            }
            return format
        }
        if let file = command.value("output") {
            let ext = (file as NSString).pathExtension.lowercased()
            if let format = OutputFormat(fileExtension: ext), allowed.contains(format) { return format }
        }
        return fallback
    }

    /// stdout, or the file of `-o FILE` (created 0600: it is financial data).
    func dataSink() throws -> TextSink {
        guard let file = command.value("output"), file != "-" else { return stdout }
        return try FileSink(path: file)
    }
}
