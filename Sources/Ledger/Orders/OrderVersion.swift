/// The version of an order: the instant of its `updatedAt` to the nanosecond, since a merchant
/// may update an order twice within a second (a hybrid logical clock writes fractions).
public struct OrderVersion: Comparable, Sendable {
    let seconds: Int64
    let nanoseconds: Int64

    public init(_ updatedAt: Timestamp) {
        seconds = updatedAt.epochSeconds
        // RFC 3339 puts a fraction right after the seconds, at offset 19.
        var digits = updatedAt.text.utf8.dropFirst(19)
        var fraction: Int64 = 0
        var count = 0
        if digits.first == UInt8(ascii: ".") {
            digits = digits.dropFirst()
            for byte in digits {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { break }
                if count < 9 { fraction = fraction * 10 + Int64(byte - UInt8(ascii: "0")) }
                count += 1
            }
        }
        while count < 9 {
            fraction *= 10
            count += 1
        }
        nanoseconds = fraction
    }

    public static func < (lhs: OrderVersion, rhs: OrderVersion) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }
}
