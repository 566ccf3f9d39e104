import Ledger

/// Reads a rate file (the ECB's reference rates or a plain `date,from,to,rate` CSV, told apart by
/// the header) and hands each rate to a callback as its row is read, so a file of any length is
/// read in bounded memory: only the (date, from, to) keys already seen are kept, 8 bytes each, to
/// refuse a duplicate within the file. The first bad row stops the reading with a `SourceError.badInput`;
/// what was handed out before it is the caller's to keep or drop (the importer's transaction
/// drops it).
public enum RateFileReader {
    /// Calls `body` with each rate of the file at `path`, in file order; `file` names it in errors
    /// (the path as the user gave it, by default). Throws a `SourceError.badInput` for bad input, or
    /// whatever `body` throws.
    public static func forEach(path: String, file: String? = nil, _ body: (DatedRate) throws -> Void) throws {
        let file = file ?? path
        var records = try RateFileRecords(file: file, path: path)
        guard let header = try records.next() else {
            throw SourceError.badInput(file: file, line: nil, field: nil, message: "the file is empty: " + RateFileFormat.expected)
        }
        let names = header.fields.map(trimmed)
        let format = try RateFileFormat(header: names, file: file, line: header.line)
        records.names = names
        var seen = Set<Int>()
        while let record = try records.next() {
            let row = RateRow(file: file, line: record.line, names: names, cells: record.fields.map(trimmed))
            guard row.cells.count == names.count else {
                throw row.error(nil, "\(row.cells.count) cells where the header has \(names.count)")
            }
            try row.rates(format) { rate, column in
                guard seen.insert(key(rate)).inserted else {
                    throw row.error(column, "a second \(rate.from)->\(rate.to) rate for \(rate.date)")
                }
                try body(rate)
            }
        }
    }

    /// The ECB and spreadsheets may pad a cell with spaces; no cell of either format has its own.
    private static func trimmed(_ cell: String) -> String {
        String(cell.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// (date, from, to) in one Int: the day in the high bits, each code as three 5-bit letters, so
    /// the set of keys seen stays small however many rows a file has.
    private static func key(_ rate: DatedRate) -> Int {
        func letters(_ code: String) -> Int { code.utf8.reduce(0) { $0 << 5 | Int($1 - UInt8(ascii: "A")) } }
        return rate.date.daysSinceEpoch << 30 | letters(rate.from) << 15 | letters(rate.to)
    }
}
