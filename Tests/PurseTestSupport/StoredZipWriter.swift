import Foundation

/// The smallest zip writer: stored entries (method 0), or entries whose data a test made
/// itself, local headers, a central directory and its end record, as APPNOTE.TXT lays them out.
/// Enough for a test to hand purse an archive it did not make with purse's own code.
public enum StoredZipWriter {
    /// One entry as the archive records it: its data as written (`method` 0 stored, 8
    /// deflated), and the size and CRC-32 the headers claim for it unpacked, true or not.
    public struct RawEntry {
        public var name: String
        public var method: UInt16
        public var data: [UInt8]
        public var size: Int
        public var crc: UInt32

        public init(name: String, method: UInt16, data: [UInt8], size: Int, crc: UInt32) {
            self.name = name
            self.method = method
            self.data = data
            self.size = size
            self.crc = crc
        }
    }

    public static func archive(_ entries: [(name: String, bytes: [UInt8])]) -> [UInt8] {
        archive(raw: entries.map { RawEntry(name: $0.name, method: 0, data: $0.bytes, size: $0.bytes.count, crc: crc32($0.bytes)) })
    }

    /// An archive of entries written as given, e.g. a deflated stream that unpacks to more than
    /// its headers say.
    public static func archive(raw entries: [RawEntry]) -> [UInt8] {
        var output: [UInt8] = []
        var directory: [UInt8] = []
        for entry in entries {
            let name = Array(entry.name.utf8)
            let crc = entry.crc
            let offset = UInt32(output.count)
            let sizes = le32(UInt32(entry.data.count)) + le32(UInt32(entry.size))
            output +=
                le32(0x0403_4B50) + le16(20) + le16(0) + le16(entry.method) + le16(0) + le16(0x21) + le32(crc)
                + sizes + le16(UInt16(name.count)) + le16(0) + name + entry.data
            directory +=
                le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(entry.method) + le16(0) + le16(0x21) + le32(crc)
                + sizes + le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset) + name
        }
        let directoryOffset = UInt32(output.count)
        output += directory
        output +=
            le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
            + le32(UInt32(directory.count)) + le32(directoryOffset) + le16(0)
        return output
    }

    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
}
