import Foundation
import PurseTestSupport
import Testing

@testable import PurseCLI

/// `-o FILE`'s writer: a write that fails part way (a full disk, simulated by the writer it is
/// given) leaves no partial file and the old file as it was.
@Suite("File sink")
struct FileSinkTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test("a disk that fills up part way: the error names the file and the cause; the old file stays, nothing else is left")
    func failedWrite() throws {
        let path = folder.file("report.csv")
        try Data("the report of last month\n".utf8).write(to: URL(fileURLWithPath: path))
        var room = 100_000
        let sink = try FileSink(path: path) { descriptor, bytes in
            guard room > 0 else {
                errno = ENOSPC
                return -1
            }
            let count = min(room, bytes.count)
            room -= count
            return Foundation.write(descriptor, bytes.baseAddress, count)
        }
        #expect(try files().count == 2, "the temporary file sits next to the target while it is written")
        for _ in 0..<5_000 { sink.write(String(repeating: "x", count: 99) + "\n") }

        let error = try #require(throws: OutputError.self) { try sink.finish() }
        sink.discard()

        #expect(error.description == "cannot write \(path): No space left on device")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "the report of last month\n")
        #expect(try files() == ["report.csv"])
    }

    @Test("a long listing stops as soon as a write failed")
    func throwIfFailed() throws {
        let sink = try FileSink(path: folder.file("all.csv")) { _, _ in
            errno = EPIPE
            return -1
        }
        try sink.throwIfFailed()
        sink.write(String(repeating: "y", count: 1 << 16))
        #expect(throws: OutputError.self) { try sink.throwIfFailed() }
        sink.discard()
        #expect(try files() == [])
    }

    @Test("an abandoned write (the command failed) leaves nothing")
    func abandoned() throws {
        do {
            let sink = try FileSink(path: folder.file("report.json"))
            sink.write("{")
        }
        #expect(try files() == [])
    }

    @Test("the temporary file is hidden, in the target's folder, and private")
    func temporaryFile() throws {
        let sink = try FileSink(path: folder.file("report.json"))
        let temporary = try #require(try files().first)
        #expect(temporary.hasPrefix(".report.json.") && temporary.hasSuffix(".tmp"))
        #expect(try FileManager.default.attributesOfItem(atPath: folder.file(temporary))[.posixPermissions] as? Int == 0o600)
        sink.write("{}\n")
        try sink.finish()
        #expect(try files() == ["report.json"])
        #expect(try String(contentsOfFile: folder.file("report.json"), encoding: .utf8) == "{}\n")
    }
}
