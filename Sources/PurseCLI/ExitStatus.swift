/// The process exit codes (README, "Exit codes").
public struct ExitStatus: Equatable, Sendable {
    public let code: Int32

    public static let success = ExitStatus(code: 0)
    /// A check failed (a budget is over, `--fail-on-drift`, `status --check` found problems).
    public static let checkFailed = ExitStatus(code: 1)
    public static let usage = ExitStatus(code: 64)
    public static let badInput = ExitStatus(code: 65)
    public static let notFound = ExitStatus(code: 66)
    public static let ioError = ExitStatus(code: 74)
    /// The database is locked by another run: try again.
    public static let temporaryFailure = ExitStatus(code: 75)
}
