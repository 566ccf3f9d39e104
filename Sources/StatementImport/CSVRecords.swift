/// Comma-separated records with RFC 4180 quoting (`""` inside quotes), CRLF or LF, each with
/// the file line it starts on. Blank lines are skipped.
struct CSVRecords {
    struct Record {
        var fields: [String]
        var line: Int
    }

    let file: String
    var delimiter: Character = ","

    func read(_ text: String) throws(StatementError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var wasQuoted = false
        var line = 1
        var recordLine = 1
        var characters = text.makeIterator()
        var pending: Character?
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !wasQuoted) {
                records.append(Record(fields: fields, line: recordLine))
            }
            fields = []
            field = ""
            wasQuoted = false
        }
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
                continue
            }
            switch character {
            case "\"" where field.isEmpty:
                inQuotes = true
                wasQuoted = true
            case delimiter:
                fields.append(field)
                field = ""
            case "\n", "\r\n", "\r":
                endRecord()
                line += 1
                recordLine = line
            default:
                field.append(character)
            }
        }
        guard !inQuotes else {
            throw StatementError(file: file, line: recordLine, field: nil, message: "a quoted field never ends")
        }
        if !field.isEmpty || !fields.isEmpty || wasQuoted { endRecord() }
        return records
    }
}
