/// RFC 4180 CSV with a header row and LF line ends, safe to open in a spreadsheet: a text cell
/// that a spreadsheet would run as a formula gets a leading `'`.
public struct CSVWriter {
    /// A cell, by where its text comes from.
    public enum Cell {
        /// Text from outside (merchant names...): guarded against formula injection.
        case text(String)
        /// A number or date the program wrote: never prefixed.
        case number(String)
        case empty
    }

    private let write: (String) -> Void

    /// Writes the header at once; rows follow through `row(_:)`.
    public init(header: [String], write: @escaping (String) -> Void) {
        self.write = write
        write(header.map(Self.quoted).joined(separator: ",") + "\n")
    }

    public func row(_ cells: [Cell]) {
        var line = ""
        for (index, cell) in cells.enumerated() {
            if index > 0 { line += "," }
            switch cell {
            case .text(let text): line += Self.quoted(Self.guarded(Self.withoutControls(text)))
            case .number(let text): line += Self.quoted(text)
            case .empty: break
            }
        }
        write(line + "\n")
    }

    /// Text from outside with its controls (`TextTable.isControl`: NUL, ESC, the bidirectional
    /// overrides) as spaces, as a terminal table has them: a spreadsheet shows them, or a `cat`
    /// of the file runs them. Tabs and line breaks stay, quoted: they are the text's own.
    static func withoutControls(_ text: String) -> String {
        // Bytes first: only a C0 control, DEL or a lead byte of C1 and the bidirectional controls
        // (0xC2, 0xE2) can start one, and most cells have none of them.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else { return text }
        return TextTable.spaced(text, keeping: ["\t", "\n", "\r"])
    }

    static func guarded(_ text: String) -> String {
        guard let first = text.unicodeScalars.first else { return text }
        switch first {
        case "=", "+", "-", "@", "\t", "\r": return "'" + text
        default: return text
        }
    }

    static func quoted(_ text: String) -> String {
        // Bytes, not characters: a report writes thousands of cells, and a comma with a combining
        // mark on it quoted too is still the same cell to a spreadsheet.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) else {
            return text
        }
        // Most cells quoted hold a comma, not a quote: those need no replacing.
        let doubled = text.utf8.contains(UInt8(ascii: "\"")) ? text.replacingOccurrences(of: "\"", with: "\"\"") : text
        return "\"" + doubled + "\""
    }
}
