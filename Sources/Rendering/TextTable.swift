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
    /// Lines under a row that do not take part in the columns (an order's line items under its
    /// transaction), by the number of rows above them.
    private var notes: [Int: [String]] = [:]

    public init(columns: [Column]) {
        self.columns = columns
    }

    public mutating func append(_ row: [String]) {
        rows.append(cells(row))
    }

    /// `row` as the columns show it: flat, and cut to a column's maximum width.
    private func cells(_ row: [String]) -> [String] {
        zip(columns, row).map { column, cell in
            let flat = Self.flattened(cell)
            return column.maximumWidth.map { DisplayWidth.truncated(flat, to: $0, ascii: ASCIIText.isRequired) } ?? flat
        }
    }

    /// A line of its own under the last row, as written (after `indent` spaces), outside the columns.
    public mutating func appendNote(_ text: String, indent: Int = 4) {
        notes[rows.count, default: []].append(String(repeating: " ", count: indent) + Self.flattened(text))
    }

    /// Line breaks, tabs and escape codes from merchant names would break the alignment or
    /// reach the terminal: each becomes a space. Made ASCII (when the locale needs it) before it
    /// is measured, so the columns still line up.
    private static func flattened(_ text: String) -> String {
        // Foundation's search was most of a long table's time: only a text with a CR needs it.
        let flat = spaced(text.utf8.contains(13) ? text.replacingOccurrences(of: "\r\n", with: " ") : text)
        return ASCIIText.isRequired ? ASCIIText.transliterated(flat) : flat
    }

    /// Whether a character from outside must not reach a terminal or a spreadsheet as it is:
    /// the C0 and C1 controls (NUL; ESC and CSI start terminal escape codes), DEL, and the
    /// bidirectional controls that reorder what is shown (U+202A-U+202E, U+2066-U+2069), with
    /// which `gpj.exe` can show as `exe.jpg`.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// `text` with each control (`isControl`) but those `keeping` a space.
    static func spaced(_ text: String, keeping kept: Set<Unicode.Scalar> = []) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !kept.contains($0) }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) && !kept.contains($0) ? " " : $0 }))
    }

    /// The table with a header and a rule under it, each line ending in LF.
    public func rendered() -> String {
        var widths = titles.map(DisplayWidth.of)
        for row in rows { measure(row, into: &widths) }
        var output = heading(widths)
        for (index, row) in rows.enumerated() {
            output += line(row, widths)
            for note in notes[index + 1] ?? [] { output += note + "\n" }
        }
        return output
    }

    /// The table `rendered()` would give for `rows` (notes aside), handed to `write` a line at a
    /// time: `cells` is asked for each row twice, once to size the columns and once to write
    /// it, so that a table of ten years of rows is never held.
    public static func write<Rows: Collection>(
        columns: [Column], rows: Rows, cells: (Rows.Element) -> [String], to write: (String) -> Void
    ) {
        Self.write(columns: columns, eachRow: { add in for row in rows { add(cells(row)) } }, to: write)
    }

    /// The same for rows kept elsewhere: `eachRow` hands each row's cells to `add`, and is
    /// called twice.
    public static func write(
        columns: [Column], eachRow: (_ add: ([String]) -> Void) throws -> Void, to write: (String) -> Void
    ) rethrows {
        let table = TextTable(columns: columns)
        var widths = table.titles.map(DisplayWidth.of)
        try eachRow { table.measure(table.cells($0), into: &widths) }
        write(table.heading(widths))
        // Both closures are the caller's and neither keeps the other.
        try withoutActuallyEscaping(write) { write in try eachRow { write(table.line(table.cells($0), widths)) } }
    }

    private var titles: [String] { columns.map { ASCIIText.isRequired ? ASCIIText.transliterated($0.title) : $0.title } }

    /// The titles' line and the rule under it.
    private func heading(_ widths: [Int]) -> String {
        line(titles, widths) + line(widths.map { String(repeating: "-", count: $0) }, widths)
    }

    private func measure(_ cells: [String], into widths: inout [Int]) {
        for (index, cell) in cells.enumerated() { widths[index] = max(widths[index], DisplayWidth.of(cell)) }
    }

    private func line(_ cells: [String], _ widths: [Int]) -> String {
        var text = ""
        // Spaces appended one by one, not made as strings: a long table wrote millions of them.
        func pad(_ count: Int) { for _ in 0..<max(0, count) { text.append(" ") } }
        for (index, cell) in cells.enumerated() {
            let padding = widths[index] - DisplayWidth.of(cell)
            let isLast = index == cells.count - 1
            if index > 0 { text += "  " }
            switch columns[index].alignment {
            case .left:
                text += cell
                if !isLast { pad(padding) }
            case .right:
                pad(padding)
                text += cell
            }
        }
        // An empty last column (e.g. a bar of nothing) leaves no trailing spaces.
        while text.hasSuffix(" ") { text.removeLast() }
        return text + "\n"
    }
}
