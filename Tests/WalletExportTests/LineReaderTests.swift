import Foundation
import PurseTestSupport
import Testing

@testable import WalletExport

@Suite struct LineReaderTests {
    /// A line as read, copied out of the reader's buffer.
    struct Read: Equatable, CustomStringConvertible {
        let number: Int
        let offset: Int64
        let endOffset: Int64
        let text: String
        var description: String { "\(number)@\(offset)..<\(endOffset) \(text.debugDescription)" }
    }

    private func file(_ content: String, in folder: TemporaryFolder) throws -> URL {
        let url = folder.url.appendingPathComponent("stream.jsonl")
        try Data(content.utf8).write(to: url)
        return url
    }

    private func readAll(_ url: URL, offset: Int64 = 0, firstLineNumber: Int = 1, chunkSize: Int) throws -> [Read] {
        let reader = try LineReader(url: url, offset: offset, firstLineNumber: firstLineNumber, chunkSize: chunkSize)
        var lines: [Read] = []
        while let line = try reader.next() {
            lines.append(
                Read(
                    number: line.number, offset: line.offset, endOffset: line.endOffset,
                    text: String(decoding: line.bytes, as: UTF8.self)))
        }
        // The end stays the end.
        #expect(try reader.next().map(\.number) == nil)
        return lines
    }

    /// The lines of `content` as the reader must give them (LF-terminated ones only). Works on
    /// bytes: to Swift's String, CR LF is a single Character.
    private func expected(_ content: String, firstNumber: Int = 1, from start: Int64 = 0) -> [Read] {
        var result: [Read] = []
        let bytes = Array(content.utf8)
        var lineStart = 0
        var number = firstNumber
        while let newline = bytes[lineStart...].firstIndex(of: 0x0A) {
            var end = newline
            if end > lineStart, bytes[end - 1] == 0x0D { end -= 1 }
            result.append(
                Read(
                    number: number, offset: start + Int64(lineStart), endOffset: start + Int64(newline + 1),
                    text: String(decoding: bytes[lineStart..<end], as: UTF8.self)))
            lineStart = newline + 1
            number += 1
        }
        return result
    }

    // MARK: - next()

    @Test(arguments: [1, 2, 3, 4, 5, 7, 16, 1 << 20])
    func linesAcrossChunkBoundaries(chunkSize: Int) throws {
        let folder = try TemporaryFolder()
        let content = "hello\nworld, a longer line than any chunk\n\nx\n{\"é\":\"ünïcode\"}\nlast\n"
        let url = try file(content, in: folder)

        let lines = try readAll(url, chunkSize: chunkSize)

        #expect(lines.map(\.text) == ["hello", "world, a longer line than any chunk", "", "x", "{\"é\":\"ünïcode\"}", "last"])
        #expect(lines == expected(content))
        #expect(lines.last?.endOffset == Int64(content.utf8.count))
    }

    @Test(arguments: [1, 2, 3, 1 << 20])
    func crlfLineEndsAreStrippedButCountInTheOffsets(chunkSize: Int) throws {
        let folder = try TemporaryFolder()
        let content = "a\r\nbb\r\n\r\nc\nd\r\n"
        let url = try file(content, in: folder)

        let lines = try readAll(url, chunkSize: chunkSize)

        #expect(lines.map(\.text) == ["a", "bb", "", "c", "d"])
        #expect(lines.map(\.endOffset) == [3, 7, 9, 11, 14])
        #expect(lines == expected(content))
    }

    @Test(arguments: [1, 3, 1 << 20])
    func anUnfinishedLastLineIsNotReturned(chunkSize: Int) throws {
        let folder = try TemporaryFolder()
        let url = try file("one\ntwo\n{\"generation\":\"G1\",\"seq", in: folder)

        #expect(try readAll(url, chunkSize: chunkSize).map(\.text) == ["one", "two"])

        // A lone CR is not a line end either.
        try Data("one\r".utf8).write(to: url)
        #expect(try readAll(url, chunkSize: chunkSize).isEmpty)

        try Data("no line end at all".utf8).write(to: url)
        #expect(try readAll(url, chunkSize: chunkSize).isEmpty)

        try Data().write(to: url)
        #expect(try readAll(url, chunkSize: chunkSize).isEmpty)
    }

    @Test func theLineIsReturnedOnceItsLineFeedIsWritten() throws {
        let folder = try TemporaryFolder()
        let url = try file("one\ntw", in: folder)
        #expect(try readAll(url, chunkSize: 2).map(\.text) == ["one"])

        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("o\n".utf8))
        try handle.close()

        #expect(
            try readAll(url, chunkSize: 2) == [
                Read(number: 1, offset: 0, endOffset: 4, text: "one"),
                Read(number: 2, offset: 4, endOffset: 8, text: "two"),
            ])
    }

    @Test(arguments: [1, 2, 1 << 20])
    func readingFromAnOffsetKeepsFileOffsetsAndNumbersFromTheGivenLine(chunkSize: Int) throws {
        let folder = try TemporaryFolder()
        let content = "a\nbb\nccc\ndddd\nunfinished"
        let url = try file(content, in: folder)

        let lines = try readAll(url, offset: 2, firstLineNumber: 2, chunkSize: chunkSize)

        #expect(
            lines == [
                Read(number: 2, offset: 2, endOffset: 5, text: "bb"),
                Read(number: 3, offset: 5, endOffset: 9, text: "ccc"),
                Read(number: 4, offset: 9, endOffset: 14, text: "dddd"),
            ])
        // Numbering follows what the caller says, e.g. a saved resume line.
        let renumbered = try readAll(url, offset: 9, firstLineNumber: 40, chunkSize: chunkSize)
        #expect(renumbered == [Read(number: 40, offset: 9, endOffset: 14, text: "dddd")])
        // At the end of the complete lines there is nothing.
        #expect(try readAll(url, offset: 14, firstLineNumber: 5, chunkSize: chunkSize).isEmpty)
    }

    @Test func aLineLongerThanTheBufferGrowsIt() throws {
        let folder = try TemporaryFolder()
        let long = String(repeating: "0123456789", count: 1000)
        let content = "short\n" + long + "\nafter\n"
        let url = try file(content, in: folder)

        let lines = try readAll(url, chunkSize: 4)

        #expect(lines.map(\.text) == ["short", long, "after"])
        #expect(lines == expected(content))
    }

    // MARK: - lastCompleteLine(of:)

    struct Tail: Sendable, CustomTestStringConvertible {
        let content: String
        let last: String?
        var testDescription: String { content.debugDescription }
    }

    static let tails: [Tail] = [
        Tail(content: "a\nb\n", last: "b"),
        Tail(content: "a\nb\nunfinished", last: "b"),
        Tail(content: "a\nb\n{\"generation\":\"G1\",", last: "b"),
        Tail(content: "only\n", last: "only"),
        Tail(content: "only\nunfinished", last: "only"),
        Tail(content: "no line end", last: nil),
        Tail(content: "", last: nil),
        Tail(content: "a\r\nb\r\n", last: "b"),
        // Blank lines are skipped: the last line that says something is the one that counts.
        Tail(content: "a\n\n", last: "a"),
        Tail(content: "a\n \r\n\n", last: "a"),
        Tail(content: "\n", last: nil),
    ]

    @Test(arguments: tails)
    func lastCompleteLine(_ tail: Tail) throws {
        let folder = try TemporaryFolder()
        let url = try file(tail.content, in: folder)

        let bytes = try LineReader.lastCompleteLine(of: url)

        #expect(bytes.map { String(decoding: $0, as: UTF8.self) } == tail.last)
    }

    /// Lengths around the 64 KiB the tail is read backwards in, so line ends fall on, before and
    /// after chunk boundaries.
    @Test(arguments: [65_534, 65_535, 65_536, 65_537, 131_071, 131_072, 200_000])
    func lastCompleteLineLongerThan64KiB(length: Int) throws {
        let folder = try TemporaryFolder()
        let long = String(repeating: "x", count: length - 1) + "y"
        let previous = "{\"generation\":\"G1\",\"sequence\":1}"

        for (content, name) in [
            (previous + "\n" + long + "\n", "after a short line"),
            (long + "\n", "the only line"),
            (previous + "\n" + long + "\n" + String(repeating: "z", count: 70_000), "before an unfinished line"),
            (long + "\r\n", "with CRLF"),
        ] {
            let url = try file(content, in: folder)
            let bytes = try #require(try LineReader.lastCompleteLine(of: url), "\(name)")
            #expect(bytes.count == length, "\(name)")
            #expect(bytes.first == UInt8(ascii: "x") && bytes.last == UInt8(ascii: "y"), "\(name)")
        }

        // A short last line after a long one is found without the long one.
        let url = try file(long + "\n" + previous + "\n", in: folder)
        #expect(try LineReader.lastCompleteLine(of: url) == Array(previous.utf8))
    }
}
