import Rendering
import Testing

/// Collects what a CSVWriter writes.
private final class Sink {
    var text = ""
    var writes: [String] = []
}

private func csv(header: [String], rows: [[CSVWriter.Cell]]) -> Sink {
    let sink = Sink()
    let writer = CSVWriter(header: header) { chunk in
        sink.text += chunk
        sink.writes.append(chunk)
    }
    for row in rows { writer.row(row) }
    return sink
}

/// One data row's text, without the header line.
private func line(_ cells: [CSVWriter.Cell]) -> String {
    let text = csv(header: ["h"], rows: [cells]).text
    return String(text.dropFirst("h\n".count))
}

/// A minimal RFC 4180 reader, to check that what is written reads back as the same cells.
private func readCSV(_ text: String) -> [[String]] {
    var rows: [[String]] = []
    var row: [String] = []
    var cell = ""
    var quoted = false
    var scalars = Array(text.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
        if quoted {
            if scalar == "\"" {
                if scalars.first == "\"" {
                    cell.unicodeScalars.append("\"")
                    scalars.removeFirst()
                } else {
                    quoted = false
                }
            } else {
                cell.unicodeScalars.append(scalar)
            }
        } else {
            switch scalar {
            case "\"": quoted = true
            case ",": row.append(cell); cell = ""
            case "\n": row.append(cell); rows.append(row); row = []; cell = ""
            default: cell.unicodeScalars.append(scalar)
            }
        }
    }
    return rows
}

@Suite("CSV writer: RFC 4180 with a formula guard")
struct CSVWriterTests {
    @Test("header first, then rows, each ending in LF")
    func layout() {
        let sink = csv(
            header: ["date", "merchant", "amount", "currency"],
            rows: [
                [.number("2026-10-03"), .text("Whole Foods Market"), .number("-54.20"), .text("USD")],
                [.number("2026-10-04"), .text("Blue Bottle"), .number("-4.50"), .text("USD")],
            ])
        #expect(sink.text == "date,merchant,amount,currency\n2026-10-03,Whole Foods Market,-54.20,USD\n2026-10-04,Blue Bottle,-4.50,USD\n")
        #expect(!sink.text.unicodeScalars.contains("\r"))
        #expect(sink.writes.count == 3)  // the header is written at once, then one write per row
        #expect(sink.writes.allSatisfy { $0.hasSuffix("\n") })
    }

    @Test("a header alone is written before any row")
    func headerOnly() {
        #expect(csv(header: ["a", "b,c"], rows: []).text == "a,\"b,c\"\n")
    }

    @Test(
        "text is quoted when it holds a comma, a quote, LF or CR; quotes are doubled",
        arguments: [
            ("Smith, John", "\"Smith, John\""),
            ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("\"", "\"\"\"\""),
            ("two\nlines", "\"two\nlines\""),
            ("carriage\rreturn", "\"carriage\rreturn\""),
            ("windows\r\nline", "\"windows\r\nline\""),
            ("end\n", "\"end\n\""),
            ("plain", "plain"),
            ("with space", "with space"),
            ("semi;colon", "semi;colon"),
            ("Café 日本 😀", "Café 日本 😀"),
            ("it's", "it's"),
            ("", ""),
        ])
    func quoting(text: String, written: String) {
        #expect(line([.text(text)]) == written + "\n")
    }

    @Test(
        "text that a spreadsheet would run as a formula gets a leading apostrophe",
        arguments: [
            ("=SUM(A1:A9)", "'=SUM(A1:A9)"),
            ("+1", "'+1"),
            ("-1", "'-1"),
            ("-54.20", "'-54.20"),  // as text it is guarded; amounts go in number cells
            ("@cmd", "'@cmd"),
            ("\tTAB", "'\tTAB"),
            ("=", "'="),
            ("=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""),  // guarded, then quoted
            ("=1,2", "\"'=1,2\""),
            ("\rCR", "\"'\rCR\""),  // guarded, and quoted for its CR
            ("\r\nCRLF", "\"'\r\nCRLF\""),
            ("-\n", "\"'-\n\""),
        ])
    func formulaGuard(text: String, written: String) {
        #expect(line([.text(text)]) == written + "\n")
    }

    @Test(
        "text that only contains a formula character later is not guarded",
        arguments: ["a=b", "1+1", "x-y", "mail@example.com", "a\tb", "(=)"])
    func noGuardInside(text: String) {
        #expect(!line([.text(text)]).hasPrefix("'"))
        #expect(!line([.text(text)]).hasPrefix("\"'"))
    }

    @Test(
        "number cells are never prefixed",
        arguments: ["-1234.50", "-0.05", "0", "1200", "2026-10-31", "+1", "-", "=1"])
    func numbersNeverGuarded(text: String) {
        #expect(line([.number(text)]) == text + "\n")
    }

    @Test("empty cells write nothing between the commas")
    func emptyCells() {
        #expect(line([.text("a"), .empty, .number("1"), .empty]) == "a,,1,\n")
        #expect(line([.empty]) == "\n")
        #expect(line([]) == "\n")
    }

    @Test("every text reads back as written, after the guard")
    func roundTrip() {
        let texts = [
            "plain", "Smith, John", "say \"hi\"", "two\nlines", "a\rb", "c\r\nd", "=cmd|' /C calc'!A0", "+1", "-2", "@x",
            "\tx", "\rx", "\"quoted\"", ",", "\"\"", "日本, 😀",
        ]
        let sink = csv(header: ["text", "amount"], rows: texts.map { [.text($0), .number("-1.00")] })
        let rows = readCSV(sink.text)
        #expect(rows.count == texts.count + 1)
        #expect(rows.first == ["text", "amount"])
        for (text, row) in zip(texts, rows.dropFirst()) {
            let guarded =
                ["=", "+", "-", "@", "\t", "\r"].contains { text.unicodeScalars.first == $0.unicodeScalars.first } ? "'" + text : text
            #expect(row == [guarded, "-1.00"], "\(text.debugDescription)")
        }
    }

    @Test("NUL, ESC, C1 controls and the bidirectional controls in outside text become spaces; tabs and line breaks stay")
    func controls() {
        let bidi = (0x202A...0x202E).map { String(UnicodeScalar($0)!) } + (0x2066...0x2069).map { String(UnicodeScalar($0)!) }
        for control in ["\u{0}", "\u{1B}", "\u{7F}", "\u{9B}"] + bidi {
            #expect(line([.text("gpj\(control)exe"), .number("1")]) == "gpj exe,1\n", "\(control.unicodeScalars.first!.value)")
        }
        // A control first no longer hides a formula from the guard.
        #expect(line([.text("\u{202E}=1+1")]) == " =1+1\n")
        #expect(line([.text("a\tb\nc")]) == "\"a\tb\nc\"\n")
        #expect(line([.text("£5 — ok")]) == "£5 — ok\n")
    }
}
