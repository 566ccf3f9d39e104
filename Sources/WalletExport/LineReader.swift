import Foundation

/// Reads a file line by line in fixed-size chunks, so memory is bounded by the longest line and
/// not by the file. A last line without its LF is still being written by the exporter and is
/// never handed out.
final class LineReader {
    struct Line {
        /// 1-based line number in the file.
        let number: Int
        /// Byte offset of the line's first byte.
        let offset: Int64
        /// Byte offset just past the line's LF: where the next line starts.
        let endOffset: Int64
        /// The line without its LF (and without a CR before it). Valid until the next call to `next()`.
        let bytes: UnsafeRawBufferPointer
    }

    private let handle: FileHandle
    private let chunkSize: Int
    // Managed by hand so the bytes handed out stay valid until the next call without copying.
    private var storage: UnsafeMutableRawBufferPointer
    private var count = 0
    private var start = 0
    private var searchFrom = 0
    private var bufferOffset: Int64
    private var nextNumber: Int
    private var atEnd = false

    /// Opens `url` at `offset`, numbering the first line read `firstLineNumber`.
    init(url: URL, offset: Int64 = 0, firstLineNumber: Int = 1, chunkSize: Int = 1 << 20) throws {
        handle = try FileHandle(forReadingFrom: url)
        if offset > 0 { try handle.seek(toOffset: UInt64(offset)) }
        self.chunkSize = chunkSize
        storage = .allocate(byteCount: chunkSize * 2, alignment: 16)
        bufferOffset = offset
        nextNumber = firstLineNumber
    }

    deinit {
        storage.deallocate()
        try? handle.close()
    }

    /// The next complete line, or nil at the end of the complete lines.
    func next() throws -> Line? {
        while true {
            if let newline = firstNewline(from: max(start, searchFrom)) {
                let lineStart = start
                var end = newline
                if end > lineStart, storage[end - 1] == 0x0D { end -= 1 }
                start = newline + 1
                searchFrom = start
                defer { nextNumber += 1 }
                return Line(
                    number: nextNumber, offset: bufferOffset + Int64(lineStart),
                    endOffset: bufferOffset + Int64(newline + 1),
                    bytes: UnsafeRawBufferPointer(rebasing: storage[lineStart..<end]))
            }
            if atEnd { return nil }
            searchFrom = count
            try refill()
        }
    }

    private func firstNewline(from index: Int) -> Int? {
        guard index < count, let base = storage.baseAddress else { return nil }
        guard let found = memchr(base + index, 0x0A, count - index) else { return nil }
        return base.distance(to: found)
    }

    private func refill() throws {
        if start > 0 {
            // Keep only the unfinished line, moved to the front.
            if count > start, let base = storage.baseAddress {
                memmove(base, base + start, count - start)
            }
            count -= start
            bufferOffset += Int64(start)
            searchFrom -= start
            start = 0
        }
        guard let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty else {
            atEnd = true
            return
        }
        if count + chunk.count > storage.count {
            let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: max(storage.count * 2, count + chunk.count), alignment: 16)
            if count > 0 { larger.baseAddress!.copyMemory(from: storage.baseAddress!, byteCount: count) }
            storage.deallocate()
            storage = larger
        }
        chunk.copyBytes(to: UnsafeMutableRawBufferPointer(rebasing: storage[count..<(count + chunk.count)]))
        count += chunk.count
    }

    /// The last complete line of a file that is not blank, read backwards so the rest of the
    /// file is never read.
    static func lastCompleteLine(of url: URL) throws -> [UInt8]? {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var position = Int64(try handle.seekToEnd())
        var tail: [UInt8] = []
        // `end` is the index in `tail` of the LF that closes the line being looked at.
        var end: Int?
        while true {
            if let closing = end, let previous = tail[..<closing].lastIndex(of: 0x0A) {
                let line = trimmed(Array(tail[(previous + 1)..<closing]))
                if !isBlank(line) { return line }
                end = previous
                continue
            }
            guard position > 0 else {
                guard let closing = end else { return nil }
                let line = trimmed(Array(tail[..<closing]))
                return isBlank(line) ? nil : line
            }
            let count = Int(min(Int64(64 * 1024), position))
            position -= Int64(count)
            try handle.seek(toOffset: UInt64(position))
            let chunk = [UInt8](try handle.read(upToCount: count) ?? Data())
            tail.insert(contentsOf: chunk, at: 0)
            if let closing = end {
                end = closing + chunk.count
            } else {
                end = tail.lastIndex(of: 0x0A)
            }
        }
    }

    static func isBlank(_ line: [UInt8]) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// The 1-based number of the line starting at `offset`: counts the LFs before it. Used only
    /// to name a line in an error when reading started from a resume hint.
    static func lineNumber(at offset: Int64, in url: URL) throws -> Int {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var remaining = offset
        var newlines = 0
        while remaining > 0 {
            let chunk = try handle.read(upToCount: Int(min(Int64(1 << 20), remaining))) ?? Data()
            guard !chunk.isEmpty else { break }
            newlines += chunk.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            remaining -= Int64(chunk.count)
        }
        return newlines + 1
    }

    private static func trimmed(_ line: [UInt8]) -> [UInt8] {
        line.last == 0x0D ? Array(line.dropLast()) : line
    }
}
