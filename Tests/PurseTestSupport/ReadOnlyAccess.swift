import Foundation
import Testing

/// Makes files and folders read-only for a `purse` run, also when the tests run as root, whom
/// permission bits do not stop: then the paths are given to `nobody` and purse runs as nobody,
/// without root's groups, through util-linux's `setpriv`. As any other user a chmod does it.
public enum ReadOnlyAccess {
    /// The user and group purse runs as when the tests run as root.
    public static let unprivilegedID: UInt32 = 65534

    public static var runsAsRoot: Bool { geteuid() == 0 }

    /// False only for root without setpriv: then nothing here can make a file read-only.
    public static var isAvailable: Bool {
        !runsAsRoot || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
    }

    /// Fails the calling test when nothing here can make a file read-only: the read-only tests
    /// run on every machine, and a machine that cannot run them must say so, never skip them.
    public static func require(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(
            isAvailable, "the tests run as root, so they run purse as nobody through setpriv: install util-linux (setpriv)",
            sourceLocation: sourceLocation)
    }

    /// What runs a command as the user purse runs as: as root, nobody without root's groups.
    private static var launcher: [String] {
        runsAsRoot ? ["/usr/bin/setpriv", "--reuid=\(unprivilegedID)", "--regid=\(unprivilegedID)", "--clear-groups"] : []
    }

    /// `purse` as it must run to feel the modes set here: as nobody when the tests run as root.
    public static func purse(_ purse: PurseBinary = PurseBinary()) -> PurseBinary {
        var unprivileged = purse
        unprivileged.launcher = launcher
        return unprivileged
    }

    /// Gives each path to the user purse runs as (as root: nobody), then sets its mode, e.g.
    /// 0o400 for a file and 0o500 for a folder to make them read-only.
    public static func set(_ modes: [(path: String, mode: Int)]) throws {
        for (path, mode) in modes {
            if runsAsRoot, chown(path, unprivilegedID, unprivilegedID) != 0 {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        }
    }

    /// Whether the user purse runs as may write `file` (a test that a setup is read-only must see
    /// this fail, or it would prove nothing).
    public static func canWrite(_ file: String) throws -> Bool {
        try shell("test -w \"$1\"", file) == 0
    }

    /// Whether the user purse runs as can create a file in `folder`.
    public static func canCreateFile(in folder: String) throws -> Bool {
        try shell("touch \"$1/.write-probe\" 2>/dev/null && rm -f \"$1/.write-probe\"", folder) == 0
    }

    private static func shell(_ script: String, _ path: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: launcher.first ?? "/bin/sh")
        process.arguments = Array(launcher.dropFirst()) + (launcher.isEmpty ? [] : ["/bin/sh"]) + ["-c", script, "sh", path]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Gives the paths back to the test with modes it can remove them with (0o700 for folders,
    /// 0o600 for files).
    public static func restore(_ paths: [String]) {
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            if runsAsRoot { _ = chown(path, 0, 0) }
            try? FileManager.default.setAttributes([.posixPermissions: isFolder.boolValue ? 0o700 : 0o600], ofItemAtPath: path)
        }
    }
}
