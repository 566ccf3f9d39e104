import Ledger

/// An instant exactly as Sure compares instants: whole Unix seconds and the fraction as written,
/// however many digits it has (Ruby keeps a time's fraction as an exact rational).
struct SureTime: Comparable {
    let epochSeconds: Int64
    /// The fraction's digits without trailing zeros ("5" for `.50`), so that comparing the
    /// digit strings compares the fractions.
    let fraction: String

    init(epochSeconds: Int64, fraction: String) {
        self.epochSeconds = epochSeconds
        var digits = Substring(fraction)
        while digits.last == "0" { digits.removeLast() }
        self.fraction = String(digits)
    }

    /// A purse timestamp's instant, its fraction read from its text.
    init(_ timestamp: Timestamp) {
        let text = timestamp.text
        var digits = ""
        if let point = text.firstIndex(of: ".") {
            digits = String(text[text.index(after: point)...].prefix { $0.isASCII && $0.isNumber })
        }
        self.init(epochSeconds: timestamp.epochSeconds, fraction: digits)
    }

    func adding(seconds: Int64) -> SureTime {
        SureTime(epochSeconds: epochSeconds + seconds, fraction: fraction)
    }

    static func < (lhs: SureTime, rhs: SureTime) -> Bool {
        (lhs.epochSeconds, lhs.fraction) < (rhs.epochSeconds, rhs.fraction)
    }
}
