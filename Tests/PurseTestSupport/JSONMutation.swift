import Foundation

/// Seeded mutations of a JSON text for the fuzz tests (byte flips, truncation, deleted and
/// duplicated keys, type swaps, huge numbers, deep nesting, invalid UTF-8, random bytes): the
/// same random state tries the same mutations.
public enum JSONMutation {
    public static func mutate(_ line: [UInt8], _ random: inout SeededRandom) -> [UInt8] {
        var bytes = line
        let text = String(decoding: line, as: UTF8.self)
        switch random.below(10) {
        case 0:
            for _ in 0...random.below(4) where !bytes.isEmpty {
                bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8))
            }
        case 1:
            bytes = Array(bytes.prefix(random.below(bytes.count)))
        case 2:
            // Delete one "key":value member.
            let keys = [
                "\"generation\":", "\"sequence\":", "\"amount\":", "\"status\":", "\"id\":", "\"accountID\":",
                "\"transactionDate\":", "\"kind\":", "\"booked\":", "\"currencyCode\":",
            ]
            let key = keys[random.below(keys.count)]
            if let range = text.range(of: key) {
                var end = range.upperBound
                var depth = 0
                var inString = false
                while end < text.endIndex {
                    let character = text[end]
                    if character == "\"" { inString.toggle() }
                    if !inString {
                        if character == "{" || character == "[" { depth += 1 }
                        if character == "}" || character == "]" {
                            if depth == 0 { break }
                            depth -= 1
                        }
                        if character == ",", depth == 0 { break }
                    }
                    end = text.index(after: end)
                }
                bytes = Array((text[..<range.lowerBound] + text[end...]).utf8)
            }
        case 3:
            // Duplicate a key.
            bytes = Array(text.replacingOccurrences(of: "\"status\":\"booked\"", with: "\"status\":\"booked\",\"status\":\"memo\"").utf8)
        case 4:
            // Type swaps.
            let swaps = [
                ("\"54.20\"", "54.20"), ("true", "\"true\""), ("5411", "\"5411\""), ("\"debit\"", "0"),
                ("[", "{"), ("\"USD\"", "null"), ("\"sequence\":2", "\"sequence\":\"2\""),
            ]
            let (from, to) = swaps[random.below(swaps.count)]
            bytes = Array(text.replacingOccurrences(of: from, with: to).utf8)
        case 5:
            // Huge numbers.
            let huge = String(repeating: "9", count: 1 + random.below(400))
            bytes = Array(
                text.replacingOccurrences(of: "5411", with: huge).replacingOccurrences(of: "\"sequence\":2", with: "\"sequence\":" + huge)
                    .replacingOccurrences(of: "54.20", with: huge + ".5").utf8)
        case 6:
            // Deep nesting.
            let depth = 1 + random.below(200)
            bytes = Array((String(repeating: "[", count: depth) + text + String(repeating: "]", count: depth)).utf8)
        case 7:
            // Invalid UTF-8.
            bytes.insert(contentsOf: [0xFF, 0xC3][...random.below(1)], at: random.below(bytes.count + 1))
        case 8:
            // Nesting inside a record.
            let depth = 1 + random.below(100)
            bytes = Array(
                text.replacingOccurrences(
                    of: "\"WHOLE FOODS\"", with: String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
                ).utf8)
        default:
            // Random bytes spliced in.
            let count = 1 + random.below(8)
            let position = random.below(bytes.count + 1)
            bytes.insert(contentsOf: (0..<count).map { _ in UInt8(random.below(256)) }, at: position)
        }
        return bytes
    }
}
