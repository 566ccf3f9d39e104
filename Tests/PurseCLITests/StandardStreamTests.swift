import Foundation
import PurseTestSupport
import Testing

@testable import PurseCLI

/// Standard output's writer: text longer than its buffer goes out directly, after what the
/// buffer holds and before what comes next.
@Suite("Standard stream")
struct StandardStreamTests {
    @Test("small and long writes reach the reader whole and in order")
    func order() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("out.txt")
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        let stream = StandardStream(descriptor: descriptor, bufferLimit: 16)
        let long = String(repeating: "0123456789é", count: 10)
        let pieces = ["a", "bc", long, "d", String(repeating: "x", count: 17), "", "ef", long]
        for piece in pieces { stream.write(piece) }
        stream.flush()
        close(descriptor)
        try stream.throwIfFailed()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == pieces.joined())
    }

    @Test("a write that fails, long or short, is reported once, as standard output's error, and nothing more is written")
    func failure() throws {
        // Read-only: every write fails with EBADF, as a closed pipe would with EPIPE.
        let descriptor = open("/dev/null", O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        for long in [false, true] {
            let stream = StandardStream(descriptor: descriptor, bufferLimit: 16)
            stream.write(long ? String(repeating: "x", count: 100) : "short")
            stream.flush()
            stream.write("more")
            stream.flush()
            #expect(throws: OutputError.self) { try stream.throwIfFailed() }
            do {
                try stream.finish()
                Issue.record("finish did not throw")
            } catch let error as OutputError {
                #expect(error.description == OutputError.standardOutput(EBADF).description)
            }
        }
    }
}
