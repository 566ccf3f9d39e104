import Testing

@testable import Ledger

/// The money rules' "Amounts" (README, "How purse counts money"): exact integers of 1/10,000
/// unit, at most four fraction digits, at most 900 trillion, never rounded, never mixed across
/// currencies.
@Suite("Money: exact amounts")
struct MoneyTests {
    // MARK: - Parsing

    @Test(
        "unsigned decimal text becomes exact units",
        arguments: [
            ("12.50", Int64(125_000)),
            ("0", 0),
            ("0.0", 0),
            ("1200", 12_000_000),
            ("3.1415", 31_415),
            ("0.0001", 1),
            ("0.5", 5_000),
            ("1.234", 12_340),
            ("54.20", 542_000),
            ("999999.9999", 9_999_999_999),
            ("900000000000000", 9_000_000_000_000_000_000),
            ("900000000000000.0000", 9_000_000_000_000_000_000),
            ("899999999999999.9999", 8_999_999_999_999_999_999),
        ])
    func parses(text: String, units: Int64) throws {
        let money = try Money(parsing: text, currency: "USD")
        #expect(money.units == units)
        #expect(money.currency == "USD")
        #expect(try Money.parseUnits(text, allowSign: false) == units)
        #expect(try Money.parseUnits(text, allowSign: true) == units)
    }

    @Test(
        "text that is not a plain unsigned decimal is refused, never guessed at",
        arguments: [
            "", ".5", "1.", ".", "1e3", "1E3", "+1", "-1", " 1", "1 ", "1,000", "1,5", "1.2.3",
            "12.50\n", "0x10", "NaN", "Infinity", "abc", "1_000", "1'000",
            "１２",  // full-width digits
            "١٢",  // Arabic-Indic digits
            "- 1", "--1", "$1",
        ])
    func refusesNonDecimal(text: String) {
        #expect(throws: MoneyError.notADecimal(text)) {
            try Money(parsing: text, currency: "USD")
        }
    }

    @Test(
        "more than four fraction digits is an error, never rounded",
        arguments: ["12.34567", "0.00001", "0.00000", "1.12340", "3.14159265358979"])
    func refusesFifthFractionDigit(text: String) {
        #expect(throws: MoneyError.tooManyFractionDigits(text)) {
            try Money(parsing: text, currency: "USD")
        }
        #expect(throws: MoneyError.tooManyFractionDigits(text)) {
            try Money.parseUnits(text, allowSign: true)
        }
    }

    @Test(
        "beyond 900 trillion is an error",
        arguments: [
            "900000000000001",
            "900000000000000.0001",
            "999999999999999",
            "1000000000000000",
            "9999999999999999",  // 16 digits
            "99999999999999999",  // 17 digits: must not overflow Int64 on the way
            "99999999999999999999999999999999999999",  // far beyond Int64
        ])
    func refusesBeyondLimit(text: String) {
        #expect(throws: MoneyError.outOfRange(text)) {
            try Money(parsing: text, currency: "USD")
        }
    }

    @Test("the limit is exactly 900 trillion whole units")
    func limit() throws {
        #expect(Money.maximumUnits == 900_000_000_000_000 * Money.scale)
        #expect(Money.scale == 10_000)
        #expect(try Money(parsing: "900000000000000", currency: "USD").units == Money.maximumUnits)
        #expect(throws: MoneyError.self) { try Money(parsing: "900000000000000.0001", currency: "USD") }
    }

    @Test(
        "with allowSign a leading minus is accepted",
        arguments: [
            ("-1", Int64(-10_000)),
            ("-12.50", -125_000),
            ("-0.0001", -1),
            ("-0", 0),
            ("-900000000000000", -9_000_000_000_000_000_000),
            ("12.50", 125_000),
        ])
    func signed(text: String, units: Int64) throws {
        #expect(try Money.parseUnits(text, allowSign: true) == units)
    }

    @Test("without allowSign a leading minus is refused")
    func minusNeedsAllowSign() {
        #expect(throws: MoneyError.notADecimal("-1")) { try Money.parseUnits("-1", allowSign: false) }
        #expect(throws: MoneyError.notADecimal("-12.50")) { try Money(parsing: "-12.50", currency: "EUR") }
    }

    @Test(
        "with allowSign, only a single leading minus before digits is accepted",
        arguments: [
            ("-", MoneyError.notADecimal("-")),
            ("--1", .notADecimal("--1")),
            ("+1", .notADecimal("+1")),
            ("1-", .notADecimal("1-")),
            ("-.5", .notADecimal("-.5")),
            ("- 1", .notADecimal("- 1")),
            ("-1.23456", .tooManyFractionDigits("-1.23456")),
            ("-900000000000001", .outOfRange("-900000000000001")),
        ])
    func signedRefusals(text: String, error: MoneyError) {
        #expect(throws: error) { try Money.parseUnits(text, allowSign: true) }
    }

    @Test("the error names the text as written")
    func errorMessages() {
        #expect(MoneyError.notADecimal("1,000").description.contains("'1,000'"))
        #expect(MoneyError.tooManyFractionDigits("12.34567").description.contains("'12.34567'"))
        #expect(MoneyError.outOfRange("900000000000001").description.contains("900 trillion"))
        #expect(MoneyError.currencyMismatch("USD", "EUR").description == "cannot combine USD with EUR")
    }

    // MARK: - Exactness

    @Test("decimal fractions add exactly (0.1 + 0.2 == 0.3, ten dimes == 1)")
    func exactness() throws {
        let tenth = try Money(parsing: "0.1", currency: "USD")
        let fifth = try Money(parsing: "0.2", currency: "USD")
        #expect(try tenth.adding(fifth) == Money(parsing: "0.3", currency: "USD"))
        var total = Money.zero("USD")
        for _ in 0..<10 { total = try total.adding(tenth) }
        #expect(total == (try Money(parsing: "1", currency: "USD")))
        #expect(total.units == 10_000)
    }

    @Test("units are exact for every four-digit fraction of a large amount")
    func exactFractions() throws {
        for fraction in stride(from: 0, through: 9_999, by: 1) {
            let text = "123456789012." + String(repeating: "0", count: 4 - String(fraction).count) + String(fraction)
            #expect(try Money.parseUnits(text, allowSign: false) == 1_234_567_890_120_000 + Int64(fraction), "\(text)")
        }
    }

    @Test(
        "fewer fraction digits are scaled, never shifted wrongly",
        arguments: [
            ("7.5", Int64(75_000)), ("7.05", 70_500), ("7.005", 70_050), ("7.0005", 70_005), ("7.50", 75_000),
            ("7.500", 75_000), ("7.5000", 75_000),
        ])
    func fractionScaling(text: String, units: Int64) throws {
        #expect(try Money.parseUnits(text, allowSign: false) == units)
    }

    // MARK: - Arithmetic

    @Test("adding and subtracting within one currency")
    func arithmetic() throws {
        let a = Money(units: 125_000, currency: "USD")
        let b = Money(units: 5_420, currency: "USD")
        #expect(try a.adding(b) == Money(units: 130_420, currency: "USD"))
        #expect(try a.subtracting(b) == Money(units: 119_580, currency: "USD"))
        #expect(try b.subtracting(a) == Money(units: -119_580, currency: "USD"))
        #expect(try a.adding(.zero("USD")) == a)
    }

    @Test(
        "different currencies are never added together",
        arguments: [("USD", "EUR"), ("USD", "usd"), ("JPY", "USD"), ("GBP", "")])
    func currencyMismatch(left: String, right: String) {
        let a = Money(units: 10_000, currency: left)
        let b = Money(units: 10_000, currency: right)
        #expect(throws: MoneyError.currencyMismatch(left, right)) { try a.adding(b) }
        #expect(throws: MoneyError.currencyMismatch(left, right)) { try a.subtracting(b) }
        #expect(throws: MoneyError.currencyMismatch(right, left)) { try b.adding(a) }
    }

    @Test("a mismatch is refused even when one side is zero")
    func mismatchWithZero() {
        #expect(throws: MoneyError.currencyMismatch("USD", "EUR")) {
            try Money.zero("USD").adding(.zero("EUR"))
        }
    }

    @Test("overflow throws instead of wrapping")
    func overflow() throws {
        let maximum = Money(units: Money.maximumUnits, currency: "USD")
        #expect(throws: MoneyError.overflow("USD")) { try maximum.adding(maximum) }
        #expect(throws: MoneyError.overflow("USD")) { try maximum.negated.adding(maximum.negated) }
        #expect(throws: MoneyError.overflow("USD")) { try maximum.subtracting(maximum.negated) }
        #expect(throws: MoneyError.overflow("JPY")) {
            try Money(units: .max, currency: "JPY").adding(Money(units: 1, currency: "JPY"))
        }
        #expect(throws: MoneyError.overflow("JPY")) {
            try Money(units: .min + 1, currency: "JPY").adding(Money(units: -2, currency: "JPY"))
        }
        // Right at the edge still works.
        #expect(try Money(units: .max - 1, currency: "USD").adding(Money(units: 1, currency: "USD")).units == .max)
    }

    @Test("sign helpers")
    func signs() {
        let debit = Money(units: -54_200, currency: "USD")
        #expect(debit.isNegative)
        #expect(!debit.magnitude.isNegative)
        #expect(debit.magnitude == Money(units: 54_200, currency: "USD"))
        #expect(debit.negated == Money(units: 54_200, currency: "USD"))
        #expect(debit.negated.negated == debit)
        #expect(!Money.zero("USD").isNegative)
        #expect(Money.zero("USD").negated == .zero("USD"))
        #expect(Money.zero("EUR") != Money.zero("USD"))
    }

    // MARK: - significantFractionDigits

    @Test(
        "significant fraction digits",
        arguments: [
            (Int64(0), 0), (10_000, 0), (-10_000, 0), (12_000_000, 0),
            (125_000, 1),  // 12.50 really has one: 12.5
            (12_500, 2),  // 1.25
            (12_340, 3),  // 1.234
            (-12_340, 3),
            (31_415, 4),  // 3.1415
            (1, 4), (-1, 4), (10, 3), (100, 2), (1_000, 1),
            (Money.maximumUnits, 0), (-Money.maximumUnits + 1, 4),
        ])
    func significantFractionDigits(units: Int64, digits: Int) {
        #expect(Money(units: units, currency: "USD").significantFractionDigits == digits)
    }
}
