import Testing

@testable import StatementImport

@Suite("Statement text and amounts")
struct StatementTextTests {
    @Test("UTF-8 without its BOM; Windows-1252 when not UTF-8; Latin-1 when a byte 1252 leaves undefined")
    func decoding() {
        #expect(StatementText.decode([0xEF, 0xBB, 0xBF] + Array("Café".utf8)) == "Café")
        #expect(StatementText.decode([0x80, 0x20, 0x92, 0xE9]) == "€ ’é")
        #expect(StatementText.decode([0x81, 0xE9]) == "\u{81}é")
    }

    @Test("UTF-16, with or without its byte order mark, is refused by name")
    func utf16() throws {
        let csv = "Date,Description,Amount\n2024-01-02,Caf\u{E9},-4.50\n"
        let little = csv.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big = csv.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [[0xFF, 0xFE] + little, little, [0xFE, 0xFF] + big, big] {
            #expect(throws: StatementError(file: "u.csv", line: nil, field: nil, message: "UTF-16 is not supported; save as UTF-8")) {
                try StatementText.decode(bytes, file: "u.csv")
            }
        }
        #expect(try StatementText.decode(Array(csv.utf8), file: "u.csv") == csv)
        #expect(try StatementText.decode([0xE9, 0x00, 0x41], file: "u.csv") == "\u{E9}\u{0}A")
    }

    @Test("A header that says CHARSET:ISO-8859-1 is read as Latin-1")
    func latin1Header() {
        #expect(StatementText.decode(Array("OFXHEADER:100\nCHARSET:ISO-8859-1\n".utf8) + [0x80, 0xE9]).hasSuffix("\u{80}é"))
        #expect(StatementText.decode(Array("OFXHEADER:100\nCHARSET:1252\n".utf8) + [0x80, 0xE9]).hasSuffix("€é"))
    }

    @Test("A CHARSET:1252 OFX file with € and é in a NAME")
    func ofx1252() throws {
        let row = "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240101<TRNAMT>-1.00<FITID>x<NAME>CAF\u{E9} \u{20AC}5</STMTTRN>"
        var bytes: [UInt8] = []
        for scalar in OFXFixtures.bank(row).unicodeScalars {
            switch scalar {
            case "\u{E9}": bytes.append(0xE9)
            case "\u{20AC}": bytes.append(0x80)
            default: bytes.append(UInt8(scalar.value))
            }
        }
        let statement = try OFXStatementParser(file: "s.ofx", accountIsLiability: false).parse(StatementText.decode(bytes))
        #expect(statement.entries[0].description == "CAFé €5")
    }

    @Test(
        "Amounts as statements write them",
        arguments: [
            ("-16.40", -164_000), ("+5", 50_000), (" 1,050.00 ", 10_500_000), (".5", 5_000), ("5.", 50_000), ("(3.20)", -32_000),
            ("2000", 20_000_000),
        ])
    func amounts(text: String, units: Int64) throws {
        #expect(try StatementAmount.units(text) == units)
    }

    @Test("A decimal comma, and OFX's comma radix")
    func commas() throws {
        #expect(try StatementAmount.units("-1.234,56", style: .decimalComma) == -12_345_600)
        #expect(try StatementAmount.units("1 234,5", style: .decimalComma) == 12_345_000)
        #expect(try StatementAmount.units("-16,40", style: .ofx) == -164_000)
        // A comma alone in OFX is the decimal mark, whatever digits follow it.
        #expect(try StatementAmount.units("1,050", style: .ofx) == 10_500)
    }

    @Test("Not amounts", arguments: ["", "-", "1.2.3", "12a", "1.00001", "--1"])
    func notAmounts(text: String) {
        #expect(throws: (any Error).self) { try StatementAmount.units(text) }
    }
}
