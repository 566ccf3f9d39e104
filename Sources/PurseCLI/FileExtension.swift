/// Which extensions of `-o FILE` name which format, for every command: the one table both the
/// formats of reports and those of `report summary` are read from.
enum FileExtension {
    /// Each format by its name (as `--format` takes it), with its extensions, the usual one first.
    static let formats: [(format: String, extensions: [String])] = [
        ("text", ["txt", "text"]), ("csv", ["csv"]), ("json", ["json"]), ("html", ["html", "htm"]), ("email", ["eml"]),
    ]

    /// The name of the format `fileExtension` (lowercase, without the dot) stands for.
    static func format(of fileExtension: String) -> String? {
        formats.first { $0.extensions.contains(fileExtension) }?.format
    }

    /// The usual extension of a format, with its dot: `.txt` for text.
    static func usual(of format: String) -> String? {
        formats.first { $0.format == format }?.extensions.first.map { "." + $0 }
    }
}
