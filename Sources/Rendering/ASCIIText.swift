import Foundation

/// Text for a terminal whose locale is not UTF-8: ASCII only, the same every time. Set
/// `isRequired` around rendering text; money then shows ISO codes instead of symbols that are not
/// ASCII (`GBP 12.00`), and tables turn their cells to ASCII before they measure them.
public enum ASCIIText {
    @TaskLocal public static var isRequired = false

    /// Whether the locale takes UTF-8: LC_ALL, else LC_CTYPE, else LANG, the first one set and
    /// not empty; none set counts as UTF-8 (most systems' default).
    public static func localeTakesUTF8(_ environment: [String: String]) -> Bool {
        let locale = [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty }
        return locale.map { $0.lowercased().replacingOccurrences(of: "-", with: "").contains("utf8") } ?? true
    }

    /// `text` in ASCII: accents dropped (`Café` → `Cafe`), compatibility forms spelled out
    /// (`ﬁ` → `fi`), a few letters and signs written the usual way (`ß` → `ss`, `–` → `-`,
    /// `£` → `GBP`), and any other character, an emoji or a CJK one, a single `?`.
    public static func transliterated(_ text: String) -> String {
        guard !text.utf8.contains(where: { $0 >= 0x80 }) else {
            var result = ""
            for character in text { result += transliterated(character) }
            return result
        }
        return text
    }

    static func transliterated(_ character: Character) -> String {
        if character.isASCII { return String(character) }
        var result = ""
        for scalar in String(character).decomposedStringWithCompatibilityMapping.unicodeScalars {
            if scalar.isASCII {
                result.unicodeScalars.append(scalar)
            } else if let spelled = spellings[scalar] {
                result += spelled
            }
            // Other scalars (combining accents, the parts of an emoji) leave nothing.
        }
        return result.isEmpty ? "?" : result
    }

    /// What NFKD leaves that is not ASCII but has a usual ASCII spelling.
    static let spellings: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L",
        "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "ı": "i",
        "\u{2018}": "'", "\u{2019}": "'", "\u{201A}": "'", "\u{2032}": "'",
        "\u{201C}": "\"", "\u{201D}": "\"", "\u{201E}": "\"", "\u{2033}": "\"", "«": "\"", "»": "\"",
        "\u{2010}": "-", "\u{2011}": "-", "\u{2012}": "-", "\u{2013}": "-", "\u{2014}": "-", "\u{2015}": "-", "\u{2212}": "-",
        "\u{2044}": "/", "·": ".", "•": "*", "×": "x", "÷": "/", "±": "+/-", "°": "o",
        "→": "->", "←": "<-", "≤": "<=", "≥": ">=", "≠": "!=", "✓": "v",
        "£": "GBP", "€": "EUR", "¥": "JPY", "₹": "INR", "₪": "ILS", "₩": "KRW", "₽": "RUB", "₺": "TRY", "¢": "c",
    ]
}
