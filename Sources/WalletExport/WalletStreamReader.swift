import Foundation
import Ledger
import StrictJSON

/// Reads one stream file after a saved token and applies the format's resume rules: lines the
/// database has are skipped, a changed generation or a snapshot past a gap resyncs the stream,
/// and gaps, repeats or a file behind the database are errors.
public final class WalletStreamReader: ChangeSequence {
    private struct Header {
        let generation: String
        let sequence: Int64
        let isSnapshot: Bool
    }

    private let url: URL
    private let displayPath: String
    private let stream: LedgerStream
    private let savedToken: StreamToken?
    private var reader: LineReader?
    /// Reading started at a resume hint, whose line number may be stale if the file was rewritten.
    private var startedAtHint = false
    /// The generation and sequence of the last line read (applied or skipped).
    private var current: (generation: String, sequence: Int64)?
    public private(set) var resumeHint: StreamToken?

    init(url: URL, displayPath: String, stream: LedgerStream, token: StreamToken?) throws {
        self.url = url
        self.displayPath = displayPath
        self.stream = stream
        savedToken = token
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        guard let token else {
            reader = try LineReader(url: url)
            return
        }
        // A last line that cannot be read is reported, with its line number, by the scan below.
        if let tailBytes = try LineReader.lastCompleteLine(of: url),
            let tail = try? tailBytes.withUnsafeBytes({ bytes in try header(of: bytes, line: nil) }),
            tail.generation == token.generation
        {
            if tail.sequence < token.sequence {
                throw SourceError.sourceBehind(
                    file: displayPath, generation: token.generation,
                    fileSequence: tail.sequence, appliedSequence: token.sequence)
            }
            if tail.sequence == token.sequence { return }
        }
        if let offset = token.resumeOffset, let line = token.resumeLine, try continues(token, at: offset) {
            reader = try LineReader(url: url, offset: offset, firstLineNumber: line)
            current = (token.generation, token.sequence)
            startedAtHint = true
        } else {
            reader = try LineReader(url: url)
        }
    }

    /// Whether the line at `offset` is the one right after the token: then the lines before
    /// it need not be read again.
    private func continues(_ token: StreamToken, at offset: Int64) throws -> Bool {
        if offset > 0 {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            try handle.seek(toOffset: UInt64(offset - 1))
            guard try handle.read(upToCount: 1) == Data([0x0A]) else { return false }
        }
        // The reader owns the line's bytes, so it must outlive their use.
        let reader = try LineReader(url: url, offset: offset)
        guard let line = try reader.next(), let next = try? header(of: line.bytes, line: nil) else { return false }
        return withExtendedLifetime(reader) { next.generation == token.generation && next.sequence == token.sequence + 1 }
    }

    public func next() throws -> StreamChange? {
        do {
            return try readNext()
        } catch SourceError.badInput(let file, let line?, let field, let message) where startedAtHint {
            let exact = try LineReader.lineNumber(at: lastLineOffset, in: url)
            _ = line
            throw SourceError.badInput(file: file, line: exact, field: field, message: message)
        }
    }

    /// Offset of the last line read, to name it exactly in an error.
    private var lastLineOffset: Int64 = 0

    private func readNext() throws -> StreamChange? {
        guard let reader else { return nil }
        while let line = try reader.next() {
            lastLineOffset = line.offset
            if line.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            // Lines the database already has are only skimmed; every other line is parsed once.
            var parsed: JSONValue?
            var decoded: StreamChange.Records?
            let header: Header
            if mayBeApplied {
                header = try self.header(of: line.bytes, line: line.number)
            } else if let fast = WalletLineDecoder.decode(line.bytes, stream: stream) {
                // The fast path vouched for the whole line; anything else takes the exact path below.
                header = Header(generation: fast.generation, sequence: fast.sequence, isSnapshot: fast.isSnapshot)
                decoded = fast.records
            } else {
                let value = try parse(line)
                parsed = value
                header = try self.header(of: value, line: line.number)
            }
            let nextToken = StreamToken(
                generation: header.generation, sequence: header.sequence,
                resumeOffset: line.endOffset, resumeLine: line.number + 1)
            switch decide(header, line: line.number) {
            case .skip:
                current = (header.generation, header.sequence)
                resumeHint = nextToken
            case .apply(let isResync):
                let change = try decode(
                    line, header: header, token: nextToken, isResync: isResync, parsed: parsed,
                    decoded: decoded)
                current = (header.generation, header.sequence)
                return change
            case .corrupt(let message):
                throw SourceError.badInput(file: displayPath, line: line.number, field: "sequence", message: message)
            }
        }
        return nil
    }

    /// True while lines may still be ones the saved token already covers.
    private var mayBeApplied: Bool {
        guard let saved = savedToken else { return false }
        guard let current else { return true }
        return current.generation == saved.generation && current.sequence < saved.sequence
    }

    private enum Decision {
        case skip
        case apply(isResync: Bool)
        case corrupt(String)
    }

    private func decide(_ header: Header, line: Int) -> Decision {
        guard let current else {
            // The first line read: compare it with the saved token.
            guard let saved = savedToken else {
                return header.isSnapshot
                    ? .apply(isResync: false)
                    : .corrupt("the first change set of a stream with no saved token must be a snapshot")
            }
            if header.generation != saved.generation {
                return header.isSnapshot
                    ? .apply(isResync: true)
                    : .corrupt(
                        "generation \(header.generation) replaces the saved generation \(saved.generation) but its first line is not a snapshot"
                    )
            }
            if header.sequence <= saved.sequence { return .skip }
            if header.sequence == saved.sequence + 1 { return .apply(isResync: false) }
            return header.isSnapshot
                ? .apply(isResync: true)
                : .corrupt("sequence \(header.sequence) follows the saved sequence \(saved.sequence): a gap")
        }
        if header.generation != current.generation {
            return header.isSnapshot
                ? .apply(isResync: true)
                : .corrupt("the generation changes from \(current.generation) to \(header.generation) without a snapshot")
        }
        if header.sequence == current.sequence + 1 {
            if let saved = savedToken, saved.generation == header.generation, header.sequence <= saved.sequence {
                return .skip
            }
            return .apply(isResync: false)
        }
        if header.sequence <= current.sequence {
            return .corrupt("sequence \(header.sequence) repeats or goes back (the line before has \(current.sequence))")
        }
        return .corrupt("sequence \(header.sequence) follows \(current.sequence): a gap")
    }

    /// Decodes one change-set line exactly as sync does, without a file or a database: the
    /// entry point of the mutation tests and the fuzzer.
    public static func decodeLine(_ bytes: UnsafeRawBufferPointer, stream: LedgerStream, file: String) throws -> StreamChange {
        try decodeLine(bytes, stream: stream, file: file, fastPath: true)
    }

    /// `decodeLine`, with or without the fast decoder: without it, the line goes through the
    /// parsed tree only, the reference the fast decoder is tested against.
    static func decodeLine(_ bytes: UnsafeRawBufferPointer, stream: LedgerStream, file: String, fastPath: Bool) throws -> StreamChange {
        let reader = try WalletStreamReader(
            url: URL(fileURLWithPath: "/nonexistent/purse-decode-line"), displayPath: file,
            stream: stream, token: nil)
        let header = try reader.header(of: bytes, line: 1)
        let line = LineReader.Line(number: 1, offset: 0, endOffset: Int64(bytes.count + 1), bytes: bytes)
        return try reader.decode(
            line, header: header, token: StreamToken(generation: header.generation, sequence: header.sequence),
            isResync: false, parsed: fastPath ? nil : try reader.parse(line))
    }

    private func header(of bytes: UnsafeRawBufferPointer, line: Int?) throws -> Header {
        let members: [String: JSONValue]
        do {
            members = try JSONParser.skim(bytes, keys: ["generation", "sequence", "snapshot"])
        } catch {
            throw SourceError.badInput(file: displayPath, line: line, field: nil, message: "not valid JSON: \(error)")
        }
        return try header(members, line: line)
    }

    private func parse(_ line: LineReader.Line) throws -> JSONValue {
        do {
            return try JSONParser.parse(line.bytes)
        } catch {
            throw SourceError.badInput(file: displayPath, line: line.number, field: nil, message: "not valid JSON: \(error)")
        }
    }

    /// The header of a fully parsed line (its first members, duplicates aside, as `skim` reads them).
    private func header(of value: JSONValue, line: Int) throws -> Header {
        guard case .object(let object) = value else {
            throw SourceError.badInput(file: displayPath, line: line, field: nil, message: "not valid JSON: expected an object at byte 1")
        }
        var members: [String: JSONValue] = [:]
        for member in object.members where ["generation", "sequence", "snapshot"].contains(member.key) && members[member.key] == nil {
            members[member.key] = member.value
        }
        return try header(members, line: line)
    }

    private func header(_ members: [String: JSONValue], line: Int?) throws -> Header {
        func fail(_ field: String, _ message: String) -> SourceError {
            SourceError.badInput(file: displayPath, line: line, field: field, message: message)
        }
        guard let generationValue = members["generation"] else { throw fail("generation", "missing") }
        guard case .string(let generation) = generationValue, !generation.isEmpty else {
            throw fail("generation", "expected a non-empty string, found \(generationValue.typeName)")
        }
        do {
            _ = try JSONFields.limited(generation, field: "generation")
        } catch let error as FieldError {
            throw fail(error.field, error.message)
        }
        guard let sequenceValue = members["sequence"] else { throw fail("sequence", "missing") }
        guard case .number(let literal) = sequenceValue, let sequence = Int64(literal), sequence >= 1 else {
            throw fail("sequence", "expected an integer of at least 1, found \(Self.show(sequenceValue))")
        }
        var isSnapshot = false
        if let snapshot = members["snapshot"], snapshot != .null {
            guard case .bool(let flag) = snapshot else { throw fail("snapshot", "expected true or false, found \(snapshot.typeName)") }
            isSnapshot = flag
        }
        return Header(generation: generation, sequence: sequence, isSnapshot: isSnapshot)
    }

    private static func show(_ value: JSONValue) -> String {
        if case .number(let literal) = value { return literal }
        return value.typeName
    }

    /// The line's change set: from the fast decoder when it vouches for the line, else from the
    /// parsed tree, which also gives the exact error.
    private func decode(
        _ line: LineReader.Line, header: Header, token: StreamToken, isResync: Bool,
        parsed: JSONValue? = nil, decoded: StreamChange.Records? = nil
    ) throws -> StreamChange {
        if parsed == nil, let records = decoded ?? WalletLineDecoder.decode(line.bytes, stream: stream)?.records {
            return StreamChange(
                records: records, replacesStream: header.isSnapshot, isResync: isResync,
                token: token, file: displayPath, line: line.number)
        }
        let value = try parsed ?? parse(line)
        do {
            let fields = try JSONFields(value, path: "")
            let records: StreamChange.Records
            switch stream {
            case .accounts:
                records = .accounts(try changeSet(fields, WalletRecordDecoder.account))
            case .balances(let accountID):
                let set = try changeSet(fields, WalletRecordDecoder.balance)
                try requireAccount(accountID, set.inserted.map(\.accountID), "inserted")
                try requireAccount(accountID, set.updated.map(\.accountID), "updated")
                records = .balances(set)
            case .transactions(let accountID):
                let set = try changeSet(fields, WalletRecordDecoder.transaction)
                try requireAccount(accountID, set.inserted.map(\.accountID), "inserted")
                try requireAccount(accountID, set.updated.map(\.accountID), "updated")
                records = .transactions(set)
            }
            return StreamChange(
                records: records, replacesStream: header.isSnapshot, isResync: isResync,
                token: token, file: displayPath, line: line.number)
        } catch let error as FieldError {
            throw SourceError.badInput(file: displayPath, line: line.number, field: error.field, message: error.message)
        }
    }

    private func changeSet<Record>(_ fields: JSONFields, _ decode: (JSONValue, String) throws -> Record) throws -> ChangeSet<Record> {
        func records(_ key: String) throws -> [Record] {
            guard let value = fields.optional(key) else { return [] }
            guard case .array(let elements) = value else {
                throw FieldError(field: key, message: "expected an array, found \(value.typeName)")
            }
            var decoded: [Record] = []
            decoded.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                decoded.append(try decode(element, "\(key)[\(index)]"))
            }
            return decoded
        }
        var deleted: [String] = []
        if let value = fields.optional("deleted") {
            guard case .array(let elements) = value else {
                throw FieldError(field: "deleted", message: "expected an array of IDs, found \(value.typeName)")
            }
            for (index, element) in elements.enumerated() {
                guard case .string(let id) = element, !id.isEmpty else {
                    throw FieldError(field: "deleted[\(index)]", message: "expected an ID string, found \(element.typeName)")
                }
                deleted.append(try JSONFields.limited(id, field: "deleted[\(index)]").uppercased())
            }
        }
        return ChangeSet(inserted: try records("inserted"), updated: try records("updated"), deleted: deleted)
    }

    /// Every record must belong to the account its file is named after.
    private func requireAccount(_ accountID: String, _ recordAccounts: [String], _ key: String) throws {
        for (index, recordAccount) in recordAccounts.enumerated() where recordAccount != accountID {
            throw FieldError(
                field: "\(key)[\(index)].accountID",
                message: "\(recordAccount) does not match the account \(accountID) this file is for")
        }
    }
}
