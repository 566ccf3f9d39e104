import Analytics
import Ledger
import LedgerStore
import StatementImport
import Testing

@testable import PurseCLI

/// Each option value parses itself and words its own refusal, the same for every command.
@Suite("Option values")
struct OptionValueTests {
    /// A value type, a text it takes and a text it refuses with the message for `--opt`.
    struct Case: CustomTestStringConvertible, Sendable {
        let type: String
        let accepts: String
        let refuses: String
        let message: String
        let check: @Sendable (String) -> (parsed: Bool, refusal: String)

        var testDescription: String { type }
    }

    static func value<Value: OptionValue>(
        _: Value.Type, accepts: String, refuses: String, message: String
    ) -> Case {
        Case(
            type: "\(Value.self)", accepts: accepts, refuses: refuses, message: message,
            check: { text in (Value.parse(text) != nil, Value.refusal(text, option: "opt")) })
    }

    static let cases: [Case] = [
        value(
            MonthChoice.self, accepts: "2026-10", refuses: "2026-13", message: "option '--opt' needs YYYY-MM, this or last, not '2026-13'"),
        value(
            CivilDate.self, accepts: "2026-10-31", refuses: "2026-11-31",
            message: "option '--opt' needs a date YYYY-MM-DD, not '2026-11-31'"),
        value(YearMonth.self, accepts: "2026-01", refuses: "2026-1", message: "option '--opt' needs YYYY-MM, not '2026-1'"),
        value(Count.self, accepts: "0", refuses: "-1", message: "option '--opt' needs a whole number of at least 0, not '-1'"),
        value(PositiveCount.self, accepts: "1", refuses: "0", message: "option '--opt' needs a whole number of at least 1, not '0'"),
        value(WarnLevel.self, accepts: "1000", refuses: "1001", message: "option '--opt' needs a percentage from 1 to 1000, not '1001'"),
        value(
            MerchantCategoryCode.self, accepts: "0", refuses: "10000", message: "option '--opt' needs a code from 0 to 9999, not '10000'"),
        value(KnownCurrency.self, accepts: "usd", refuses: "XYZ", message: "option '--opt' needs an ISO 4217 code such as USD, not 'XYZ'"),
        value(CurrencyCode.self, accepts: "xyz", refuses: "US", message: "--opt needs a three-letter ISO 4217 code, not 'US'"),
        value(NonEmptyText.self, accepts: "Cafe", refuses: " \n", message: "option '--opt' needs some text, not an empty value"),
        value(Tag.self, accepts: " trip ", refuses: "a;b", message: "option '--opt' needs a word without ';', not 'a;b'"),
        value(UnsignedAmount.self, accepts: "9.99", refuses: "-9.99", message: "option '--opt' needs an amount such as 9.99, not '-9.99'"),
        value(
            MailAddress.self, accepts: " Ana <ana@example.com> ", refuses: "ana",
            message: "option '--opt' needs a mail address such as you@example.com or 'Ana <ana@example.com>', not 'ana'"),
        value(
            RuleNumber.self, accepts: "#3", refuses: "0",
            message: "a rule number is a whole number such as 3 (see 'purse rules list'), not '0'"),
        value(
            WatchInterval.self, accepts: "0.5", refuses: "86401",
            message: "option '--opt' needs a number of seconds above 0 (at most 86400), not '86401'"),
        value(FieldDelimiter.self, accepts: "tab", refuses: "\"", message: "--opt takes one character (or tab), not '\"'"),
        value(
            BankCSVColumns.self, accepts: "date=1,description=2,amount=3", refuses: "date=1",
            message: "--opt: the columns need date= and description="),
        value(
            ZoneName.self, accepts: "Europe/London", refuses: "Mars/Olympus",
            message: "unknown time zone 'Mars/Olympus' (use an IANA name such as Europe/London)"),
        value(UInt64.self, accepts: "42", refuses: "-1", message: "option '--opt' needs a whole number, not '-1'"),
        value(AccountKind.self, accepts: "Liability", refuses: "card", message: "unknown --opt 'card' (asset or liability)"),
        value(
            Flow.self, accepts: "transfer", refuses: "refund", message: "option '--opt' must be expense, income or transfer, not 'refund'"),
        value(CreditDebitIndicator.self, accepts: "credit", refuses: "in", message: "option '--opt' must be credit or debit, not 'in'"),
        value(
            TransactionStatus.self, accepts: "booked", refuses: "done",
            message: "option '--opt': unknown value 'done' (one of authorized, booked, memo, pending, rejected)"),
        value(
            ReportCalendar.Interval.self, accepts: "week", refuses: "year", message: "option '--opt' must be day, week or month, not 'year'"
        ),
        value(
            SpendingReport.Grouping.self, accepts: "mcc", refuses: "day",
            message: "option '--opt' must be category, mcc, merchant, account, month, tag, person or group, not 'day'"),
        value(
            TransactionQuery.Sort.self, accepts: "-amount", refuses: "amount-",
            message: "option '--opt' must be date, -date, amount or -amount, not 'amount-'"),
        value(
            BudgetRecord.Rollover.self, accepts: "all", refuses: "some", message: "option '--opt' must be none, surplus or all, not 'some'"),
        value(StatementFormat.self, accepts: "ofx", refuses: "qif", message: "unknown --opt 'qif' (applecard-csv, ofx or csv)"),
        value(
            BankCSVLayout.Sign.self, accepts: "spend-positive", refuses: "positive",
            message: "unknown --opt 'positive' (account-positive or spend-positive)"),
    ]

    @Test("each value takes its text and refuses a wrong one with its message", arguments: cases)
    func acceptsAndRefuses(_ value: Case) {
        #expect(value.check(value.accepts).parsed)
        let refused = value.check(value.refuses)
        #expect(!refused.parsed)
        #expect(refused.refusal == value.message)
    }

    @Test("values keep what they read: this and last months, trimmed words, upper-cased codes, units")
    func parsedValues() {
        let october = YearMonth(iso: "2026-10")!
        #expect(MonthChoice.parse("this")?.month(current: october) == october)
        #expect(MonthChoice.parse("last")?.month(current: october) == YearMonth(iso: "2026-09"))
        #expect(MonthChoice.parse("2026-01")?.month(current: october) == YearMonth(iso: "2026-01"))
        #expect(Tag.parse(" trip ")?.word == "trip")
        #expect(KnownCurrency.parse("eur")?.code == "EUR")
        #expect(MailAddress.parse(" you@example.com ")?.text == "you@example.com")
        #expect(UnsignedAmount.parse("9.99")?.units == 99_900)
        #expect(RuleNumber.parse("#12")?.id == 12)
        #expect(FieldDelimiter.parse("tab")?.character == "\t")
        #expect(AccountKind.parse("LIABILITY") == .liability)
        #expect(Flow.parse("expense") == .expense)
    }

    @Test("a comma list reads every item of every repetition; a bad item is named, in the list's words")
    func lists() throws {
        let option = OptionSpec("mcc", value: "N", help: "", repeatable: true)
        let parsed = ParsedCommand(path: ["transactions"], values: ["mcc": ["5411, 5812", ",5999"]])
        #expect(try parsed.list(option, as: MerchantCategoryCode.self).map(\.code) == [5411, 5812, 5999])
        let bad = ParsedCommand(path: ["transactions"], values: ["mcc": ["5411,x"]])
        #expect(throws: CommandError.self) { try bad.list(option, as: MerchantCategoryCode.self) }
        do {
            _ = try bad.list(option, as: MerchantCategoryCode.self)
        } catch {
            #expect(error.message == "option '--mcc' needs codes from 0 to 9999, not 'x'")
            #expect(error.commandPath == ["transactions"])
        }
    }
}
