/// One stream file: a change set per line, `{"generation":..,"sequence":..,["snapshot":true,]
/// "inserted":[..],"updated":[..],"deleted":[..]}`. The first line is a snapshot holding inserts
/// only; a line is closed at the end of each day with activity, or when it holds 1000 records.
final class ChangeSetStream {
    static let maximumRecordsPerLine = 1000

    private enum Section: Int, Comparable {
        case closed, inserted, updated, deleted
        static func < (lhs: Section, rhs: Section) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    enum Kind { case inserted, updated, deleted }

    let file: BufferedFile
    private let generation: [UInt8]
    private(set) var sequence = 0
    private var section = Section.closed
    private var inSection = 0
    private var inLine = 0
    private var lineIsSnapshot = false

    init(path: String, generation: SampleUUID) throws {
        file = try BufferedFile(path: path)
        var bytes: [UInt8] = []
        generation.append(to: &bytes)
        self.generation = bytes
    }

    private func put(_ text: StaticString) {
        text.withUTF8Buffer { file.bytes.append(contentsOf: $0) }
    }

    private func openLine() {
        sequence += 1
        lineIsSnapshot = sequence == 1
        put(#"{"generation":""#)
        file.bytes.append(contentsOf: generation)
        put(#"","sequence":"#)
        SampleFormat.appendInteger(Int64(sequence), to: &file.bytes)
        if lineIsSnapshot { put(#","snapshot":true"#) }
        put(#","inserted":["#)
        section = .inserted
        inSection = 0
        inLine = 0
    }

    private func advance(to target: Section) {
        while section < target {
            switch section {
            case .inserted: put(#"],"updated":["#); section = .updated
            case .updated: put(#"],"deleted":["#); section = .deleted
            case .closed, .deleted: return
            }
            inSection = 0
        }
    }

    private func closeLine() {
        advance(to: .deleted)
        put("]}\n")
        section = .closed
    }

    /// Opens the record's place in the current line; the caller then appends the record's JSON
    /// to `file.bytes` and calls `endRecord()`.
    func beginRecord(_ kind: Kind) {
        let target: Section =
            switch kind {
            case .inserted: .inserted
            case .updated: .updated
            case .deleted: .deleted
            }
        if section != .closed && (section > target || (lineIsSnapshot && target != .inserted)) {
            closeLine()
        }
        if section == .closed {
            openLine()
            if lineIsSnapshot && target != .inserted {
                closeLine()
                openLine()
            }
        }
        advance(to: target)
        if inSection > 0 { file.bytes.append(UInt8(ascii: ",")) }
    }

    func endRecord() throws {
        inSection += 1
        inLine += 1
        if inLine >= Self.maximumRecordsPerLine { closeLine() }
        try file.flushIfFull()
    }

    /// Ends the day's change set, if one is open.
    func endDay() {
        if section != .closed { closeLine() }
    }

    /// Ends the stream; a stream that never had anything to say still starts with a snapshot.
    func finish() throws {
        endDay()
        if sequence == 0 {
            openLine()
            closeLine()
        }
        try file.close()
    }
}
