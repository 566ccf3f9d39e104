/// Why an amount could not be read or combined.
public enum MoneyError: Error, Equatable, Sendable, CustomStringConvertible {
    case notADecimal(String)
    case tooManyFractionDigits(String)
    case outOfRange(String)
    case currencyMismatch(String, String)
    case overflow(String)

    public var description: String {
        switch self {
        case .notADecimal(let text):
            "'\(text)' is not a decimal amount (digits with an optional point, e.g. 12.50)"
        case .tooManyFractionDigits(let text):
            "'\(text)' has more than 4 fraction digits"
        case .outOfRange(let text):
            "'\(text)' is beyond 900 trillion"
        case .currencyMismatch(let left, let right):
            "cannot combine \(left) with \(right)"
        case .overflow(let currency):
            "a \(currency) total is too large to hold"
        }
    }
}
