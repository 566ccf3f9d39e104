import Foundation

/// Runs a program as a user whom file permission bits bind, for tests of files that must not be
/// written: the tests' own user, or, when the tests run as root (whom permission bits do not
/// bind), the unprivileged user 65534 through setpriv(1).
public enum UnprivilegedRun {
    public struct Result: Sendable {
        public let stdout: String
        public let stderr: String
        public let status: Int32
    }

    /// The user and group the programs run as when the tests run as root.
    public static let unprivilegedID: UInt32 = 65534

    public static var switchesUser: Bool { geteuid() == 0 }

    /// Gives `path` and everything under it to the user the programs run as (only needed, and
    /// only done, as root), so that what the test makes read-only is the only thing in the way.
    public static func handOver(_ path: String) throws {
        guard switchesUser else { return }
        var paths = [path]
        if let below = FileManager.default.subpaths(atPath: path) { paths += below.map { path + "/" + $0 } }
        for item in paths where lchown(item, unprivilegedID, unprivilegedID) != 0 {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: item])
        }
    }

    /// Runs `executable` with `arguments` and the same minimal environment as `PurseBinary`.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        if switchesUser {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(unprivilegedID)", "--regid=\(unprivilegedID)", "--clear-groups", executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        var base = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TZ": "UTC", "LANG": "C.UTF-8"]
        base.merge(environment) { _, new in new }
        process.environment = base
        // Files, not pipes: nothing can block on a full pipe while the test waits.
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("purse-unprivileged-" + UUID().uuidString)
        let outputs = [output.appendingPathExtension("out"), output.appendingPathExtension("err")]
        defer { for url in outputs { try? FileManager.default.removeItem(at: url) } }
        for url in outputs { _ = FileManager.default.createFile(atPath: url.path, contents: nil) }
        process.standardOutput = try FileHandle(forWritingTo: outputs[0])
        process.standardError = try FileHandle(forWritingTo: outputs[1])
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Result(stdout: try String(contentsOf: outputs[0], encoding: .utf8),
                      stderr: try String(contentsOf: outputs[1], encoding: .utf8),
                      status: process.terminationStatus)
    }

    /// Whether that user can create a file in `folder` (a test that a setup is read-only must
    /// see this fail, or it would prove nothing).
    public static func canCreateFile(in folder: String) throws -> Bool {
        try run("/bin/sh", ["-c", "touch \"$1/.write-probe\" 2>/dev/null && rm -f \"$1/.write-probe\"", "sh", folder]).status == 0
    }

    /// Whether that user may write `file`.
    public static func canWrite(_ file: String) throws -> Bool {
        try run("/bin/sh", ["-c", "test -w \"$1\"", "sh", file]).status == 0
    }
}
