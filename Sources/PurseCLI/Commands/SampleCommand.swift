import Foundation
import SampleData

/// `purse sample --out DIR`: a realistic, deterministic synthetic Wallet export.
enum SampleCommand {
    static func run(_ context: CommandContext) throws {
        guard let out = context.command.value("out") else {
            throw context.usageError("option '--out DIR' is required")
        }
        let transactions = try context.integer("transactions", minimum: 1) ?? 3000
        let months = try context.integer("months", minimum: 1) ?? 12
        let seed: UInt64
        if let text = context.command.value("seed") {
            guard let value = UInt64(text) else { throw context.usageError("option '--seed' needs a whole number, not '\(text)'") }
            seed = value
        } else {
            seed = 42
        }
        let generator = WalletExportSampleGenerator(transactions: transactions, months: months, seed: seed)
        let summary = try generator.write(to: URL(fileURLWithPath: out, isDirectory: true))
        context.note(
            "Wrote \(summary.transactions) transactions, \(summary.balances) balance observations and "
                + "\(summary.accounts) accounts (\(summary.firstDay) to \(summary.lastDay)) to \(out)")
    }
}
