import Foundation

/// A file named on the command line (`--input`, `import FILE`), read whole.
enum InputFile {
    /// Its bytes, read to the end rather than by its size, so that a pipe (`/dev/stdin`, `<(...)`)
    /// reads too; nil when it cannot be read.
    static func bytes(_ path: String) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.readToEnd() ?? Data() else { return nil }
        return [UInt8](data)
    }
}
