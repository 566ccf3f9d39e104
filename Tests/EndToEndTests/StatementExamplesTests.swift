import Foundation
import PurseTestSupport
import Testing

/// examples/statements imported by its own script, then every report over October 2026,
/// compared with Golden/StatementExamplesTests/statements-reports.txt (`RECORD_GOLDEN=1` rewrites
/// it and fails).
@Suite("Example statements")
struct StatementExamplesTests {
    static let reports: [[String]] = [
        ["accounts"],
        ["transactions", "--from", "2026-10-01", "--to", "2026-10-31"],
        ["report", "spending", "--month", "2026-10"],
        ["report", "spending", "--month", "2026-10", "--by", "mcc"],
        ["report", "income", "--month", "2026-10"],
        ["report", "cashflow", "--from", "2026-10-01", "--to", "2026-10-31"],
        ["report", "networth", "--from", "2026-10-01", "--to", "2026-10-31"],
        ["report", "trend", "--from", "2026-10-01", "--to", "2026-10-31"],
        ["report", "drift"],
        ["explain", "--month", "2026-10", "--category", "Shopping"],
    ]

    @Test("import.sh imports the three files; every report shows them (Golden/StatementExamplesTests/statements-reports.txt)")
    func examples() throws {
        let folder = try TemporaryFolder()
        let database = folder.file("ledger.sqlite")
        let purse = PurseBinary()
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/bin/sh")
        script.arguments = [Examples.statements.appendingPathComponent("import.sh").path, "--db", database]
        script.environment = [
            "PATH": purse.url.deletingLastPathComponent().path + ":/usr/bin:/bin", "TZ": "America/New_York", "LANG": "C.UTF-8",
            "HOME": folder.path,
        ]
        script.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try script.run()
        script.waitUntilExit()
        try #require(script.terminationStatus == 0)
        var output = ""
        for arguments in Self.reports {
            let result = try purse.run(["--db", database] + arguments, environment: ["TZ": "America/New_York"])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            output += "$ purse " + arguments.joined(separator: " ") + "\n" + result.stdout + "\n"
        }
        // Importing the examples again changes nothing.
        let again = try purse.run(
            [
                "--db", database, "import", Examples.statements.appendingPathComponent("apple-card-2026-10.csv").path, "--account",
                "Apple Card",
            ])
        #expect(again.stderr.hasSuffix("10 transactions (0 new, 0 changed), 0 balances into 'Apple Card'\n"), "\(again.stderr)")
        try expectGolden(output, "statements-reports.txt")
    }
}
