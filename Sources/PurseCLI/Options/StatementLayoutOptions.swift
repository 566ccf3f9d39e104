import StatementImport

/// How `purse import` reads a bank CSV: --columns and the options that tune them, or a layout
/// saved with --save-profile and read with --profile (the options given override the profile's).
struct StatementLayoutOptions {
    static let columns = OptionSpec(
        "columns", value: "MAP",
        help: "Bank CSV columns, by 1-based number or header name: date=1,description=2,amount=4 (or debit=,credit=).")
    static let dateFormat = OptionSpec(
        "date-format", value: "FORMAT", help: "Bank CSV dates, e.g. DD/MM/YYYY (default: told from the dates).")
    static let decimalComma = OptionSpec("decimal-comma", help: "Bank CSV amounts are written 1.234,56.")
    static let skip = OptionSpec("skip", value: "N", help: "Bank CSV lines before the header row (default 0).")
    static let sign = OptionSpec("sign", value: "SIGN", help: "The amount column: account-positive (default) or spend-positive.")
    static let delimiter = OptionSpec("delimiter", value: "CHAR", help: "Bank CSV field separator (default ,).")
    static let profile = OptionSpec("profile", value: "NAME", help: "Read bank CSVs with a saved layout.")
    static let saveProfile = OptionSpec("save-profile", value: "NAME", help: "Save the layout given by these options under NAME.")
    static let options = [columns, dateFormat, decimalComma, skip, sign, delimiter, profile, saveProfile]

    /// The layout of --profile and the options; nil when none is given.
    let layout: BankCSVLayout?
    /// --profile's name, and whether --columns replaced its columns.
    let profileName: String?
    let columnsGiven: Bool
    /// --save-profile's name.
    let saveProfileName: String?

    /// `savedLayout` finds a saved profile's layout by its name (nil: none). A profile that does not
    /// exist is the first mistake told, then --columns, then a tuning option without columns, then
    /// the tuning values in the order of the help.
    init(_ parsed: ParsedCommand, savedLayout: (String) throws -> BankCSVLayout?) throws {
        profileName = parsed.text(Self.profile)
        saveProfileName = parsed.text(Self.saveProfile)
        var layout: BankCSVLayout?
        if let name = profileName {
            guard let saved = try savedLayout(name) else {
                throw parsed.refusal("no import profile named '\(name)' (save one with --save-profile)")
            }
            layout = saved
        }
        let columns = try parsed.value(Self.columns, as: BankCSVColumns.self)
        columnsGiven = columns != nil
        if let columns { layout = BankCSVLayout(columns: columns.columns) }
        guard var layout else {
            let tuning = [Self.dateFormat, Self.skip, Self.sign, Self.delimiter].filter { parsed.text($0) != nil }
            if let option = tuning.first ?? (parsed.has(Self.decimalComma) ? Self.decimalComma : nil) {
                throw parsed.refusal("--\(option.name) reads a bank CSV: give its --columns or a --profile too")
            }
            self.layout = nil
            return
        }
        if let format = parsed.text(Self.dateFormat) { layout.dateFormat = format }
        if parsed.has(Self.decimalComma) { layout.decimalComma = true }
        if let skip = try parsed.value(Self.skip, as: Count.self) { layout.skip = skip.value }
        if let sign = try parsed.value(Self.sign, as: BankCSVLayout.Sign.self) { layout.sign = sign }
        if let delimiter = try parsed.value(Self.delimiter, as: FieldDelimiter.self) { layout.delimiter = delimiter.character }
        self.layout = layout
    }
}
