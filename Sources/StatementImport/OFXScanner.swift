/// Reads any OFX body into elements, tolerating what real files do: SGML leaves without end
/// tags (1.x), closed leaves (2.x), both mixed in one file, an SGML body under an XML header, a
/// missing end tag of an aggregate, the whole body on one line, CDATA sections and entities.
///
/// A leaf's text runs to the next tag; a start tag after a leaf's text closes that leaf; an end
/// tag closes the nearest open element of its name with everything opened inside it; an end
/// tag with nothing of its name open is ignored. Only a tag or CDATA section that never ends
/// is an error, and so is nesting deeper than `maximumDepth` (a real statement is about ten
/// deep), since the elements are walked and freed recursively, a text longer than
/// `StatementLimits.textBytes` or a tag longer than `StatementLimits.rowBytes`.
///
/// The body is read as it is asked for: each row (`rowName`) is handed out once closed and
/// taken out of the tree, so the tree holds the statement around the rows, never the rows.
struct OFXScanner {
    static let maximumDepth = 64
    /// Elements held at once: the statement around its rows and the open row (a real one holds a
    /// few dozen), so a file of elements outside any row cannot grow the tree with its size.
    static let maximumHeldElements = 100_000

    /// A closed row with the names of the elements around it, outermost first.
    struct Row {
        let element: OFXElement
        let ancestors: [String]
    }

    let file: String
    let rowName: String
    /// Everything read so far but the rows handed out.
    let root = OFXElement(name: "", line: 1)
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var stack: [OFXElement]
    private var pendingText = ""
    private var ready: [Row] = []
    private var ended = false
    private var heldElements = 0

    init(file: String, text: String, rowName: String = "STMTTRN") {
        self.init(file: file, utf8: Array(text.utf8), rowName: rowName)
    }

    /// The text as UTF-8 bytes, so a file's text is held once.
    init(file: String, utf8 bytes: [UInt8], rowName: String = "STMTTRN") {
        self.file = file
        self.rowName = rowName
        self.bytes = bytes
        stack = [root]
        // The header (OFX 1.x KEY:VALUE lines, or 2.x's processing instructions) ends where the body's first tag starts.
        if let start = Self.bodyStart(bytes) { index = start }
        line += bytes[0..<index].filter { $0 == UInt8(ascii: "\n") }.count
    }

    /// The next row closed, nil once the text has ended (`root` then holds the rest).
    mutating func nextRow() throws(StatementError) -> Row? {
        while ready.isEmpty {
            if index < bytes.count {
                try step()
            } else if !ended {
                ended = true
                try flushText()
                close(from: 1)
            } else {
                return nil
            }
        }
        return ready.removeFirst()
    }

    private var canTakeText: Bool {
        guard let top = stack.last else { return false }
        return top !== root && top.children.isEmpty
    }

    private func tooLong(_ element: OFXElement) -> StatementError {
        StatementError(file: file, line: element.line, field: element.name, message: "longer than \(StatementLimits.textBytes) bytes")
    }

    private static let less = UInt8(ascii: "<")
    private static let newline = UInt8(ascii: "\n")

    private mutating func step() throws(StatementError) {
        if bytes[index] != Self.less {
            try readText()
        } else if Self.matches(bytes, at: index, "<![CDATA[") {
            try readCDATA()
        } else if Self.matches(bytes, at: index, "<!--") {
            guard let end = Self.find(bytes, "-->", from: index + 4) else {
                throw StatementError(file: file, line: line, field: nil, message: "a comment never ends")
            }
            line += newlines(index..<end)
            index = end + 3
        } else {
            let inside = try readTag()
            try flushText()
            if inside.hasPrefix("?") || inside.hasPrefix("!") { return }
            if inside.hasPrefix("/") {
                let name = String(inside.dropFirst()).trimming(" \t\r\n").uppercased()
                if let position = stack.lastIndex(where: { $0.name == name }), position > 0 { close(from: position) }
                return
            }
            try open(inside)
        }
    }

    private func newlines(_ range: Range<Int>) -> Int {
        var count = 0
        for byte in bytes[range] where byte == Self.newline { count += 1 }
        return count
    }

    /// The text up to the next tag, for the open leaf (if any) to take when the tag comes.
    private mutating func readText() throws(StatementError) {
        var end = index
        while end < bytes.count, bytes[end] != Self.less { end += 1 }
        if canTakeText, let top = stack.last {
            // Kept with its spaces collapsed, so a run of padding takes no memory.
            pendingText += Self.collapsed(bytes[index..<end])
            guard pendingText.utf8.count <= StatementLimits.textBytes + 2 else { throw tooLong(top) }
        }
        line += newlines(index..<end)
        index = end
    }

    private mutating func readCDATA() throws(StatementError) {
        guard let end = Self.find(bytes, "]]>", from: index + 9) else {
            throw StatementError(file: file, line: line, field: stack.last?.name, message: "a CDATA section never ends")
        }
        try flushText()
        if canTakeText, let top = stack.last {
            guard end - index - 9 <= StatementLimits.textBytes else { throw tooLong(top) }
            // Kept apart from the entity decoding of the text around it.
            let content = String(decoding: bytes[(index + 9)..<end], as: UTF8.self)
            top.text = ((top.text ?? "") + " " + content).collapsingSpaces
            guard (top.text ?? "").utf8.count <= StatementLimits.textBytes else { throw tooLong(top) }
        }
        line += newlines(index..<end)
        index = end + 3
    }

    /// What is between `<` and `>`; the index moves past the tag.
    private mutating func readTag() throws(StatementError) -> String {
        var tagEnd = index + 1
        while tagEnd < bytes.count, bytes[tagEnd] != UInt8(ascii: ">"), bytes[tagEnd] != Self.less {
            tagEnd += 1
            guard tagEnd - index <= StatementLimits.rowBytes else {
                throw StatementError(
                    file: file, line: line, field: stack.last?.name, message: "a tag longer than \(StatementLimits.rowBytes) bytes")
            }
        }
        guard tagEnd < bytes.count, bytes[tagEnd] == UInt8(ascii: ">") else {
            throw StatementError(
                file: file, line: line, field: stack.last?.name, message: "a tag starts with '<' and never ends with '>'")
        }
        let inside = String(decoding: bytes[(index + 1)..<tagEnd], as: UTF8.self)
        line += inside.utf8.filter { $0 == Self.newline }.count
        index = tagEnd + 1
        return inside
    }

    /// Opens the element a start tag names (and closes it again when the tag ends with `/`).
    private mutating func open(_ inside: String) throws(StatementError) {
        let name = (inside.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }).first.map(String.init) ?? "")
            .uppercased()
        guard !name.isEmpty else {
            throw StatementError(file: file, line: line, field: nil, message: "a tag has no name")
        }
        // A leaf with text is complete once the next tag starts.
        if let top = stack.last, top !== root, top.text != nil { close(from: stack.count - 1) }
        guard stack.count <= Self.maximumDepth else {
            throw StatementError(file: file, line: line, field: name, message: "nesting deeper than \(Self.maximumDepth) levels")
        }
        heldElements += 1
        guard heldElements <= Self.maximumHeldElements else {
            throw StatementError(
                file: file, line: line, field: name,
                message: "more than \(Self.maximumHeldElements) elements outside the statement's transactions")
        }
        let element = OFXElement(name: name, line: line)
        stack.last?.children.append(element)
        stack.append(element)
        if inside.hasSuffix("/") { close(from: stack.count - 1) }
    }

    /// Gives the text read since the last tag to the open leaf.
    private mutating func flushText() throws(StatementError) {
        let value = Self.decodeEntities(pendingText).collapsingSpaces
        pendingText = ""
        guard !value.isEmpty, canTakeText, let top = stack.last else { return }
        top.text = (top.text ?? "") + value
        guard (top.text ?? "").utf8.count <= StatementLimits.textBytes else { throw tooLong(top) }
    }

    /// Closes the open elements from `position` on; a row among them that no other row holds
    /// is handed out and taken out of the tree.
    private mutating func close(from position: Int) {
        guard position < stack.count else { return }
        for depth in (position..<stack.count).reversed() where stack[depth].name == rowName {
            guard !stack[..<depth].contains(where: { $0.name == rowName }) else { continue }
            let row = stack[depth]
            stack[depth - 1].children.removeAll { $0 === row }
            heldElements -= row.count
            ready.append(Row(element: row, ancestors: stack[1..<depth].map(\.name)))
        }
        stack.removeSubrange(position...)
    }

    /// `text` with each run of white space as one space.
    static func collapsed(_ text: ArraySlice<UInt8>) -> String {
        var result: [UInt8] = []
        var inSpace = false
        for byte in text {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                if !inSpace { result.append(0x20) }
                inSpace = true
            } else {
                result.append(byte)
                inSpace = false
            }
            // Enough to know it is too long; the rest need not be copied.
            if result.count > StatementLimits.textBytes + 2 { break }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Where the body starts: at `<OFX>` (in any case), after the header.
    static func bodyStart(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while let found = find(bytes, "<", from: index) {
            if matches(bytes, at: found, "<OFX>", ignoringCase: true) || matches(bytes, at: found, "<OFX ", ignoringCase: true) {
                return found
            }
            index = found + 1
        }
        return nil
    }

    static func matches(_ bytes: [UInt8], at index: Int, _ literal: String, ignoringCase: Bool = false) -> Bool {
        let wanted = Array(literal.utf8)
        guard index + wanted.count <= bytes.count else { return false }
        for (offset, byte) in wanted.enumerated() {
            let found = bytes[index + offset]
            if found == byte { continue }
            // ASCII letters only: the literals are tag names.
            if ignoringCase, found | 0x20 == byte | 0x20, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) { continue }
            return false
        }
        return true
    }

    static func find(_ bytes: [UInt8], _ literal: String, from start: Int) -> Int? {
        guard let first = literal.utf8.first else { return nil }
        var index = start
        while index < bytes.count {
            if bytes[index] == first, matches(bytes, at: index, literal) { return index }
            index += 1
        }
        return nil
    }

    /// The XML entities, numeric references, and HTML's `&nbsp;` (seen in real files) as a
    /// space; any other `&word;` stays as written.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            guard let semicolon = after.prefix(10).firstIndex(of: ";") else {
                result += "&"
                rest = after
                continue
            }
            let name = String(after[..<semicolon])
            let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " "]
            if let value = named[name.lowercased()] {
                result += value
            } else if name.hasPrefix("#"),
                let code = name.hasPrefix("#x") || name.hasPrefix("#X")
                    ? UInt32(name.dropFirst(2), radix: 16) : UInt32(name.dropFirst()),
                let scalar = Unicode.Scalar(code)
            {
                result.unicodeScalars.append(scalar)
            } else {
                result += "&" + name + ";"
            }
            rest = after[after.index(after: semicolon)...]
        }
        return result + rest
    }
}
