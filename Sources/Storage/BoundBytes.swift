/// Copies of the texts and blobs bound to one statement, kept where they are until it is reset,
/// so SQLite reads them in place (`SQLITE_STATIC`). Copied by SQLite instead, each would be an
/// allocation of its own, made and freed for every text of every row: a sync of 100k
/// transactions spent a tenth of its instructions on those.
///
/// Not Sendable, as its statement is not.
final class BoundBytes {
    /// What is allocated when nothing is yet: enough for a few rows of a batch insert.
    private static let firstCapacity = 4_096
    /// The most kept from one reset to the next; a statement that once bound more lets it go.
    private static let keptCapacity = 64 << 10

    // Unchecked: `keep` runs for every text of every row a sync binds, and checking each access
    // to these at run time was 1.8 % of a sync's instructions. Only `keep`, `clear` and `deinit`
    // touch them, none calls out while it does, and a statement is used by one thread at a time.
    /// Never moved while anything may point into them; only the last is written to.
    @exclusivity(unchecked) private var chunks: [UnsafeMutableRawBufferPointer] = []
    /// Bytes used of the last chunk.
    @exclusivity(unchecked) private var used = 0

    /// A copy of `bytes` (not empty) that stays where it is until `clear()`.
    func keep(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawPointer {
        precondition(!bytes.isEmpty)
        if (chunks.last?.count ?? 0) - used < bytes.count {
            // Doubling, but not after one large value: the chunk for the next is kept small.
            let capacity = max(bytes.count, 2 * min(chunks.last?.count ?? Self.firstCapacity / 2, Self.keptCapacity))
            chunks.append(.allocate(byteCount: capacity, alignment: 1))
            used = 0
        }
        let start = chunks[chunks.count - 1].baseAddress! + used
        start.copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        used += bytes.count
        return UnsafeRawPointer(start)
    }

    /// Lets go of every copy: nothing bound may point here any more. Chunks grown into become
    /// one, so a statement run again and again settles on a single allocation.
    func clear() {
        used = 0
        guard chunks.count > 1 || (chunks.first?.count ?? 0) > Self.keptCapacity else { return }
        let total = chunks.reduce(0) { $0 + $1.count }
        for chunk in chunks { chunk.deallocate() }
        chunks = total > Self.keptCapacity ? [] : [.allocate(byteCount: total, alignment: 1)]
    }

    deinit {
        for chunk in chunks { chunk.deallocate() }
    }
}
