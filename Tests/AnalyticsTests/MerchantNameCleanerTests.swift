import Testing

@testable import Analytics

@Suite("The name purse merchants suggests")
struct MerchantNameCleanerTests {
    @Test(
        "reference codes after a *, store numbers and trailing references go",
        arguments: [
            ("AMZN Mktp US*2K3AB1", "AMZN Mktp US"),
            ("AMAZON.COM*7Y1AA", "AMAZON.COM"),
            ("SQ *BLUE BOTTLE", "BLUE BOTTLE"),
            ("TST* JOES PIZZA 0042", "JOES PIZZA"),
            ("STARBUCKS STORE #1234", "STARBUCKS STORE"),
            ("SHELL OIL 57444362", "SHELL OIL"),
            ("TRADER JOE'S #552 -", "TRADER JOE'S"),
            ("  Whole Foods Market  ", "Whole Foods Market"),
        ])
    func cleaned(raw: String, expected: String) {
        #expect(MerchantNameCleaner.suggestion(raw) == expected)
    }

    @Test("a text that would be left empty, or is one word with digits, stays itself")
    func kept() {
        #expect(MerchantNameCleaner.suggestion("7-ELEVEN") == "7-ELEVEN")
        #expect(MerchantNameCleaner.suggestion("*") == "*")
        #expect(MerchantNameCleaner.suggestion("#1234") == "#1234")
    }
}
