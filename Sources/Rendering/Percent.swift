/// Exact percentages: numerator / denominator x 100, rounded once, half to even.
enum Percent {
    /// `25.2` for 252/1000 with one decimal; nil when the denominator is 0.
    static func text(_ numerator: Int64, of denominator: Int64, decimals: Int = 1) -> String? {
        guard denominator != 0 else { return nil }
        var scale: Int64 = 100
        for _ in 0..<decimals { scale *= 10 }
        let value = roundedHalfEven(numerator.multipliedFullWidth(by: scale), denominator)
        let negative = value < 0
        let magnitude = value.magnitude
        var unit: UInt64 = 1
        for _ in 0..<decimals { unit *= 10 }
        var text = String(magnitude / unit)
        if decimals > 0 {
            let fraction = String(magnitude % unit)
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return (negative ? "-" : "") + text
    }

    /// (high, low) / denominator rounded half to even, for products that overflow Int64.
    static func roundedHalfEven(_ product: (high: Int64, low: UInt64), _ denominator: Int64) -> Int64 {
        // Amounts are at most 9e18, so the 128-bit product divided by a denominator of at least 1
        // fits in Int64 whenever the ratio is a sane percentage; clamp otherwise.
        let negative = (product.high < 0) != (denominator < 0)
        let magnitude =
            product.high < 0
            ? (high: ~UInt64(bitPattern: product.high) &+ (product.low == 0 ? 1 : 0), low: ~product.low &+ 1)
            : (high: UInt64(bitPattern: product.high), low: product.low)
        let divisor = denominator.magnitude
        guard magnitude.high < divisor else { return negative ? Int64.min : Int64.max }
        let (quotient, remainder) = divisor.dividingFullWidth(magnitude)
        var rounded = quotient
        let twice = remainder.multipliedReportingOverflow(by: 2)
        if twice.overflow || twice.partialValue > divisor || (twice.partialValue == divisor && quotient % 2 == 1) {
            rounded += 1
        }
        let result = Int64(clamping: rounded)
        return negative ? -result : result
    }
}
