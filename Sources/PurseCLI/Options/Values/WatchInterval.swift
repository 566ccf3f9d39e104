/// `sync --watch --interval SECONDS`: how often to look at the folders, above 0 and at most a day.
struct WatchInterval: Equatable, OptionValue {
    let seconds: Double

    static let standard = WatchInterval(seconds: 10)

    static func parse(_ text: String) -> WatchInterval? {
        guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else { return nil }
        return WatchInterval(seconds: seconds)
    }

    static func refusal(_ text: String, option: String) -> String {
        "option '--\(option)' needs a number of seconds above 0 (at most 86400), not '\(text)'"
    }
}
