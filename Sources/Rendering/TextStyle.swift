/// How text reports draw: block characters need a UTF-8 terminal; `--ascii` or a non-UTF-8
/// locale falls back to plain ASCII.
public struct TextStyle: Sendable {
    var ascii: Bool

    init(ascii: Bool) {
        self.ascii = ascii
    }

    /// ASCII when asked for, or when the locale (LC_ALL, else LC_CTYPE, else LANG) is set and not UTF-8.
    public init(asciiRequested: Bool, environment: [String: String]) {
        self.init(ascii: asciiRequested || !ASCIIText.localeTakesUTF8(environment))
    }

    /// For a mail: its parts say `charset=utf-8`, and the reader's terminal is not the sender's,
    /// so the locale of the cron job that sends it has no say; only `--ascii` does.
    public static func mail(asciiRequested: Bool) -> TextStyle {
        TextStyle(ascii: asciiRequested)
    }
}
