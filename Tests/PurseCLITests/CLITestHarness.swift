import Analytics
import Foundation
import Ledger
import LedgerStore
import PurseCLI
import PurseTestSupport

/// Runs purse in process with a fixed clock, zone and environment, capturing its output.
struct CLITestHarness {
    struct Result {
        let stdout: String
        let stderr: String
        let status: Int32
    }

    let folder: TemporaryFolder
    let database: String
    /// 2026-11-15T12:00:00Z
    let now = Date(timeIntervalSince1970: 1_794_744_000)

    /// A harness on `database`, else on a ledger in its folder.
    init(database: String? = nil) throws {
        folder = try TemporaryFolder()
        self.database = database ?? folder.file("ledger.sqlite")
    }

    /// A harness on its own copy of `ledger`.
    init(copying ledger: SharedLedger) throws {
        try self.init()
        try ledger.copy(to: database)
    }

    /// An empty ledger at `database`, as a first sync of an empty export leaves it: commands that
    /// only read refuse a database that does not exist.
    func createLedger() throws {
        _ = try LedgerStore(
            path: database, mode: .create(keeper: ClassificationKeeper(base: ReportTimeZone(identifier: "UTC")!)),
            now: Timestamp.utc(epochSeconds: Int64(now.timeIntervalSince1970)))
    }

    /// Runs purse at the harness's clock, or at `now`.
    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = [:], at now: Date? = nil) -> Result {
        let stdout = CapturedText()
        let stderr = CapturedText()
        var base = ["HOME": folder.path, "TZ": "UTC"]
        base.merge(environment) { _, new in new }
        let status = PurseCLI.run(
            arguments: ["--db", database] + arguments, environment: base, now: now ?? self.now,
            stdout: stdout, stderr: stderr)
        return Result(stdout: stdout.text, stderr: stderr.text, status: status.code)
    }
}
