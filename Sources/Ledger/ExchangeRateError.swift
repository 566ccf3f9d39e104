/// Why an exchange rate could not be read, combined or applied.
public enum ExchangeRateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not a positive decimal rate; the caller decides what an empty cell or `N/A` means.
    case notARate(String)
    /// An inverse or cross rate whose reduced fraction does not fit 64-bit integers.
    case fractionTooLarge
    /// `units` converted at the rate is beyond what an amount may hold.
    case conversionOverflow(units: Int64)

    public var description: String {
        switch self {
        case .notARate(let text):
            "'\(text)' is not an exchange rate (a positive decimal such as 1.0912, at most 18 digits)"
        case .fractionTooLarge:
            "a cross or inverse exchange rate is too precise to hold exactly"
        case .conversionOverflow:
            "a converted amount is beyond 900 trillion"
        }
    }
}
