import Foundation

/// An end-to-end suite whose tests run the built purse on one ledger: `run` puts `--db` first
/// and the suite's `environment` under the run's own.
public protocol PurseLedgerSuite {
    var purse: PurseBinary { get }
    var database: String { get }
    /// What every run of the suite adds to the binary's fixed environment (e.g. a `TZ`).
    var environment: [String: String] { get }
}

extension PurseLedgerSuite {
    public var environment: [String: String] { [:] }

    /// Runs purse on the suite's ledger.
    @discardableResult
    public func run(_ arguments: [String], environment: [String: String] = [:]) throws -> PurseBinary.Result {
        try purse.run(["--db", database] + arguments, environment: self.environment.merging(environment) { _, run in run })
    }
}
