/// The statement formats purse reads, by their `--format` names.
public enum StatementFormat: String, CaseIterable, Sendable {
    case appleCardCSV = "applecard-csv"
    case ofx
    case csv

    /// The format a file's text shows: an OFX header (`OFXHEADER:` or `<?OFX` or `<OFX>`), or
    /// Apple Card's header row; anything else is a bank CSV, which needs its columns.
    public static func detect(_ text: String) -> StatementFormat {
        let head = text.prefix(4096).uppercased()
        let trimmed = head.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        if trimmed.hasPrefix("OFXHEADER") || head.contains("<?OFX") || head.contains("<OFX>") { return .ofx }
        if let firstLine = trimmed.split(whereSeparator: \.isNewline).first, AppleCardCSV.isHeader(String(firstLine)) {
            return .appleCardCSV
        }
        return .csv
    }
}
