import PurseCLI

/// A command table shaped like purse's, for the parser's tests.
enum ArgumentFixtures {
    static let month = OptionSpec("month", value: "YYYY-MM", help: "Calendar month: YYYY-MM, this or last.")
    static let output = OptionSpec("output", short: "o", value: "FILE", help: "Write to FILE; the extension picks the format.")
    static let format = OptionSpec("format", value: "FORMAT", help: "text, csv or json.")

    static let commands: [CommandSpec] = [
        CommandSpec(
            ["sync"], summary: "Pull new changes (Wallet export or Sure inbox).",
            positionals: [PositionalSpec("PATH", help: "A Wallet export folder or a Sure inbox.", minCount: 1, maxCount: nil)],
            options: [OptionSpec("dry-run", help: "Check the input without writing anything.")]),
        CommandSpec(
            ["status"], summary: "Database, sources, streams, counts and last sync.",
            options: [OptionSpec("check", help: "Also run the integrity check and the ledger's invariants.")]),
        CommandSpec(["accounts"], summary: "Accounts with their latest balances."),
        CommandSpec(
            ["transactions"], summary: "Transactions, filtered.",
            options: [
                OptionSpec("account", value: "NAME", help: "Only this account (repeatable).", repeatable: true),
                month,
                OptionSpec("amount", value: "AMOUNT", help: "Only this signed amount."),
                OptionSpec("merchant", value: "TEXT", help: "Merchant name contains TEXT."),
            ]),
        CommandSpec(
            ["report", "spending"], summary: "Signed spending by category, MCC, merchant, account or month.",
            discussion:
                "Refunds reduce spending; transfers between your own accounts are left out.\n\nExample:\n  purse report spending --month last --by merchant",
            options: [
                month,
                OptionSpec("by", value: "KEY", help: "category, mcc, merchant, account or month."),
                OptionSpec("include-pending", help: "Count pending transactions too."),
                output,
                format,
            ]),
        CommandSpec(["report", "income"], summary: "Income by source.", options: [month]),
        CommandSpec(
            ["export", "transactions"], summary: "Every column, spreadsheet-safe CSV or JSON.",
            options: [output, format]),
        CommandSpec(
            ["budget", "set"], summary: "Set a monthly budget for a category.",
            positionals: [
                PositionalSpec("CATEGORY", help: "The category."),
                PositionalSpec("AMOUNT", help: "The monthly amount."),
            ],
            options: [
                OptionSpec("currency", value: "C", help: "ISO 4217 code; else the ledger's only currency."),
                OptionSpec("rollover", value: "MODE", help: "none, surplus or all."),
            ]),
        CommandSpec(["budget", "check"], summary: "Exit 1 when a budget is over.", options: [month]),
        CommandSpec(
            ["sure", "connect"], summary: "Start taking batches from a Sure inbox.",
            positionals: [PositionalSpec("INBOX", help: "The inbox folder.")]),
        CommandSpec(["sure", "status"], summary: "Generations, streams and cursors."),
    ]

    static let parser = ArgumentParser(commands: commands)
}
