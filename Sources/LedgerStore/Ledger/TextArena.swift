/// The bytes of many rows' texts in one allocation, filled by the reading thread: an array a
/// row cost an allocation and a lookup of the array's type each (a twentieth of that thread's
/// work), and a free on the taking thread. A row's bytes are written before the row is handed
/// over and never after, and the rows that share an arena keep it.
final class TextArena: @unchecked Sendable {
    let bytes: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var used = 0

    /// Room for about a hundred rows.
    static let capacity = 16_384

    init(fitting count: Int = 0) {
        capacity = max(Self.capacity, count)
        bytes = .allocate(capacity: capacity)
    }

    deinit { bytes.deallocate() }

    func fits(_ count: Int) -> Bool { used + count <= capacity }

    /// Copies the texts in one after the other, and says where the first starts.
    func append(_ texts: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>>) -> Int {
        let start = used
        for text in texts where text.count > 0 {
            (bytes + used).initialize(from: text.baseAddress!, count: text.count)
            used += text.count
        }
        return start
    }
}
