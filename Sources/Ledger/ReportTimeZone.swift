import Foundation

/// The time zone in which instants become calendar days (`--tz`, else `TZ`, else the system's).
public struct ReportTimeZone: Sendable {
    let timeZone: TimeZone
    /// The zone's name as the user gave it (Foundation calls UTC "GMT").
    public let identifier: String

    public init(_ timeZone: TimeZone) {
        self.timeZone = timeZone
        identifier = timeZone.identifier
    }

    /// Nil when the identifier names no known zone.
    public init?(identifier: String) {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        timeZone = zone
        self.identifier = identifier
    }

    /// A zone a fixed offset from UTC, named as the user gave it (`TZ=EST5`). Nil past the
    /// offsets a time zone can have.
    public init?(secondsEastOfUTC: Int, name: String) {
        guard let zone = TimeZone(secondsFromGMT: secondsEastOfUTC) else { return nil }
        timeZone = zone
        identifier = name
    }

    /// A zone by the name purse recorded for it (the ledger's zone): an IANA name, or the POSIX
    /// string of a fixed offset (`EST5`) that a writer's `TZ` gave. Nil for anything else, such
    /// as a name the system no longer knows.
    public init?(recorded name: String) {
        if let zone = ReportTimeZone(identifier: name) {
            self = zone
        } else if let posix = POSIXTimeZone(name), !posix.hasDaylightSaving,
            let zone = ReportTimeZone(secondsEastOfUTC: posix.secondsEastOfUTC, name: name)
        {
            self = zone
        } else {
            return nil
        }
    }

    public func offset(at epochSeconds: Int64) -> Int {
        timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(epochSeconds)))
    }

    /// The local calendar day of an instant.
    public func date(of epochSeconds: Int64) -> CivilDate {
        let local = epochSeconds + Int64(offset(at: epochSeconds))
        return CivilDate(daysSinceEpoch: Int(local.floorDivided(by: 86_400)))
    }

    /// The first instant of a local day. Where clocks skip local midnight, the day starts at
    /// the first instant that exists.
    public func startOfDay(_ date: CivilDate) -> Int64 {
        let midnightUTC = Int64(date.daysSinceEpoch) * 86_400
        // The offsets in force around the day: local midnight is midnightUTC minus one of them.
        let candidates = Set([offset(at: midnightUTC - 86_400), offset(at: midnightUTC), offset(at: midnightUTC + 86_400)])
            .map { midnightUTC - Int64($0) }.sorted()
        for candidate in candidates where self.date(of: candidate) == date && self.date(of: candidate - 1) < date {
            return candidate
        }
        // Midnight does not exist that day: find the first instant of the day by bisection.
        var low = midnightUTC - 36 * 3600
        var high = midnightUTC + 36 * 3600
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if self.date(of: middle) < date { low = middle } else { high = middle }
        }
        return high
    }
}
