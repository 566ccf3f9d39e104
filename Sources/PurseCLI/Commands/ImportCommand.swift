import Analytics
import Foundation
import Ledger
import LedgerStore
import StatementImport
import Sync

/// `purse import FILE...`: statement files into one account, each file in one transaction.
/// Bad input in a file leaves it out whole and the next files are still imported; the exit
/// status is then 65.
enum ImportCommand: PurseCommand {
    static let spec = CommandSpec(
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
        options: [account, newAccount, kind, currency, institution, format] + StatementLayoutOptions.options + [force])

    static let account = OptionSpec(
        "account", value: "ACCOUNT", help: "Import into this account: its ID, a unique start of it, or its display name.")
    static let newAccount = OptionSpec("new-account", value: "NAME", help: "Import into a new account of this name (again: the same one).")
    static let kind = OptionSpec("kind", value: "KIND", help: "The new account's kind: asset or liability (a card).")
    static let currency = OptionSpec("currency", value: "CODE", help: "The new account's currency, e.g. USD.")
    static let institution = OptionSpec("institution", value: "NAME", help: "The new account's institution (default: none).")
    static let format = OptionSpec("format", value: "FORMAT", help: "applecard-csv, ofx or csv, when the contents do not tell.")
    static let force = OptionSpec(
        "force", help: "Take a statement whose account number is not the account's (a reissued card): its number becomes the account's.")

    /// The account the files go to, and the account to create first when it is new.
    struct Target {
        var accountID: String
        var displayName: String
        var kind: AccountKind
        var currency: String
        var creating: Account?
    }

    static func run(_ context: CommandContext) throws {
        let files = context.command.positionals
        for file in files where !FileManager.default.fileExists(atPath: file) {
            throw SourceError.notFound(path: file, what: "no such file")
        }
        let store = try context.openStore(.create)
        // Each file streams through one transaction: a writer's 32 MiB cache would fill with its
        // pages (a 200,000-row bank CSV: 108 MB); 6 MiB keeps any file under 50 MB (39 MB at
        // 200,000 rows) in about the same time.
        try store.setPageCache(kibibytes: 6144)
        let layoutOptions = try StatementLayoutOptions(context.command) { name in
            try store.importProfile(name: name).flatMap(BankCSVLayout.init(profileText:))
        }
        let layout = layoutOptions.layout
        if let name = layoutOptions.saveProfileName {
            guard let layout else { throw context.usageError("--save-profile needs --columns (the layout to save)") }
            try store.transaction { try store.saveImportProfile(name: name, layout: layout.profileText, now: context.now) }
            context.note("Saved the import profile '\(name)'.")
            if files.isEmpty { return }
        }
        guard !files.isEmpty else { throw context.usageError("give the statement FILE(s) to import") }
        let target = try self.target(context, store: store)
        // An account without a zone of its own takes the ledger's, or the one `--tz` gives its rows.
        let fallback = try context.globals.tz == nil ? context.ledgerZone(store) : context.reportTimeZone()
        let zone = ReportAccounts(try store.ledgerAccounts(), base: fallback, ledgerZone: fallback).zone(of: target.accountID)
        let importer = StatementImporter(store: store, now: context.now)
        var badInput = false
        var creating = target.creating
        var learning = try profileWithoutDateFormat(layoutOptions, store: store)
        for file in files {
            do {
                guard let source = try StatementFile(path: file) else { throw SourceError.notFound(path: file, what: "cannot be read") }
                let (format, rows) = try reader(source, file: file, layout: layout, target: target, context: context)
                var reader = rows
                let maker = StatementRecords.Maker(accountID: target.accountID, currency: target.currency, zone: zone, file: file)
                var statement = Statement(format: format, currency: nil, entries: [])
                let record = try importer.apply(
                    creating: creating, zone: ReportTimeZone(identifier: zone.identifier).map { _ in zone.identifier },
                    accountID: target.accountID, file: file, sha256: source.sha256, format: format.rawValue
                ) { add in
                    // Each row goes to the ledger as it is read; a bad one later rolls the file back whole.
                    try store.startStatementRowCounts()
                    var occurrences = RowOccurrences(keep: store.keepStatementRowCounts, recall: store.statementRowCount)
                    while let entry = try reader.next() {
                        let made = try maker.transaction(entry, occurrence: occurrences.occurrence(of: entry))
                        try add(made.transaction, made.category, entry.person)
                    }
                    statement = try reader.finish()
                    try source.checkUnchanged()
                    try StatementRecords.check(statement, currency: target.currency, file: file)
                    let numbering = StatementImporter.Numbering(
                        accountName: target.displayName, number: statement.accountNumber, line: statement.accountNumberLine,
                        replaces: context.command.has(Self.force))
                    return (try maker.balances(statement), maker.deletedIDs(statement), numbering)
                }
                creating = nil
                if let profile = learning, let format = statement.guessedDateFormat {
                    var saved = profile.layout
                    saved.dateFormat = format
                    try store.transaction { try store.saveImportProfile(name: profile.name, layout: saved.profileText, now: context.now) }
                    context.note("The import profile '\(profile.name)' keeps the date format \(format) of \(file).")
                    learning = nil
                }
                for warning in statement.warnings { context.warn(warning) }
                context.note(
                    "\(file): \(record.transactions) transactions (\(record.inserted) new, \(record.updated) changed), "
                        + "\(statement.balances.count) balances into '\(target.displayName)'")
            } catch let error as StatementError {
                ErrorFunnel.report(error.sourceError, stderr: context.stderr)
                badInput = true
            } catch let error as SourceError where error.isBadInput {
                ErrorFunnel.report(error, stderr: context.stderr)
                badInput = true
            }
        }
        if badInput { throw FailuresReported(status: .badInput) }
    }

    /// The file's rows as they stream (an OFX file's text is read whole first).
    private static func reader(
        _ source: StatementFile, file: String, layout: BankCSVLayout?, target: Target, context: CommandContext
    ) throws -> (StatementFormat, any StatementRowReader) {
        let format = try context.command.value(Self.format, as: StatementFormat.self) ?? StatementFormat.detect(source.head())
        switch format {
        case .ofx:
            return (format, OFXStatementParser(file: file, accountIsLiability: target.kind == .liability).rows(source))
        case .appleCardCSV:
            return (format, try AppleCardCSV(file: file).rows(source))
        case .csv:
            guard let layout else {
                throw StatementError(
                    file: file, line: 1, field: nil,
                    message: "not OFX or Apple Card CSV; give the CSV's --columns (or a saved --profile)")
            }
            return (format, try BankCSV(file: file, layout: layout, currency: target.currency).rows(source))
        }
    }

    /// The profile this import saves or reads when it has no date format and none is given:
    /// the format the first file's dates show is saved with it, so a later file whose days all
    /// read both ways (none past the 12th) is read the same way.
    static func profileWithoutDateFormat(
        _ options: StatementLayoutOptions, store: LedgerStore
    ) throws -> (name: String, layout: BankCSVLayout)? {
        guard let layout = options.layout, layout.dateFormat == nil else { return nil }
        if let name = options.saveProfileName { return (name, layout) }
        // A profile read with other columns is not the layout those dates came from.
        guard let name = options.profileName, !options.columnsGiven,
            let text = try store.importProfile(name: name), let saved = BankCSVLayout(profileText: text)
        else { return nil }
        return (name, saved)
    }

    /// `--account`, or `--new-account` with its kind and currency. The new account's ID comes
    /// from its name, so the same command line run again imports into the same account.
    static func target(_ context: CommandContext, store: LedgerStore) throws -> Target {
        let accounts = try store.ledgerAccounts()
        let newOptions = [Self.kind, Self.currency, Self.institution].filter { context.command.text($0) != nil }
        if let name = context.command.text(Self.account) {
            guard context.command.text(Self.newAccount) == nil, newOptions.isEmpty else {
                throw context.usageError(
                    "--account names an existing account: --new-account, --kind, --currency and --institution do not go with it")
            }
            let folded = name.lowercased()
            var id: String
            let prefixed = accounts.filter { $0.id.lowercased().hasPrefix(folded) }
            if !accounts.contains(where: { $0.id.lowercased() == folded || $0.displayName.lowercased() == folded }), prefixed.count == 1 {
                id = prefixed[0].id
            } else {
                id = try AccountResolver.resolve(name, among: accounts, context: context)
            }
            guard let account = accounts.first(where: { $0.id == id }) else { throw context.usageError("no account '\(name)'") }
            return Target(accountID: id, displayName: account.displayName, kind: account.kind, currency: account.currency, creating: nil)
        }
        guard let name = context.command.text(Self.newAccount) else {
            throw context.usageError("say which account: --account ACCOUNT, or --new-account NAME --kind KIND --currency CODE")
        }
        guard context.command.text(Self.kind) != nil, context.command.text(Self.currency) != nil else {
            throw context.usageError("--new-account needs --kind (asset or liability) and --currency")
        }
        let kind = try context.command.value(Self.kind, as: AccountKind.self)!
        let currency = try context.command.value(Self.currency, as: CurrencyCode.self)!.code
        let id = Account.statementIDPrefix + SHA256.hexDigest(Array(name.lowercased().utf8)).prefix(16)
        if let existing = accounts.first(where: { $0.id == id }) {
            guard existing.kind == kind, existing.currency == currency else {
                throw context.usageError(
                    "the account '\(name)' exists as \(existing.kind.rawValue) in \(existing.currency); "
                        + "import into it with --account '\(name)'")
            }
        } else if let other = accounts.first(where: { $0.displayName.lowercased() == name.lowercased() }) {
            throw context.usageError("an account named '\(name)' exists (\(other.id)); import into it with --account")
        }
        let account = Account(
            id: id, kind: kind, displayName: name, institutionName: context.command.text(Self.institution) ?? "", currencyCode: currency)
        return Target(accountID: id, displayName: name, kind: kind, currency: currency, creating: account)
    }
}
