import Foundation
import Ledger

/// FinanceKit's `Date`s as the export writes them: RFC 3339 in a given time zone with its
/// offset, e.g. `2026-10-03T12:34:56-04:00`, with milliseconds when there are any.
public enum ExportTimestamp {
    public static func timestamp(_ date: Date, in zone: TimeZone) -> Timestamp {
        let interval = date.timeIntervalSince1970
        var seconds = Int64(interval.rounded(.down))
        var milliseconds = Int(((interval - Double(seconds)) * 1000).rounded(.down))
        if milliseconds >= 1000 {
            seconds += 1
            milliseconds -= 1000
        }
        // RFC 3339 offsets are whole minutes (a zone's early local mean time is not).
        let offset = zone.secondsFromGMT(for: date) / 60 * 60
        let local = seconds + Int64(offset)
        let day = local.floorDivided(by: 86_400)
        let secondOfDay = Int(local - day * 86_400)
        var text = CivilDate(daysSinceEpoch: Int(day)).description + "T" + pad(secondOfDay / 3600, 2) + ":"
        text += pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if milliseconds > 0 { text += "." + pad(milliseconds, 3) }
        if offset == 0 && ["UTC", "GMT"].contains(zone.identifier) {
            text += "Z"
        } else {
            text += (offset < 0 ? "-" : "+") + pad(abs(offset) / 3600, 2) + ":" + pad(abs(offset) / 60 % 60, 2)
        }
        // The text is built to the grammar the parser reads. A date outside
        // `Timestamp.supportedYears` is written as FinanceKit gave it; purse refuses it on sync.
        return Timestamp(epochSeconds: seconds, utcOffsetSeconds: offset, text: text)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
