import Foundation
import Ledger
import PurseTestSupport
import Testing

@testable import StatementImport

/// What reading a statement a chunk at a time must give: the text and the counts reading it
/// whole gave.
@Suite("Statement text and rows as they stream")
struct StreamedStatementTextTests {
    static func latin1(_ bytes: [UInt8]) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    @Test("Every byte reads as Foundation's Windows-1252 reads it, or as Latin-1 where that has none")
    func windows1252() {
        for byte in UInt8(0x80)...UInt8(0xFF) {
            let bytes = [byte, 0xE9]
            let foundation = String(data: Data(bytes), encoding: .windowsCP1252) ?? Self.latin1(bytes)
            #expect(StatementText.decode(bytes) == foundation, "byte \(byte)")
        }
    }

    @Test("A character cut between two chunks is still UTF-8; one cut off at the end is not")
    func utf8AcrossChunks() {
        let euro = Array("\u{20AC}".utf8)
        for cut in 1..<euro.count {
            var whole = StatementText.Survey()
            whole.add(Array("a".utf8) + euro[..<cut])
            whole.add(Array(euro[cut...]) + Array("b".utf8))
            #expect(whole.encoding == .utf8)
            var cutOff = StatementText.Survey()
            cutOff.add(Array("a".utf8) + euro[..<cut])
            #expect(cutOff.encoding == .windows1252)
        }
    }

    @Test("Identical rows are counted the same a day at a time, however often the file comes back to a day")
    func occurrencesByDay() throws {
        struct Row: Hashable {
            let day: Int
            let high: Int64
            let low: Int64
        }
        var kept: [Row: Int] = [:]
        var byDay = RowOccurrences(
            keep: { day, counts in for count in counts { kept[Row(day: day, high: count.high, low: count.low)] = count.seen } },
            recall: { kept[Row(day: $0, high: $1, low: $2)] })
        var whole: [String: Int] = [:]
        let days = [1, 1, 2, 1, 3, 2, 2, 1, 3, 1]
        for (line, day) in days.enumerated() {
            let date = CivilDate(year: 2025, month: 3, day: day)
            // Two kinds of row, so a day come back to holds a row it did not see again.
            let identity = "row:\(date):-30000:\(line % 3 == 0 ? "tea" : "coffee")"
            let entry = StatementEntry(
                date: date, signedUnits: -30_000, description: "COFFEE", originalDescription: "COFFEE", type: .pointOfSale,
                identity: identity, line: line + 2)
            #expect(try byDay.occurrence(of: entry) == whole[identity, default: 0])
            whole[identity, default: 0] += 1
        }
        let fitID = StatementEntry(
            date: CivilDate(year: 2025, month: 3, day: 1), signedUnits: -1, description: "X", originalDescription: "X", type: .unknown,
            identity: "fitid:7", line: 20)
        #expect(try byDay.occurrence(of: fitID) == nil)
    }

    @Test("A file rewritten at the same length between the hash and the rows is refused, as one that changed length is")
    func rewrittenAtTheSameLength() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("bank.csv")
        try Data("Date,Description,Amount\n2025-03-01,COFFEE,-3.00\n".utf8).write(to: URL(fileURLWithPath: path))
        let unchanged = try #require(try StatementFile(path: path))
        try unchanged.checkUnchanged()
        let file = try #require(try StatementFile(path: path))
        try Data("Date,Description,Amount\n2025-03-01,COFFEE,-9.00\n".utf8).write(to: URL(fileURLWithPath: path))
        // Clocks are coarse: the rewrite is dated a minute on, as a real one would be by then.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: path)
        #expect(throws: StatementError.self) { try file.checkUnchanged() }
    }
}
