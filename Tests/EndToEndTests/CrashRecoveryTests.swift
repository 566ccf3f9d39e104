import Foundation
import PurseTestSupport
import Testing

/// kill -9 a sync at several moments, rerun it, and the exported ledger must equal a clean
/// run's byte for byte: every change set commits together with its token.
@Suite("Crash recovery")
struct CrashRecoveryTests {
    @Test("sync killed at several moments and rerun equals a clean sync")
    func killedSyncsRecover() throws {
        let folder = try TemporaryFolder()
        let purse = PurseBinary()
        let export = folder.file("export")
        let sample = try purse.run(["sample", "--out", export, "--transactions", "20000", "--months", "24", "--seed", "7"])
        try #require(sample.status == 0, "\(sample.stderr)")

        let clean = folder.file("clean.sqlite")
        let started = Date()
        try #require(try purse.run(["--db", clean, "sync", export]).status == 0)
        let cleanSeconds = Date().timeIntervalSince(started)
        let expected = try purse.run(["--db", clean, "export", "transactions", "--format", "json"]).stdout
        let expectedStatus = try streamTokens(purse, clean)
        #expect(expected.count > 1000)

        for (index, fraction) in [0.05, 0.2, 0.4, 0.6, 0.8, 0.95].enumerated() {
            let database = folder.file("killed-\(index).sqlite")
            let process = try purse.start(["--db", database, "sync", export])
            Thread.sleep(forTimeInterval: cleanSeconds * fraction)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            let rerun = try purse.run(["--db", database, "sync", export])

            #expect(rerun.status == 0, "kill at \(fraction): \(rerun.stderr)")
            let actual = try purse.run(["--db", database, "export", "transactions", "--format", "json"]).stdout
            #expect(actual == expected, "kill at \(fraction) of the sync")
            #expect(try streamTokens(purse, database) == expectedStatus)
        }
    }

    /// Each stream with its token, from `status --format json`, without times and paths.
    func streamTokens(_ purse: PurseBinary, _ database: String) throws -> [String] {
        let json = try purse.run(["--db", database, "status", "--format", "json"]).stdout
        return json.split(separator: "\n").filter { $0.contains("\"generation\"") || $0.contains("\"sequence\"") || $0.contains("\"records\"") }
            .map(String.init)
    }
}
