/// The name `purse merchants` suggests for a raw merchant text: the text without the reference
/// codes and store numbers banks add to it (README, "Clean merchant names").
public enum MerchantNameCleaner {
    /// `AMZN Mktp US*2K3AB1` -> `AMZN Mktp US`, `SQ *BLUE BOTTLE` -> `BLUE BOTTLE`,
    /// `STARBUCKS STORE #1234` -> `STARBUCKS STORE`, `SHELL OIL 57444362` -> `SHELL OIL`; the text
    /// itself when nothing would be left.
    public static func suggestion(_ text: String) -> String {
        var name = text.trimmingSpaces
        // A `*` joins a processor's short prefix to the name (`SQ *`, `TST*`) or the name to a
        // reference (`*2K3AB1`): keep the side that is the name.
        if let star = name.firstIndex(of: "*") {
            let before = String(name[..<star]).trimmingSpaces
            let after = String(name[name.index(after: star)...]).trimmingSpaces
            name = before.count <= 3 && !after.isEmpty ? after : before
        }
        // Then trailing words holding a digit or a `#` (store numbers, references, dates) or only
        // punctuation.
        var words = name.split(separator: " ", omittingEmptySubsequences: true)
        while let last = words.last, words.count > 1,
            last.contains(where: { $0.isNumber || $0 == "#" }) || last.allSatisfy({ $0.isPunctuation || $0.isSymbol })
        {
            words.removeLast()
        }
        name = words.joined(separator: " ")
        while let last = name.last, "-#.,:/".contains(last) { name.removeLast() }
        name = name.trimmingSpaces
        return name.isEmpty ? text.trimmingSpaces : name
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}
