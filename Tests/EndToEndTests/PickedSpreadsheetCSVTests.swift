import Foundation
import PurseTestSupport
import Testing

/// An `export transactions` CSV as a spreadsheet gives it back: written with `--bom` for Excel,
/// or saved again with CRLF line ends, it is still a file `--input` reads, with the same numbers.
@Suite("Picked transactions: an export saved by a spreadsheet reads as the export itself")
struct PickedSpreadsheetCSVTests {
    let folder: TemporaryFolder
    let purse = PurseBinary()
    let environment = ["TZ": "America/New_York"]

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test("a byte-order mark and CRLF line ends give the report of the plain export")
    func bomAndCRLF() throws {
        let database = try Examples.syncedLedger(at: folder.file("ledger.sqlite"), environment: environment)
        let export = ["--db", database, "export", "transactions", "--month", "2026-10"]
        let plain = try purse.run(export, environment: environment)
        let withBOM = try purse.run(export + ["--bom"], environment: environment)
        try #require(plain.status == 0 && withBOM.status == 0)
        #expect(withBOM.stdout == "\u{FEFF}" + plain.stdout)
        let files = [
            "plain.csv": plain.stdout, "bom.csv": withBOM.stdout,
            "crlf.csv": "\u{FEFF}" + plain.stdout.replacingOccurrences(of: "\n", with: "\r\n"),
        ]
        var reports: [String: PurseBinary.Result] = [:]
        for (name, text) in files {
            try text.write(toFile: folder.file(name), atomically: true, encoding: .utf8)
            reports[name] = try purse.run(
                ["report", "spending", "--month", "2026-10", "--by", "merchant", "--format", "csv", "--input", folder.file(name)],
                environment: environment)
        }
        let expected = try #require(reports["plain.csv"])
        #expect(expected.status == 0 && expected.stderr.isEmpty && expected.stdout.contains("Whole Foods Market"))
        for name in ["bom.csv", "crlf.csv"] {
            #expect(reports[name]?.status == 0, "\(name)")
            #expect(reports[name]?.stderr == "", "\(name)")
            #expect(reports[name]?.stdout == expected.stdout, "\(name)")
        }
    }

    @Test("only an export CSV is read past a byte-order mark: JSON lines with one are refused as before")
    func bomOnJSONLines() throws {
        let file = folder.file("picked.jsonl")
        try "\u{FEFF}\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try purse.run(["report", "spending", "--input", file], environment: environment)
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == "Error: \(file):1: not valid JSON: unexpected character at byte 1\n")
    }
}
