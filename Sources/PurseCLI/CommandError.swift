/// A problem with how a command was called that only shows once its values are read
/// (e.g. `--month 2026-13`), reported like any usage error.
struct CommandError: Error, CustomStringConvertible {
    let message: String
    /// The closest valid values, best first, e.g. category names (none when nothing is close).
    var suggestions: [String] = []
    let commandPath: [String]

    var description: String { message }
}

/// A check that found problems (exit 1); its findings were already written.
struct CheckFailed: Error {}

/// Errors a command already reported, one line each, going on after them; the exit status is
/// that of the worst.
struct FailuresReported: Error {
    let status: ExitStatus
}
