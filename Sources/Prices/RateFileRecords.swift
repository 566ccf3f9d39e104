import Foundation
import Ledger

/// A rate file's CSV records, read a block at a time so the file is never held: the project's one
/// reader (`CSVReader`), lenient as the ECB and spreadsheets write, with `RateFileLimits` for a
/// cell and a row. Each block is cut after its last line end and the rest carried into the next,
/// so a record is never split; a record still open at a cut (a quoted cell over a line end) waits
/// for more, and one longer than a row may be is refused by the reader's limits, not held.
struct RateFileRecords {
    typealias Record = CSVReader.Record

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    let file: String
    /// The header's names once read, to name a column in an error.
    var names: [String] = []
    private let handle: FileHandle
    private var pending: [UInt8] = []
    private var atEnd = false
    private var atStart = true
    /// Lines of the file before `pending`.
    private var linesBefore = 0
    /// The records of the last piece read, handed out in order.
    private var records: [Record] = []
    private var index = 0
    /// The CSV error the records of the last piece end with, once they are handed out.
    private var failure: CSVError?

    init(file: String, path: String) throws(SourceError) {
        self.file = file
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw SourceError.badInput(file: file, line: nil, field: nil, message: "cannot be read")
        }
        self.handle = handle
    }

    /// The next record, nil at the end of the file.
    mutating func next() throws(SourceError) -> Record? {
        while index == records.count {
            if let failure {
                throw SourceError.badInput(
                    file: file, line: failure.line, field: failure.field(named: names), message: message(failure.kind))
            }
            guard try readPiece() else { return nil }
        }
        defer { index += 1 }
        return records[index]
    }

    /// Reads the records of the next piece of whole lines; false at the end of the file.
    private mutating func readPiece() throws(SourceError) -> Bool {
        (records, index) = ([], 0)
        while true {
            if !atEnd { try readBlock() }
            if atEnd && pending.isEmpty { return false }
            guard let cut = cut() else { continue }
            let piece = pending[..<cut]
            var reader = CSVReader(
                text: String(decoding: piece, as: UTF8.self), dialect: .lenient,
                limits: CSVReader.Limits(fieldBytes: RateFileLimits.cellBytes, rowBytes: RateFileLimits.rowBytes))
            var parsed: [Record] = []
            do {
                while var record = try reader.next() {
                    record.line += linesBefore
                    parsed.append(record)
                }
            } catch  where error.kind == .quoteNeverEnds && !atEnd {
                // A quoted cell runs on past the cut: read more and try the piece again.
                continue
            } catch {
                // The records before the bad one go out first, as if read one by one, so the
                // header's names are known by the time the error is named.
                failure = CSVError(error.kind, line: error.line + linesBefore)
                records = parsed
                return true
            }
            linesBefore += Self.lineEnds(in: piece)
            pending.removeFirst(cut)
            records = parsed
            if !records.isEmpty { return true }
        }
    }

    private mutating func readBlock() throws(SourceError) {
        let block: Data?
        do {
            block = try handle.read(upToCount: RateFileLimits.blockBytes)
        } catch {
            throw SourceError.badInput(file: file, line: nil, field: nil, message: "cannot be read")
        }
        guard let block, !block.isEmpty else {
            atEnd = true
            return
        }
        pending.append(contentsOf: block)
        // A byte order mark is the text's, not the CSV's: it would stick to the header's first name.
        if atStart && pending.count >= Self.byteOrderMark.count {
            atStart = false
            if pending.starts(with: Self.byteOrderMark) { pending.removeFirst(Self.byteOrderMark.count) }
        }
    }

    /// Where the next piece ends: after the last line end read so far (not a CR that may be the
    /// first half of a CRLF), all that is left at the end of the file, or all of a line already
    /// longer than a row may be, for the reader's limits to refuse. Nil: read more first.
    private func cut() -> Int? {
        if atEnd { return pending.count }
        if let last = pending.lastIndex(where: { $0 == Self.lineFeed || $0 == Self.carriageReturn }) {
            if pending[last] == Self.lineFeed || last + 1 < pending.count { return last + 1 }
            if let earlier = pending[..<last].lastIndex(where: { $0 == Self.lineFeed || $0 == Self.carriageReturn }) {
                return earlier + 1
            }
        }
        return pending.count > RateFileLimits.rowBytes ? pending.count : nil
    }

    /// Line ends as the lenient reader counts them: LF, CRLF or a lone CR.
    private static func lineEnds(in piece: ArraySlice<UInt8>) -> Int {
        var count = 0
        var previous: UInt8 = 0
        for byte in piece {
            if byte == lineFeed && previous != carriageReturn || byte == carriageReturn { count += 1 }
            previous = byte
        }
        return count
    }

    private func message(_ kind: CSVError.Kind) -> String {
        switch kind {
        case .quoteNeverEnds: "a quoted cell never ends"
        case .textAfterQuote: "text after a closing quote"
        case .fieldTooLong: "longer than \(RateFileLimits.cellBytes) bytes"
        case .rowTooLong: "a row longer than \(RateFileLimits.rowBytes) bytes"
        }
    }
}
