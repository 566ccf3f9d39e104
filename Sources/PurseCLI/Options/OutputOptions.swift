/// Where a command's data goes and in which form: --format, -o FILE, --bom and --ascii. Which
/// format they pick is `CommandContext.format(among:fallback:)`'s to say, as it depends on the
/// formats the command writes.
struct OutputOptions {
    static let output = OptionSpec(
        "output", short: "o", value: "FILE",
        help:
            "Write to FILE instead of stdout, whole or not at all; its extension (.csv, .json, .txt) picks the format, another needs --format."
    )
    static let bom = OptionSpec(
        "bom", help: "Start CSV with a UTF-8 byte-order mark, so Excel reads it as UTF-8 (also PURSE_CSV_BOM=1).")
    static let ascii = OptionSpec("ascii", help: "Draw bars and sparklines with ASCII only.")
    /// `--format` of the commands that write text, CSV or JSON.
    static let format = format(["text", "csv", "json"], fallback: "text")

    /// A listing's options: --format, -o and --bom.
    static let listing = [format, output, bom]
    /// A report's options: a listing's and --ascii.
    static let report = listing + [ascii]

    /// `--format` among `formats`, `fallback` without it; `toFile` when the command takes -o FILE,
    /// whose extension picks the format too.
    static func format(_ formats: [String], fallback: String, toFile: Bool = true) -> OptionSpec {
        let names = formats.count > 1 ? formats.dropLast().joined(separator: ", ") + " or " + formats[formats.count - 1] : formats.joined()
        let source = toFile ? ", or from -o FILE's extension" : ""
        return OptionSpec("format", value: "FORMAT", help: "\(names) (default \(fallback)\(source)).")
    }

    /// `--format` as given; nil when not given.
    let format: String?
    /// `-o FILE`; nil (or `-`) for stdout.
    let file: String?
    /// `--bom`: a byte-order mark before CSV.
    let bom: Bool
    /// `--ascii`: bars and sparklines in ASCII.
    let ascii: Bool

    init(_ parsed: ParsedCommand) {
        format = parsed.text(Self.format)
        file = parsed.text(Self.output)
        bom = parsed.has(Self.bom)
        ascii = parsed.has(Self.ascii)
    }
}
