import Ledger

/// Amounts as statements write them, made into Money's decimal text first: a leading `+`,
/// surrounding spaces, thousands separators, a decimal comma, `.5` and `5.`. More than four
/// fraction digits stay an error, as everywhere in purse.
enum StatementAmount {
    /// The signed units of `text`; `decimalComma` reads `1.234,56` (a point or space groups).
    /// Without it a comma groups thousands, unless it is the only separator followed by one or
    /// two digits, as OFX allows (`-16,40`).
    static func units(_ text: String, decimalComma: Bool = false, ofxComma: Bool = false) throws(MoneyError) -> Int64 {
        var body = text.trimming(" \t\u{A0}")
        var negative = false
        if body.hasPrefix("+") {
            body.removeFirst()
        } else if body.hasPrefix("-") {
            negative = true
            body.removeFirst()
        } else if body.hasPrefix("("), body.hasSuffix(")") {
            negative = true
            body = String(body.dropFirst().dropLast())
        }
        body = body.trimming(" \t\u{A0}")
        if decimalComma {
            body = body.filter { $0 != "." && $0 != " " && $0 != "\u{A0}" && $0 != "'" }.replacing(",", with: ".")
        } else if ofxComma, !body.contains("."), let comma = body.lastIndex(of: ","), body.filter({ $0 == "," }).count == 1,
            body.distance(from: comma, to: body.endIndex) <= 3
        {
            body = body.replacing(",", with: ".")
        } else {
            body = body.filter { $0 != "," }
        }
        if body.hasPrefix(".") { body = "0" + body }
        if body.hasSuffix(".") { body.removeLast() }
        let units = try Money.parseUnits(body, allowSign: false)
        return negative ? -units : units
    }
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
