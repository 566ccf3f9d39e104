extension ReportTimeZone {
    /// The local time `hour:minute` of `date` in this zone, as RFC 3339 with the zone's offset
    /// then: a statement's day placed in its account's zone, written so the text keeps the day.
    public func localInstant(_ date: CivilDate, hour: Int, minute: Int = 0) -> Timestamp {
        let local = Int64(date.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60)
        let zoneOffset = offset(at: local - Int64(offset(at: local)))
        let sign = zoneOffset < 0 ? "-" : "+"
        let magnitude = abs(zoneOffset)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let text = "\(date)T\(two(hour)):\(two(minute)):00\(sign)\(two(magnitude / 3600)):\(two(magnitude / 60 % 60))"
        // The text is built to the grammar, so it is taken as it is even outside
        // `Timestamp.supportedYears`: the reader that made the day checks `checkingSupportedYears()`.
        let written = (magnitude / 60 * 60) * (zoneOffset < 0 ? -1 : 1)
        return Timestamp(epochSeconds: local - Int64(written), utcOffsetSeconds: written, text: text)
    }

    /// An instant as RFC 3339 in this zone: as its source wrote it when that is already this
    /// zone's offset then, else in this zone's clock (`2026-10-01T08:00:00-04:00`).
    public func rfc3339(of timestamp: Timestamp) -> String {
        let zoneOffset = offset(at: timestamp.epochSeconds)
        guard zoneOffset != timestamp.utcOffsetSeconds else { return timestamp.text }
        let local = timestamp.epochSeconds + Int64(zoneOffset)
        let days = local.floorDivided(by: 86_400)
        let second = Int(local - days * 86_400)
        let sign = zoneOffset < 0 ? "-" : "+"
        let magnitude = abs(zoneOffset)
        return
            "\(CivilDate(daysSinceEpoch: Int(days)))T\(twoDigits(second / 3600)):\(twoDigits(second / 60 % 60)):\(twoDigits(second % 60))"
            + "\(sign)\(twoDigits(magnitude / 3600)):\(twoDigits(magnitude / 60 % 60))"
    }
}
