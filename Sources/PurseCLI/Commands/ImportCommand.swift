import Analytics
import Foundation
import Ledger
import LedgerStore
import StatementImport
import Sync

/// `purse import FILE...`: statement files into one account, each file in one transaction.
/// Bad input in a file leaves it out whole and the next files are still imported; the exit
/// status is then 65.
enum ImportCommand {
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
        let layout = try bankLayout(context, store: store)
        if let name = context.command.value("save-profile") {
            guard let layout else { throw context.usageError("--save-profile needs --columns (the layout to save)") }
            try store.transaction { try store.saveImportProfile(name: name, layout: layout.profileText, now: context.now) }
            context.note("Saved the import profile '\(name)'.")
            if files.isEmpty { return }
        }
        guard !files.isEmpty else { throw context.usageError("give the statement FILE(s) to import") }
        let target = try self.target(context, store: store)
        let zone = ReportAccounts(try store.ledgerAccounts(), base: try context.reportTimeZone()).zone(of: target.accountID)
        let importer = StatementImporter(store: store, now: context.now)
        var badInput = false
        var creating = target.creating
        for file in files {
            do {
                guard let bytes = InputFile.bytes(file) else { throw SourceError.notFound(path: file, what: "cannot be read") }
                let statement = try parse(StatementText.decode(bytes), file: file, layout: layout, target: target, context: context)
                let records = try StatementRecords(
                    statement, accountID: target.accountID, currency: target.currency, zone: zone, file: file)
                let record = try importer.apply(
                    creating: creating, zone: ReportTimeZone(identifier: zone.identifier).map { _ in zone.identifier },
                    accountID: target.accountID, transactions: records.transactions, balances: records.balances,
                    categories: records.categories, deletedIDs: records.deletedIDs,
                    numbering: StatementImporter.Numbering(
                        accountName: target.displayName, number: statement.accountNumber, line: statement.accountNumberLine,
                        replaces: context.command.has("force")),
                    file: file, sha256: SHA256.hexDigest(bytes), format: statement.format.rawValue)
                creating = nil
                for warning in statement.warnings { context.warn(warning) }
                context.note(
                    "\(file): \(record.transactions) transactions (\(record.inserted) new, \(record.updated) changed), "
                        + "\(records.balances.count) balances into '\(target.displayName)'")
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

    private static func parse(
        _ text: String, file: String, layout: BankCSVLayout?, target: Target, context: CommandContext
    ) throws -> Statement {
        var format = StatementFormat.detect(text)
        if let given = context.command.value("format") {
            guard let named = StatementFormat(rawValue: given) else {
                throw context.usageError("unknown --format '\(given)' (applecard-csv, ofx or csv)")
            }
            format = named
        }
        switch format {
        case .ofx:
            return try OFXStatementParser(file: file, accountIsLiability: target.kind == .liability).parse(text)
        case .appleCardCSV:
            return try AppleCardCSV(file: file).parse(text)
        case .csv:
            guard let layout else {
                throw StatementError(
                    file: file, line: 1, field: nil,
                    message: "not OFX or Apple Card CSV; give the CSV's --columns (or a saved --profile)")
            }
            return try BankCSV(file: file, layout: layout, currency: target.currency).parse(text)
        }
    }

    /// The bank CSV layout of `--profile` and the layout options (which override the profile's),
    /// nil when none is given.
    static func bankLayout(_ context: CommandContext, store: LedgerStore) throws -> BankCSVLayout? {
        var layout: BankCSVLayout?
        if let name = context.command.value("profile") {
            guard let text = try store.importProfile(name: name), let saved = BankCSVLayout(profileText: text) else {
                throw context.usageError("no import profile named '\(name)' (save one with --save-profile)")
            }
            layout = saved
        }
        if let text = context.command.value("columns") {
            switch BankCSVLayout.parseColumns(text) {
            case .success(let columns): layout = BankCSVLayout(columns: columns)
            case .failure(let error): throw context.usageError("--columns: " + error.message)
            }
        }
        let tuning = ["date-format", "skip", "sign", "delimiter"].filter { context.command.value($0) != nil }
        guard var layout else {
            if let option = tuning.first ?? (context.command.has("decimal-comma") ? "decimal-comma" : nil) {
                throw context.usageError("--\(option) reads a bank CSV: give its --columns or a --profile too")
            }
            return nil
        }
        if let format = context.command.value("date-format") { layout.dateFormat = format }
        if context.command.has("decimal-comma") { layout.decimalComma = true }
        if let skip = try context.integer("skip") { layout.skip = skip }
        if let text = context.command.value("sign") {
            guard let sign = BankCSVLayout.Sign(rawValue: text) else {
                throw context.usageError("unknown --sign '\(text)' (account-positive or spend-positive)")
            }
            layout.sign = sign
        }
        if let text = context.command.value("delimiter") {
            let delimiter = text == "tab" ? "\t" : text
            guard delimiter.count == 1, let character = delimiter.first, character != "\"", !character.isNewline else {
                throw context.usageError("--delimiter takes one character (or tab), not '\(text)'")
            }
            layout.delimiter = character
        }
        return layout
    }

    /// `--account`, or `--new-account` with its kind and currency. The new account's ID comes
    /// from its name, so the same command line run again imports into the same account.
    static func target(_ context: CommandContext, store: LedgerStore) throws -> Target {
        let accounts = try store.ledgerAccounts()
        let newOptions = ["kind", "currency", "institution"].filter { context.command.value($0) != nil }
        if let name = context.command.value("account") {
            guard context.command.value("new-account") == nil, newOptions.isEmpty else {
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
        guard let name = context.command.value("new-account") else {
            throw context.usageError("say which account: --account ACCOUNT, or --new-account NAME --kind KIND --currency CODE")
        }
        guard let kindText = context.command.value("kind"), let currencyText = context.command.value("currency") else {
            throw context.usageError("--new-account needs --kind (asset or liability) and --currency")
        }
        let kind = AccountKind(rawValue: kindText.lowercased())
        guard AccountKind.knownCases.contains(kind) else {
            throw context.usageError("unknown --kind '\(kindText)' (asset or liability)")
        }
        let currency = currencyText.uppercased()
        guard currency.count == 3, currency.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw context.usageError("--currency needs a three-letter ISO 4217 code, not '\(currencyText)'")
        }
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
            id: id, kind: kind, displayName: name, institutionName: context.command.value("institution") ?? "", currencyCode: currency)
        return Target(accountID: id, displayName: name, kind: kind, currency: currency, creating: account)
    }
}
