/// A zip archive read strictly from its bytes: the end-of-central-directory record, then each
/// central directory entry checked against its local header. It reads what an order package
/// needs and refuses the rest rather than guess: stored and deflated entries only, no
/// encryption, no zip64, no archives split across disks, no two entries with one name, and
/// every entry's CRC-32 and sizes must agree with its bytes.
struct ZipArchive {
    /// Why the bytes are not an archive purse reads.
    struct Failure: Error, Equatable {
        let message: String
    }

    /// One file of the archive, as the central directory lists it.
    struct Entry {
        let name: String
        let method: UInt16
        let crc: UInt32
        let compressedSize: Int
        let size: Int
        let localHeaderOffset: Int

        var isDirectory: Bool { name.hasSuffix("/") }
    }

    static let stored: UInt16 = 0
    static let deflated: UInt16 = 8

    let bytes: [UInt8]
    /// In central directory order.
    let entries: [Entry]

    init(_ bytes: [UInt8]) throws(Failure) {
        self.bytes = bytes
        let end = try Self.endRecord(bytes)
        let count = Int(Self.uint16(bytes, end + 10))
        let directorySize = Int(Self.uint32(bytes, end + 12))
        let directoryOffset = Int(Self.uint32(bytes, end + 16))
        guard Self.uint16(bytes, end + 4) == 0, Self.uint16(bytes, end + 6) == 0, Self.uint16(bytes, end + 8) == count else {
            throw Failure(message: "an archive split across several disks is not supported")
        }
        guard count != 0xFFFF, directorySize != 0xFFFF_FFFF, directoryOffset != 0xFFFF_FFFF else {
            throw Failure(message: "a zip64 archive is not supported")
        }
        guard directoryOffset + directorySize == end else {
            throw Failure(message: "the central directory is not where the end record says")
        }
        var entries: [Entry] = []
        var names: Set<String> = []
        var offset = directoryOffset
        for _ in 0..<count {
            let entry = try Self.directoryEntry(bytes, at: &offset, end: end)
            guard names.insert(entry.name).inserted else { throw Failure(message: "two entries are named '\(entry.name)'") }
            entries.append(entry)
        }
        guard offset == end else { throw Failure(message: "the central directory holds more than its entries") }
        self.entries = entries
    }

    /// The entry's bytes, inflated when deflated, checked against its size and CRC-32. The
    /// caller checks `entry.size` first: inflating stops at that size, whatever the data holds,
    /// so no entry unpacks to more than the central directory says.
    func contents(of entry: Entry) throws(Failure) -> [UInt8] {
        var offset = entry.localHeaderOffset
        guard offset + 30 <= bytes.count, Self.uint32(bytes, offset) == 0x0403_4B50 else {
            throw Failure(message: "\(entry.name): no local header where the central directory says")
        }
        let nameLength = Int(Self.uint16(bytes, offset + 26))
        let extraLength = Int(Self.uint16(bytes, offset + 28))
        guard Self.uint16(bytes, offset + 8) == entry.method,
            offset + 30 + nameLength <= bytes.count,
            Array(bytes[(offset + 30)..<(offset + 30 + nameLength)]) == Array(entry.name.utf8)
        else {
            throw Failure(message: "\(entry.name): the local header does not match the central directory")
        }
        offset += 30 + nameLength + extraLength
        guard offset + entry.compressedSize <= bytes.count else { throw Failure(message: "\(entry.name): the data is cut short") }
        let data = Array(bytes[offset..<(offset + entry.compressedSize)])
        var contents: [UInt8]
        switch entry.method {
        case Self.stored:
            guard entry.compressedSize == entry.size else {
                throw Failure(message: "\(entry.name): a stored entry's sizes disagree")
            }
            contents = data
        default:
            do {
                contents = try Inflater.inflate(data, expectedSize: entry.size)
            } catch {
                throw Failure(message: "\(entry.name): cannot inflate: \(error.message)")
            }
        }
        guard CRC32.checksum(contents) == entry.crc else { throw Failure(message: "\(entry.name): the CRC-32 does not match its bytes") }
        return contents
    }

    // MARK: - Records

    /// The offset of the end-of-central-directory record, which must end the file (its comment
    /// included).
    private static func endRecord(_ bytes: [UInt8]) throws(Failure) -> Int {
        guard bytes.count >= 22 else { throw Failure(message: "not a zip archive (too short)") }
        var offset = bytes.count - 22
        let lowest = max(0, offset - 0xFFFF)
        while offset >= lowest {
            if uint32(bytes, offset) == 0x0605_4B50, offset + 22 + Int(uint16(bytes, offset + 20)) == bytes.count {
                return offset
            }
            offset -= 1
        }
        throw Failure(message: "not a zip archive (no end of central directory record)")
    }

    private static func directoryEntry(_ bytes: [UInt8], at offset: inout Int, end: Int) throws(Failure) -> Entry {
        guard offset + 46 <= end, uint32(bytes, offset) == 0x0201_4B50 else {
            throw Failure(message: "a central directory entry is damaged")
        }
        let flags = uint16(bytes, offset + 8)
        let method = uint16(bytes, offset + 10)
        let nameLength = Int(uint16(bytes, offset + 28))
        let extraLength = Int(uint16(bytes, offset + 30))
        let commentLength = Int(uint16(bytes, offset + 32))
        let next = offset + 46 + nameLength + extraLength + commentLength
        guard next <= end else { throw Failure(message: "a central directory entry is damaged") }
        guard let name = String(validating: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self), !name.isEmpty else {
            throw Failure(message: "an entry's name is not UTF-8 text")
        }
        guard flags & 1 == 0 else { throw Failure(message: "\(name): encrypted entries are not supported") }
        guard method == stored || method == deflated else {
            throw Failure(message: "\(name): compression method \(method) is not supported (only stored and deflated)")
        }
        let entry = Entry(
            name: name, method: method, crc: uint32(bytes, offset + 16), compressedSize: Int(uint32(bytes, offset + 20)),
            size: Int(uint32(bytes, offset + 24)), localHeaderOffset: Int(uint32(bytes, offset + 42)))
        guard entry.compressedSize != 0xFFFF_FFFF, entry.size != 0xFFFF_FFFF, entry.localHeaderOffset != 0xFFFF_FFFF else {
            throw Failure(message: "a zip64 archive is not supported")
        }
        offset = next
        return entry
    }

    static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }
}
