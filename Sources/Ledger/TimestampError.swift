/// Why a text is not an instant purse takes.
public enum TimestampError: Error, Equatable, Sendable {
    /// Not `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, or not a real day, time or offset.
    case notRFC3339
    /// A real instant whose local or UTC year is outside `Timestamp.supportedYears`: `year` is
    /// the first of the two that is.
    case outsideSupportedYears(year: Int, inUTC: Bool)

    /// What is wrong with `text`, for the message of the field that holds it.
    public func message(for text: String) -> String {
        let years = "\(Timestamp.supportedYears.lowerBound) to \(Timestamp.supportedYears.upperBound)"
        switch self {
        case .notRFC3339:
            return "'\(text)' is not an RFC 3339 date with an offset (e.g. 2026-10-03T12:34:56-04:00)"
        case .outsideSupportedYears(let year, let inUTC):
            return "'\(text)' is in the year \(year)\(inUTC ? " in UTC" : ""); purse takes instants from the years \(years) only, "
                + "local and UTC"
        }
    }
}
