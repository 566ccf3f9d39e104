import Ledger

/// Instants as Sure compares them: parsed, so different spellings of one time are equal.
public enum SureInstant {
    /// Unix seconds with the fraction (trailing zeros trimmed), zero-padded so keys sort by time
    /// for dates after 1970.
    public static func key(_ timestamp: Timestamp) -> String {
        let fraction = fractionDigits(timestamp.text)
        let seconds = String(timestamp.epochSeconds)
        let padded = String(repeating: "0", count: max(0, 12 - seconds.count)) + seconds
        return fraction.isEmpty ? padded : padded + "." + fraction
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fff]Z`.
    public static func canonicalUTC(_ timestamp: Timestamp) -> String {
        let base = Timestamp.utc(epochSeconds: timestamp.epochSeconds).text
        let fraction = fractionDigits(timestamp.text)
        guard !fraction.isEmpty else { return base }
        return String(base.dropLast()) + "." + fraction + "Z"
    }

    private static func fractionDigits(_ text: String) -> String {
        guard let dot = text.firstIndex(of: ".") else { return "" }
        var digits = String(text[text.index(after: dot)...].prefix { $0.isASCII && $0.isNumber })
        while digits.hasSuffix("0") { digits.removeLast() }
        return digits
    }
}
