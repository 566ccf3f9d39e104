import PurseTestSupport
import Testing

@testable import StatementImport

/// Thousands of seeded mutations of valid statements: no parser may crash or hang, and each
/// must accept a file or refuse it with an error naming the file and a line in it.
@Suite("Mutation fuzzing of the statement parsers")
struct StatementMutationFuzzTests {
    static let seeds: [(selector: Int, text: String)] = [
        (0, OFXFixtures.cardOneLine), (0, OFXFixtures.cardMixedTags), (0, OFXFixtures.cardUnclosedList), (0, OFXFixtures.bankXML),
        (0, OFXFixtures.xmlHeaderSGMLBody), (1, CSVStatementTests.appleCard),
        (2, "2022-01-13 16:52:43,\"Market, Hall\",-12.40,100.00,PENDING\n2022-01-12,Top-Up,\"1,500.00\",,COMPLETED\n"),
        (3, "Export\nDate;Text;Out;In\n05.03.2025;Bäckerei;1.234,50;\n04.03.2025;Refund;;2,00\n"),
    ]

    /// Tokens the formats give meaning to, to splice in.
    static let tokens = [
        "<", ">", "</STMTTRN>", "<STMTTRN>", "<![CDATA[", "]]>", "&", "&#x110000;", "&nbsp;", "<TRNAMT>", "<DTPOSTED>99999999",
        "\"", ",", ";", "\r\n", "\n", "'", "-", ".", "99999999999999999999", "</OFX>", "<!--", "[-3:GMT]",
    ]

    static func mutate(_ input: [UInt8], _ random: inout SeededRandom) -> [UInt8] {
        var bytes = input
        guard !bytes.isEmpty else { return Array(tokens[random.below(tokens.count)].utf8) }
        switch random.below(5) {
        case 0:
            for _ in 0...random.below(4) { bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8)) }
        case 1:
            bytes = Array(bytes.prefix(random.below(bytes.count)))
        case 2:
            let start = random.below(bytes.count)
            bytes.removeSubrange(start..<min(bytes.count, start + 1 + random.below(40)))
        case 3:
            let start = random.below(bytes.count)
            bytes.insert(contentsOf: bytes[start..<min(bytes.count, start + 1 + random.below(60))], at: random.below(bytes.count))
        default:
            bytes.insert(contentsOf: Array(tokens[random.below(tokens.count)].utf8), at: random.below(bytes.count + 1))
        }
        return bytes
    }

    @Test("4,000 mutations: each file is accepted or refused with its file and a line in it, never a crash")
    func mutations() {
        var random = SeededRandom(state: 20_261_201)
        var accepted = 0
        var refused = 0
        for round in 0..<4000 {
            let seed = Self.seeds[round % Self.seeds.count]
            var bytes = Array(seed.text.utf8)
            for _ in 0...random.below(3) { bytes = Self.mutate(bytes, &random) }
            guard let error = StatementFuzzing.parse(bytes, selector: seed.selector) else {
                accepted += 1
                continue
            }
            refused += 1
            #expect(error.file == "fuzz")
            #expect(!error.message.isEmpty)
            let lines = StatementText.decode(bytes).filter(\.isNewline).count + 1
            if let line = error.line { #expect(line >= 1 && line <= lines, "round \(round): line \(line) of \(lines): \(error)") }
        }
        #expect(accepted + refused == 4000)
        #expect(refused > 400, "many mutations break a file")
        #expect(accepted > 400, "many mutations keep it readable")
    }
}
