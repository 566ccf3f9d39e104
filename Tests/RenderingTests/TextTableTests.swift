import PurseTestSupport
import Testing

@testable import Rendering

@Suite("TextTable and DisplayWidth")
struct TextTableTests {
    // MARK: - DisplayWidth

    @Test(
        "terminal columns of text",
        arguments: [
            ("", 0),
            ("abc", 3),
            ("Café", 4),
            ("e\u{301}", 1),  // e + combining acute: one column
            ("日本", 4),  // CJK ideographs are wide
            ("寿司 Bar", 8),
            ("한국", 4),  // Hangul
            ("カタカナ", 8),
            ("ｱｲｳ", 3),  // half-width katakana stay narrow
            ("ＡＢ", 4),  // full-width Latin is wide
            ("😀", 2),
            ("☕", 2),  // emoji presentation by default
            ("❤️", 2),  // text-default heart with VS16
            ("👍🏽", 2),  // skin-tone modifier
            ("👨‍👩‍👧", 2),  // ZWJ family: one cluster
            ("🇯🇵", 2),  // flag
            ("1️⃣", 2),  // keycap
            ("😀x😀", 5),
        ])
    func width(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }

    @Test("ASCII text, controls, DEL and CR LF among it, measures as each of its characters does")
    func asciiWidth() {
        var random = SeededRandom(state: 7)
        for _ in 0..<2000 {
            let bytes = (0..<random.below(12)).map { _ in UInt8(random.below(0x80)) } + (random.below(4) == 0 ? [13, 10] : [])
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) }, "\(bytes)")
        }
    }

    @Test(
        "truncation cuts to at most the limit and ends with an ellipsis",
        arguments: [
            ("Whole Foods Market", 8, "Whole F…"),
            ("12345678", 8, "12345678"),  // fits exactly: unchanged
            ("123456789", 8, "1234567…"),
            ("Café", 4, "Café"),
            ("日本語テキスト", 8, "日本語…"),  // a wide character never straddles the limit
            ("日本語テキスト", 7, "日本語…"),
            ("日本語テキスト", 6, "日本…"),
            ("😀😀😀😀😀", 8, "😀😀😀…"),
            ("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", 4, "👨‍👩‍👧…"),  // clusters are never split
            ("e\u{301}e\u{301}e\u{301}e\u{301}", 3, "e\u{301}e\u{301}…"),
            ("abc", 1, "…"),
        ])
    func truncation(text: String, limit: Int, expected: String) {
        let cut = DisplayWidth.truncated(text, to: limit)
        #expect(cut == expected)
        #expect(DisplayWidth.of(cut) <= limit)
    }

    // MARK: - TextTable

    @Test("NUL, ESC, C1 controls and the bidirectional controls in a cell or note become spaces, never reach the terminal")
    func controls() {
        var table = TextTable(columns: [.init("Merchant"), .init("Amount", .right)])
        table.append(["gpj\u{202E}exe\u{0}x\u{1B}[31m\u{2066}y\u{9B}z", "$1.00"])
        table.appendNote("note\u{202D}\u{2069}end")
        let text = table.rendered()
        #expect(text.contains("gpj exe x [31m y z   $1.00\n"), "\(text)")
        #expect(text.contains("    note  end\n"))
        #expect(!text.unicodeScalars.contains { TextTable.isControl($0) && $0 != "\n" })
    }

    @Test("left text, right numbers, columns sized by display width with CJK and emoji")
    func wideCharacters() {
        var table = TextTable(columns: [.init("Merchant"), .init("Amount", .right)])
        table.append(["Whole Foods", "-$54.20"])
        table.append(["寿司 Bar", "-$1,234.50"])
        table.append(["☕ Blue Bottle", "-$4.50"])
        let expected = """
            Merchant            Amount
            --------------  ----------
            Whole Foods        -$54.20
            寿司 Bar        -$1,234.50
            ☕ Blue Bottle      -$4.50

            """
        #expect(table.rendered() == expected)
        // Every line takes the same number of terminal columns.
        let lines = table.rendered().split(separator: "\n").map(String.init)
        #expect(Set(lines.map(DisplayWidth.of)) == [26])
    }

    @Test("a wide title sizes its column; a left-aligned last column has no trailing spaces")
    func wideTitleAndLastColumn() {
        var table = TextTable(columns: [.init("金額", .right), .init("Merchant")])
        table.append(["-$4.50", "Café"])
        table.append(["¥1,200", "日本"])
        table.append(["$0.05", "A"])
        let expected = """
              金額  Merchant
            ------  --------
            -$4.50  Café
            ¥1,200  日本
             $0.05  A

            """
        #expect(table.rendered() == expected)
        #expect(!table.rendered().split(separator: "\n").contains { $0.hasSuffix(" ") })
    }

    @Test("cells longer than a column's maximum width are cut with an ellipsis")
    func truncatedCells() {
        var table = TextTable(columns: [.init("Merchant", maximumWidth: 8), .init("Amount", .right)])
        table.append(["Whole Foods Market", "-54.20"])
        table.append(["日本語テキスト", "-1.00"])
        table.append(["😀😀😀😀😀", "-2.00"])
        table.append(["Short", "-3.00"])
        #expect(table.rows.map(\.first) == ["Whole F…", "日本語…", "😀😀😀…", "Short"])
        let expected = """
            Merchant  Amount
            --------  ------
            Whole F…  -54.20
            日本語…    -1.00
            😀😀😀…    -2.00
            Short      -3.00

            """
        #expect(table.rendered() == expected)
    }

    @Test("line breaks inside a cell become spaces, so a row stays one line")
    func lineBreaks() {
        var table = TextTable(columns: [.init("Note"), .init("N", .right)])
        table.append(["a\nb", "1"])
        table.append(["c\r\nd", "2"])
        table.append(["e\rf", "3"])
        #expect(table.rows.map(\.first) == ["a b", "c d", "e f"])
        #expect(table.rendered().split(separator: "\n", omittingEmptySubsequences: false).count == 2 + 3 + 1)
    }

    @Test("written a line at a time, a table is the one rendered whole, in UTF-8 and in ASCII")
    func writtenByLine() {
        let columns: [TextTable.Column] = [.init("Merchant", maximumWidth: 8), .init("金額", .right), .init("Note")]
        let tables: [[[String]]] = [
            [],
            [["Whole Foods Market", "-$54.20", "a\nb"], ["寿司 Bar", "-$1,234.50", "c\r\nd"]],
            [["gpj\u{202E}exe\u{0}x\u{1B}[31m", "$1.00", ""], ["😀😀😀😀😀", "¥1,200", "Café"], ["Short", "-3.00", "x "]],
        ]
        for ascii in [false, true] {
            ASCIIText.$isRequired.withValue(ascii) {
                for rows in tables {
                    var table = TextTable(columns: columns)
                    for row in rows { table.append(row) }
                    var parts: [String] = []
                    TextTable.write(columns: columns, rows: rows, cells: { $0 }) { parts.append($0) }
                    #expect(parts.joined() == table.rendered())
                    // The header and rule, then one part a row.
                    #expect(parts.count == 1 + rows.count)
                }
            }
        }
    }

    @Test("an empty table has its header and rule")
    func empty() {
        let table = TextTable(columns: [.init("Category"), .init("Net", .right)])
        #expect(table.rendered() == "Category  Net\n--------  ---\n")
    }
}
