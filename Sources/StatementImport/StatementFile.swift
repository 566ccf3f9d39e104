import Foundation
import Ledger

/// A statement file read as it streams: a first pass takes its SHA-256 and tells its encoding
/// (`StatementText`), then `bytes()` gives its text as UTF-8 a chunk at a time, read again from
/// the file, so memory holds a chunk, never the file. A pipe (`<(...)`, `/dev/stdin`) cannot be
/// read twice: it is held whole, as every file once was.
public struct StatementFile {
    public let path: String
    public let sha256: String
    let encoding: StatementText.Encoding
    private let source: Source
    static let chunkBytes = 1 << 16

    /// Nil when the file cannot be read; UTF-16 is bad input.
    public init?(path: String) throws(StatementError) {
        guard let handle = Handle(path: path) else { return nil }
        var hasher = SHA256()
        var survey = StatementText.Survey()
        var held: [UInt8] = []
        var offset = 0
        while let chunk = handle.chunk(at: offset) {
            hasher.update(chunk)
            survey.add(chunk)
            offset += chunk.count
            if !handle.isRegularFile { held += chunk }
        }
        guard !handle.failed else { return nil }
        self.path = path
        sha256 = SHA256.hex(hasher.finalize())
        encoding = try survey.encoding(file: path)
        source = handle.isRegularFile ? .file(handle, size: offset, modified: Self.modified(path)) : .held(held)
    }

    /// When the file was last written, as the system tells it to the nanosecond.
    private static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// The text as UTF-8, as it streams.
    package func bytes() -> ByteStream {
        ByteStream(Chunks(source: source, transcoder: StatementText.Transcoder(encoding)))
    }

    /// The start of the text, enough to tell its format.
    public func head() -> String {
        var chunks = Chunks(source: source, transcoder: StatementText.Transcoder(encoding))
        return String(decoding: chunks.nextChunk() ?? [], as: UTF8.self)
    }

    /// The whole text as UTF-8, for a reader that needs it whole (OFX).
    func utf8() -> [UInt8] {
        var chunks = Chunks(source: source, transcoder: StatementText.Transcoder(encoding))
        var utf8: [UInt8] = []
        while let chunk = chunks.nextChunk() { utf8 += chunk }
        return utf8
    }

    /// Thrown when reading the file again failed or found other bytes than the first pass: the
    /// rows read are not the file that was hashed, and the import is not applied.
    public func checkUnchanged() throws(StatementError) {
        guard case .file(let handle, let size, let modified) = source else { return }
        // A rewrite of the same length shows in the time it was written.
        guard !handle.failed, handle.size == size, Self.modified(path) == modified else {
            throw StatementError(file: path, line: nil, field: nil, message: "the file changed or could not be read while it was imported")
        }
    }

    private enum Source {
        case file(Handle, size: Int, modified: Date?)
        case held([UInt8])
    }

    /// The file's text a chunk at a time; a copy reads on by itself.
    private struct Chunks: ByteStream.Chunks {
        let source: Source
        var transcoder: StatementText.Transcoder
        var offset = 0

        mutating func nextChunk() -> [UInt8]? {
            while true {
                let raw: [UInt8]
                switch source {
                case .file(let handle, let size, _):
                    guard offset < size, let chunk = handle.chunk(at: offset) else { return nil }
                    raw = chunk
                case .held(let bytes):
                    guard offset < bytes.count else { return nil }
                    raw = Array(bytes[offset..<min(bytes.count, offset + StatementFile.chunkBytes)])
                }
                offset += raw.count
                let utf8 = transcoder.utf8(raw)
                if !utf8.isEmpty { return utf8 }
            }
        }
    }

    /// The open file, closed when the last reader lets it go. Reads at an offset, so readers
    /// share it without moving one another.
    private final class Handle {
        let descriptor: Int32
        let isRegularFile: Bool
        /// A read failed: the reader saw an end that is not the file's.
        private(set) var failed = false

        init?(path: String) {
            descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { return nil }
            var status = stat()
            isRegularFile = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
        }

        deinit { close(descriptor) }

        /// The file's size now, or -1 when it cannot be told.
        var size: Int {
            var status = stat()
            return fstat(descriptor, &status) == 0 ? Int(status.st_size) : -1
        }

        /// Up to a chunk from `offset` (a pipe reads on from where it stands); nil at the end.
        func chunk(at offset: Int) -> [UInt8]? {
            var chunk = [UInt8](repeating: 0, count: StatementFile.chunkBytes)
            var filled = 0
            while filled < chunk.count {
                let count = chunk.withUnsafeMutableBytes { buffer in
                    isRegularFile
                        ? pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(offset + filled))
                        : read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
                }
                if count < 0 && errno == EINTR { continue }
                if count < 0 { failed = true }
                guard count > 0 else { break }
                filled += count
            }
            guard filled > 0 else { return nil }
            chunk.removeSubrange(filled...)
            return chunk
        }
    }
}
