/// How reports name the zones their days are in: one zone as ever, several (accounts in
/// different countries) all listed, so a reader knows whose midnight ends each day.
public enum TimeZoneText {
    /// "times in UTC", or "times in each account's zone: America/New_York, Europe/London".
    static func times(_ names: [String]) -> String {
        names.count == 1 ? "times in \(names[0])" : "times in each account's zone: " + names.joined(separator: ", ")
    }

    /// "Time zone UTC", or "Times in each account's zone: America/New_York, Europe/London".
    static func sentence(_ names: [String]) -> String {
        names.count == 1 ? "Time zone \(names[0])" : "Times in each account's zone: " + names.joined(separator: ", ")
    }

    /// `time_zone` (the one zone, or null when several) and `time_zones` (all of them).
    public static func json(_ names: [String]) -> [(String, JSONOutput)] {
        [("time_zone", names.count == 1 ? .string(names[0]) : .null), ("time_zones", .array(names.map(JSONOutput.string)))]
    }
}
