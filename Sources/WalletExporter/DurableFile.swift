import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The few file operations the exporter's promises rest on, each synced before it returns: a
/// line appended (its LF last), a file replaced whole (temporary file, rename, folder synced),
/// a partial last line cut off. Plain POSIX calls, the same on Linux and Apple platforms.
enum DurableFile {
    /// Appends `bytes` to `url` (created when missing) and syncs it. `halfway`, when given, runs
    /// with only the first half of the bytes written, as a kill at that moment would leave them.
    static func append(_ bytes: [UInt8], to url: URL, halfway: (() throws -> Void)? = nil) throws {
        let existed = FileManager.default.fileExists(atPath: url.path)
        let descriptor = try openFile(url, flags: O_WRONLY | O_APPEND | O_CREAT)
        defer { close(descriptor) }
        if let halfway {
            try writeAll(bytes[..<(bytes.count / 2)], to: descriptor, url)
            try halfway()
            try writeAll(bytes[(bytes.count / 2)...], to: descriptor, url)
        } else {
            try writeAll(bytes[...], to: descriptor, url)
        }
        try syncToDisk(descriptor, url)
        if !existed { try syncFolder(of: url) }
    }

    /// Replaces `url` with `bytes` whole: a hidden temporary file next to it, synced, renamed over
    /// it, and the folder synced, so a reader sees the old file or the new one, never a mix.
    /// `beforeRename` runs once the temporary file is complete.
    static func replace(_ url: URL, with bytes: [UInt8], beforeRename: (() throws -> Void)? = nil) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".tmp")
        let descriptor = try openFile(temporary, flags: O_WRONLY | O_CREAT | O_TRUNC)
        do {
            try writeAll(bytes[...], to: descriptor, temporary)
            try syncToDisk(descriptor, temporary)
        } catch {
            close(descriptor)
            throw error
        }
        close(descriptor)
        try beforeRename?()
        guard rename(temporary.path, url.path) == 0 else { throw ExportFileError(url, "cannot rename onto it", errno) }
        try syncFolder(of: url)
    }

    /// Removes `url` if it is there, and syncs its folder.
    static func remove(_ url: URL) throws {
        guard unlink(url.path) == 0 else {
            if errno == ENOENT { return }
            throw ExportFileError(url, "cannot remove it", errno)
        }
        try syncFolder(of: url)
    }

    /// Cuts a last line that has no LF (a write a kill interrupted) and returns the last complete
    /// line, or nil when there is none (a missing or empty file, or only a partial line).
    static func lastCompleteLine(of url: URL) throws -> [UInt8]? {
        let descriptor = open(url.path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw ExportFileError(url, "cannot open it", errno)
        }
        defer { close(descriptor) }
        let size = Int64(lseek(descriptor, 0, SEEK_END))
        // Read backwards a block at a time: the last LF ends the last complete line, the LF
        // before it (or the file's start) starts it. `buffer` holds the bytes from `start` on.
        var buffer: [UInt8] = []
        var start = size
        var lastNewline: Int64?
        var lineStart: Int64 = 0
        while start > 0 {
            let count = Int(min(start, 1 << 16))
            start -= Int64(count)
            var block = [UInt8](repeating: 0, count: count)
            let read = block.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(start)) }
            guard read == count else { throw ExportFileError(url, "cannot read it", errno) }
            buffer = block + buffer
            if lastNewline == nil, let index = buffer.lastIndex(of: 0x0A) { lastNewline = start + Int64(index) }
            if let lastNewline, let index = buffer[..<Int(lastNewline - start)].lastIndex(of: 0x0A) {
                lineStart = start + Int64(index) + 1
                break
            }
        }
        let completeEnd = lastNewline.map { $0 + 1 } ?? 0
        if completeEnd < size {
            guard ftruncate(descriptor, off_t(completeEnd)) == 0 else { throw ExportFileError(url, "cannot truncate it", errno) }
            try syncToDisk(descriptor, url)
        }
        guard let lastNewline else { return nil }
        return Array(buffer[Int(lineStart - start)..<Int(lastNewline - start)])
    }

    /// The length of the file's first line, LF included (the whole file when it has no LF).
    static func firstLineLength(of url: URL) throws -> Int {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var length = 0
        while let block = try handle.read(upToCount: 1 << 16), !block.isEmpty {
            if let newline = block.firstIndex(of: 0x0A) { return length + (newline - block.startIndex) + 1 }
            length += block.count
        }
        return length
    }

    static func size(of url: URL) throws -> Int {
        var status = stat()
        guard stat(url.path, &status) == 0 else { throw ExportFileError(url, "cannot read its size", errno) }
        return Int(status.st_size)
    }

    /// Syncs the folder holding `url`, so a file created, renamed or removed there stays so.
    static func syncFolder(of url: URL) throws {
        let folder = url.deletingLastPathComponent()
        let descriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ExportFileError(folder, "cannot open the folder", errno) }
        defer { close(descriptor) }
        try syncToDisk(descriptor, folder)
    }

    private static func openFile(_ url: URL, flags: Int32) throws -> Int32 {
        let descriptor = open(url.path, flags | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ExportFileError(url, "cannot open it", errno) }
        return descriptor
    }

    private static func writeAll(_ bytes: ArraySlice<UInt8>, to descriptor: Int32, _ url: URL) throws {
        var rest = bytes
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw ExportFileError(url, "cannot write it", errno)
            }
            rest = rest.dropFirst(written)
        }
    }

    /// fsync, or on Apple platforms F_FULLFSYNC, which also flushes the drive's own cache.
    private static func syncToDisk(_ descriptor: Int32, _ url: URL) throws {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
        #endif
        guard fsync(descriptor) == 0 else { throw ExportFileError(url, "cannot sync it to disk", errno) }
    }
}
