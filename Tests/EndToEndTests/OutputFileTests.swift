import Foundation
import PurseTestSupport
import Testing

/// Where data goes, through the real binary: `-o FILE` names a format or is refused, appears
/// whole or not at all, and a write that fails (a missing folder, a full disk, a reader that went
/// away) is exit 74 with one error line, never a silent success.
@Suite("Output files and streams")
struct OutputFileTests: PurseLedgerSuite {
    let folder: TemporaryFolder
    let output: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        output = try TemporaryFolder()
        database = try Examples.syncedLedger(at: folder.file("ledger.sqlite"), purse: purse)
    }

    func outputFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
    }

    // MARK: - -o FILE

    @Test(
        "an extension that names no format is a usage error unless --format says which",
        arguments: [
            (
                ["report", "spending", "--month", "2026-10"], "report.xlsx",
                "cannot tell the format of 'OUT' from its extension (this command writes .txt, .csv, .json): give --format text|csv|json"
            ),
            (
                ["export", "transactions"], "all.txt",
                "cannot tell the format of 'OUT' from its extension (this command writes .csv, .json): give --format csv|json"
            ),
            (
                ["report", "summary", "--month", "2026-10"], "summary.pdf",
                "cannot tell the format of 'OUT' from its extension (this command writes .txt, .csv, .json, .html, .eml): give --format text|csv|json|html|email"
            ),
        ])
    func unknownExtension(arguments: [String], name: String, message: String) throws {
        let file = output.file(name)
        let result = try run(arguments + ["-o", file])
        let command = arguments.prefix(2).joined(separator: " ")
        #expect(result.status == 64)
        #expect(
            result.stderr == "Error: \(message.replacingOccurrences(of: "OUT", with: file)).\n"
                + "Usage: purse \(command) [options]\nSee 'purse \(command) --help'.\n")
        #expect(try outputFiles() == [])

        let given = try run(arguments + ["-o", file, "--format", "csv"])
        #expect(given.status == 0, "\(given.stderr)")
        #expect(try outputFiles() == [name])
    }

    @Test("-o writes the whole file, mode 0600, replacing the one there, and leaves nothing else behind")
    func writesWholeFile() throws {
        let file = output.file("october.csv")
        try Data("an old report\n".utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        let expected = try run(["report", "spending", "--month", "2026-10", "--format", "csv"]).stdout

        let result = try run(["report", "spending", "--month", "2026-10", "-o", file])

        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == expected)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
        #expect(try outputFiles() == ["october.csv"])
    }

    @Test("-o into a missing folder: exit 74 naming the folder, nothing created")
    func missingFolder() throws {
        let file = output.file("reports/2026/october.csv")
        let result = try run(["report", "spending", "--month", "2026-10", "-o", file])
        #expect(result.status == 74)
        #expect(result.stdout == "")
        #expect(result.stderr == "Error: cannot write \(file): no such folder \(output.file("reports/2026"))\n")
        #expect(try outputFiles() == [])
    }

    @Test("-o into a folder it may not write: exit 74, the file there unchanged and nothing added")
    func unwritableFolder() throws {
        try ReadOnlyAccess.require()
        let file = output.file("october.csv")
        try Data("an old report\n".utf8).write(to: URL(fileURLWithPath: file))
        try ReadOnlyAccess.set([(database, 0o600), (folder.path, 0o700), (file, 0o600), (output.path, 0o500)])
        defer { ReadOnlyAccess.restore([output.path, file, folder.path, database]) }

        let result = try ReadOnlyAccess.purse(purse).run(["--db", database, "report", "spending", "--month", "2026-10", "-o", file])

        #expect(result.status == 74)
        #expect(result.stderr == "Error: cannot write \(file): Permission denied\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "an old report\n")
        #expect(try outputFiles() == ["october.csv"])
    }

    @Test("-o a device: written in place, never replaced; a full one is exit 74")
    func devices() throws {
        let null = try run(["export", "transactions", "-o", "/dev/null", "--format", "csv"])
        #expect(null.status == 0, "\(null.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/null")
        #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial)

        let full = try run(["export", "transactions", "-o", "/dev/full", "--format", "csv"])
        #expect(full.status == 74)
        #expect(full.stderr == "Error: cannot write /dev/full: No space left on device\n")
    }

    // MARK: - stdout

    @Test(
        "stdout on a full disk: exit 74 and one error line",
        arguments: [
            ["export", "transactions"], ["report", "spending", "--month", "2026-10"], ["report", "summary", "--month", "2026-10"],
            ["budget", "list"], ["--help"],
        ])
    func fullStandardOutput(arguments: [String]) throws {
        let full = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        defer { try? full.close() }
        let result = try purse.run(["--db", database] + arguments, standardOutput: full)
        #expect(result.status == 74, "\(arguments)")
        #expect(result.stderr == "Error: cannot write to standard output: No space left on device\n")
    }

    @Test("a reader that goes away (`| head -1`): exit 74 with one error line, not a silent death by SIGPIPE")
    func closedPipe() throws {
        let pipe = Pipe()
        let process = try purse.start(["--db", database, "export", "transactions"], standardOutput: pipe.fileHandleForWriting)
        try pipe.fileHandleForWriting.close()
        try pipe.fileHandleForReading.close()
        let stderr = (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 74)
        #expect(String(decoding: stderr, as: UTF8.self) == "Error: cannot write to standard output: Broken pipe\n")
    }
}
