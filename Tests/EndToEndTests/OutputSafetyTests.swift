import Foundation
import PurseTestSupport
import Storage
import Testing

/// What reaches a terminal or a spreadsheet from outside text and from the database, through
/// the real binary: no control character that reorders or hides what is shown, and no SQL in
/// an error unless `--verbose` asks for it.
@Suite("Output safety: controls in outside text, SQL in errors")
struct OutputSafetyTests {
    typealias F = ExportFixture

    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    /// A merchant name with NUL, ESC and RIGHT-TO-LEFT OVERRIDE, as a source may send them
    /// (JSON escapes, so the export itself is valid JSON).
    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        let export = try ExportFixture(in: folder.url)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("A1", name: "Checking")]))
        let row = F.transaction("T1", account: "A1", merchant: "MERCHANT", description: "DESCRIPTION")
            .replacingOccurrences(of: "\"MERCHANT\"", with: #""Evil\u0000Shop\u202Egpj.exe\u001b[2J""#)
            .replacingOccurrences(of: "\"DESCRIPTION\"", with: #""DESC\u2066RIPTION""#)
        try export.append("transactions/A1", F.changeSet("T", 1, snapshot: true, inserted: [row]))
        let synced = try purse.run(["--db", database, "sync", export.path])
        try #require(synced.status == 0, "\(synced.stderr)")
    }

    static func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0..<0x09, 0x0B...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
            default: return false
            }
        }
    }

    @Test(
        "NUL, ESC and the bidirectional controls of synced text are spaces in text and CSV, escapes in JSON",
        arguments: [
            ["transactions"], ["transactions", "--format", "csv"], ["transactions", "--format", "json"], ["export", "transactions"],
            ["export", "transactions", "--format", "json"], ["report", "spending", "--by", "merchant", "--month", "2026-10"],
            ["report", "spending", "--by", "merchant", "--month", "2026-10", "--format", "csv"], ["explain", "--month", "2026-10"],
        ])
    func controlsReplaced(arguments: [String]) throws {
        let result = try purse.run(["--db", database] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!Self.hasControl(result.stdout), "\(result.stdout.debugDescription)")
        #expect(result.stdout.contains("Evil") && result.stdout.contains("Shop"), "\(result.stdout)")
        if arguments.contains("json") {
            #expect(result.stdout.contains(#"Evil\u0000Shop\u202egpj.exe\u001b[2J"#), "\(result.stdout)")
        } else if arguments.contains("csv") || arguments.first == "export" {
            #expect(result.stdout.contains(",Evil Shop gpj.exe [2J,"), "\(result.stdout)")
        }
    }

    @Test("a database error says what failed in words; --verbose adds the SQL it ran")
    func databaseErrorInWords() throws {
        // A ledger whose table of rules is gone: what a damaged or hand-edited file looks like.
        try Connection(path: database).execute("DROP TABLE rules")

        let plain = try purse.run(["--db", database, "rules", "list"])
        #expect(plain.status == 74)
        #expect(plain.stdout == "")
        #expect(plain.stderr == "Error: database error: no such table: rules (while reading the database)\n", "\(plain.stderr)")
        #expect(!plain.stderr.contains("SELECT"))

        let verbose = try purse.run(["--db", database, "--verbose", "rules", "list"])
        #expect(verbose.status == 74)
        #expect(verbose.stderr.hasPrefix("Error: database error: no such table: rules (while running: SELECT "), "\(verbose.stderr)")
    }
}
