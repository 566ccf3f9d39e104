/// Reads RFC 4180 CSV as purse writes it (a header row, quoted cells with doubled quotes, LF
/// line ends) into one dictionary per row, by column name.
public enum CSVRows {
    public static func parse(_ text: String) -> [[String: String]] {
        var records: [[String]] = []
        var record: [String] = []
        var cell = ""
        var quoted = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" {
                        cell.append("\"")
                        characters.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    cell.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                record.append(cell)
                cell = ""
            } else if character == "\n" {
                record.append(cell)
                records.append(record)
                record = []
                cell = ""
            } else {
                cell.append(character)
            }
        }
        guard let header = records.first else { return [] }
        return records.dropFirst().map { cells in
            Dictionary(uniqueKeysWithValues: zip(header, cells).map { ($0, $1) })
        }
    }

    /// A plain decimal (`-1234.50`) in hundredths, for comparing sums exactly.
    public static func cents(_ text: String) -> Int {
        let negative = text.hasPrefix("-")
        let digits = negative ? String(text.dropFirst()) : text
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        let whole = Int(parts[0]) ?? 0
        let fraction = parts.count > 1 ? Int(String(parts[1].prefix(2)).padding(toLength: 2, withPad: "0", startingAt: 0)) ?? 0 : 0
        let value = whole * 100 + fraction
        return negative ? -value : value
    }
}
