import Ledger

/// A statement's CSV records: the project's one reader, lenient as banks and spreadsheets write
/// (see `CSVReader`), with a cell longer than `StatementLimits.textBytes` or a row longer than
/// `StatementLimits.rowBytes` bad input, so memory stays bounded however long a line is. Its
/// errors are a statement's: the file, the line and the column's header name.
struct CSVRecords {
    typealias Record = CSVReader.Record

    let file: String
    /// The header's names once read, to name a column in an error.
    var names: [String] = []
    private var reader: CSVReader

    init(file: String, bytes: ByteStream, delimiter: Character = ",") {
        self.file = file
        reader = CSVReader(
            bytes: bytes, delimiter: delimiter, dialect: .lenient,
            limits: CSVReader.Limits(fieldBytes: StatementLimits.textBytes, rowBytes: StatementLimits.rowBytes))
    }

    /// The next record, nil at the end of the text.
    mutating func next() throws(StatementError) -> Record? {
        do {
            return try reader.next()
        } catch {
            throw StatementError(file: file, line: error.line, field: error.field(named: names), message: message(error.kind))
        }
    }

    private func message(_ kind: CSVError.Kind) -> String {
        switch kind {
        case .quoteNeverEnds: "a quoted field never ends"
        case .textAfterQuote: "text after a closing quote"
        case .fieldTooLong: "longer than \(StatementLimits.textBytes) bytes"
        case .rowTooLong: "a row longer than \(StatementLimits.rowBytes) bytes"
        }
    }
}
