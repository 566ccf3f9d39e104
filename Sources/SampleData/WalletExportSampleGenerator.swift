import Foundation

/// Writes a realistic, synthetic Wallet export (see the README, "The Wallet export format") for
/// `purse sample`.
///
/// Four accounts (Apple Card, Apple Cash, Savings in USD; a Monzo current account in GBP), a
/// month-end balance observation per account, and exactly `transactions` transaction records
/// spread over `months` months ending with `lastMonth`: card purchases at real-looking merchants
/// with real MCCs, refunds, foreign-currency purchases on trips, salaries, interest, fees, ATM
/// withdrawals, internal transfers, the monthly card payment, UK direct debits and standing
/// orders, plus pending purchases that book later, a released authorisation (deleted), memo and
/// rejected records.
///
/// The output depends only on the parameters: the same parameters give byte-identical files
/// (no clock, locale, time zone or system randomness is consulted). Records are written through
/// 64 KiB buffers as they are generated, so memory stays flat however many transactions are
/// asked for.
///
/// `export.json` names the source "Sample iPhone" with a `sourceID` derived from the seed, and
/// `exportedAt` is the first instant after the last month in every zone the data lives in
/// (New York's midnight, in UTC: `2026-11-01T04:00:00Z` for the default span); `timeZone` is
/// `America/New_York`, the phone's, and `accountTimeZones` gives the UK account
/// `Europe/London`, whose clock its dates are written in. Each stream's
/// first line is a snapshot holding the stream's first day of activity (for balances, the first
/// month's observation); later lines hold one change set per account per day with activity,
/// at most 1000 records each, and one line per month for balances.
///
/// Balances reconcile exactly: every observation equals the sum of the signed amounts
/// (`debit ? -amount : +amount`) of that account's transactions whose final status is booked
/// and whose `transactionDate` is at or before the observation's `asOfDate`.
///
/// Beside the export, `ecb-rates.csv` holds reference rates of the span in the ECB's format
/// (USD, JPY, GBP and CAD per euro, a row per business day, none on weekends), for
/// `purse prices import`.
public struct WalletExportSampleGenerator: Sendable {
    /// What a run wrote, for the line `purse sample` prints.
    public struct Summary: Sendable, Equatable {
        public var accounts: Int
        public var transactions: Int
        public var balances: Int
        /// Lines written across all stream files (accounts, balances, transactions).
        var changeSets: Int
        /// First and last day of the generated span, `YYYY-MM-DD`.
        public var firstDay: String
        public var lastDay: String
        /// The business days of the ECB reference rates written beside the export.
        public var referenceRateDays: Int
        /// Their file's name inside the export's folder.
        public var referenceRatesFile: String
    }

    static let maximumTransactions = 100_000_000
    static let maximumMonths = 1_200

    /// Total transaction records written: every distinct transaction id counts once.
    var transactions: Int
    /// Number of months in the span, which ends with `lastMonth`.
    var months: Int
    var seed: UInt64
    var lastMonthYear: Int
    var lastMonthNumber: Int

    /// - Parameters:
    ///   - transactions: total transaction records written (exactly this many distinct ids).
    ///   - months: span ending with `lastMonth` (default 2026-10, so the data never depends on
    ///     today's date).
    ///   - seed: the same seed gives byte-identical output.
    ///   - lastMonth: the last month of the span, as year and month.
    public init(
        transactions: Int = 3000, months: Int = 12, seed: UInt64 = 42,
        lastMonth: (year: Int, month: Int) = (2026, 10)
    ) {
        self.transactions = transactions
        self.months = months
        self.seed = seed
        self.lastMonthYear = lastMonth.year
        self.lastMonthNumber = lastMonth.month
    }

    /// Creates `directory` (and `balances/`, `transactions/`) and writes the export into it,
    /// overwriting `export.json`, `accounts.jsonl` and the stream files it writes. Stale stream
    /// files (`<UUID>.jsonl` in `balances/` and `transactions/` for accounts this sample does
    /// not have, say from an earlier run with another seed) are removed, since a reader would
    /// otherwise take them for part of this export.
    public func write(to directory: URL) throws -> Summary {
        try validate()
        let run = try SampleExportRun(config: self, directory: directory)
        return try run.run()
    }

    func validate() throws {
        guard (0...Self.maximumTransactions).contains(transactions) else {
            throw SampleDataError.invalidParameter(
                "The number of transactions must be between 0 and \(Self.maximumTransactions), not \(transactions).")
        }
        guard (1...Self.maximumMonths).contains(months) else {
            throw SampleDataError.invalidParameter(
                "The number of months must be between 1 and \(Self.maximumMonths), not \(months).")
        }
        guard (1...12).contains(lastMonthNumber) else {
            throw SampleDataError.invalidParameter("The last month must be 1 to 12, not \(lastMonthNumber).")
        }
        let lastAbs = lastMonthYear * 12 + lastMonthNumber - 1
        let firstAbs = lastAbs - months + 1
        guard firstAbs >= 1900 * 12, lastAbs < 9999 * 12 else {
            throw SampleDataError.invalidParameter("The sample must lie between the years 1900 and 9998.")
        }
    }
}
