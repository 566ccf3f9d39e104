import Testing

extension Tag {
    /// Suites that take many seconds (the watch, crash, fault, cron, mail and exporter property
    /// suites). `swift test` does not filter by tag, so the README's fast command skips them by
    /// name; a suite tagged here belongs in that command too. CI runs everything.
    @Tag public static var slow: Self
}
