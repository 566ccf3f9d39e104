import Foundation
import Testing

/// Runs the built `purse` executable as a user or cron would, capturing stdout, stderr and the
/// exit status.
public struct PurseBinary: Sendable {
    public struct Result: Sendable {
        public let stdout: String
        public let stderr: String
        public let status: Int32
    }

    public let url: URL
    /// A command that runs purse (e.g. `setpriv ...` to run it as another user); empty: none.
    public var launcher: [String] = []

    /// The `purse` built next to the test bundle.
    public init() {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("purse"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("purse"),
            Bundle.main.bundleURL.appendingPathComponent("purse"),
        ]
        url = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    /// Runs purse with `arguments`; the environment is minimal and fixed unless `environment` adds to it.
    @discardableResult
    public func run(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil) throws -> Result {
        let process = try start(arguments, environment: environment)
        let stdoutPipe = process.standardOutput as! Pipe
        let stderrPipe = process.standardError as! Pipe
        // Read both pipes while the process runs so a full pipe never blocks it.
        let output = OutputCollector()
        let group = DispatchGroup()
        for (pipe, isOutput) in [(stdoutPipe, true), (stderrPipe, false)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                output.set(data, isOutput: isOutput)
                group.leave()
            }
        }
        process.waitUntilExit()
        group.wait()
        return Result(stdout: output.text(isOutput: true), stderr: output.text(isOutput: false), status: process.terminationStatus)
    }

    /// Runs purse with its stdout going to `output` (e.g. /dev/full) instead of a pipe; the
    /// result's stdout is empty.
    public func run(_ arguments: [String], environment: [String: String] = [:], standardOutput output: FileHandle) throws -> Result {
        let process = try start(arguments, environment: environment, standardOutput: output)
        let stderr = (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(stdout: "", stderr: String(decoding: stderr, as: UTF8.self), status: process.terminationStatus)
    }

    /// Starts purse without waiting, for tests that kill it or run two at once.
    public func start(
        _ arguments: [String], environment: [String: String] = [:],
        standardOutput output: FileHandle? = nil
    ) throws -> Process {
        let process = Process()
        if let command = launcher.first {
            process.executableURL = URL(fileURLWithPath: command)
            process.arguments = Array(launcher.dropFirst()) + [url.path] + arguments
        } else {
            process.executableURL = url
            process.arguments = arguments
        }
        var base = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TZ": "UTC", "LANG": "C.UTF-8"]
        base.merge(environment) { _, new in new }
        process.environment = base
        process.standardOutput = output ?? Pipe()
        process.standardError = Pipe()
        // A handle of its own: the shared FileHandle.nullDevice, used by runs on other threads at
        // once, has made a launch fail with EBADF.
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        return process
    }
}

private final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var output = Data()
    private var error = Data()

    func set(_ data: Data, isOutput: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if isOutput { output = data } else { error = data }
    }

    func text(isOutput: Bool) -> String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: isOutput ? output : error, as: UTF8.self)
    }
}

extension PurseBinary {
    /// Whether the built purse has the debug build's test hooks (`PURSE_TEST_KILL_AT`,
    /// `PURSE_TEST_MAX_PAGE_COUNT`); a release build (`swift test -c release`) has none. Found
    /// out by asking it to kill itself at the first commit of a sync of the example export.
    public static let hasTestHooks: Bool = {
        guard let folder = try? TemporaryFolder(),
            let probe = try? PurseBinary().start(
                ["--db", folder.file("probe.sqlite"), "sync", Examples.walletExport.path],
                environment: ["PURSE_TEST_KILL_AT": "commit:1"])
        else { return false }
        probe.waitUntilExit()
        return probe.terminationReason == .uncaughtSignal && probe.terminationStatus == SIGKILL
    }()

    /// Why a test that needs the hooks does not run.
    public static let needsTestHooks: Comment = "needs the debug build's PURSE_TEST_ hooks, which a release build does not have"
}
