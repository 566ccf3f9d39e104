import Foundation

/// Where a command writes: stdout for data, stderr for progress, warnings and errors. Injected
/// so tests capture output without touching the real streams.
public protocol TextSink: AnyObject {
    func write(_ text: String)
    /// True for a terminal: only then does sync show progress.
    var isTerminal: Bool { get }
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
    public let isTerminal: Bool

    init(descriptor: Int32, bufferLimit: Int) {
        self.descriptor = descriptor
        self.bufferLimit = bufferLimit
        isTerminal = isatty(descriptor) == 1
    }

    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count > bufferLimit { flush() }
    }

    public func flush() {
        var written = 0
        while written < buffer.count {
            let result = buffer[written...].withUnsafeBytes { bytes in
                Foundation.write(descriptor, bytes.baseAddress, bytes.count)
            }
            // A closed pipe (e.g. `purse export | head`) ends the output; nothing else to do.
            if result <= 0 {
                if result < 0, errno == EINTR { continue }
                break
            }
            written += result
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
