import Foundation

/// A file named on the command line (`--input`, `import FILE`), read whole.
enum InputFile {
    /// Its bytes, read to the end rather than by its size, so that a pipe (`/dev/stdin`, `<(...)`)
    /// reads too; nil when it cannot be read. Read in chunks straight into the array, so the file
    /// is held once, not twice.
    static func bytes(_ path: String) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var bytes: [UInt8] = []
        if let size = try? handle.seekToEnd(), (try? handle.seek(toOffset: 0)) != nil { bytes.reserveCapacity(Int(size)) }
        do {
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { bytes.append(contentsOf: chunk) }
        } catch {
            return nil
        }
        return bytes
    }
}
