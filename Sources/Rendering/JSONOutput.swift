/// A JSON value to print. Objects keep their key order so output is stable and readable;
/// amounts are strings so no reader turns them into floating point.
public enum JSONOutput {
    case null
    case bool(Bool)
    case integer(Int64)
    case string(String)
    case array([JSONOutput])
    /// An array whose elements are made one at a time as it is written: ten years of a report's
    /// rows are never all held as values.
    case elements(count: Int, element: (Int) -> JSONOutput)
    case object([(String, JSONOutput)])

    public static func optional(_ text: String?) -> JSONOutput { text.map(JSONOutput.string) ?? .null }

    /// Compact text, one value.
    public var compact: String {
        var output = ""
        write(to: &output, indent: nil, level: 0) { _ in }
        return output
    }

    /// Two-space indented text.
    public var pretty: String {
        var output = ""
        writePretty { output += $0 }
        return output
    }

    /// Two-space indented text, handed to `chunk` in pieces of about 64 KiB: a report of ten
    /// years is never held whole as text.
    public func writePretty(_ chunk: (String) -> Void) {
        var output = ""
        write(to: &output, indent: "  ", level: 0) { output in
            guard output.utf8.count >= 1 << 16 else { return }
            chunk(output)
            output.removeAll(keepingCapacity: true)
        }
        if !output.isEmpty { chunk(output) }
    }

    /// `spill` may take what `output` holds so far, after each element and member.
    private func write(to output: inout String, indent: String?, level: Int, spill: (inout String) -> Void) {
        switch self {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .integer(let number): output += String(number)
        case .string(let text): output += JSONOutput.escaped(text)
        case .array(let elements):
            JSONOutput.elements(count: elements.count) { elements[$0] }.write(to: &output, indent: indent, level: level, spill: spill)
        case .elements(let count, let element):
            guard count > 0 else { output += "[]"; return }
            output += "["
            for index in 0..<count {
                if index > 0 { output += "," }
                newline(&output, indent, level + 1)
                element(index).write(to: &output, indent: indent, level: level + 1, spill: spill)
                spill(&output)
            }
            newline(&output, indent, level)
            output += "]"
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                newline(&output, indent, level + 1)
                output += JSONOutput.escaped(key) + (indent == nil ? ":" : ": ")
                value.write(to: &output, indent: indent, level: level + 1, spill: spill)
                spill(&output)
            }
            newline(&output, indent, level)
            output += "}"
        }
    }

    private func newline(_ output: inout String, _ indent: String?, _ level: Int) {
        guard let indent else { return }
        output += "\n" + String(repeating: indent, count: level)
    }

    public static func escaped(_ text: String) -> String {
        // Printable ASCII without a quote or backslash, most of any report, goes as it is: a
        // scalar at a time was most of a long report's time.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                // Controls, line separators and the bidirectional controls as escapes: the value
                // is the same to a reader of JSON, and nothing reaches a terminal that `cat`s it.
                if TextTable.isControl(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}
