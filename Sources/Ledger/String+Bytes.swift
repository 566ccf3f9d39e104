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
        var left = self
        var right = other
        return left.withUTF8 { left in
            right.withUTF8 { right in
                left.count == right.count && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
            }
        }
    }

    /// Whether the string comes before `other` in the order of their UTF-8 bytes, as SQLite's
    /// BINARY collation orders text: Swift's `<` orders canonically equal spellings as one.
    public func precedesInBytes(_ other: String) -> Bool {
        var left = self
        var right = other
        return left.withUTF8 { left in
            right.withUTF8 { right in
                let common = min(left.count, right.count)
                let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
                return order == 0 ? left.count < right.count : order < 0
            }
        }
    }
}
