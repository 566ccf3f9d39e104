/// Bytes handed out one at a time from a source that gives them a chunk at a time (a string's
/// UTF-8, a file read as it streams), so a reader holds one chunk, never the whole text. A copy
/// reads on from where the original stands without moving it (a reader's look ahead), provided
/// its chunks are values too.
package struct ByteStream: IteratorProtocol {
    /// Where the chunks come from; a copy of it gives the same chunks again.
    package protocol Chunks {
        /// The next bytes (never empty), nil after the last.
        mutating func nextChunk() -> [UInt8]?
    }

    private var chunks: any Chunks
    private var chunk: [UInt8] = []
    private var index = 0

    package init(_ chunks: any Chunks) {
        self.chunks = chunks
    }

    /// A text's UTF-8, copied 64 KiB at a time.
    package init(_ text: String) {
        self.init(TextChunks(text: text))
    }

    @inline(__always)
    package mutating func next() -> UInt8? {
        guard index < chunk.count else { return nextChunk() }
        defer { index += 1 }
        return chunk[index]
    }

    private mutating func nextChunk() -> UInt8? {
        guard let next = chunks.nextChunk(), !next.isEmpty else { return nil }
        chunk = next
        index = 1
        return next[0]
    }

    private struct TextChunks: Chunks {
        let text: String
        var start: String.Index

        init(text: String) {
            self.text = text
            start = text.utf8.startIndex
        }

        mutating func nextChunk() -> [UInt8]? {
            let bytes = text.utf8
            guard start < bytes.endIndex else { return nil }
            let end = bytes.index(start, offsetBy: 1 << 16, limitedBy: bytes.endIndex) ?? bytes.endIndex
            defer { start = end }
            return Array(bytes[start..<end])
        }
    }
}
