import Ledger

/// A time zone by its IANA name (`Europe/London`): `--tz`, `accounts set --tz`, `config set time-zone`.
struct ZoneName: OptionValue {
    let zone: ReportTimeZone

    static func parse(_ text: String) -> ZoneName? {
        ReportTimeZone(identifier: text).map(ZoneName.init)
    }

    /// The same whatever names the zone, an option or an argument.
    static func refusal(_ text: String, option: String) -> String {
        "unknown time zone '\(text)' (use an IANA name such as Europe/London)"
    }
}
