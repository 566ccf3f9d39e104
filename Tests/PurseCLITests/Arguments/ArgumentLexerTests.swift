import PurseCLI
import Testing

@Suite("ArgumentLexer")
struct ArgumentLexerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let words: [String]
        let tokens: [ArgumentToken]
        var testDescription: String { words.joined(separator: " ") }
    }

    static func long(_ raw: String, _ name: String, _ value: String? = nil) -> ArgumentToken {
        .option(OptionToken(raw: raw, name: name, isShort: false, inlineValue: value))
    }

    static func short(_ name: String) -> ArgumentToken {
        .option(OptionToken(raw: "-" + name, name: name, isShort: true))
    }

    static let cases: [Case] = [
        Case(words: ["--month", "2026-01"], tokens: [long("--month", "month"), .argument("2026-01")]),
        Case(words: ["--month=2026-01"], tokens: [long("--month=2026-01", "month", "2026-01")]),
        Case(words: ["--memo=a=b"], tokens: [long("--memo=a=b", "memo", "a=b")]),
        Case(words: ["--memo="], tokens: [long("--memo=", "memo", "")]),
        Case(words: ["-o", "out.csv"], tokens: [short("o"), .argument("out.csv")]),
        Case(words: ["-xyz"], tokens: [short("xyz")]),
        Case(words: ["-"], tokens: [.argument("-")]),
        Case(words: ["-5"], tokens: [.argument("-5")]),
        Case(words: ["-12.50"], tokens: [.argument("-12.50")]),
        Case(words: ["-1,234.50"], tokens: [.argument("-1,234.50")]),
        Case(words: ["-.5"], tokens: [.argument("-.5")]),
        Case(words: ["-."], tokens: [short(".")]),
        Case(words: ["-5x"], tokens: [short("5x")]),
        Case(words: ["--", "--month", "-o", "-"], tokens: [.terminator, .argument("--month"), .argument("-o"), .argument("-")]),
        Case(words: ["--", "--"], tokens: [.terminator, .argument("--")]),
        Case(words: ["report", "spending"], tokens: [.argument("report"), .argument("spending")]),
        Case(words: [""], tokens: [.argument("")]),
        Case(words: [], tokens: []),
    ]

    @Test(arguments: cases)
    func lexes(_ testCase: Case) {
        #expect(ArgumentLexer.tokens(testCase.words) == testCase.tokens)
    }

    @Test func spellingDropsTheValue() {
        #expect(OptionToken(raw: "--month=1", name: "month", isShort: false, inlineValue: "1").spelling == "--month")
        #expect(OptionToken(raw: "-o", name: "o", isShort: true).spelling == "-o")
    }
}
