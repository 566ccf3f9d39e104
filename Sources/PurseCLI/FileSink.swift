import Foundation

/// A report file written with `-o FILE`: created with mode 0600, written in large blocks.
final class FileSink: TextSink {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    let isTerminal = false

    init(path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    func flush() {
        handle.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }

    deinit {
        flush()
    }
}
