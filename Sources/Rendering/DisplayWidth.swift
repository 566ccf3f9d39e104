/// How many terminal columns text takes: wide East Asian characters and emoji take two,
/// combining marks none, so table columns line up.
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        // ASCII, most of any table, without looking up Unicode properties: a C0 control takes no
        // column, every other character (DEL too) one, as below.
        var width = 0
        for byte in text.utf8 {
            guard byte < 0x80 else { return ofUnicode(text) }
            if byte >= 0x20 { width += 1 }
        }
        return width
    }

    private static func ofUnicode(_ text: String) -> Int {
        var width = 0
        for character in text {
            width += of(character)
        }
        return width
    }

    static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.count > 1,
            character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation || $0 == "\u{FE0F}" })
        {
            return 2
        }
        if first.properties.generalCategory == .nonspacingMark || first.properties.generalCategory == .enclosingMark { return 0 }
        if first.value < 0x20 { return 0 }
        if first.properties.isEmojiPresentation { return 2 }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// Cuts text to at most `limit` columns, ending with `…` (`ascii`: `...`) when cut.
    static func truncated(_ text: String, to limit: Int, ascii: Bool = false) -> String {
        guard of(text) > limit else { return text }
        let ellipsis = ascii ? "..." : "…"
        var result = ""
        var width = 0
        for character in text {
            let next = of(character)
            if width + next > limit - of(ellipsis) { break }
            result.append(character)
            width += next
        }
        return result + ellipsis
    }
}
