import Foundation

/// The time zone in which instants become calendar days (`--tz`, else `TZ`, else the system's).
public struct ReportTimeZone: Sendable {
    public let timeZone: TimeZone

    public init(_ timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// Nil when the identifier names no known zone.
    public init?(identifier: String) {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        self.init(zone)
    }

    public var identifier: String { timeZone.identifier }

    public func offset(at epochSeconds: Int64) -> Int {
        timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(epochSeconds)))
    }

    /// The local calendar day of an instant.
    public func date(of epochSeconds: Int64) -> CivilDate {
        let local = epochSeconds + Int64(offset(at: epochSeconds))
        return CivilDate(daysSinceEpoch: Int(local.floorDivided(by: 86_400)))
    }

    /// The first instant of a local day.
    public func startOfDay(_ date: CivilDate) -> Int64 {
        let midnightUTC = Int64(date.daysSinceEpoch) * 86_400
        // The offset at local midnight can differ from the one at UTC midnight around a
        // daylight-saving change, so settle it with a second look.
        let firstGuess = midnightUTC - Int64(offset(at: midnightUTC))
        return midnightUTC - Int64(offset(at: firstGuess))
    }
}
