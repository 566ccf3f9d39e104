import Analytics
import Ledger
import StatementImport
import Testing

@testable import PurseCLI

/// Option groups decode themselves from a parsed command line into typed values, and a shared
/// option is declared once for every command that takes it.
@Suite("Option groups")
struct OptionGroupTests {
    static let november = YearMonth(iso: "2026-11")!

    static func parsed(_ values: [String: [String]] = [:], flags: Set<String> = []) -> ParsedCommand {
        ParsedCommand(path: ["report", "spending"], values: values, flags: flags)
    }

    /// The message of the usage error `body` throws; nil when it throws none.
    static func refusal(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return (error as? CommandError)?.message
        }
    }

    @Test("a period: --month this or last in the zone's month, a range in order, the first mistake told")
    func period() throws {
        #expect(try PeriodOptions(Self.parsed(), current: Self.november).days == .none)
        #expect(try PeriodOptions(Self.parsed(["month": ["last"]]), current: Self.november).days == .month(YearMonth(iso: "2026-10")!))
        let range = try PeriodOptions(Self.parsed(["from": ["2026-10-05"]]), current: Self.november).days
        #expect(range == .range(from: CivilDate(iso: "2026-10-05"), to: nil))
        #expect(
            Self.refusal { _ = try PeriodOptions(Self.parsed(["month": ["2026-13"], "from": ["x"]]), current: Self.november) }
                == "option '--month' needs YYYY-MM, this or last, not '2026-13'")
        #expect(
            Self.refusal { _ = try PeriodOptions(Self.parsed(["month": ["this"], "to": ["2026-10-01"]]), current: Self.november) }
                == "use either --month or --from/--to, not both")
        #expect(
            Self.refusal {
                _ = try PeriodOptions(Self.parsed(["from": ["2026-10-05"], "to": ["2026-10-01"]]), current: Self.november)
            } == "--to 2026-10-01 is before --from 2026-10-05")
    }

    @Test("budget months: --from alone runs to this month; --month with --from is refused before either is read")
    func budgetMonths() throws {
        let months = try BudgetMonths(Self.parsed(["from": ["2026-09"]]), current: Self.november).months
        #expect(months.map(\.description) == ["2026-09", "2026-10", "2026-11"])
        #expect(try BudgetMonths(Self.parsed(), current: Self.november).months == [Self.november])
        #expect(
            Self.refusal { _ = try BudgetMonths(Self.parsed(["month": ["x"], "from": ["y"]]), current: Self.november) }
                == "use either --month or --from/--to, not both")
        #expect(
            Self.refusal { _ = try BudgetMonths(Self.parsed(["to": ["2026-13"]]), current: Self.november) }
                == "options '--from' and '--to' need YYYY-MM")
    }

    @Test("a balance range: --to today, --from a year before, --every month unless given")
    func balanceRange() throws {
        let today = CivilDate(iso: "2026-11-15")!
        let range = try BalanceRange(Self.parsed(), today: today)
        #expect(range.to == today)
        #expect(range.from == CivilDate(iso: "2025-11-15"))
        #expect(range.interval == .month)
        #expect(try BalanceRange(Self.parsed(["every": ["week"]]), today: today).interval == .week)
    }

    @Test("watch options: --interval and --poll go with --watch; the interval is 10 seconds unless given")
    func watch() throws {
        #expect(try WatchOptions(Self.parsed()).interval == nil)
        #expect(try WatchOptions(Self.parsed(flags: ["watch"])).interval == .standard)
        #expect(try WatchOptions(Self.parsed(["interval": ["2"]], flags: ["watch", "poll"])).interval?.seconds == 2)
        #expect(Self.refusal { _ = try WatchOptions(Self.parsed(["interval": ["x"]])) } == "option '--interval' goes with --watch")
        #expect(Self.refusal { _ = try WatchOptions(Self.parsed(flags: ["poll"])) } == "option '--poll' goes with --watch")
    }

    @Test("thresholds: 80 unless --warn-at, which is kept to tell budget check to list warnings")
    func thresholds() throws {
        #expect(try BudgetThresholds(Self.parsed()).given == nil)
        #expect(try BudgetThresholds(Self.parsed()).warnAt.percent == 80)
        #expect(try BudgetThresholds(Self.parsed(["warn-at": ["95"]])).warnAt.percent == 95)
    }

    @Test("transaction filters: codes, statuses, types, order and page, typed")
    func transactionFilters() throws {
        let options = try TransactionFilterOptions(
            Self.parsed([
                "mcc": ["5411,5812"], "status": ["booked"], "type": ["refund"], "sort": ["-amount"], "merchant": ["CAFÉ"],
                "limit": ["5"], "month": ["this"],
            ]), current: Self.november)
        #expect(options.period == .month(Self.november))
        #expect(options.codes == [5411, 5812])
        #expect(options.statuses == [.booked])
        #expect(options.types == [TransactionType(rawValue: "refund")])
        #expect(options.sort == .amountDescending)
        #expect(options.merchant == "café")
        #expect(options.limit == 5)
        #expect(options.offset == 0)
    }

    @Test("statement layout: a profile, then --columns over it, then the tuning options")
    func statementLayout() throws {
        let saved = BankCSVLayout(columns: ["date": "1", "description": "2", "amount": "3"], skip: 2)
        let options = try StatementLayoutOptions(Self.parsed(["profile": ["bank"], "delimiter": ["tab"]])) { $0 == "bank" ? saved : nil }
        #expect(options.layout?.skip == 2)
        #expect(options.layout?.delimiter == "\t")
        #expect(!options.columnsGiven)
        #expect(try StatementLayoutOptions(Self.parsed()) { _ in nil }.layout == nil)
        #expect(throws: CommandError.self) { try StatementLayoutOptions(Self.parsed(["profile": ["other"]])) { _ in nil } }
        #expect(throws: CommandError.self) { try StatementLayoutOptions(Self.parsed(["skip": ["1"]])) { _ in nil } }
    }

    @Test("--format's help names the formats a command writes and its default")
    func formatHelp() {
        #expect(OutputOptions.format.help == "text, csv or json (default text, or from -o FILE's extension).")
        #expect(OutputOptions.format(["text", "json"], fallback: "text", toFile: false).help == "text or json (default text).")
    }
}

@Suite("Command catalogue")
struct CommandCatalogTests {
    @Test("each command's words lead to the command that declares them, once")
    func dispatch() throws {
        let paths = CommandCatalog.commands.map { $0.spec.path }
        #expect(Set(paths).count == paths.count)
        for command in CommandCatalog.commands {
            let found = try #require(CommandCatalog.command(at: command.spec.path))
            #expect(ObjectIdentifier(found) == ObjectIdentifier(command))
        }
        #expect(CommandCatalog.command(at: ["report"]) == nil)
    }

    /// Options that mean the same for every command that takes them: one spec, so one help text.
    @Test(
        "a shared option has one spec in the whole catalogue",
        arguments: [
            BudgetThresholds.warnAt, ScopeOptions.includePending, BalanceRange.every, AccountScope.account,
            AccountScope.all, OutputOptions.bom, PickedInput.input, SureCommand.inbox, PeriodOptions.from, PeriodOptions.to,
        ])
    func sharedOptionOnce(shared: OptionSpec) {
        let alike = CommandCatalog.all.flatMap(\.options).filter {
            $0.name == shared.name && $0.valueName == shared.valueName && $0.repeatable == shared.repeatable
        }
        #expect(alike.count > 1)
        for option in alike where option != shared {
            // Only the balance reports' bounds say their own defaults, and `prices` bounds the rates' own days.
            #expect(
                [BalanceRange.from, BalanceRange.to, PricesCommand.from, PricesCommand.to].contains(option),
                "\(option.name): \(option.help)")
        }
    }

    /// A name with several meanings is declared once per meaning; any other option name with two
    /// help texts is a shared option that drifted.
    @Test("no option name has two help texts unless its meaning differs by command")
    func noDrift() {
        let meanings: Set<String> = [
            // Per command: what it counts, its formats, its defaults.
            "account", "category", "currency", "flow", "format", "from", "to", "institution", "kind", "mcc", "merchant", "month",
            "name", "new", "tag", "type", "output", "ascii", "note", "exclude", "not-anomaly",
            // set: whose it is; unset: remove it; rules add: a rule's; the listings and reports: a filter.
            "person",
            // categories: uncategorized spending by merchant; merchants: only uncategorized merchant texts.
            "uncategorized",
            // status: the ledger's integrity; report upcoming: a balance going below zero.
            "check",
            // `report spending --by GROUP`; `goal set --by YYYY-MM`.
            "by",
            // report budget and budget check: project the running period; explain: the parts of one projection.
            "projected",
            // categories: the uncategorized spending report; merchants: only Uncategorized spending.
            "uncategorized",
            // explain --group NAME: a filter; budget set|remove --group: CATEGORY names a group.
            "group",
        ]
        var helps: [String: Set<String>] = [:]
        for option in CommandCatalog.all.flatMap(\.options) { helps[option.name, default: []].insert(option.help) }
        let drifted = helps.filter { $0.value.count > 1 && !meanings.contains($0.key) }.keys.sorted()
        #expect(drifted == [])
    }
}
