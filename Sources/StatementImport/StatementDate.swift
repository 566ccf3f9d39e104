import Ledger

/// Calendar days as statements write them. A statement's day is the day it writes: an OFX
/// date-time keeps its first eight digits whatever its time and zone, since moving it through
/// GMT would put a date-only value on the previous day west of Greenwich.
enum StatementDate {
    /// `YYYYMMDD[HHMMSS[.XXX]][[offset[:name]]]`.
    static func ofx(_ text: String) -> CivilDate? {
        let scalars = Array(text.utf8)
        guard scalars.count >= 8, let date = civil(scalars[0..<4], scalars[4..<6], scalars[6..<8]) else { return nil }
        var index = 8
        while index < scalars.count, isDigit(scalars[index]) { index += 1 }
        guard [8, 12, 14].contains(index) else { return nil }
        if index < scalars.count, scalars[index] == UInt8(ascii: ".") {
            index += 1
            while index < scalars.count, isDigit(scalars[index]) { index += 1 }
        }
        if index < scalars.count {
            guard scalars[index] == UInt8(ascii: "["), scalars.last == UInt8(ascii: "]") else { return nil }
        }
        return date
    }

    /// A date in one of the layouts a `--date-format` names: `YYYY`, `YY`, `MM`, `M`, `DD`, `D`
    /// for the date, `HH`, `mm`, `ss` for a time that is read past, anything else literal.
    /// `M` and `D` also take two digits; `MM` and `DD` also take one (spreadsheets drop zeros).
    /// A format without a time reads past a time after the date (`2022-01-13 16:52:43`).
    static func parse(_ text: String, format: String) -> CivilDate? {
        let value = Array(text.trimming(" \t").utf8)
        let pattern = Array(format.utf8)
        var year: Int?
        var month: Int?
        var day: Int?
        var position = 0
        var index = 0
        let hasTime = pattern.contains(UInt8(ascii: "H"))
        while index < pattern.count {
            let letter = pattern[index]
            var run = 1
            while index + run < pattern.count, pattern[index + run] == letter { run += 1 }
            index += run
            let isField = [
                UInt8(ascii: "Y"), UInt8(ascii: "M"), UInt8(ascii: "D"), UInt8(ascii: "H"), UInt8(ascii: "m"), UInt8(ascii: "s"),
            ]
            .contains(letter)
            if !isField {
                for _ in 0..<run {
                    guard position < value.count, value[position] == letter else { return nil }
                    position += 1
                }
                continue
            }
            let most = letter == UInt8(ascii: "Y") ? run : 2
            var number = 0
            var digits = 0
            while digits < most, position < value.count, isDigit(value[position]) {
                number = number * 10 + Int(value[position] - UInt8(ascii: "0"))
                digits += 1
                position += 1
            }
            guard digits > 0, letter != UInt8(ascii: "Y") || digits == run else { return nil }
            switch letter {
            case UInt8(ascii: "Y"): year = run == 2 ? 2000 + number : number
            case UInt8(ascii: "M"): month = number
            case UInt8(ascii: "D"): day = number
            default: break
            }
        }
        let timeFollows =
            !hasTime && position < value.count && (value[position] == UInt8(ascii: " ") || value[position] == UInt8(ascii: "T"))
        guard position == value.count || timeFollows, let year, let month, let day, (1...12).contains(month), day >= 1,
            day <= CivilDate.daysIn(year: year, month: month)
        else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }

    /// The layout of a column of slashed or dashed dates when none was given: ISO when the year
    /// comes first, else day first when some first field is over 12, month first when some
    /// second field is; nil when every date reads both ways (the user must say).
    static func guessFormat(_ samples: [String]) -> String? {
        var guess = FormatGuess()
        for sample in samples { guess.add(sample) }
        return guess.format
    }

    /// `guessFormat` one date at a time, so a file's dates need not be held.
    struct FormatGuess {
        private var iso: String?
        private var dayFirst = false
        private var monthFirst = false
        private var separator: Character = "/"

        mutating func add(_ sample: String) {
            guard iso == nil else { return }
            let datePart = sample.trimming(" \t").split(separator: " ").first.map(String.init) ?? ""
            guard let found = datePart.first(where: { $0 == "/" || $0 == "-" || $0 == "." }) else { return }
            separator = found
            let fields = datePart.split(separator: found)
            guard fields.count == 3 else { return }
            if fields[0].count == 4 {
                iso = "YYYY\(found)MM\(found)DD"
                return
            }
            if let first = Int(fields[0]), first > 12 { dayFirst = true }
            if let second = Int(fields[1]), second > 12 { monthFirst = true }
        }

        var format: String? {
            if let iso { return iso }
            if dayFirst == monthFirst { return nil }
            return dayFirst ? "DD\(separator)MM\(separator)YYYY" : "MM\(separator)DD\(separator)YYYY"
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private static func civil(_ year: ArraySlice<UInt8>, _ month: ArraySlice<UInt8>, _ day: ArraySlice<UInt8>) -> CivilDate? {
        func number(_ digits: ArraySlice<UInt8>) -> Int? {
            var value = 0
            for digit in digits {
                guard isDigit(digit) else { return nil }
                value = value * 10 + Int(digit - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(year), let month = number(month), let day = number(day), (1...12).contains(month), day >= 1,
            day <= CivilDate.daysIn(year: year, month: month)
        else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }
}
