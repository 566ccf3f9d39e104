import Ledger
import PurseTestSupport
import Testing

@testable import StatementImport

/// The amount reader against a reference that writes random amounts in every style statements
/// use, and against malformed variants of them that must be refused, never rescaled.
@Suite("Statement amounts")
struct StatementAmountTests {
    typealias Style = StatementAmount.Style

    @Test(
        "Digit groups in the right places",
        arguments: [
            ("1,250.40", Style.decimalPoint, 12_504_000), ("1.250,40", .decimalComma, 12_504_000), ("1 250,40", .decimalComma, 12_504_000),
            ("1'250.40", .decimalPoint, 12_504_000), ("1 250.40", .decimalPoint, 12_504_000),
            ("12,345,678", .decimalPoint, 123_456_780_000),
            ("-1,250.40", .ofx, -12_504_000), ("-0,0001", .ofx, -1), ("-1,00000", .ofx, -10_000), ("-16,40", .ofx, -164_000),
            ("1,050", .ofx, 10_500), ("(1.250,00)", .decimalComma, -12_500_000), ("1\u{202F}250,5", .decimalComma, 12_505_000),
        ])
    func grouped(text: String, style: Style, units: Int64) throws {
        #expect(try StatementAmount.units(text, style: style) == units)
    }

    @Test(
        "Malformed digit groups are refused, not rescaled",
        arguments: [
            ("12,50", Style.decimalPoint), ("1,5,5", .decimalPoint), ("0,0001", .decimalPoint), ("12.50", .decimalComma),
            ("-54.2", .decimalComma), ("-1,5,5", .ofx), ("1,2345.00", .decimalPoint), ("1,250 000.00", .decimalPoint),
            ("1,,250", .decimalPoint), ("0,250", .decimalPoint), (",250", .decimalPoint), ("1,250,", .decimalPoint),
            ("1.250.5", .ofx), ("1.2,5", .decimalPoint), ("-0,00001", .ofx), ("1234,567.00", .decimalPoint),
        ])
    func malformed(text: String, style: Style) {
        #expect(throws: MoneyError.self) { try StatementAmount.units(text, style: style) }
    }

    /// One way of writing an amount, from which the reference writes it, well or malformed.
    struct Written {
        var style: Style
        var mark: Character
        var group: Character?
        var negative: Bool
        var parentheses: Bool
        var plus: Bool
        var whole: String
        var fraction: String
        var bareMark: Bool
        var padding: String

        /// The whole part cut into groups of three from the right.
        var groups: [String] {
            var groups: [String] = []
            var rest = Substring(whole)
            while rest.count > 3 {
                groups.insert(String(rest.suffix(3)), at: 0)
                rest = rest.dropLast(3)
            }
            groups.insert(String(rest), at: 0)
            return groups
        }

        func text(groups: [String]? = nil, fraction: String? = nil, mark: Character? = nil) -> String {
            let mark = mark ?? self.mark
            let fraction = fraction ?? self.fraction
            var body = (groups ?? self.groups).joined(separator: group.map { String($0) } ?? "")
            if !fraction.isEmpty || bareMark { body += String(mark) + fraction }
            if negative { body = parentheses ? "(" + body + ")" : "-" + body } else if plus { body = "+" + body }
            return padding + body + padding
        }
    }

    /// A random amount written in a random supported style; the reference formatter.
    static func write(_ units: Int64, _ random: inout SeededRandom) -> Written {
        let style = Style.allCases[random.below(Style.allCases.count)]
        let mark: Character =
            switch style {
            case .decimalPoint: "."
            case .decimalComma: ","
            case .ofx: random.below(2) == 0 ? "." : ","
            }
        var groupMarks: [Character] = [" ", "\u{A0}", "\u{202F}", "'", mark == "." ? "," : "."]
        // In OFX a point makes the point the decimal mark.
        if style == .ofx, mark == "," { groupMarks.removeLast() }
        let group = random.below(3) == 0 ? nil : groupMarks[random.below(groupMarks.count)]
        let magnitude = units.magnitude
        let whole = String(magnitude / 10_000)
        var fraction = String(magnitude % 10_000)
        fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
        while let last = fraction.last, last == "0", fraction.count > random.below(5) { fraction.removeLast() }
        // Zeros past the fourth digit are read too (OFX's -1,00000).
        if fraction.count == 4, random.below(4) == 0 { fraction += String(repeating: "0", count: 1 + random.below(2)) }
        // A grouped whole number in OFX needs its point, or its comma groups would be the decimal mark.
        let bareMark = fraction.isEmpty && (random.below(4) == 0 || (style == .ofx && mark == "." && group == ","))
        let negative = units < 0
        return Written(
            style: style, mark: mark, group: group, negative: negative, parentheses: negative && random.below(3) == 0,
            plus: !negative && random.below(4) == 0, whole: whole, fraction: fraction, bareMark: bareMark,
            padding: random.below(5) == 0 ? " " : "")
    }

    static func randomUnits(_ random: inout SeededRandom) -> Int64 {
        // Every size from a cent to 900 trillion, each about as often.
        let digits = 1 + random.below(19)
        var bound: UInt64 = 1
        for _ in 0..<digits { bound = bound &* 10 }
        let magnitude = Int64(min(random.next() % bound, UInt64(Money.maximumUnits)))
        return random.below(2) == 0 ? -magnitude : magnitude
    }

    @Test("20,000 random amounts written in every style read back exactly")
    func roundTrip() throws {
        var random = SeededRandom(state: 23_001)
        for _ in 0..<20_000 {
            let units = Self.randomUnits(&random)
            let written = Self.write(units, &random)
            let text = written.text()
            let read = try? StatementAmount.units(text, style: written.style)
            #expect(read == units, "'\(text)' in \(written.style)")
        }
    }

    @Test("20,000 malformed variants are refused")
    func malformedVariants() {
        var random = SeededRandom(state: 23_002)
        var tried = 0
        while tried < 20_000 {
            var written = Self.write(Self.randomUnits(&random), &random)
            var groups = written.groups
            let digit = String(random.below(10))
            let text: String
            switch random.below(10) {
            case 0:
                // A group after the first that is not three digits.
                guard written.group != nil, groups.count > 1 else { continue }
                let index = 1 + random.below(groups.count - 1)
                if random.below(2) == 0 { groups[index].removeLast() } else { groups[index] += digit }
                text = written.text(groups: groups)
            case 1:
                // A first group of four digits.
                guard written.group != nil, groups.count > 1 else { continue }
                groups[0] = String(repeating: "1", count: 4 - groups[0].count) + groups[0]
                text = written.text(groups: groups)
            case 2:
                // A group mark inside the fraction.
                guard let group = written.group, written.fraction.count > 1 else { continue }
                var fraction = written.fraction
                fraction.insert(group, at: fraction.index(after: fraction.startIndex))
                text = written.text(fraction: fraction)
            case 3:
                // Two decimal marks.
                text = written.text(fraction: written.fraction + String(written.mark) + digit)
            case 4:
                // Two kinds of group mark in one amount.
                guard let group = written.group, groups.count > 2 else { continue }
                let other: Character = group == "'" ? " " : "'"
                groups[1] += String(other) + groups.remove(at: 2)
                text = written.text(groups: groups)
            case 5:
                // An empty group.
                guard let group = written.group, groups.count > 1 else { continue }
                groups[0] += String(group)
                text = written.text(groups: groups)
            case 6:
                // A grouped amount whose first group starts with 0.
                guard written.group != nil else { continue }
                text = written.text(groups: ["0"] + groups.suffix(1).map { String(repeating: "0", count: 3 - $0.count) + $0 })
            case 7:
                // The decimal mark of the other style in a CSV: a group of one, two or four digits.
                guard written.style != .ofx, groups.count == 1, [1, 2, 4].contains(written.fraction.count) else { continue }
                written.group = nil
                text = written.text(mark: written.mark == "." ? "," : ".")
            case 8:
                // A fifth fraction digit that is not zero.
                text = written.text(fraction: String((written.fraction + "0000").prefix(4)) + String(1 + random.below(9)))
            default:
                text = written.text() + ["a", "e2", "$", "--"][random.below(4)]
            }
            tried += 1
            #expect(throws: MoneyError.self, "'\(text)' in \(written.style)") {
                try StatementAmount.units(text, style: written.style)
            }
        }
    }
}
