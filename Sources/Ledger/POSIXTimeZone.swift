/// A `TZ` value in POSIX's own form rather than a zone name: `STD OFFSET [DST [OFFSET] [,RULES]]`,
/// such as `UTC0`, `EST5`, `<+03>-3` or `CET-1CEST,M3.5.0,M10.5.0/3`. The offset counts hours
/// WEST of Greenwich, so `EST5` is UTC-5 and `<+03>-3` is UTC+3.
public struct POSIXTimeZone: Equatable, Sendable {
    /// The standard time's abbreviation (`EST`, `+03` for `<+03>`).
    let name: String
    /// The standard time's offset from UTC, east positive (the sign POSIX writes inverted).
    public let secondsEastOfUTC: Int
    /// Whether a daylight-saving time follows the standard one (`...CEST,M3.5.0,M10.5.0/3`).
    public let hasDaylightSaving: Bool

    /// Nil when `text` is not a POSIX TZ string.
    public init?(_ text: String) {
        var rest = Substring(text)
        guard let name = Self.abbreviation(&rest), let westOffset = Self.offset(&rest) else { return nil }
        let daylightSaving = !rest.isEmpty
        if daylightSaving {
            // The daylight-saving part: a name, an optional offset, optional rules after a comma.
            guard Self.abbreviation(&rest) != nil else { return nil }
            if let first = rest.first, first != "," {
                guard Self.offset(&rest) != nil else { return nil }
            }
            guard rest.isEmpty || rest.first == "," else { return nil }
        }
        self.name = name
        secondsEastOfUTC = -westOffset
        hasDaylightSaving = daylightSaving
    }

    /// `EST` (three or more letters) or `<+03>` (three or more letters, digits, `+` and `-`).
    private static func abbreviation(_ rest: inout Substring) -> String? {
        if rest.first == "<" {
            guard let end = rest.firstIndex(of: ">") else { return nil }
            let name = rest[rest.index(after: rest.startIndex)..<end]
            guard name.count >= 3, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-") }) else {
                return nil
            }
            rest = rest[rest.index(after: end)...]
            return String(name)
        }
        let name = rest.prefix { $0.isASCII && $0.isLetter }
        guard name.count >= 3 else { return nil }
        rest = rest.dropFirst(name.count)
        return String(name)
    }

    /// `[+-]hh[:mm[:ss]]`, hours 0 to 24, as seconds (west positive, as written).
    private static func offset(_ rest: inout Substring) -> Int? {
        var sign = 1
        if let first = rest.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        var seconds = 0
        for (index, (limit, unit)) in [(24, 3600), (59, 60), (59, 1)].enumerated() {
            if index > 0 {
                guard rest.first == ":" else { break }
                rest = rest.dropFirst()
            }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard (index == 0 ? 1...2 : 2...2).contains(digits.count), let value = Int(digits), value <= limit else { return nil }
            rest = rest.dropFirst(digits.count)
            seconds += value * unit
        }
        return sign * seconds
    }
}
