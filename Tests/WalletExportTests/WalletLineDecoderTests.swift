import Foundation
import Ledger
import PurseTestSupport
import SampleData
import Testing

@testable import WalletExport

/// The fast change-set decoder against the exact path (`JSONParser` into a tree, then
/// `WalletRecordDecoder`): for every line, generated or mutated, both give the same records or
/// the same error, and whenever the fast decoder answers, the exact path accepts the line with
/// the very same header and records.
@Suite("Wallet line decoder: fast path against the parsed tree")
struct WalletLineDecoderTests {
    typealias F = ExportFixture
    typealias Random = SeededRandom

    static let transactions = LedgerStream.transactions(accountID: "A1")
    static let balances = LedgerStream.balances(accountID: "A1")

    /// Valid lines covering every field, null and missing optionals, escapes, non-ASCII text,
    /// whitespace, unknown keys, duplicates and deep nesting. The fast decoder must take each one.
    static let seeds: [(LedgerStream, String)] = {
        var seeds = MutationFuzzTests.seeds
        seeds += [
            (
                .accounts,
                F.changeSet(
                    "G", 7,
                    inserted: [
                        F.account(
                            "a3", kind: "liability", name: "Carte \u{e9}t\u{e9} \\ \"x\"", currency: "EUR", institution: "Banque\u{301}"),
                        #"{"id":"A4","kind":"asset","displayName":"Cash","institutionName":"Apple","currencyCode":"USD"}"#,
                        #"{"id":"A5","kind":"liability","displayName":"Card","institutionName":"Apple","accountDescription":"d","currencyCode":"USD","openingDate":"2021-03-04T00:00:00.5+01:00","creditInformation":{}}"#,
                        #"{"id":"A6","kind":"liability","displayName":"Card","institutionName":"Apple","currencyCode":"USD","creditInformation":{"creditLimit":null,"minimumNextPaymentAmount":{"amount":"35","currencyCode":"USD"},"nextPaymentDueDate":null,"overduePaymentAmount":{"currencyCode":"USD","amount":"0.0001","note":[1,2]}}}"#,
                    ], updated: [F.account("A1", kind: "asset", name: "\u{1F600} \\u00e9")], deleted: ["a1", "b\u{e9}"])
            ),
            (.accounts, #"  {"sequence":1,"snapshot":true,"generation":"G","inserted":[],"deleted":[],"updated":null}  "#),
            (.accounts, #"{"generation":"G","sequence":3,"snapshot":null,"inserted":null,"updated":[],"deleted":null}"#),
            (.accounts, #"{"generation":"G","sequence":9223372036854775807,"snapshot":false}"#),
            (
                .accounts,
                "{ \"generation\" : \"G\" ,\t\"sequence\" :\r\n4 , \"inserted\" : [ ] , \"extra\" : { \"a\" : [ true , false , null , -0.5e+3 , \"\\u00e9\\n\" ] } }"
            ),
            (
                .balances(accountID: "A1"),
                F.changeSet(
                    "B", 4,
                    inserted: [
                        #"{"id":"b2","accountID":"A1","currencyCode":"USD","available":{"amount":{"amount":"1520.33","currencyCode":"USD"},"asOfDate":"2026-10-31T23:00:00Z","creditDebitIndicator":"credit"},"booked":null}"#,
                        #"{"id":"b3","accountID":"a1","currencyCode":"USD","available":{"amount":{"amount":"1","currencyCode":"USD"},"asOfDate":"2026-10-31T23:00:00Z","creditDebitIndicator":"debit"},"booked":{"amount":{"amount":"2.5","currencyCode":"USD"},"asOfDate":"2026-10-31T23:00:00-01:30","creditDebitIndicator":"credit"}}"#,
                    ], updated: [F.balance("b1", account: "A1", amount: "0")])
            ),
            (
                .transactions(accountID: "A1"),
                F.changeSet(
                    "T", 5,
                    inserted: [
                        #"{"id":"t3","accountID":"a1","transactionDate":"2024-02-29T23:59:60Z","postedDate":null,"transactionAmount":{"amount":"900000000000000","currencyCode":"USD"},"foreignCurrencyAmount":null,"foreignCurrencyExchangeRate":null,"creditDebitIndicator":"debit","transactionDescription":"caf\u00e9 \"x\"","originalTransactionDescription":"caf\#u{e9}","merchantCategoryCode":0,"merchantName":"\u0041\/\b\f\n\r\t\ud83d\ude00\\","transactionType":"pointOfSale","status":"booked"}"#,
                        #"{"id":"t4","accountID":"A1","transactionDate":"2026-10-03T12:34:56-04:00","postedDate":"2026-10-04T00:00:00-04:00","transactionAmount":{"amount":"0.5","currencyCode":"USD"},"foreignCurrencyAmount":{"amount":"10","currencyCode":"EUR"},"foreignCurrencyExchangeRate":"1.0825","creditDebitIndicator":"debit","transactionDescription":"WHOLE FOODS","originalTransactionDescription":"WHOLE FOODS 1","merchantCategoryCode":5411,"merchantName":"Whole Foods","transactionType":"standingOrder","status":"pending","unknown":{"nested":[[[]]]},"status":"booked","id":"zz"}"#,
                        #"{"status":"memo","transactionType":"atm","merchantName":null,"merchantCategoryCode":-0,"originalTransactionDescription":"","transactionDescription":"","creditDebitIndicator":"credit","foreignCurrencyExchangeRate":"7","transactionAmount":{"amount":"1.2345","currencyCode":"JPY"},"postedDate":"2026-10-04T00:00:00+14:00","transactionDate":"2026-10-03T12:34:56.000000001Z","accountID":"A1","id":"t5"}"#,
                    ])
            ),
            (
                .transactions(accountID: "A1"),
                F.changeSet(
                    "T", 6,
                    inserted: [
                        F.transaction(
                            "t6", account: "A1", extra: ",\"deep\":" + String(repeating: "[", count: 61) + String(repeating: "]", count: 61)
                        )
                    ])
            ),
            // Case names from a newer FinanceKit.
            (.accounts, F.changeSet("G", 8, inserted: [F.account("A7", kind: "brokerage"), F.account("A8", kind: "x y~")])),
            (
                .transactions(accountID: "A1"),
                F.changeSet(
                    "T", 7,
                    inserted: [
                        F.transaction("t7", account: "A1", status: "settling", type: "cryptoPurchase"),
                        F.transaction("t8", account: "A1", status: "Booked", type: "pointofsale"),
                    ])
            ),
        ]
        return seeds
    }()

    // MARK: - Outcomes

    /// What a path made of a line: its header and records as bytes (so that canonically
    /// equivalent but different strings still differ), or its error's text.
    enum Outcome: Equatable {
        case accepted([UInt8])
        case refused(SourceError, [UInt8])
    }

    static func outcome(_ line: [UInt8], _ stream: LedgerStream, fastPath: Bool) -> Outcome {
        do {
            let change = try line.withUnsafeBytes { bytes in
                try WalletStreamReader.decodeLine(bytes, stream: stream, file: "d.jsonl", fastPath: fastPath)
            }
            return .accepted(
                fingerprint(
                    generation: change.token.generation, sequence: change.token.sequence,
                    isSnapshot: change.replacesStream, records: change.records))
        } catch let error as SourceError {
            return .refused(error, Array(error.description.utf8))
        } catch {
            return .refused(.badInput(file: "unexpected", line: nil, field: nil, message: "\(error)"), [])
        }
    }

    static func fast(_ line: [UInt8], _ stream: LedgerStream) -> [UInt8]? {
        guard let decoded = line.withUnsafeBytes({ WalletLineDecoder.decode($0, stream: stream) }) else { return nil }
        return fingerprint(
            generation: decoded.generation, sequence: decoded.sequence, isSnapshot: decoded.isSnapshot,
            records: decoded.records)
    }

    static func fingerprint(generation: String, sequence: Int64, isSnapshot: Bool, records: StreamChange.Records) -> [UInt8] {
        var bytes: [UInt8] = []
        dump(generation, into: &bytes)
        dump(sequence, into: &bytes)
        dump(isSnapshot, into: &bytes)
        dump(records, into: &bytes)
        return bytes
    }

    /// Every stored property, strings as their exact UTF-8 bytes.
    static func dump(_ value: Any, into bytes: inout [UInt8]) {
        if let text = value as? String {
            bytes += Array("s\(text.utf8.count):".utf8) + Array(text.utf8)
            return
        }
        let mirror = Mirror(reflecting: value)
        if mirror.children.isEmpty {
            bytes += Array("v(\(value))".utf8)
            return
        }
        bytes += Array("\(type(of: value))(".utf8)
        for child in mirror.children {
            bytes += Array((child.label ?? "_").utf8) + [UInt8(ascii: ":")]
            dump(child.value, into: &bytes)
            bytes.append(UInt8(ascii: ","))
        }
        bytes.append(UInt8(ascii: ")"))
    }

    /// Checks one line; returns whether the exact path accepted it and whether the fast decoder did.
    @discardableResult
    static func check(_ line: [UInt8], _ stream: LedgerStream, _ label: @autoclosure () -> String) -> (exact: Bool, fast: Bool) {
        let exact = outcome(line, stream, fastPath: false)
        let current = outcome(line, stream, fastPath: true)
        #expect(Bool(current == exact), "\(label()): the current path differs from the exact one: \(String(decoding: line, as: UTF8.self))")
        let fast = fast(line, stream)
        if let fast {
            #expect(
                Bool(exact == .accepted(fast)),
                "\(label()): the fast decoder accepted what the exact path did not take so: \(String(decoding: line, as: UTF8.self))")
        }
        if case .accepted = exact { return (true, fast != nil) }
        return (false, fast != nil)
    }

    // MARK: - Tests

    @Test("every seed is taken by the fast decoder, with the exact path's records")
    func seedsTakeTheFastPath() {
        for (index, (stream, seed)) in Self.seeds.enumerated() {
            let (exact, fast) = Self.check(Array(seed.utf8), stream, "seed \(index)")
            #expect(exact, "seed \(index) is valid: \(seed)")
            #expect(fast, "seed \(index) takes the fast path: \(seed)")
        }
    }

    @Test("a case name purse does not know is kept as unrecognized on both paths; empty or with control characters it is an error")
    func unknownCaseNames() throws {
        let line = F.changeSet("T", 2, inserted: [F.transaction("t1", account: "A1", status: "settling", type: "cryptoPurchase")])
        let change = try Array(line.utf8).withUnsafeBytes { bytes in
            try WalletStreamReader.decodeLine(bytes, stream: Self.transactions, file: "d.jsonl", fastPath: false)
        }
        guard case .transactions(let set) = change.records else { Issue.record("not transactions"); return }
        #expect(set.inserted.map(\.transactionType) == [.unrecognized("cryptoPurchase")])
        #expect(set.inserted.map(\.status) == [.unrecognized("settling")])
        #expect(Self.check(Array(line.utf8), Self.transactions, "unknown names") == (exact: true, fast: true))
        for bad in ["", "crypto\\u001b[31m", "crypto\\u0085"] {
            let line = F.changeSet("T", 2, inserted: [F.transaction("t1", account: "A1", type: bad)])
            #expect(Self.check(Array(line.utf8), Self.transactions, "type '\(bad)'") == (exact: false, fast: false))
        }
    }

    @Test("nesting: 64 levels pass, 65 fail, on both paths")
    func nestingLimit() {
        // The record sits at depth 3 (line object, array, record): 61 more levels reach 64.
        for extra in 58...66 {
            let line = F.changeSet(
                "T", 2,
                inserted: [
                    F.transaction(
                        "t1", account: "A1",
                        extra: ",\"deep\":" + String(repeating: "[", count: extra) + String(repeating: "]", count: extra))
                ])
            let (exact, fast) = Self.check(Array(line.utf8), Self.transactions, "depth \(extra)")
            #expect(exact == (extra <= 61))
            #expect(fast == exact)
        }
    }

    @Test("40,000 mutated lines: same records or the same error")
    func mutations() {
        var random = Random(state: 0x5EED_2026)
        var exactAccepted = 0
        var fastAccepted = 0
        for round in 0..<40_000 {
            let (stream, seed) = Self.seeds[random.below(Self.seeds.count)]
            var line = Array(seed.utf8)
            for _ in 0...random.below(3) {
                line = random.below(3) == 0 ? JSONMutation.mutate(line, &random) : Self.mutate(line, &random)
            }
            let (exact, fast) = Self.check(line, stream, "round \(round)")
            if exact { exactAccepted += 1 }
            if fast { fastAccepted += 1 }
        }
        // Both kinds are well represented, and most valid lines take the fast path.
        #expect(exactAccepted > 5_000)
        #expect(40_000 - exactAccepted > 5_000)
        #expect(Double(fastAccepted) > 0.8 * Double(exactAccepted), "\(fastAccepted) of \(exactAccepted)")
    }

    @Test("every line of a sample export takes the fast path with the exact path's records")
    func sampleExport() throws {
        let folder = try TemporaryFolder()
        _ = try WalletExportSampleGenerator(transactions: 3_000, months: 6, seed: 11).write(to: folder.url)
        var lines = 0
        for directory in ["", "balances", "transactions"] {
            let url = directory.isEmpty ? folder.url : folder.url.appendingPathComponent(directory)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path) where name.hasSuffix(".jsonl") {
                let accountID = String(name.dropLast(".jsonl".count)).uppercased()
                let stream: LedgerStream =
                    switch directory {
                    case "balances": .balances(accountID: accountID)
                    case "transactions": .transactions(accountID: accountID)
                    default: .accounts
                    }
                let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let (exact, fast) = Self.check(Array(line.utf8), stream, "\(directory)/\(name)")
                    #expect(exact && fast)
                    lines += 1
                }
            }
        }
        #expect(lines > 100)
    }

    @Test("dates: the byte reader agrees with Timestamp(rfc3339:)")
    func timestamps() {
        let valid = [
            "2026-10-03T12:34:56-04:00", "2026-10-03t12:34:56Z", "2024-02-29T23:59:60z", "1970-01-01T00:00:00.123456+14:00",
            "0001-01-01T00:00:00Z", "9999-12-31T23:59:59-23:59", "2026-10-03T12:34:56.Z", "2026-12-31T00:00:00+00:00",
        ]
        let alphabet = Array("0123456789-:Tt.Zz+ x".utf8) + [0xC3]
        var texts: [[UInt8]] = []
        // Every single-byte change of each valid text, then random pairs of changes.
        for text in valid.map({ Array($0.utf8) }) {
            texts.append(text)
            for position in text.indices {
                var removed = text
                removed.remove(at: position)
                texts.append(removed)
                for byte in alphabet {
                    var changed = text
                    changed[position] = byte
                    texts.append(changed)
                    var inserted = text
                    inserted.insert(byte, at: position)
                    texts.append(inserted)
                }
            }
        }
        var random = Random(state: 3339)
        for _ in 0..<40_000 {
            var bytes = Array(valid[random.below(valid.count)].utf8)
            for _ in 0..<2 { bytes[random.below(bytes.count)] = alphabet[random.below(alphabet.count)] }
            texts.append(bytes)
        }
        var agreed = 0
        for bytes in texts {
            let fast = bytes.withUnsafeBytes { Timestamp(rfc3339Bytes: $0) }
            let exact = Timestamp(rfc3339: String(decoding: bytes, as: UTF8.self))
            guard String(validating: bytes, as: UTF8.self) != nil else {
                // Not a string a JSON line can hold; the fast reader must still refuse it.
                #expect(fast == nil)
                continue
            }
            #expect(fast == exact, "\(String(decoding: bytes, as: UTF8.self))")
            #expect(fast.map { Array($0.text.utf8) } == exact.map { Array($0.text.utf8) })
            if fast != nil { agreed += 1 }
        }
        #expect(agreed > 2_000)
    }

    @Test("amounts: the byte reader agrees with Money.parseUnits")
    func amounts() {
        var random = Random(state: 1250)
        let alphabet = Array("0123456789.-+e ,\u{e9}".utf8)
        let valid = [
            "12.50", "0", "0.0001", "900000000000000", "900000000000000.0000", "899999999999999.9999", "0012.5000",
            "900000000000000.0001", "9999999999999999", "12.", ".5", "1.23456", "",
        ]
        for round in 0..<40_000 {
            var bytes = Array(valid[round % valid.count].utf8)
            if random.below(2) == 0 {
                for _ in 0...random.below(3) {
                    if !bytes.isEmpty, random.below(2) == 0 {
                        bytes[random.below(bytes.count)] = alphabet[random.below(alphabet.count)]
                    } else {
                        bytes.insert(alphabet[random.below(9)], at: random.below(bytes.count + 1))
                    }
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let fast = bytes.withUnsafeBytes { bytes in try? WalletLineDecoder.units(bytes) }
            let exact = try? Money.parseUnits(text, allowSign: false)
            #expect(fast == exact, "\(text)")
        }
    }

    // MARK: - Mutations

    /// Replacements aimed at the fast decoder's own decisions: one occurrence of `from` becomes `to`.
    static let replacements: [(String, [String])] = [
        (
            "\"54.20\"",
            [
                "\"54.2\"", "\"54.\"", "\".5\"", "\"54.20000\"", "\"54.2000\"", "\"0054.20\"", "\"-54.20\"", "\"5 4\"", "\"54,20\"",
                "\"\"", "\"1e3\"", "\"900000000000000\"", "\"900000000000000.0001\"", "\"9000000000000000\"",
                "\"99999999999999999999\"", "\"\u{665}\"", "\"54.2\\u0030\"", "54.20", "null", "{}", "[\"54.20\"]",
            ]
        ),
        ("\"status\"", ["\"Status\"", "\"st\\u0061tus\"", "\"status \"", "\"st\u{e4}tus\"", "\"x\""]),
        ("\"kind\"", ["\"\u{212A}ind\"", "\"\\u006bind\"", "\"kind\\u0000\""]),
        ("\"id\"", ["\"i\\u0064\"", "\"ID\"", "\"\u{69}\u{307}d\""]),
        ("\"amount\"", ["\"a\\u006dount\"", "\"amount\",\"amount\":\"1\",\"x\"", "\"am\u{f6}unt\""]),
        (
            "\"booked\"",
            [
                "\"Booked\"", "\"book\\u0065d\"", "\"booked\\u0000\"", "null", "{}", "\"b\u{f6}oked\"", "\"settling\"", "\"\"",
                "\"\\t\"", "\"\u{85}\"", "\"booked\u{7f}\"",
            ]
        ),
        (
            "\"pointOfSale\"",
            [
                "\"pointofsale\"", "\"billPayment\"", "\"unknown\"", "\"p\\u006fintOfSale\"", "1", "\"cryptoPurchase\"",
                "\"\"", "\"crypto\\u001bx\"", "\"crypt\u{f6}\"", "\"\\u0063rypto\"", "\" \"",
            ]
        ),
        ("\"asset\"", ["\"brokerage\"", "\"Asset\"", "\"\"", "\"\\u0000\"", "\"\u{e9}pargne\""]),
        ("\"debit\"", ["\"d\\u0065bit\"", "\"credit\"", "\"Debit\"", "\"debit \""]),
        ("\"USD\"", ["\"usd\"", "\"US\"", "\"USDX\"", "\"U\\u0053D\"", "\"\u{dc}SD\"", "\"EUR\"", "1"]),
        (
            "2026-10-03T12:34:56-04:00",
            [
                "2026-10-03t12:34:56-04:00", "2026-10-03T12:34:56Z", "2026-10-03T12:34:56z",
                "2026-10-03T12:34:56.123+05:30", "2026-10-03T12:34:56.+05:30", "2026-02-29T12:34:56Z",
                "2024-02-29T12:34:60Z", "2026-10-03T24:00:00Z", "2026-10-03 12:34:56Z",
                "2026-10-03T12:34:56", "2026-10-03T12:34:56+0400", "2026-10-03T12:34:56\\u002B04:00",
            ]
        ),
        ("5411", ["-0", "0", "9999", "10000", "-1", "5411.0", "5e3", "\"5411\"", "null", "true", "05411", "-", "1E2"]),
        ("\"t1\"", ["\"T1\"", "\"\"", "\"t\\u0031\"", "\"\u{df}1\"", "\"\u{fb00}\"", "null", "1"]),
        ("\"A1\"", ["\"a1\"", "\"A2\"", "\"\\u0041\\u0031\"", "\"A1 \"", "\"\u{391}1\""]),
        ("\"t9\"", ["\"T9\"", "\"\"", "null", "1", "\"\u{df}\""]),
        (",", [", ", " ,", ",,", ",]", ",}"]),
        (":", [" : ", "::", ""]),
        ("{", ["{ ", "{\"x\":[1,{\"y\":null}],", "{\"id\":\"dup\",", "{\"status\":null,", "{{", "{,"]),
        ("}", [" }", ",}", "}}", "]"]),
        ("[", ["[\n", "[,", "[[", "[null,"]),
        ("]", ["\t]", ",]", "]]", "}"]),
        ("null", ["nul", "NULL", "null ", "nulll", "\"null\"", "0", "{}", "[]"]),
        ("true", ["tru", "false", "null", "1", "\"true\"", "truee"]),
        (
            "\"sequence\":2",
            [
                "\"sequence\":2.0", "\"sequence\":0", "\"sequence\":-1", "\"sequence\":9223372036854775807",
                "\"sequence\":9223372036854775808", "\"sequence\":1e2", "\"sequence\":02", "\"sequence\":null",
                "\"sequence\":2,\"sequence\":\"x\"",
            ]
        ),
        (
            "\"generation\":\"T\"",
            [
                "\"generation\":\"\"", "\"generation\":null", "\"generation\":\"\\u00e9\"", "\"generation\":1",
                "\"generation\":\"T\",\"generation\":2",
            ]
        ),
        ("\"inserted\":", ["\"inserted\":null,\"x\":", "\"inserted\":{},\"x\":", "\"updated\":"]),
        ("\"deleted\":[", ["\"deleted\":[\"\",", "\"deleted\":[1,", "\"deleted\":[null,", "\"deleted\":[\"x\\u0000\","]),
        (
            "WHOLE FOODS",
            [
                "WHOLE\\u0020FOODS", "\\ud83d\\ude00", "\\ud83d", "\\ude00", "\\x", "\\u12", "\u{1}", "\\/", "\\",
                "\\ud83d\\u0041", "\\uDBFF\\uDFFF", "\u{7f}", "\u{10FFFF}",
            ]
        ),
        ("Luna", ["L\\\"una", "Lu\\u006Ea", "\\uD800\\uDC00", "\u{301}"]),
        ("\"merchantCategoryCode\":", ["\"merchantCategoryCode\":null,\"merchantCategoryCode\":"]),
        ("\"creditInformation\":", ["\"creditInformation\":null,\"x\":", "\"creditInformation\":[],\"x\":"]),
        ("\"available\":null", ["\"available\":{}", "\"available\":1", "\"available\":{\"amount\":null}"]),
        ("\"asOfDate\"", ["\"asOfDate\":null,\"x\"", "\"AsOfDate\""]),
    ]

    static func mutate(_ line: [UInt8], _ random: inout Random) -> [UInt8] {
        var text = String(decoding: line, as: UTF8.self)
        let candidates = replacements.filter { text.contains($0.0) }
        if candidates.isEmpty || random.below(8) == 0 {
            // Bytes at random positions: each of JSON's structural characters and a few more.
            let alphabet = Array("{}[]:,\"\\ \t\r\n0-.eEtfnu\u{7f}".utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xE2, 0xF0, 0xFF]
            var bytes = line
            let position = random.below(bytes.count + 1)
            if random.below(2) == 0 || bytes.isEmpty {
                bytes.insert(alphabet[random.below(alphabet.count)], at: position)
            } else {
                bytes.remove(at: min(position, bytes.count - 1))
            }
            return bytes
        }
        let (from, options) = candidates[random.below(candidates.count)]
        let to = options[random.below(options.count)]
        let ranges = text.ranges(of: from)
        let range = ranges[random.below(ranges.count)]
        text.replaceSubrange(range, with: to)
        return Array(text.utf8)
    }
}
