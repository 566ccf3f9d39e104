/// A horizontal bar for text reports: block characters in eighths, or `#` in ASCII.
enum Bar {
    static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// A bar `value / maximum` of `width` columns long (negative values draw nothing, a value
    /// past the maximum the whole width).
    static func text(_ value: Int64, maximum: Int64, width: Int, ascii: Bool) -> String {
        guard maximum > 0, value > 0 else { return "" }
        let eighthsLong = Proportion.scaled(UInt64(value), of: UInt64(maximum), to: width * 8)
        if ascii { return String(repeating: "#", count: max(1, (eighthsLong + 4) / 8)) }
        let full = eighthsLong / 8
        let rest = eighthsLong % 8
        let bar = String(repeating: "█", count: full) + eighths[rest]
        return bar.isEmpty ? "▏" : bar
    }

    static let sparkBlocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    static let sparkASCII: [Character] = ["_", ".", "-", "~", "=", "+", "*", "#"]

    /// One character per value, scaled between the smallest and largest; nil values are spaces.
    static func sparkline(_ values: [Int64?], ascii: Bool) -> String {
        let present = values.compactMap { $0 }
        guard let low = present.min(), let high = present.max() else { return "" }
        let blocks = ascii ? sparkASCII : sparkBlocks
        return String(
            values.map { value -> Character in
                guard let value else { return " " }
                guard high > low else { return blocks[blocks.count / 2] }
                let index = Proportion.scaled(
                    Proportion.distance(from: low, to: value), of: Proportion.distance(from: low, to: high),
                    to: blocks.count - 1)
                return blocks[index]
            })
    }
}
