import Foundation

/// Where a command writes: stdout for data, stderr for progress, warnings and errors. Injected
/// so tests capture output without touching the real streams.
public protocol TextSink: AnyObject {
    func write(_ text: String)
    /// True for a terminal: only then does sync show progress.
    var isTerminal: Bool { get }
    /// Throws the first write that failed so far, if any: a long listing stops as soon as
    /// nobody reads it.
    func throwIfFailed() throws
    /// Writes out what is buffered and throws if any write failed (a full disk, a closed pipe):
    /// data that did not reach its reader is an error, not a success.
    func finish() throws
}

extension TextSink {
    public func throwIfFailed() throws {}
    public func finish() throws {}
}

/// A sink that keeps everything written, for tests.
public final class CapturedText: TextSink {
    public private(set) var text = ""
    public let isTerminal: Bool

    public init(isTerminal: Bool = false) {
        self.isTerminal = isTerminal
    }

    public func write(_ text: String) {
        self.text += text
    }
}

/// The process's stdout or stderr, buffered so that millions of rows are written in large blocks.
public final class StandardStream: TextSink {
    nonisolated(unsafe) public static let output = StandardStream(descriptor: STDOUT_FILENO, bufferLimit: 1 << 16)
    nonisolated(unsafe) public static let error = StandardStream(descriptor: STDERR_FILENO, bufferLimit: 0)

    private let descriptor: Int32
    private let bufferLimit: Int
    private var buffer: [UInt8] = []
    /// The errno of the first write that failed; later writes are dropped.
    private var failure: Int32?
    public let isTerminal: Bool

    init(descriptor: Int32, bufferLimit: Int) {
        self.descriptor = descriptor
        self.bufferLimit = bufferLimit
        isTerminal = isatty(descriptor) == 1
    }

    public func write(_ text: String) {
        guard failure == nil else { return }
        // A whole report's text goes out as it is, not copied into the buffer first.
        if text.utf8.count > bufferLimit {
            flush()
            var text = text
            text.withUTF8 { send(UnsafeRawBufferPointer($0)) }
            return
        }
        buffer.append(contentsOf: text.utf8)
        if buffer.count > bufferLimit { flush() }
    }

    public func flush() {
        buffer.withUnsafeBufferPointer { send(UnsafeRawBufferPointer($0)) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func send(_ bytes: UnsafeRawBufferPointer) {
        var written = 0
        while failure == nil, written < bytes.count {
            let result = Foundation.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            // A full disk or a closed pipe (SIGPIPE is ignored, so EPIPE arrives here) ends the
            // output; `finish` reports it.
            if result <= 0 {
                if result < 0, errno == EINTR { continue }
                failure = result < 0 ? errno : EIO
                break
            }
            written += result
        }
    }

    public func throwIfFailed() throws {
        if let failure { throw OutputError.standardOutput(failure) }
    }

    public func finish() throws {
        flush()
        try throwIfFailed()
    }
}
