/// An aligned plain-text table: columns sized by display width, numbers right-aligned.
public struct TextTable {
    /// Text columns are left-aligned, numbers right-aligned.
    public enum Alignment { case left, right }

    /// A column's title, alignment and widest cell.
    public struct Column {
        let title: String
        let alignment: Alignment
        /// Longer cells are cut with `…`.
        let maximumWidth: Int?

        public init(_ title: String, _ alignment: Alignment = .left, maximumWidth: Int? = nil) {
            self.title = title
            self.alignment = alignment
            self.maximumWidth = maximumWidth
        }
    }

    let columns: [Column]
    private(set) var rows: [[String]] = []

    public init(columns: [Column]) {
        self.columns = columns
    }

    public mutating func append(_ row: [String]) {
        rows.append(
            zip(columns, row).map { column, cell in
                // Line breaks, tabs and escape codes from merchant names would break the alignment
                // or reach the terminal: each becomes a space.
                var flat = String(
                    String.UnicodeScalarView(
                        cell.replacingOccurrences(of: "\r\n", with: " ").unicodeScalars.map {
                            $0.value < 0x20 || $0.value == 0x7F ? " " : $0
                        }))
                // Made ASCII before it is measured, so the columns still line up.
                if ASCIIText.isRequired { flat = ASCIIText.transliterated(flat) }
                return column.maximumWidth.map { DisplayWidth.truncated(flat, to: $0, ascii: ASCIIText.isRequired) } ?? flat
            })
    }

    /// The table with a header and a rule under it, each line ending in LF.
    public func rendered() -> String {
        var widths = columns.map { DisplayWidth.of(ASCIIText.isRequired ? ASCIIText.transliterated($0.title) : $0.title) }
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], DisplayWidth.of(cell)) }
        }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (index, cell) in cells.enumerated() {
                let padding = String(repeating: " ", count: widths[index] - DisplayWidth.of(cell))
                let isLast = index == cells.count - 1
                if index > 0 { text += "  " }
                switch columns[index].alignment {
                case .left: text += isLast ? cell : cell + padding
                case .right: text += padding + cell
                }
            }
            // An empty last column (e.g. a bar of nothing) leaves no trailing spaces.
            while text.hasSuffix(" ") { text.removeLast() }
            return text + "\n"
        }
        var output = line(columns.map { ASCIIText.isRequired ? ASCIIText.transliterated($0.title) : $0.title })
        output += line(widths.map { String(repeating: "-", count: $0) })
        for row in rows { output += line(row) }
        return output
    }
}
