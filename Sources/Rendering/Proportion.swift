/// Scales amounts to lengths (bar widths, chart heights) in exact integer arithmetic: money
/// never passes through floating point, even to be drawn.
enum Proportion {
    /// `part / whole` of `length`, rounded to the nearest whole (a half up). `part` past `whole`
    /// is `length`; `whole` must be positive.
    static func scaled(_ part: UInt64, of whole: UInt64, to length: Int) -> Int {
        guard part < whole else { return length }
        // part x length in 128 bits: the quotient is below length, so it fits.
        let (quotient, remainder) = whole.dividingFullWidth(part.multipliedFullWidth(by: UInt64(length)))
        return Int(quotient) + (remainder >= whole - remainder ? 1 : 0)
    }

    /// `value - low` for `value >= low`: exact even when the two have opposite signs and the
    /// distance does not fit an Int64.
    static func distance(from low: Int64, to value: Int64) -> UInt64 {
        UInt64(bitPattern: value &- low)
    }
}
