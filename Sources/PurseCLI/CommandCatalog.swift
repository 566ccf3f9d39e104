/// Every command with its option table: the parser and `--help` are both made from these.
enum CommandCatalog {
    static let formatOption = OptionSpec("format", value: "FORMAT", help: "text, csv or json (default text, or from -o FILE's extension).")
    static let outputOption = OptionSpec(
        "output", short: "o", value: "FILE",
        help:
            "Write to FILE instead of stdout, whole or not at all; its extension (.csv, .json, .txt) picks the format, another needs --format."
    )

    static let bomOption = OptionSpec(
        "bom", help: "Start CSV with a UTF-8 byte-order mark, so Excel reads it as UTF-8 (also PURSE_CSV_BOM=1).")

    static let allOption = OptionSpec("all", help: "Include hidden accounts too (see 'purse accounts set').")

    static let transactionFilters: [OptionSpec] = [
        OptionSpec("account", value: "ACCOUNT", help: "Only this account: its ID or display name. Repeatable.", repeatable: true),
        allOption,
        OptionSpec("from", value: "YYYY-MM-DD", help: "First day, inclusive: each account's own day, in its time zone."),
        OptionSpec("to", value: "YYYY-MM-DD", help: "Last day, inclusive: each account's own day, in its time zone."),
        OptionSpec("month", value: "YYYY-MM", help: "One calendar month: YYYY-MM, this or last."),
        OptionSpec("mcc", value: "N[,N...]", help: "Only these merchant category codes.", repeatable: true),
        OptionSpec(
            "merchant", value: "TEXT", help: "Merchant name contains TEXT, ignoring case (the description when there is no merchant name)."),
        OptionSpec(
            "status", value: "LIST", help: "Only these statuses: authorized, booked, memo, pending, rejected (comma list).",
            repeatable: true),
        OptionSpec(
            "type", value: "LIST", help: "Only these FinanceKit transaction types, e.g. pointOfSale,refund (comma list).", repeatable: true),
        OptionSpec("limit", value: "N", help: "At most N transactions."),
        OptionSpec("offset", value: "N", help: "Skip the first N transactions."),
        OptionSpec("sort", value: "ORDER", help: "date, -date, amount or -amount (amounts unsigned; default date)."),
    ]

    static let reportScope: [OptionSpec] = [
        OptionSpec("month", value: "YYYY-MM", help: "One calendar month: YYYY-MM, this or last (default this)."),
        OptionSpec("from", value: "YYYY-MM-DD", help: "First day, inclusive: each account's own day, in its time zone."),
        OptionSpec("to", value: "YYYY-MM-DD", help: "Last day, inclusive: each account's own day, in its time zone."),
        OptionSpec("include-pending", help: "Count pending and authorized transactions too (booked always count)."),
        OptionSpec("account", value: "ACCOUNT", help: "Only this account: its ID or display name. Repeatable.", repeatable: true),
        allOption,
        OptionSpec("currency", value: "CODE", help: "Only this currency, e.g. USD. Repeatable.", repeatable: true),
    ]
    /// Reports on picked transactions instead of the ledger (README, "Picked transactions").
    static let inputOption = OptionSpec(
        "input", value: "FILE",
        help:
            "Report on the transactions in FILE (JSON lines of FinanceKit transactions, or an 'export transactions' CSV) instead of the database, which is not opened."
    )
    static let reportOutput: [OptionSpec] = [
        formatOption, outputOption, bomOption,
        OptionSpec("ascii", help: "Draw bars and sparklines with ASCII only."),
    ]

    static let all: [CommandSpec] = [
        CommandSpec(
            ["sync"], summary: "Pull new changes from Wallet exports and Sure inboxes (idempotent).",
            discussion: """
                Applies every change set not yet applied, each in one database transaction together with its \
                stream's token, and prints one line per stream that changed to stderr. Running it again \
                changes nothing. Bad input stops its own stream only: the other streams are synced, each \
                failure gets its error line, and the exit status is 65. A value FinanceKit added after this \
                purse (a new transaction type, say) is stored as given, with a warning. With --watch it keeps \
                running, syncing whenever the folders change and leaving the database free in between.
                """,
            positionals: [
                PositionalSpec(
                    "PATH", help: "A Wallet export folder (with export.json) or a Sure inbox (connection.json and batches/).", minCount: 1,
                    maxCount: nil)
            ],
            options: [
                OptionSpec(
                    "watch",
                    help: "Keep running: apply each change set soon after it arrives, until SIGINT or SIGTERM (exit 0). "
                        + "An error in the input is told once and watched on."),
                OptionSpec(
                    "interval", value: "SECONDS",
                    help: "With --watch: look at the folders at least every SECONDS (default 10), also without news of a change."),
                OptionSpec(
                    "poll",
                    help: "With --watch: only look every --interval seconds (for folders whose changes the system does not tell of)."),
            ]),
        CommandSpec(
            ["import"], summary: "Import statement files (Apple Card CSV, OFX/QFX, bank CSV) into an account (idempotent).",
            discussion: """
                Imports each FILE into one account: an existing one (--account) or one it creates \
                (--new-account with --kind and --currency). OFX and QFX are recognised by their header, \
                Apple Card CSV by its header row; any other CSV needs --columns or a saved --profile. \
                Each file is one database transaction: a file with bad input changes nothing (exit 65 \
                after the other files are imported). Importing a file again, or a file that overlaps \
                one imported before, adds no transaction twice.
                """,
            positionals: [PositionalSpec("FILE", help: "A statement file.", minCount: 0, maxCount: nil)],
            options: [
                OptionSpec(
                    "account", value: "ACCOUNT", help: "Import into this account: its ID, a unique start of it, or its display name."),
                OptionSpec("new-account", value: "NAME", help: "Import into a new account of this name (again: the same one)."),
                OptionSpec("kind", value: "KIND", help: "The new account's kind: asset or liability (a card)."),
                OptionSpec("currency", value: "CODE", help: "The new account's currency, e.g. USD."),
                OptionSpec("institution", value: "NAME", help: "The new account's institution (default: none)."),
                OptionSpec("format", value: "FORMAT", help: "applecard-csv, ofx or csv, when the contents do not tell."),
                OptionSpec(
                    "columns", value: "MAP",
                    help: "Bank CSV columns, by 1-based number or header name: date=1,description=2,amount=4 (or debit=,credit=)."),
                OptionSpec("date-format", value: "FORMAT", help: "Bank CSV dates, e.g. DD/MM/YYYY (default: told from the dates)."),
                OptionSpec("decimal-comma", help: "Bank CSV amounts are written 1.234,56."),
                OptionSpec("skip", value: "N", help: "Bank CSV lines before the header row (default 0)."),
                OptionSpec("sign", value: "SIGN", help: "The amount column: account-positive (default) or spend-positive."),
                OptionSpec("delimiter", value: "CHAR", help: "Bank CSV field separator (default ,)."),
                OptionSpec("profile", value: "NAME", help: "Read bank CSVs with a saved layout."),
                OptionSpec("save-profile", value: "NAME", help: "Save the layout given by these options under NAME."),
                OptionSpec(
                    "force",
                    help: "Take a statement whose account number is not the account's (a reissued card): its number becomes the account's."),
            ]),
        CommandSpec(
            ["status"], summary: "Database, sources, streams with their tokens, counts, last sync, data as of.",
            options: [
                OptionSpec("check", help: "Run SQLite's integrity check and the ledger's invariants; exit 1 with findings."),
                OptionSpec("format", value: "FORMAT", help: "text or json (default text)."),
            ]),
        CommandSpec(
            ["accounts"], summary: "Accounts with their latest balances, time zones and sources.",
            options: [formatOption, outputOption, bomOption]),
        CommandSpec(
            ["accounts", "set"], summary: "Set an account's own name, time zone or visibility (kept across syncs).",
            discussion: """
                What you set here is kept apart from what syncs bring, so every later sync keeps it, and an \
                account that goes and comes back keeps it too. An account's time zone decides the days of its \
                transactions and balances in every report (else its source's zone, else the ledger's: see 'purse config'). A hidden account \
                (a closed card) is left out of reports, budgets, net worth and transactions unless --all is \
                given or --account names it; 'purse accounts' still lists it.
                """,
            positionals: [PositionalSpec("ACCOUNT", help: "The account's ID or display name.")],
            options: [
                OptionSpec("name", value: "NAME", help: "The name reports show ('' goes back to the synced name)."),
                OptionSpec("tz", value: "ZONE", help: "Its time zone, an IANA name such as Europe/London ('' goes back to its source's)."),
                OptionSpec("hidden", help: "Leave it out of reports unless --all or --account."),
                OptionSpec("visible", help: "Show it in reports again."),
            ]),
        CommandSpec(
            ["config"], summary: "The ledger's own settings, each with its value.",
            discussion: """
                Settings of the ledger as a whole, the same for every command on every machine that uses it. \
                time-zone: the zone of the days of the accounts without one of their own (none set with \
                'purse accounts set --tz', none given by their source); the first write to the ledger records \
                the TZ of the run that made it, so a cron job under TZ=UTC and a shell in New York count the \
                same months.
                """),
        CommandSpec(
            ["config", "get"], summary: "Print one setting of the ledger.",
            positionals: [PositionalSpec("NAME", help: "The setting: time-zone.")]),
        CommandSpec(
            ["config", "set"], summary: "Change a setting of the ledger (time-zone: every account's days move with it).",
            discussion: """
                Changing time-zone moves the days of every account without a zone of its own to the new zone, \
                classifies the ledger again in the same transaction, and keeps imported statement rows on the \
                days their statements wrote.
                """,
            positionals: [
                PositionalSpec("NAME", help: "The setting: time-zone."),
                PositionalSpec("VALUE", help: "Its value: for time-zone an IANA name such as Europe/London."),
            ]),
        CommandSpec(
            ["transactions"], summary: "List transactions with filters.",
            options: transactionFilters + [formatOption, outputOption, bomOption]),
        CommandSpec(
            ["export", "transactions"], summary: "Every column of the transactions, as spreadsheet-safe CSV or JSON.",
            discussion: """
                CSV columns: id, account_id, account, transaction_date, posted_date, status, type, direction, \
                amount, signed_amount, currency, foreign_amount, foreign_currency, exchange_rate, mcc, merchant, \
                description, original_description, flow, category, category_source, counted, note, tags (the \
                classification every report uses, overrides applied; a split transaction is one row per part, with \
                the part's amount), order_id (the Wallet order linked to the transaction, else empty). Dates are \
                local days of each account's time zone.
                """,
            options: transactionFilters + [
                OptionSpec("format", value: "FORMAT", help: "csv or json (default csv, or from -o FILE's extension)."),
                outputOption, bomOption,
            ]),
        CommandSpec(
            ["report", "spending"], summary: "Spent, refunded and net by category, MCC, merchant, account or month.",
            discussion: """
                Counts expenses and refunds as the README's "How purse counts money" says: net = spent - \
                refunded, per currency, one row per calendar month and key. Income and transfers never \
                count as spending.
                """,
            options: reportScope + [inputOption] + [
                OptionSpec("by", value: "GROUP", help: "category, mcc, merchant, account or month (default category)."),
                OptionSpec("compare", help: "Add the previous period and the change (text and JSON)."),
            ] + reportOutput),
        CommandSpec(
            ["report", "income"], summary: "Income by month and source.",
            options: reportScope + [inputOption] + reportOutput),
        CommandSpec(
            ["report", "recurring"], summary: "Charges on a regular cadence: subscriptions, rent, with new, price-change and missed flags.",
            discussion: """
                Without --month or --from/--to, looks from the first day of this month a year ago up to today; \
                --month M looks at the twelve months ending with M (this month: up to today). CSV columns: merchant, \
                account_id, account, direction, category, currency, cadence, typical_amount, last_amount, last_date, \
                next_date, count, flags. The README's "Recurring charges" says how they are found.
                """,
            options: reportScope + reportOutput),
        CommandSpec(
            ["report", "cashflow"], summary: "Income, spending, transfers excluded, and savings rate by month.",
            options: reportScope + [inputOption] + reportOutput),
        CommandSpec(
            ["report", "trend"], summary: "Balance per account at the end of each day, week or month.",
            options: [
                OptionSpec("account", value: "ACCOUNT", help: "Only this account: its ID or display name. Repeatable.", repeatable: true),
                allOption,
                OptionSpec("from", value: "YYYY-MM-DD", help: "First day (default: 12 months before --to)."),
                OptionSpec("to", value: "YYYY-MM-DD", help: "Last day (default: today)."),
                OptionSpec("every", value: "PERIOD", help: "day, week or month (default month)."),
            ] + reportOutput),
        CommandSpec(
            ["report", "networth"], summary: "Assets, liabilities and net worth per currency over time.",
            options: [
                allOption,
                OptionSpec("from", value: "YYYY-MM-DD", help: "First day (default: 12 months before --to)."),
                OptionSpec("to", value: "YYYY-MM-DD", help: "Last day (default: today)."),
                OptionSpec("every", value: "PERIOD", help: "day, week or month (default month)."),
            ] + reportOutput),
        CommandSpec(
            ["report", "drift"], summary: "Derived vs observed balances: where the ledger misses something.",
            options: [
                OptionSpec("account", value: "ACCOUNT", help: "Only this account: its ID or display name. Repeatable.", repeatable: true),
                allOption,
                OptionSpec("fail-on-drift", help: "Exit 1 when any drift is found (default: exit 0, drift is information)."),
            ] + reportOutput),
        CommandSpec(
            ["explain"], summary: "The transactions behind a spending number, and why each counted.",
            options: reportScope + [inputOption] + [
                OptionSpec("category", value: "NAME", help: "Only this category."),
                OptionSpec("mcc", value: "N", help: "Only this merchant category code."),
                OptionSpec("merchant", value: "TEXT", help: "Merchant name contains TEXT, ignoring case."),
            ] + reportOutput),
        CommandSpec(
            ["rules", "add"], summary: "Add a rule: matching transactions get a category and/or flow.",
            options: [
                OptionSpec("merchant", value: "TEXT", help: "Match merchant names containing TEXT, ignoring case."),
                OptionSpec("description", value: "TEXT", help: "Match descriptions containing TEXT, ignoring case."),
                OptionSpec(
                    "description-regex", value: "RE",
                    help: "Match descriptions in which the regular expression RE finds a match, ignoring case."),
                OptionSpec("mcc", value: "N", help: "Match this merchant category code."),
                OptionSpec("account", value: "ACCOUNT", help: "Match this account: its ID or display name."),
                OptionSpec("type", value: "TYPE", help: "Match this FinanceKit transaction type, e.g. directDebit."),
                OptionSpec("direction", value: "DIR", help: "Match credits or debits: credit or debit."),
                OptionSpec("amount-min", value: "X", help: "Match amounts of at least X (unsigned, in the transaction's currency)."),
                OptionSpec("amount-max", value: "X", help: "Match amounts of at most X (unsigned, in the transaction's currency)."),
                OptionSpec("category", value: "NAME", help: "Set the category."),
                OptionSpec("flow", value: "FLOW", help: "Set the flow: expense, income or transfer."),
            ]),
        CommandSpec(
            ["rules", "list"], summary: "The rules, in the order they apply.",
            options: [formatOption, outputOption, bomOption]),
        CommandSpec(
            ["rules", "remove"], summary: "Remove a rule by its number.",
            positionals: [PositionalSpec("ID", help: "The rule's number, from 'purse rules list'.")]),
        CommandSpec(
            ["orders"], summary: "Wallet orders with the transaction each is linked to.",
            options: [formatOption, outputOption, bomOption]),
        CommandSpec(
            ["rules", "move"], summary: "Change where a rule comes in the order rules apply.",
            positionals: [PositionalSpec("ID", help: "The rule's number, from 'purse rules list'.")],
            options: [
                OptionSpec("before", value: "ID2", help: "Put it just before rule ID2."),
                OptionSpec("to", value: "N", help: "Put it at place N (1 is first)."),
            ]),
        CommandSpec(
            ["rules", "test"], summary: "What each rule changes in a period (count and amount per category), changing nothing.",
            options: reportScope + reportOutput),
        CommandSpec(
            ["set"], summary: "Correct one transaction: its category, flow, note, tags, or exclude it.",
            discussion: """
                What is set here beats every rule and the built-in table, and is kept apart from synced data by \
                the transaction's ID: no sync, snapshot or compaction loses it, and a deleted transaction's \
                comes back with it. A unique start of the ID is enough.
                """,
            positionals: [PositionalSpec("TRANSACTION", help: "The transaction's ID, or a unique start of it.")],
            options: [
                OptionSpec(
                    "category", value: "NAME", help: "Its category, one purse knows (see 'purse categories'), or a new one with --new."),
                OptionSpec("new", help: "--category names a new category (no transaction, rule or budget uses it yet): create it."),
                OptionSpec("flow", value: "FLOW", help: "Its flow: expense, income or transfer."),
                OptionSpec("note", value: "TEXT", help: "A note (an empty one removes it)."),
                OptionSpec("tag", value: "TAG", help: "Add a tag. Repeatable.", repeatable: true),
                OptionSpec("exclude", help: "Never count it (a reimbursed business expense, say)."),
            ]),
        CommandSpec(
            ["unset"], summary: "Remove what 'purse set' or 'purse split' set on a transaction (all of it without options).",
            positionals: [PositionalSpec("TRANSACTION", help: "The transaction's ID, or a unique start of it.")],
            options: [
                OptionSpec("category", help: "Remove the category."),
                OptionSpec("flow", help: "Remove the flow."),
                OptionSpec("note", help: "Remove the note."),
                OptionSpec("tag", value: "TAG", help: "Remove this tag. Repeatable.", repeatable: true),
                OptionSpec("exclude", help: "Count it again."),
                OptionSpec("split", help: "Remove the split."),
            ]),
        CommandSpec(
            ["split"], summary: "Divide one expense or refund between categories.",
            discussion: """
                Only an expense or a refund can be split. At least two parts, each category once, with no more \
                decimals than the currency has; they must add up to the transaction's amount exactly. Each \
                category is one purse knows (see 'purse categories'), or new with --new. Reports then count each \
                part in its category. A category set with 'purse set --category' beats the split.
                """,
            positionals: [
                PositionalSpec("TRANSACTION", help: "The transaction's ID, or a unique start of it."),
                PositionalSpec("CATEGORY=AMOUNT", help: "A part, e.g. Groceries=42.50 (at least two).", minCount: 1, maxCount: nil),
            ],
            options: [
                OptionSpec("new", help: "A CATEGORY purse does not know yet is a new category: create it (else a typo is refused).")
            ]),
        CommandSpec(
            ["categories"], summary: "Categories with their merchant category codes and rules.",
            discussion: """
                --uncategorized lists instead the uncategorized spending of a period by merchant (else \
                description), largest first, each with the 'purse rules add' command that would file it; \
                CSV columns: merchant, currency, count, spent, refunded, net, rule.
                """,
            options: [
                OptionSpec("uncategorized", help: "The uncategorized spending of the period (below), largest first.")
            ] + reportScope + [formatOption, outputOption, bomOption]),
        CommandSpec(
            ["orders", "add"], summary: "Add Wallet order packages (zip: order.json, images, manifest.json, signature).",
            discussion: """
                Checks every file of a package against the SHA-256 digests of its manifest.json and refuses a \
                package that does not match (exit 65). The signature itself is NOT verified: a package that \
                matches its manifest is whole, not proven to come from its merchant. An order is kept once per \
                (orderTypeIdentifier, orderIdentifier): a later updatedAt replaces it, the same one changes \
                nothing, an older one is refused (exit 65). A bad package does not keep the others from being added.
                """,
            positionals: [PositionalSpec("FILE", help: "An order package (a .order zip archive).", minCount: 1, maxCount: nil)]),
        CommandSpec(
            ["orders", "show"], summary: "One order: merchant, status, line items, totals, payments, shipping.",
            positionals: [PositionalSpec("ID", help: "The order's ID from 'purse orders', its order identifier or its order number.")],
            options: [
                OptionSpec("format", value: "FORMAT", help: "text or json (default text, or from -o FILE's extension)."), outputOption,
            ]),
        CommandSpec(
            ["report", "budget"], summary: "Budget vs actual per category, with carry-over.",
            discussion: """
                CSV columns: month, category, currency, budgeted, carried, available, spent, refunded, net, \
                remaining, used_pct, status, projected. --from/--to give one row per month and category.
                """,
            options: [
                OptionSpec("month", value: "YYYY-MM", help: "One month: YYYY-MM, this or last (default this)."),
                OptionSpec("from", value: "YYYY-MM", help: "First month of a multi-month view."),
                OptionSpec("to", value: "YYYY-MM", help: "Last month of a multi-month view."),
                OptionSpec("warn-at", value: "PCT", help: "Warn from this share of the budget used (default 80)."),
                OptionSpec("include-pending", help: "Count pending and authorized transactions too."),
                allOption,
            ] + reportOutput),
        CommandSpec(
            ["budget", "set"], summary: "Set a monthly budget for a category (from a month on).",
            positionals: [
                PositionalSpec("CATEGORY", help: "The category, as reports show it."),
                PositionalSpec("AMOUNT", help: "The monthly amount, e.g. 400 or 400.00."),
            ],
            options: [
                OptionSpec(
                    "currency", value: "CODE", help: "The budget's currency (default: the ledger's currency, when it has only one)."),
                OptionSpec(
                    "rollover", value: "POLICY", help: "none, surplus (carry what is left) or all (carry overspending too); default none."),
                OptionSpec("from", value: "YYYY-MM", help: "First month the amount applies (default this month)."),
                OptionSpec("new", help: "CATEGORY is a new category (no transaction, rule or built-in category uses it yet): create it."),
            ]),
        CommandSpec(
            ["budget", "remove"], summary: "Stop a category's budget (from a month on).",
            positionals: [PositionalSpec("CATEGORY", help: "The category.")],
            options: [
                OptionSpec(
                    "currency", value: "CODE", help: "The budget's currency (default: the ledger's currency, when it has only one)."),
                OptionSpec("from", value: "YYYY-MM", help: "First month without the budget (default this month)."),
            ]),
        CommandSpec(
            ["budget", "list"], summary: "Budgets with their history.",
            options: [formatOption, outputOption, bomOption]),
        CommandSpec(
            ["budget", "check"], summary: "Exit 1 when a budget is over: for cron.",
            discussion: """
                Prints one line per budget that is over (or at the warn level with --warn-at) and exits 1 when \
                any is over, 0 otherwise. Silent and 0 when all is well, so `purse budget check || mail ...` \
                works from cron.
                """,
            options: [
                OptionSpec("month", value: "YYYY-MM", help: "The month: YYYY-MM, this or last (default this)."),
                OptionSpec("warn-at", value: "PCT", help: "Also report budgets used at least PCT percent."),
                OptionSpec("include-pending", help: "Count pending and authorized transactions too."),
                allOption,
            ]),
        CommandSpec(
            ["sure", "connect"], summary: "Create a Sure protocol 2 publisher connection.",
            options: [
                OptionSpec(
                    "account", value: "SOURCE_UUID", help: "A source account; repeatable, each followed by its --kind and --currency.",
                    repeatable: true),
                OptionSpec("kind", value: "KIND", help: "Depository or CreditCard, for the --account before it.", repeatable: true),
                OptionSpec("currency", value: "CODE", help: "The currency of the --account before it.", repeatable: true),
                OptionSpec("name", value: "NAME", help: "The display name of the --account before it.", repeatable: true),
                OptionSpec("institution", value: "NAME", help: "The institution of the --account before it.", repeatable: true),
                OptionSpec("timezone", value: "IANA", help: "The time zone of the --account before it.", repeatable: true),
                OptionSpec("inbox", value: "DIR", help: "Write DIR/connection.json, the publisher configuration."),
                formatOption,
            ]),
        CommandSpec(
            ["sure", "status"], summary: "Connection health: status, generation, stream, cursor, conflicts.",
            positionals: [PositionalSpec("CONNECTION", help: "A connection id (default: all).", minCount: 0, maxCount: 1)],
            options: [formatOption]),
        CommandSpec(
            ["sure", "receipt"], summary: "The receipt of a batch.",
            positionals: [PositionalSpec("BATCH_ID", help: "The batch's id.")],
            options: [formatOption]),
        CommandSpec(
            ["sure", "conflicts"], summary: "Open conflicts.",
            positionals: [PositionalSpec("CONNECTION", help: "A connection id (default: all).", minCount: 0, maxCount: 1)],
            options: [formatOption]),
        CommandSpec(
            ["sure", "resolve"], summary: "Resolve a conflict: keep_sure or retry_after_repair.",
            positionals: [
                PositionalSpec("CONFLICT", help: "The conflict's id."),
                PositionalSpec("RESOLUTION", help: "keep_sure or retry_after_repair."),
            ],
            options: [formatOption]),
        CommandSpec(
            ["sure", "repair"], summary: "Repair a fenced connection: a new generation; prints the new configuration.",
            positionals: [PositionalSpec("CONNECTION", help: "The connection id.")],
            options: [OptionSpec("inbox", value: "DIR", help: "Write DIR/connection.json."), formatOption]),
        CommandSpec(
            ["sure", "rotate-credential"], summary: "Issue a new publisher credential; prints the new configuration.",
            positionals: [PositionalSpec("CONNECTION", help: "The connection id.")],
            options: [OptionSpec("inbox", value: "DIR", help: "Write DIR/connection.json."), formatOption]),
        CommandSpec(
            ["sure", "disconnect"], summary: "Disconnect; discard purges what the connection brought in.",
            positionals: [PositionalSpec("CONNECTION", help: "The connection id.")],
            options: [OptionSpec("disposition", value: "DISPOSITION", help: "retain (default) or discard."), formatOption]),
        CommandSpec(
            ["sure", "capabilities"], summary: "What this purse accepts: protocol, limits, dispositions.",
            options: [formatOption]),
        CommandSpec(
            ["report", "summary"], summary: "How a month went: spending, income, budgets, balances, freshness; also as HTML or email.",
            discussion: """
                Net spending by category against the month before and the average of the three before, top \
                merchants, largest expenses, income and savings rate, budgets (over and warn first), balances \
                and net worth with their change, what is still pending, months reported before whose numbers \
                changed (restatements), and how new each source's data is: its export's or capture's own time, \
                else its newest record, never when it was synced (more than 7 days old, or a stream quiet for \
                more than 7 days, is called out). Per currency, never summed. --format email writes a complete MIME message for \
                `sendmail -t -oi`. The first summary of an ended month remembers what it reported.
                """,
            options: [
                OptionSpec("month", value: "YYYY-MM", help: "The month: YYYY-MM, this or last (default last)."),
                OptionSpec(
                    "format", value: "FORMAT",
                    help: "text, csv, json, html or email (default text, or from -o FILE's extension: .txt, .csv, .json, .html, .eml)."),
                OptionSpec("output", short: "o", value: "FILE", help: "Write to FILE instead of stdout."),
                bomOption,
                OptionSpec("to", value: "ADDR", help: "The email's To (default: the local user at localhost)."),
                OptionSpec("from", value: "ADDR", help: "The email's From (default: purse <the local user at localhost>)."),
                OptionSpec("warn-at", value: "PCT", help: "Budgets warn from this share used (default 80)."),
                OptionSpec("no-record", help: "Do not remember what this summary reported (for trial runs)."),
                allOption,
                OptionSpec("ascii", help: "Draw sparklines with ASCII only."),
            ]),
        CommandSpec(
            ["sample"], summary: "Write a realistic synthetic Wallet export.",
            options: [
                OptionSpec("out", value: "DIR", help: "Folder to write the export to (required)."),
                OptionSpec("transactions", value: "N", help: "Number of transactions (default 3000)."),
                OptionSpec("months", value: "M", help: "Months of history, ending October 2026 (default 12)."),
                OptionSpec("seed", value: "S", help: "Random seed; the same seed gives the same files (default 42)."),
            ]),
    ]
}
