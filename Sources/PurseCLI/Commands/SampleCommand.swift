import Foundation
import SampleData

/// `purse sample --out DIR`: a realistic, deterministic synthetic Wallet export, and reference
/// rates of its span in the ECB's format for `purse prices import`.
enum SampleCommand: PurseCommand {
    static let spec = CommandSpec(
        ["sample"], summary: "Write a realistic synthetic Wallet export (and ECB reference rates of its span).",
        options: [out, transactions, months, seed])

    static let out = OptionSpec("out", value: "DIR", help: "Folder to write the export to (required).")
    static let transactions = OptionSpec("transactions", value: "N", help: "Number of transactions (default 3000).")
    static let months = OptionSpec("months", value: "M", help: "Months of history, ending October 2026 (default 12).")
    static let seed = OptionSpec("seed", value: "S", help: "Random seed; the same seed gives the same files (default 42).")

    static func run(_ context: CommandContext) throws {
        guard let out = context.command.text(Self.out) else {
            throw context.usageError("option '--out DIR' is required")
        }
        let transactions = try context.command.value(Self.transactions, as: PositiveCount.self)?.value ?? 3000
        let months = try context.command.value(Self.months, as: PositiveCount.self)?.value ?? 12
        let seed = try context.command.value(Self.seed, as: UInt64.self) ?? 42
        let generator = WalletExportSampleGenerator(transactions: transactions, months: months, seed: seed)
        let summary = try generator.write(to: URL(fileURLWithPath: out, isDirectory: true))
        context.note(
            "Wrote \(summary.transactions) transactions, \(summary.balances) balance observations and "
                + "\(summary.accounts) accounts (\(summary.firstDay) to \(summary.lastDay)) to \(out), and reference rates of "
                + "\(summary.referenceRateDays) business days to \(out)/\(summary.referenceRatesFile)")
    }
}
