import Foundation

/// A file written through a 64 KiB buffer.
final class BufferedFile {
    static let chunk = 1 << 16
    let path: String
    private let handle: FileHandle
    var bytes: [UInt8] = []

    init(path: String) throws {
        self.path = path
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw SampleDataError.cannotWrite(path: path, reason: "the file cannot be created")
        }
        do {
            handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        } catch {
            throw SampleDataError.cannotWrite(path: path, reason: error.localizedDescription)
        }
        bytes.reserveCapacity(Self.chunk + 4096)
    }

    @inline(__always) func flushIfFull() throws {
        if bytes.count >= Self.chunk { try flush() }
    }

    func flush() throws {
        guard !bytes.isEmpty else { return }
        do {
            try handle.write(contentsOf: bytes)
        } catch {
            throw SampleDataError.cannotWrite(path: path, reason: error.localizedDescription)
        }
        bytes.removeAll(keepingCapacity: true)
    }

    func close() throws {
        try flush()
        do {
            try handle.close()
        } catch {
            throw SampleDataError.cannotWrite(path: path, reason: error.localizedDescription)
        }
    }
}
