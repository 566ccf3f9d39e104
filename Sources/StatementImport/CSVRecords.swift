/// Comma-separated records with RFC 4180 quoting (`""` inside quotes), CRLF or LF, each with
/// the file line it starts on, read one at a time so a file's rows are never all held at once.
/// Blank lines are skipped. A cell longer than `StatementLimits.textBytes`, or a row longer than
/// `StatementLimits.rowBytes`, is bad input: memory stays bounded however long a line is.
struct CSVRecords {
    struct Record {
        var fields: [String]
        var line: Int
    }

    let file: String
    let delimiter: Character
    /// The header's names once read, to name a column in an error.
    var names: [String] = []
    private var characters: String.Iterator
    private var line = 1
    private var pending: Character?

    init(file: String, text: String, delimiter: Character = ",") {
        self.file = file
        self.delimiter = delimiter
        characters = text.makeIterator()
    }

    /// The next record, nil at the end of the text.
    mutating func next() throws(StatementError) -> Record? {
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var wasQuoted = false
        var recordLine = line
        var rowBytes = 0
        while let character = pending ?? characters.next() {
            pending = nil
            if inQuotes {
                if character == "\"" {
                    let next = characters.next()
                    if next == "\"" {
                        field.append("\"")
                    } else {
                        inQuotes = false
                        pending = next
                    }
                } else {
                    if character == "\n" || character == "\r\n" { line += 1 }
                    field.append(character)
                }
            } else {
                switch character {
                case "\"" where field.isEmpty:
                    inQuotes = true
                    wasQuoted = true
                case delimiter:
                    rowBytes += field.utf8.count + 1
                    fields.append(field)
                    field = ""
                case "\n", "\r\n", "\r":
                    line += 1
                    fields.append(field)
                    if fields.count == 1 && fields[0].isEmpty && !wasQuoted {
                        // A blank line.
                        fields = []
                        field = ""
                        recordLine = line
                        rowBytes = 0
                        continue
                    }
                    return Record(fields: fields, line: recordLine)
                default:
                    field.append(character)
                }
            }
            guard field.utf8.count <= StatementLimits.textBytes else {
                let column = fields.count < names.count && !names[fields.count].isEmpty ? names[fields.count] : "column \(fields.count + 1)"
                throw StatementError(
                    file: file, line: recordLine, field: column, message: "longer than \(StatementLimits.textBytes) bytes")
            }
            guard rowBytes + field.utf8.count <= StatementLimits.rowBytes else {
                throw StatementError(
                    file: file, line: recordLine, field: nil, message: "a row longer than \(StatementLimits.rowBytes) bytes")
            }
        }
        guard !inQuotes else {
            throw StatementError(file: file, line: recordLine, field: nil, message: "a quoted field never ends")
        }
        guard !field.isEmpty || !fields.isEmpty || wasQuoted else { return nil }
        fields.append(field)
        return Record(fields: fields, line: recordLine)
    }
}
