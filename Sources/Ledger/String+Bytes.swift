#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// Whether the two are the same UTF-8 bytes. Swift's `==` takes canonically equal spellings (a
    /// composed and a decomposed é) as one, which a name shown as it came must not; and comparing
    /// the two buffers is quicker than walking two `utf8` views.
    public func hasSameBytes(as other: String) -> Bool {
        utf8.count == other.utf8.count && byteOrder(other) == 0
    }

    /// Whether the string comes before `other` in the order of their UTF-8 bytes, as SQLite's
    /// BINARY collation orders text: Swift's `<` orders canonically equal spellings as one.
    public func precedesInBytes(_ other: String) -> Bool {
        byteOrder(other) < 0
    }

    /// Below, at or above zero as the string's UTF-8 bytes come before, as or after `other`'s:
    /// the common bytes compared in turn, then the shorter first.
    private func byteOrder(_ other: String) -> Int {
        var left = self
        var right = other
        return left.withUTF8 { left in right.withUTF8 { left.byteOrder(of: $0) } }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Below, at or above zero as these bytes come before, as or after `other`'s in SQLite's
    /// BINARY collation: the common bytes compared in turn, then the shorter first.
    public func byteOrder(of other: UnsafeBufferPointer<UInt8>) -> Int {
        let common = Swift.min(count, other.count)
        let order = common == 0 ? 0 : Int(memcmp(baseAddress!, other.baseAddress!, common))
        return order != 0 ? order : count - other.count
    }
}
