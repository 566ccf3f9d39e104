import Ledger
import Testing

@Suite("CSVReader: the one RFC 4180 reader, lenient for statements and strict for purse's own exports")
struct CSVReaderTests {
    /// Every record of `text`, as (line, fields).
    static func records(
        _ text: String, delimiter: Character = ",", dialect: CSVReader.Dialect, limits: CSVReader.Limits? = nil
    ) throws(CSVError) -> [CSVReader.Record] {
        var reader = CSVReader(text: text, delimiter: delimiter, dialect: dialect, limits: limits)
        var records: [CSVReader.Record] = []
        while let record = try reader.next() { records.append(record) }
        return records
    }

    static func record(_ line: Int, _ fields: String...) -> CSVReader.Record { CSVReader.Record(fields: fields, line: line) }

    @Test(
        "RFC 4180 in both readings: quotes, doubled quotes, delimiters and line breaks inside quotes, empty fields",
        arguments: [CSVReader.Dialect.lenient, .strict])
    func rfc4180(dialect: CSVReader.Dialect) throws {
        let text = "a,b,c\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\n,,\n\"\",last"
        #expect(
            try Self.records(text, dialect: dialect) == [
                Self.record(1, "a", "b", "c"), Self.record(2, "x, y", "say \"hi\"", "two\nlines"), Self.record(4, "", "", ""),
                Self.record(5, "", "last"),
            ])
        #expect(try Self.records("", dialect: dialect).isEmpty)
        #expect(try Self.records("a\n", dialect: dialect) == [Self.record(1, "a")])
        // A quote inside an unquoted field is text.
        #expect(try Self.records("5\" pipe,a\"b\"\n", dialect: dialect) == [Self.record(1, "5\" pipe", "a\"b\"")])
    }

    @Test("lenient: CRLF, LF and CR all end a line, each counted once; a CRLF inside quotes is one line")
    func lenientLineBreaks() throws {
        #expect(
            try Self.records("a\r\nb\nc\rd\r\n\"e\r\nf\",g\r\nh", dialect: .lenient) == [
                Self.record(1, "a"), Self.record(2, "b"), Self.record(3, "c"), Self.record(4, "d"), Self.record(5, "e\r\nf", "g"),
                Self.record(7, "h"),
            ])
    }

    @Test("strict: LF or CRLF ends a line (a spreadsheet saves CRLF); a lone CR is the field's own text")
    func strictLineBreaks() throws {
        #expect(try Self.records("a\r\nb\rc\n", dialect: .strict) == [Self.record(1, "a"), Self.record(2, "b\rc")])
        #expect(try Self.records("\"a\r\nb\"\r\nc\r", dialect: .strict) == [Self.record(1, "a\r\nb"), Self.record(3, "c\r")])
    }

    @Test("lenient skips blank lines and still counts them; strict keeps each as a record of one empty field")
    func blankLines() throws {
        let text = "a\n\n\r\nb\n\"\"\n"
        #expect(try Self.records(text, dialect: .lenient) == [Self.record(1, "a"), Self.record(4, "b"), Self.record(5, "")])
        #expect(
            try Self.records("a\n\nb\n", dialect: .strict) == [Self.record(1, "a"), Self.record(2, ""), Self.record(3, "b")])
        // A last line of only "" and no line end: a statement's record, nothing in purse's own export.
        #expect(try Self.records("a\n\"\"", dialect: .lenient) == [Self.record(1, "a"), Self.record(2, "")])
        #expect(try Self.records("a\n\"\"", dialect: .strict) == [Self.record(1, "a")])
    }

    @Test("text after a closing quote: lenient keeps it with the field, strict refuses it on the quote's line")
    func textAfterQuote() throws {
        #expect(try Self.records("\"a\"b,c\n", dialect: .lenient) == [Self.record(1, "ab", "c")])
        #expect(throws: CSVError(.textAfterQuote, line: 3)) { try Self.records("x\n\"one\ntwo\" ,c\n", dialect: .strict) }
        #expect(throws: CSVError(.textAfterQuote, line: 1)) { try Self.records("\"a\"\rb\n", dialect: .strict) }
        #expect(try Self.records("\"a\"\r\n\"b\"", dialect: .strict) == [Self.record(1, "a"), Self.record(2, "b")])
        #expect(try Self.records("\"a\",\"b\"", dialect: .strict) == [Self.record(1, "a", "b")])
    }

    @Test("a quote that never closes is an error on the line its record starts", arguments: [CSVReader.Dialect.lenient, .strict])
    func quoteNeverEnds(dialect: CSVReader.Dialect) {
        #expect(throws: CSVError(.quoteNeverEnds, line: 2)) { try Self.records("a,b\nc,\"d\ne\nf", dialect: dialect) }
        #expect(throws: CSVError(.quoteNeverEnds, line: 1)) { try Self.records("\"", dialect: dialect) }
    }

    @Test("a byte order mark is the text's, not the CSV's: its decoder takes it off")
    func byteOrderMark() throws {
        #expect(try Self.records("\u{FEFF}a,b\n", dialect: .lenient) == [Self.record(1, "\u{FEFF}a", "b")])
    }

    @Test("other delimiters: semicolon, tab, a character of several bytes; a combining mark on one is text when lenient")
    func delimiters() throws {
        #expect(try Self.records("a;\"b;c\",d\n", delimiter: ";", dialect: .lenient) == [Self.record(1, "a", "b;c,d")])
        #expect(try Self.records("a\tb\n", delimiter: "\t", dialect: .lenient) == [Self.record(1, "a", "b")])
        #expect(try Self.records("a¦b¦¦c\n", delimiter: "¦", dialect: .lenient) == [Self.record(1, "a", "b", "", "c")])
        // A lead byte of the delimiter without the rest is text.
        #expect(try Self.records("a§b¦c", delimiter: "¦", dialect: .lenient) == [Self.record(1, "a§b", "c")])
        #expect(try Self.records("a,\u{301}b", dialect: .strict) == [Self.record(1, "a", "\u{301}b")])
        // Statements were read by characters: a comma, a quote or a delimiter with a mark on it is one character of text.
        #expect(try Self.records("a,\u{301}b,c", dialect: .lenient) == [Self.record(1, "a,\u{301}b", "c")])
        #expect(try Self.records("\"\u{301}Tea\",1", dialect: .lenient) == [Self.record(1, "\"\u{301}Tea\"", "1")])
        #expect(try Self.records("\"a\"\u{301}b\",c", dialect: .lenient) == [Self.record(1, "a\"\u{301}b", "c")])
        #expect(try Self.records("a¦\u{301}b¦c", delimiter: "¦", dialect: .lenient) == [Self.record(1, "a¦\u{301}b", "c")])
        #expect(try Self.records("a,\u{E9}b", dialect: .lenient) == [Self.record(1, "a", "\u{E9}b")])
    }

    @Test("limits: a field or a row longer than they allow is an error at once, naming the field's column")
    func limits() throws {
        let limits = CSVReader.Limits(fieldBytes: 8, rowBytes: 20)
        #expect(throws: CSVError(.fieldTooLong(column: 1), line: 2)) {
            try Self.records("a\nb,123456789,c\n", dialect: .lenient, limits: limits)
        }
        #expect(throws: CSVError(.fieldTooLong(column: 0), line: 1)) {
            try Self.records("\"1234\n56789", dialect: .lenient, limits: limits)
        }
        #expect(throws: CSVError(.rowTooLong, line: 1)) {
            try Self.records("1234,1234,1234,1234,1234\n", dialect: .lenient, limits: limits)
        }
        #expect(try Self.records("12345678,12345678,12\n", dialect: .lenient, limits: limits).count == 1)
    }

    @Test("without limits, a large field and a long line of many fields are read whole")
    func largeInput() throws {
        let large = String(repeating: "x\"", count: 500_000)
        let quoted = "\"" + large.replacing("\"", with: "\"\"") + "\""
        #expect(try Self.records("a," + quoted + "\nb", dialect: .strict) == [Self.record(1, "a", large), Self.record(2, "b")])
        let fields = (0..<20_000).map(String.init)
        #expect(try Self.records(fields.joined(separator: ",") + "\n", dialect: .lenient) == [CSVReader.Record(fields: fields, line: 1)])
    }

    @Test("a copy reads on from where the original stands, without moving it")
    func copies() throws {
        var reader = CSVReader(text: "h\n1\n2\n", dialect: .lenient)
        _ = try reader.next()
        var scan = reader
        #expect(try scan.next()?.fields == ["1"])
        #expect(try scan.next()?.fields == ["2"])
        #expect(try scan.next() == nil)
        #expect(try reader.next()?.fields == ["1"])
    }
}
