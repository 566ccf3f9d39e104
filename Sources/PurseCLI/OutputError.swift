import Foundation

/// Data could not be written where it was going (a full disk, a reader that went away, a
/// missing folder): exit 74, and a file of `-o` is left as it was.
struct OutputError: Error, CustomStringConvertible {
    let description: String

    /// A write to stdout failed with `code` (an errno value).
    static func standardOutput(_ code: Int32) -> OutputError {
        OutputError(description: "cannot write to standard output: \(reason(code))")
    }

    /// Writing the file at `path` failed with `code`; a missing folder is named as such.
    static func file(_ path: String, _ code: Int32) -> OutputError {
        if code == ENOENT {
            let folder = (path as NSString).deletingLastPathComponent
            return OutputError(description: "cannot write \(path): no such folder \(folder.isEmpty ? "." : folder)")
        }
        return OutputError(description: "cannot write \(path): \(reason(code))")
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
