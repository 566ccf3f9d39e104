import Foundation
import Testing

@testable import Storage

@Suite struct StatementTests {
    @Test(arguments: [Int64.min, Int64.min + 1, -1, 0, 1, Int64(Int32.max) + 1, Int64.max])
    func integersRoundTrip(_ value: Int64) throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            try connection.execute("CREATE TABLE t (v INTEGER)")
            try connection.prepare("INSERT INTO t VALUES (?)").run([.integer(value)])
            let select = try connection.prepare("SELECT v, typeof(v) FROM t")
            #expect(try select.step())
            #expect(select.int64(0) == value)
            #expect(select.optionalInt64(0) == value)
            #expect(select.text(1) == "integer")
            #expect(try !select.step())
        }
    }

    @Test(arguments: ["", "plain", "Café crème – 12,50 €", "日本語のテキスト", "🍕👨‍👩‍👧", "quote ' and \" and ;", "a\u{0}b"])
    func textRoundTrips(_ value: String) throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            try connection.execute("CREATE TABLE t (v TEXT)")
            let insert = try connection.prepare("INSERT INTO t VALUES (?)")
            try insert.bind(value, at: 1)
            #expect(try !insert.step())
            let select = try connection.prepare("SELECT v, typeof(v), length(CAST(v AS BLOB)) FROM t")
            #expect(try select.step())
            #expect(select.text(0) == value)
            #expect(select.optionalText(0) == value)
            #expect(!select.isNull(0))
            #expect(select.text(1) == "text")  // "" is text, not NULL
            #expect(select.int(2) == value.utf8.count)
        }
    }

    /// SQLite reads bound texts and blobs where the statement keeps them (`BoundBytes`), not
    /// where the Swift values were: these are gone before the step. Sizes cross a chunk, and one
    /// is past what a statement keeps from one reset to the next.
    @Test func boundTextsAndBlobsOutliveTheirValuesUntilReset() throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            let count = 120
            let select = try connection.prepare("SELECT " + Array(repeating: "?", count: count).joined(separator: ", "))
            func value(_ index: Int, round: Int) -> String {
                // Short ones are stored inside the String value itself, long ones on the heap.
                let length = [3, 15, 16, 700, 5_000, 70_000][index % 6]
                return String(repeating: "\(round)é\(index)-", count: length / 4 + 1)
            }
            for round in 0..<3 {
                for index in 0..<count {
                    if index % 10 == 9 {
                        try select.bind(Array(value(index, round: round).utf8), at: Int32(index + 1))
                    } else {
                        try select.bind(value(index, round: round), at: Int32(index + 1))
                    }
                }
                #expect(try select.step())
                for index in 0..<count where index % 10 != 9 {
                    #expect(select.text(Int32(index)) == value(index, round: round))
                }
                for index in stride(from: 9, to: count, by: 10) {
                    #expect(select.blob(Int32(index)) == Array(value(index, round: round).utf8))
                }
                #expect(try !select.step())
                select.reset()
                #expect(try select.step())
                #expect(select.isNull(0))
                select.reset()
            }
        }
    }

    @Test func nullsRoundTripForEveryType() throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            let select = try connection.prepare("SELECT ?, ?, ?, ?, ?, ?")
            try select.bind(nil as Int64?, at: 1)
            try select.bind(nil as Int?, at: 2)
            try select.bind(nil as String?, at: 3)
            try select.bind(nil as Bool?, at: 4)
            try select.bind(SQLValue.null, at: 5)
            try select.bind(nil as [UInt8]?, at: 6)
            #expect(try select.step())
            #expect(select.columnCount == 6)
            for column in Int32(0)..<6 {
                #expect(select.isNull(column))
                #expect(select.optionalText(column) == nil)
                #expect(select.optionalInt64(column) == nil)
                #expect(select.text(column) == "")
                #expect(select.int64(column) == 0)
            }
        }
    }

    @Test func boolsIntsAndBlobsRoundTrip() throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            let select = try connection.prepare(
                "SELECT ? AS yes, ? AS no, ? AS count, ? AS bytes, ? AS empty, typeof(?5)")
            try select.bind(true, at: 1)
            try select.bind(false, at: 2)
            try select.bind(Int.min, at: 3)
            try select.bind(.blob([0, 1, 254, 255]), at: 4)
            try select.bind(.blob([]), at: 5)
            #expect(try select.step())
            #expect(select.int64(0) == 1)
            #expect(select.int64(1) == 0)
            #expect(select.int(2) == Int.min)
            #expect(select.blob(3) == [0, 1, 254, 255])
            #expect(select.blob(4) == [])
            #expect(!select.isNull(4))
            #expect(select.text(5) == "blob")
            #expect(select.columnName(0) == "yes")
            #expect(select.columnName(3) == "bytes")
        }
    }

    @Test func bindingAnArrayIsPositionalFromOne() throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            let select = try connection.prepare("SELECT ?1 || '/' || ?2, ?3")
            try select.bind([.text("a"), .text("b"), .integer(7)])
            #expect(try select.step())
            #expect(select.text(0) == "a/b")
            #expect(select.int64(1) == 7)
            #expect(select.sql == "SELECT ?1 || '/' || ?2, ?3")
        }
    }

    @Test func runRefusesTheWrongNumberOfValues() throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            try connection.execute("CREATE TABLE t (a, b)")
            let insert = try connection.prepare("INSERT INTO t VALUES (?, ?)")
            #expect(throws: StorageError.self) { try insert.run([.integer(1)]) }
            #expect(throws: StorageError.self) { try insert.run([.integer(1), .integer(2), .integer(3)]) }
            #expect(throws: StorageError.self) { try insert.bind("x", at: 3) }  // SQLITE_RANGE
            #expect(try connection.scalarInt("SELECT count(*) FROM t") == 0)
        }
    }

    @Test func cachedStatementsAreReusedAndReset() throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            try connection.execute("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3);")
            let sql = "SELECT x FROM t WHERE x >= coalesce(?, 0) ORDER BY x"

            let first = try connection.cached(sql)
            try first.bind(2, at: 1)
            #expect(try first.step())
            #expect(first.int(0) == 2)  // left mid-way, with a binding

            let second = try connection.cached(sql)
            #expect(first === second)
            #expect(try second.step())
            #expect(second.int(0) == 1)  // starts over, and the binding is cleared
            #expect(try connection.cached("SELECT 1") !== second)
        }
    }

    @Test func statementsStayValidAfterTheirConnectionIsReleased() throws {
        try withTemporaryDirectory { directory in
            var connection: Connection? = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            let statement = try #require(try connection?.prepare("SELECT 40 + ?"))
            connection = nil
            try statement.bind(2, at: 1)
            #expect(try statement.step())
            #expect(statement.int(0) == 42)
        }
    }

    @Test func stepErrorsCarryTheSQL() throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            try connection.execute("CREATE TABLE t (x INTEGER NOT NULL)")
            let insert = try connection.prepare("INSERT INTO t VALUES (?)")
            let error = try #require(throws: StorageError.self) { try insert.run([.null]) }
            #expect(error.code == 1299)  // SQLITE_CONSTRAINT_NOTNULL
            #expect(error.sql == "INSERT INTO t VALUES (?)")
            // The statement can be run again after the failure.
            try insert.run([.integer(5)])
            #expect(try connection.scalarInt("SELECT x FROM t") == 5)
        }
    }

    @Test func prepareRefusesBadOrSeveralStatements() throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            let syntax = try #require(throws: StorageError.self) { try connection.prepare("SELEC 1") }
            #expect(syntax.sql == "SELEC 1")
            #expect(syntax.message.contains("syntax error"))
            #expect(throws: StorageError.self) { try connection.prepare("SELECT 1; SELECT 2") }
            #expect(throws: StorageError.self) { try connection.prepare("  -- nothing here") }
            // Trailing semicolons, spaces and comments are fine.
            let statement = try connection.prepare("SELECT 1; -- the answer\n")
            #expect(try statement.step())
        }
    }

    @Test func scalarsReturnNilForNoRowOrNULL() throws {
        try withTemporaryDirectory { directory in
            let connection = try Connection(path: directory.appendingPathComponent("db.sqlite").path)
            try connection.execute("CREATE TABLE t (k TEXT, v INTEGER)")
            try connection.prepare("INSERT INTO t VALUES (?, ?)").run([.text("a"), .integer(-9)])
            try connection.prepare("INSERT INTO t VALUES (?, ?)").run([.text("b"), .null])
            #expect(try connection.scalarInt("SELECT v FROM t WHERE k = ?", [.text("a")]) == -9)
            #expect(try connection.scalarInt("SELECT v FROM t WHERE k = ?", [.text("b")]) == nil)
            #expect(try connection.scalarInt("SELECT v FROM t WHERE k = ?", [.text("z")]) == nil)
            #expect(try connection.scalarText("SELECT k FROM t WHERE v = ?", [.integer(-9)]) == "a")
            #expect(try connection.scalarText("SELECT k FROM t WHERE v IS NULL") == "b")
            #expect(try connection.scalarText("SELECT NULL") == nil)
        }
    }
}
