/// Reads any OFX body into elements, tolerating what real files do: SGML leaves without end
/// tags (1.x), closed leaves (2.x), both mixed in one file, an SGML body under an XML header, a
/// missing end tag of an aggregate, the whole body on one line, CDATA sections and entities.
///
/// A leaf's text runs to the next tag; a start tag after a leaf's text closes that leaf; an end
/// tag closes the nearest open element of its name with everything opened inside it; an end
/// tag with nothing of its name open is ignored. Only a tag or CDATA section that never ends
/// is an error, and so is nesting deeper than `maximumDepth` (a real statement is about ten
/// deep), since the elements are walked and freed recursively.
struct OFXScanner {
    static let maximumDepth = 64

    let file: String

    func scan(_ text: String) throws(StatementError) -> OFXElement {
        let scalars = Array(text.unicodeScalars)
        let root = OFXElement(name: "", line: 1)
        var stack = [root]
        var line = 1
        var index = 0
        var pendingText = ""
        // The header (OFX 1.x KEY:VALUE lines, or 2.x's processing instructions) ends where the body's first tag starts.
        if let start = Self.bodyStart(scalars) { index = start }
        line += scalars[0..<index].filter { $0 == "\n" }.count

        func flushText() {
            let value = Self.decodeEntities(pendingText).collapsingSpaces
            pendingText = ""
            guard !value.isEmpty, let top = stack.last, top !== root, top.children.isEmpty else { return }
            top.text = (top.text ?? "") + value
        }

        while index < scalars.count {
            let scalar = scalars[index]
            if scalar != "<" {
                if scalar == "\n" { line += 1 }
                pendingText.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            if Self.matches(scalars, at: index, "<![CDATA[") {
                guard let end = Self.find(scalars, "]]>", from: index + 9) else {
                    throw StatementError(file: file, line: line, field: stack.last?.name, message: "a CDATA section never ends")
                }
                // Kept apart from the entity decoding of the text around it.
                let content = String(String.UnicodeScalarView(scalars[(index + 9)..<end]))
                flushText()
                if let top = stack.last, top !== root, top.children.isEmpty {
                    top.text = ((top.text ?? "") + " " + content).collapsingSpaces
                }
                line += content.filter { $0 == "\n" }.count
                index = end + 3
                continue
            }
            if Self.matches(scalars, at: index, "<!--") {
                guard let end = Self.find(scalars, "-->", from: index + 4) else {
                    throw StatementError(file: file, line: line, field: nil, message: "a comment never ends")
                }
                line += scalars[index..<end].filter { $0 == "\n" }.count
                index = end + 3
                continue
            }
            guard let close = Self.find(scalars, ">", from: index + 1) else {
                throw StatementError(
                    file: file, line: line, field: stack.last?.name, message: "a tag starts with '<' and never ends with '>'")
            }
            let inside = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
            guard !inside.contains("<") else {
                throw StatementError(
                    file: file, line: line, field: stack.last?.name, message: "a tag starts with '<' and never ends with '>'")
            }
            line += inside.filter { $0 == "\n" }.count
            index = close + 1
            flushText()
            if inside.hasPrefix("?") || inside.hasPrefix("!") { continue }
            if inside.hasPrefix("/") {
                let name = String(inside.dropFirst()).trimming(" \t\r\n").uppercased()
                if let position = stack.lastIndex(where: { $0.name == name }), position > 0 {
                    stack.removeSubrange(position...)
                }
                continue
            }
            let name = (inside.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }).first.map(String.init) ?? "")
                .uppercased()
            guard !name.isEmpty, !name.contains("<") else {
                throw StatementError(file: file, line: line, field: nil, message: "a tag has no name")
            }
            // A leaf with text is complete once the next tag starts.
            if let top = stack.last, top !== root, top.text != nil { stack.removeLast() }
            guard stack.count <= Self.maximumDepth else {
                throw StatementError(file: file, line: line, field: name, message: "nesting deeper than \(Self.maximumDepth) levels")
            }
            let element = OFXElement(name: name, line: line)
            stack.last?.children.append(element)
            if !inside.hasSuffix("/") { stack.append(element) }
        }
        flushText()
        return root
    }

    /// Where the body starts: at `<OFX>` (in any case), after the header.
    static func bodyStart(_ scalars: [Unicode.Scalar]) -> Int? {
        var index = 0
        while let found = find(scalars, "<", from: index) {
            if matches(scalars, at: found, "<OFX>", ignoringCase: true) || matches(scalars, at: found, "<OFX ", ignoringCase: true) {
                return found
            }
            index = found + 1
        }
        return nil
    }

    static func matches(_ scalars: [Unicode.Scalar], at index: Int, _ literal: String, ignoringCase: Bool = false) -> Bool {
        let wanted = Array(literal.unicodeScalars)
        guard index + wanted.count <= scalars.count else { return false }
        for (offset, scalar) in wanted.enumerated() {
            let found = scalars[index + offset]
            if found == scalar { continue }
            if ignoringCase, String(found).uppercased() == String(scalar).uppercased() { continue }
            return false
        }
        return true
    }

    static func find(_ scalars: [Unicode.Scalar], _ literal: String, from start: Int) -> Int? {
        guard let first = literal.unicodeScalars.first else { return nil }
        var index = start
        while index < scalars.count {
            if scalars[index] == first, matches(scalars, at: index, literal) { return index }
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
