/// Plain-text layout for help pages: word wrapping and two-column rows.
/// Deterministic and independent of the terminal: always 80 columns.
package enum HelpLayout {
    /// The width help text is wrapped to.
    package static let width = 80
    /// Labels longer than this put their help on the next line.
    package static let longestInlineLabel = 28

    /// Wraps `text` at word boundaries to `width`, the first line starting with
    /// `firstIndent` spaces and the others with `indent`. A word longer than
    /// the room left gets a line of its own rather than being split.
    package static func wrap(_ text: String, firstIndent: Int = 0, indent: Int = 0, width: Int = width) -> [String] {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init)
        return wrap(words: words, firstIndent: firstIndent, indent: indent, width: width)
    }

    /// Like `wrap(_:firstIndent:indent:width:)` for units that must not be
    /// broken, such as "64 usage error,"; units are joined by one space.
    package static func wrap(words: [String], firstIndent: Int = 0, indent: Int = 0, width: Int = width) -> [String] {
        var lines: [String] = []
        var line = String(repeating: " ", count: firstIndent)
        var lineHasWord = false
        for word in words {
            if lineHasWord, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent)
                lineHasWord = false
            }
            if lineHasWord { line += " " }
            line += word
            lineHasWord = true
        }
        if lineHasWord || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The column where help starts for rows with these labels: two spaces of
    /// indent, the longest label that fits inline, two spaces of gap.
    package static func column(for labels: [String]) -> Int {
        let fitting = labels.map(\.count).filter { $0 <= longestInlineLabel }
        return 2 + (fitting.max() ?? longestInlineLabel) + 2
    }

    /// Two columns: each label indented by 2, each help starting at `column`
    /// and wrapped with a hanging indent to it. A label too long for the
    /// column gets a line of its own, its help on the lines below.
    package static func rows(_ rows: [(label: String, help: String)], column: Int) -> [String] {
        var lines: [String] = []
        for row in rows {
            let label = "  " + row.label
            if label.count + 2 <= column {
                let padded = label + String(repeating: " ", count: column - label.count)
                let wrapped = wrap(row.help, firstIndent: column, indent: column)
                lines.append(padded + wrapped[0].dropFirst(column))
                lines.append(contentsOf: wrapped.dropFirst())
            } else {
                lines.append(label)
                lines.append(contentsOf: wrap(row.help, firstIndent: column, indent: column))
            }
        }
        return lines.map { $0.trimmingTrailingSpaces() }
    }

    /// Paragraphs separated by blank lines: a paragraph with a line that
    /// starts with a space is kept as written, the others are re-wrapped.
    package static func paragraphs(_ text: String) -> [String] {
        var lines: [String] = []
        let blocks = text.split(separator: "\n", omittingEmptySubsequences: false)
            .split(whereSeparator: { $0.allSatisfy { $0 == " " } })
        for block in blocks {
            if !lines.isEmpty { lines.append("") }
            if block.contains(where: { $0.hasPrefix(" ") }) {
                lines.append(contentsOf: block.map { String($0).trimmingTrailingSpaces() })
            } else {
                lines.append(contentsOf: wrap(block.joined(separator: " ")))
            }
        }
        return lines
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
