import Foundation

/// A file written with `-o FILE` (or a file a command writes for the user): the text goes to a
/// temporary file `.NAME.RANDOM.tmp` in the same folder (mode 0600: it is financial data), which
/// `finish` syncs and renames into place. A failed or abandoned write removes it, so the file is
/// complete or as it was before, never cut short. A target that is not a regular file
/// (`/dev/null`, a FIFO) cannot be replaced and is written directly.
final class FileSink: TextSink {
    /// Writes bytes to a descriptor as write(2) does: the count written, or -1 with errno set.
    typealias Writer = (Int32, UnsafeRawBufferPointer) -> Int

    let path: String
    let isTerminal = false
    private let target: String
    private let temporary: String?
    private var descriptor: Int32
    private let writer: Writer
    private var buffer: [UInt8] = []
    private var failure: Int32?

    init(path: String, writer: @escaping Writer = { Foundation.write($0, $1.baseAddress, $1.count) }) throws {
        self.path = path
        self.writer = writer
        var status = stat()
        let exists = stat(path, &status) == 0
        if exists, (status.st_mode & S_IFMT) != S_IFREG {
            target = path
            temporary = nil
            descriptor = open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw OutputError.file(path, errno) }
            return
        }
        // Through a symbolic link, the file it points to is the one replaced.
        target = exists ? (URL(fileURLWithPath: path).resolvingSymlinksInPath().path) : path
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let hidden = "." + name + "." + String(UInt64.random(in: 0...UInt64.max), radix: 36) + ".tmp"
        let temporary = folder.isEmpty ? hidden : folder + "/" + hidden
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw OutputError.file(path, errno) }
        self.temporary = temporary
        // The umask may have narrowed the mode, never widened it; make it exactly 0600.
        _ = fchmod(descriptor, 0o600)
    }

    func write(_ text: String) {
        guard failure == nil else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    func throwIfFailed() throws {
        if let failure { throw OutputError.file(path, failure) }
    }

    /// Writes out the rest, syncs and renames the file into place.
    func finish() throws {
        flush()
        try throwIfFailed()
        if let temporary {
            if fsync(descriptor) != 0 { throw OutputError.file(path, errno) }
            let closed = close(descriptor)
            descriptor = -1
            if closed != 0 { throw OutputError.file(path, errno) }
            if rename(temporary, target) != 0 { throw OutputError.file(path, errno) }
        } else {
            let closed = close(descriptor)
            descriptor = -1
            if closed != 0 { throw OutputError.file(path, errno) }
        }
    }

    /// Abandons the file: the temporary file goes, whatever was at the path stays.
    func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        if let temporary { unlink(temporary) }
    }

    private func flush() {
        var written = 0
        while failure == nil, written < buffer.count {
            let result = buffer[written...].withUnsafeBytes { writer(descriptor, $0) }
            if result <= 0 {
                if result < 0, errno == EINTR { continue }
                failure = result < 0 ? errno : EIO
            } else {
                written += result
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    deinit {
        // Only an unfinished write still has a descriptor.
        if descriptor >= 0 { discard() }
    }
}
