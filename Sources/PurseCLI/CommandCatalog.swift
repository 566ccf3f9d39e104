/// Every command with its option table: the parser and `--help` are both made from these.
enum CommandCatalog {
    static let formatOption = OptionSpec("format", value: "FORMAT", help: "text, csv or json (default text, or from -o FILE's extension).")
    static let outputOption = OptionSpec("output", short: "o", value: "FILE", help: "Write to FILE instead of stdout; its extension (.csv, .json, .txt) picks the format.")

    static let transactionFilters: [OptionSpec] = [
        OptionSpec("account", value: "ACCOUNT", help: "Only this account: its ID or display name. Repeatable.", repeatable: true),
        OptionSpec("from", value: "YYYY-MM-DD", help: "First day, inclusive, in the report time zone."),
        OptionSpec("to", value: "YYYY-MM-DD", help: "Last day, inclusive, in the report time zone."),
        OptionSpec("month", value: "YYYY-MM", help: "One calendar month: YYYY-MM, this or last."),
        OptionSpec("mcc", value: "N[,N...]", help: "Only these merchant category codes.", repeatable: true),
        OptionSpec("merchant", value: "TEXT", help: "Merchant name contains TEXT, ignoring case (the description when there is no merchant name)."),
        OptionSpec("status", value: "LIST", help: "Only these statuses: authorized, booked, memo, pending, rejected (comma list).", repeatable: true),
        OptionSpec("type", value: "LIST", help: "Only these FinanceKit transaction types, e.g. pointOfSale,refund (comma list).", repeatable: true),
        OptionSpec("limit", value: "N", help: "At most N transactions."),
        OptionSpec("offset", value: "N", help: "Skip the first N transactions."),
        OptionSpec("sort", value: "ORDER", help: "date, -date, amount or -amount (amounts unsigned; default date)."),
    ]

    static let reportScope: [OptionSpec] = [
        OptionSpec("month", value: "YYYY-MM", help: "One calendar month: YYYY-MM, this or last (default this)."),
        OptionSpec("from", value: "YYYY-MM-DD", help: "First day, inclusive, in the report time zone."),
        OptionSpec("to", value: "YYYY-MM-DD", help: "Last day, inclusive, in the report time zone."),
        OptionSpec("include-pending", help: "Count pending and authorized transactions too (booked always count)."),
        OptionSpec("account", value: "ACCOUNT", help: "Only this account: its ID or display name. Repeatable.", repeatable: true),
        OptionSpec("currency", value: "CODE", help: "Only this currency, e.g. USD. Repeatable.", repeatable: true),
    ]
    static let reportOutput: [OptionSpec] = [
        formatOption, outputOption,
        OptionSpec("ascii", help: "Draw bars and sparklines with ASCII only."),
    ]

    static let all: [CommandSpec] = [
        CommandSpec(["sync"], summary: "Pull new changes from Wallet exports (idempotent).",
                    discussion: """
                    Applies every change set not yet applied, each in one database transaction together with its \
                    stream's token, and prints one line per stream that changed to stderr. Running it again \
                    changes nothing.
                    """,
                    positionals: [PositionalSpec("PATH", help: "A Wallet export folder (with export.json).", minCount: 1, maxCount: nil)]),
        CommandSpec(["status"], summary: "Database, sources, streams with their tokens, counts, last sync.",
                    options: [OptionSpec("format", value: "FORMAT", help: "text or json (default text).")]),
        CommandSpec(["accounts"], summary: "Accounts with their latest balances.",
                    options: [formatOption, outputOption]),
        CommandSpec(["transactions"], summary: "List transactions with filters.",
                    options: transactionFilters + [formatOption, outputOption]),
        CommandSpec(["export", "transactions"], summary: "Every column of the transactions, as spreadsheet-safe CSV or JSON.",
                    discussion: """
                    CSV columns: id, account_id, account, transaction_date, posted_date, status, type, direction, \
                    amount, signed_amount, currency, foreign_amount, foreign_currency, exchange_rate, mcc, merchant, \
                    description, original_description. Dates are local days of the report time zone.
                    """,
                    options: transactionFilters + [
                        OptionSpec("format", value: "FORMAT", help: "csv or json (default csv, or from -o FILE's extension)."),
                        outputOption,
                    ]),
        CommandSpec(["report", "spending"], summary: "Spent, refunded and net by category, MCC, merchant, account or month.",
                    discussion: """
                    Counts expenses and refunds (money-rules.md): net = spent - refunded, per currency, one row per \
                    calendar month and key. Income and transfers never count as spending.
                    """,
                    options: reportScope + [
                        OptionSpec("by", value: "GROUP", help: "category, mcc, merchant, account or month (default category)."),
                        OptionSpec("compare", help: "Add the previous period and the change (text and JSON)."),
                    ] + reportOutput),
        CommandSpec(["report", "income"], summary: "Income by month and source.",
                    options: reportScope + reportOutput),
        CommandSpec(["report", "cashflow"], summary: "Income, spending, transfers excluded, and savings rate by month.",
                    options: reportScope + reportOutput),
        CommandSpec(["report", "trend"], summary: "Balance per account at the end of each day, week or month.",
                    options: [
                        OptionSpec("account", value: "ACCOUNT", help: "Only this account: its ID or display name. Repeatable.", repeatable: true),
                        OptionSpec("from", value: "YYYY-MM-DD", help: "First day (default: 12 months before --to)."),
                        OptionSpec("to", value: "YYYY-MM-DD", help: "Last day (default: today)."),
                        OptionSpec("every", value: "PERIOD", help: "day, week or month (default month)."),
                    ] + reportOutput),
        CommandSpec(["report", "networth"], summary: "Assets, liabilities and net worth per currency over time.",
                    options: [
                        OptionSpec("from", value: "YYYY-MM-DD", help: "First day (default: 12 months before --to)."),
                        OptionSpec("to", value: "YYYY-MM-DD", help: "Last day (default: today)."),
                        OptionSpec("every", value: "PERIOD", help: "day, week or month (default month)."),
                    ] + reportOutput),
        CommandSpec(["report", "drift"], summary: "Derived vs observed balances: where the ledger misses something.",
                    options: [
                        OptionSpec("account", value: "ACCOUNT", help: "Only this account: its ID or display name. Repeatable.", repeatable: true),
                        OptionSpec("fail-on-drift", help: "Exit 1 when any drift is found (default: exit 0, drift is information)."),
                    ] + reportOutput),
        CommandSpec(["explain"], summary: "The transactions behind a spending number, and why each counted.",
                    options: reportScope + [
                        OptionSpec("category", value: "NAME", help: "Only this category."),
                        OptionSpec("mcc", value: "N", help: "Only this merchant category code."),
                        OptionSpec("merchant", value: "TEXT", help: "Merchant name contains TEXT, ignoring case."),
                    ] + reportOutput),
        CommandSpec(["rules", "add"], summary: "Add a rule: matching transactions get a category and/or flow.",
                    options: [
                        OptionSpec("merchant", value: "TEXT", help: "Match merchant names containing TEXT, ignoring case."),
                        OptionSpec("description", value: "TEXT", help: "Match descriptions containing TEXT, ignoring case."),
                        OptionSpec("mcc", value: "N", help: "Match this merchant category code."),
                        OptionSpec("category", value: "NAME", help: "Set the category."),
                        OptionSpec("flow", value: "FLOW", help: "Set the flow: expense, income or transfer."),
                    ]),
        CommandSpec(["rules", "list"], summary: "The rules, in the order they apply.",
                    options: [formatOption, outputOption]),
        CommandSpec(["rules", "remove"], summary: "Remove a rule by its number.",
                    positionals: [PositionalSpec("ID", help: "The rule's number, from 'purse rules list'.")]),
        CommandSpec(["categories"], summary: "Categories with their merchant category codes and rules.",
                    options: [formatOption, outputOption]),
        CommandSpec(["sample"], summary: "Write a realistic synthetic Wallet export.",
                    options: [
                        OptionSpec("out", value: "DIR", help: "Folder to write the export to (required)."),
                        OptionSpec("transactions", value: "N", help: "Number of transactions (default 3000)."),
                        OptionSpec("months", value: "M", help: "Months of history, ending October 2026 (default 12)."),
                        OptionSpec("seed", value: "S", help: "Random seed; the same seed gives the same files (default 42)."),
                    ]),
    ]
}
