import Ledger

/// Amounts as statements write them, made into Money's decimal text first: a leading `+` or
/// `-`, parentheses for a negative, surrounding spaces, digit groups, a decimal comma, `.5` and
/// `5.`. A digit group is only ever three digits after a first group of one to three, so a
/// comma or point in the wrong place is an error rather than a rescaled amount (`12,50` is not
/// 1250). More than four fraction digits stay an error, as everywhere in purse, unless the
/// ones past the fourth are zeros (nothing is rounded).
enum StatementAmount {
    /// Which character is the decimal mark.
    enum Style: CaseIterable {
        /// `1,234.56`, `1 234.56`, `1'234.56` (bank CSVs by default, Apple Card).
        case decimalPoint
        /// `1.234,56`, `1 234,56`, `1'234,56` (`--decimal-comma`).
        case decimalComma
        /// OFX: a point when there is one, else a comma is the decimal mark (`-16,40`), so a
        /// comma groups only beside a point.
        case ofx
    }

    /// Spaces that group digits (a no-break space and the narrow one French locales write).
    static let spaces: Set<Character> = [" ", "\u{A0}", "\u{202F}"]

    /// The signed units of `text` written in `style`.
    static func units(_ text: String, style: Style = .decimalPoint) throws(MoneyError) -> Int64 {
        var body = Substring(text.trimming(" \t\u{A0}\u{202F}"))
        var negative = false
        if body.hasPrefix("+") {
            body.removeFirst()
        } else if body.hasPrefix("-") {
            negative = true
            body.removeFirst()
        } else if body.hasPrefix("("), body.hasSuffix(")") {
            negative = true
            body = body.dropFirst().dropLast()
        }
        body = Substring(String(body).trimming(" \t\u{A0}\u{202F}"))
        let mark: Character
        switch style {
        case .decimalPoint: mark = "."
        case .decimalComma: mark = ","
        case .ofx: mark = body.contains(".") ? "." : ","
        }
        let groupMarks = spaces.union(["'", mark == "." ? "," : "."])
        let parts = body.split(separator: mark, omittingEmptySubsequences: false)
        guard parts.count <= 2 else { throw .notADecimal(text) }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard let whole = wholeDigits(parts[0], groupMarks: groupMarks), fraction.allSatisfy(\.isASCIIDigit),
            !whole.isEmpty || !fraction.isEmpty
        else { throw .notADecimal(text) }
        // Zeros past the fourth fraction digit change nothing; any other digit there is an error.
        var kept = fraction
        while kept.count > 4, kept.last == "0" { kept.removeLast() }
        let units = try Money.parseUnits((whole.isEmpty ? "0" : whole) + (kept.isEmpty ? "" : "." + kept), allowSign: false)
        return negative ? -units : units
    }

    /// The digits of the part before the decimal mark, nil when its grouping is malformed: one
    /// kind of group mark, a first group of one to three digits that does not start with 0
    /// (`0,250` is a decimal comma, not 250), then groups of exactly three.
    private static func wholeDigits(_ text: Substring, groupMarks: Set<Character>) -> String? {
        guard let groupMark = text.first(where: { groupMarks.contains($0) }) else {
            return text.allSatisfy(\.isASCIIDigit) ? String(text) : nil
        }
        let groups = text.split(separator: groupMark, omittingEmptySubsequences: false)
        guard let first = groups.first, (1...3).contains(first.count), first.first != "0",
            groups.dropFirst().allSatisfy({ $0.count == 3 }), groups.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) })
        else { return nil }
        return groups.joined()
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    func trimming(_ set: String) -> String {
        var scalars = Substring(self)
        while let first = scalars.first, set.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, set.contains(last) { scalars.removeLast() }
        return String(scalars)
    }

    /// Runs of white space as one space, none at either end: how a description is shown and keyed.
    var collapsingSpaces: String {
        split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
