import Foundation

// purse-bench: times purse as whole processes on generated Wallet exports of 10,000, 100,000
// and 1,000,000 transactions, against SQLite's own import of the same rows. See README, "Benchmark".
exit(BenchmarkCommand.run(Array(CommandLine.arguments.dropFirst())))
