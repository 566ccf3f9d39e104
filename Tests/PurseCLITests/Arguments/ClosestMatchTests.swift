import PurseCLI
import Testing

@Suite("ClosestMatch")
struct ClosestMatchTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let typed: String
        let candidates: [String]
        let expected: String?
        var testDescription: String { "\(typed) -> \(expected ?? "nil")" }
    }

    static let cases: [Case] = [
        Case(typed: "mnth", candidates: ["month", "by"], expected: "month"),
        Case(typed: "snyc", candidates: ["status", "sync"], expected: "sync"),
        Case(typed: "MONTH", candidates: ["month"], expected: "month"),
        Case(typed: "categry", candidates: ["categories", "category"], expected: "category"),
        Case(typed: "include", candidates: ["format", "include-pending"], expected: "include-pending"),
        Case(typed: "frobnicate", candidates: ["month", "format"], expected: nil),
        Case(typed: "x", candidates: ["o", "db"], expected: nil),
        Case(typed: "", candidates: ["month"], expected: nil),
        Case(typed: "tx", candidates: ["tz", "to"], expected: "tz"),
        Case(typed: "spend", candidates: ["spending", "send"], expected: "send"),
    ]

    @Test(arguments: cases)
    func finds(_ testCase: Case) {
        #expect(ClosestMatch.find(testCase.typed, among: testCase.candidates) == testCase.expected)
    }

    @Test(
        "up to three close names, closest first, then those that only start with what was typed",
        arguments: [
            ("Grocerys", ["Dining", "Groceries", "Grocery"], ["Grocery", "Groceries"]),
            ("Ann Savings", ["Apple Card", "Ben Savings", "Ana Savings"], ["Ana Savings", "Ben Savings"]),
            ("car", ["Cars", "Card", "Carp", "Cart", "cardamom"], ["Cars", "Card", "Carp"]),
            ("Din", ["Dining", "Fees"], ["Dining"]),
            ("Zzz", ["Dining", "Fees"], []),
        ])
    func closest(typed: String, candidates: [String], expected: [String]) {
        #expect(ClosestMatch.closest(typed, among: candidates) == expected)
        #expect(ClosestMatch.find(typed, among: candidates) == expected.first)
    }

    struct DistanceCase: Sendable, CustomTestStringConvertible {
        let a: String
        let b: String
        let distance: Int
        var testDescription: String { "\(a)/\(b)" }
    }

    static let distances: [DistanceCase] = [
        DistanceCase(a: "", b: "abc", distance: 3),
        DistanceCase(a: "abc", b: "abc", distance: 0),
        DistanceCase(a: "abc", b: "acb", distance: 1),
        DistanceCase(a: "kitten", b: "sitting", distance: 3),
        DistanceCase(a: "mnth", b: "month", distance: 1),
        DistanceCase(a: "ca", b: "abc", distance: 3),
    ]

    @Test(arguments: distances)
    func editDistance(_ testCase: DistanceCase) {
        #expect(ClosestMatch.editDistance(Array(testCase.a), Array(testCase.b)) == testCase.distance)
        #expect(ClosestMatch.editDistance(Array(testCase.b), Array(testCase.a)) == testCase.distance)
    }
}
