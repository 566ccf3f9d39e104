/// RFC 4180 records (`"` quotes a field, `""` is a quote inside one), read one at a time with the
/// line each starts on, so a file's records are never all held at once. It reads bytes; in the
/// lenient dialect a delimiter or a quote with a combining mark on it is text, as statements were
/// always read (by characters), so a statement's rows and their IDs stay what they were. A quote inside an unquoted field is text, and a byte order mark is the
/// text's to take off (it is the decoder's, not the CSV's). With `limits`, a field or a record
/// longer than they allow is an error as soon as it is, so memory stays bounded however long a
/// line is. A copy reads on from where the original stands.
package struct CSVReader {
    package struct Record: Equatable, Sendable {
        package var fields: [String]
        package var line: Int

        package init(fields: [String], line: Int) {
            self.fields = fields
            self.line = line
        }
    }

    /// How much a file may bend the RFC.
    package enum Dialect: Sendable {
        /// A bank's or a spreadsheet's CSV: lines end with CRLF, LF or CR, blank lines are
        /// skipped, and text after a closing quote (`"a"b`) stays with its field.
        case lenient
        /// CSV as purse writes it: lines end with LF, or CRLF as a spreadsheet saves it again (a lone
        /// CR is text), every line is a record, and only a delimiter or a line end may follow a
        /// closing quote.
        case strict
    }

    package struct Limits: Sendable {
        package let fieldBytes: Int
        package let rowBytes: Int

        package init(fieldBytes: Int, rowBytes: Int) {
            self.fieldBytes = fieldBytes
            self.rowBytes = rowBytes
        }
    }

    private static let quote = UInt8(ascii: "\"")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    private let delimiter: [UInt8]
    private let dialect: Dialect
    private let limits: Limits?
    private var bytes: ByteStream
    private var lookahead: UInt8?
    private var line = 1
    // The record being read.
    private var recordLine = 1
    private var fields: [String] = []
    private var field: [UInt8] = []
    /// Bytes of the record's fields before `field`, a delimiter each.
    private var rowBytes = 0
    private var inQuotes = false
    private var wasQuoted = false
    private var atFieldStart = true
    private var afterClosingQuote = false

    package init(text: String, delimiter: Character = ",", dialect: Dialect, limits: Limits? = nil) {
        self.init(bytes: ByteStream(text), delimiter: delimiter, dialect: dialect, limits: limits)
    }

    /// Records of UTF-8 as it streams (a file read a chunk at a time).
    package init(bytes: ByteStream, delimiter: Character = ",", dialect: Dialect, limits: Limits? = nil) {
        self.delimiter = Array(String(delimiter).utf8)
        self.dialect = dialect
        self.limits = limits
        self.bytes = bytes
    }

    /// The next record, nil at the end of the text.
    package mutating func next() throws(CSVError) -> Record? {
        startRecord()
        while let byte = nextByte() {
            if inQuotes {
                try readQuoted(byte)
            } else if let record = try readUnquoted(byte) {
                return record
            }
            try checkLimits()
        }
        guard !inQuotes else { throw CSVError(.quoteNeverEnds, line: recordLine) }
        guard !field.isEmpty || !fields.isEmpty || (wasQuoted && dialect == .lenient) else { return nil }
        endField()
        return Record(fields: fields, line: recordLine)
    }

    private mutating func startRecord() {
        recordLine = line
        fields = []
        field.removeAll(keepingCapacity: true)
        rowBytes = 0
        (inQuotes, wasQuoted, atFieldStart, afterClosingQuote) = (false, false, true, false)
    }

    private mutating func nextByte() -> UInt8? {
        guard let byte = lookahead else { return bytes.next() }
        lookahead = nil
        return byte
    }

    private mutating func readQuoted(_ byte: UInt8) throws(CSVError) {
        guard byte == Self.quote && !joinsNext([byte], after: bytes) else {
            if byte == Self.lineFeed { line += 1 }
            field.append(byte)
            return
        }
        let next = nextByte()
        if next == Self.quote {
            field.append(byte)
            return
        }
        inQuotes = false
        afterClosingQuote = dialect == .strict
        lookahead = next
    }

    /// A byte outside quotes; the record when the byte ends its line.
    private mutating func readUnquoted(_ byte: UInt8) throws(CSVError) -> Record? {
        if byte == Self.carriageReturn && dialect == .strict {
            let next = nextByte()
            if next == Self.lineFeed { return try readUnquoted(Self.lineFeed) }
            lookahead = next
        }
        if afterClosingQuote {
            afterClosingQuote = false
            guard byte == Self.lineFeed || startsDelimiter(byte) else { throw CSVError(.textAfterQuote, line: line) }
        }
        switch byte {
        case Self.quote where atFieldStart && !joinsNext([byte], after: bytes):
            (inQuotes, wasQuoted, atFieldStart) = (true, true, false)
        case Self.lineFeed:
            line += 1
            return endLine()
        case Self.carriageReturn where dialect == .lenient:
            line += 1
            let next = nextByte()
            if next != Self.lineFeed { lookahead = next }
            return endLine()
        case delimiter[0] where takeDelimiter():
            rowBytes += field.count + 1
            endField()
            atFieldStart = true
        default:
            field.append(byte)
            atFieldStart = false
        }
        return nil
    }

    /// Whether `byte` and what follows it are the delimiter, without reading on.
    private func startsDelimiter(_ byte: UInt8) -> Bool {
        var probe = bytes
        return byte == delimiter[0] && delimiter.dropFirst().allSatisfy { probe.next() == $0 }
    }

    /// Reads the rest of a delimiter whose first byte was just read, if it is one.
    private mutating func takeDelimiter() -> Bool {
        var probe = bytes
        guard delimiter.dropFirst().allSatisfy({ probe.next() == $0 }), !joinsNext(delimiter, after: probe) else { return false }
        bytes = probe
        return true
    }

    /// In the lenient dialect, whether the character `prefix` spells takes the scalar after it in
    /// (a combining accent after a comma or a quote), so the two are one character of text.
    private func joinsNext(_ prefix: [UInt8], after probe: ByteStream) -> Bool {
        var probe = probe
        guard dialect == .lenient, lookahead == nil, let lead = probe.next(), lead >= 0x80 else { return false }
        var scalar = [lead]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        while scalar.count < length, let byte = probe.next() { scalar.append(byte) }
        return String(decoding: prefix + scalar, as: UTF8.self).count == 1
    }

    private mutating func endField() {
        fields.append(String(decoding: field, as: UTF8.self))
        field.removeAll(keepingCapacity: true)
    }

    /// The record a line break ends; nil for a blank line a lenient reading skips.
    private mutating func endLine() -> Record? {
        endField()
        if dialect == .lenient, fields.count == 1, fields[0].isEmpty, !wasQuoted {
            startRecord()
            return nil
        }
        return Record(fields: fields, line: recordLine)
    }

    private func checkLimits() throws(CSVError) {
        guard let limits else { return }
        guard field.count <= limits.fieldBytes else { throw CSVError(.fieldTooLong(column: fields.count), line: recordLine) }
        guard rowBytes + field.count <= limits.rowBytes else { throw CSVError(.rowTooLong, line: recordLine) }
    }
}
