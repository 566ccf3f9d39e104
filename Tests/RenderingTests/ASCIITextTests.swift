import Rendering
import Testing

/// Text for a locale that is not UTF-8: every character has one ASCII form, the same every time.
@Suite("ASCII text")
struct ASCIITextTests {
    @Test(
        "accents dropped, compatibility forms spelled out, usual spellings, anything else one '?'",
        arguments: [
            ("Café de Flore", "Cafe de Flore"),
            ("CAFÉ DÉJÀ VU", "CAFE DEJA VU"),
            ("Straße", "Strasse"),
            ("Smørrebrød Æble", "Smorrebrod AEble"),
            ("Łódź", "Lodz"),
            ("ﬁne", "fine"),
            ("Ａｐｐｌｅ", "Apple"),
            ("½", "1/2"),
            ("Tesco – Extra…", "Tesco - Extra..."),
            ("“Bob’s”", "\"Bob's\""),
            ("£12 shop", "GBP12 shop"),
            ("Coffee ☕️ 👍🏽", "Coffee ? ?"),
            ("東京 한국", "?? ??"),
            ("plain ASCII, unchanged: $1,234.50", "plain ASCII, unchanged: $1,234.50"),
        ])
    func transliterated(text: String, expected: String) {
        let ascii = ASCIIText.transliterated(text)
        #expect(ascii == expected)
        #expect(ascii.utf8.allSatisfy { $0 < 0x80 })
        #expect(ASCIIText.transliterated(ascii) == ascii)
    }

    @Test(
        "the locale: LC_ALL, else LC_CTYPE, else LANG, the first set and not empty; none set is UTF-8",
        arguments: [
            ([:], true),
            (["LANG": "C"], false),
            (["LANG": "POSIX"], false),
            (["LANG": "en_US.UTF-8"], true),
            (["LANG": "de_DE.utf8"], true),
            (["LANG": "en_US.ISO-8859-1"], false),
            (["LC_ALL": "C", "LANG": "en_US.UTF-8"], false),
            (["LC_ALL": "", "LC_CTYPE": "C.UTF-8", "LANG": "C"], true),
            (["LC_CTYPE": "C", "LANG": "en_US.UTF-8"], false),
            (["LC_ALL": "en_GB.UTF-8", "LANG": "C"], true),
        ])
    func locale(environment: [String: String], utf8: Bool) {
        #expect(ASCIIText.localeTakesUTF8(environment) == utf8)
    }

    @Test("money: a symbol that is not ASCII gives way to the ISO code; ASCII symbols and codes stay")
    func money() {
        ASCIIText.$isRequired.withValue(true) {
            #expect(MoneyFormat.text(120_000, currency: "GBP") == "GBP 12.00")
            #expect(MoneyFormat.text(-12_345_000, currency: "EUR") == "-EUR 1,234.50")
            #expect(MoneyFormat.text(12_000_000, currency: "JPY") == "JPY 1,200")
            #expect(MoneyFormat.text(120_000, currency: "USD") == "$12.00")
            #expect(MoneyFormat.text(120_000, currency: "CAD") == "CA$12.00")
            #expect(MoneyFormat.text(120_000, currency: "XYZ") == "12.00 XYZ")
        }
        #expect(MoneyFormat.text(120_000, currency: "GBP") == "£12.00")
    }

    @Test("a table turns its cells to ASCII before measuring them, so the columns still line up")
    func table() {
        ASCIIText.$isRequired.withValue(true) {
            var table = TextTable(columns: [.init("Merchant", maximumWidth: 12), .init("Net", .right)])
            table.append(["Café", MoneyFormat.text(120_000, currency: "GBP")])
            table.append(["東京 Sushi Bar Deluxe", MoneyFormat.text(10_000, currency: "USD")])
            #expect(
                table.rendered() == """
                    Merchant            Net
                    ------------  ---------
                    Cafe          GBP 12.00
                    ?? Sushi ...      $1.00

                    """)
        }
    }
}
