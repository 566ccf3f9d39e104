/// How to read a bank's CSV: which column holds which field, the date layout, the decimal
/// mark, the lines before the header and the sign of the amount. A profile saves one by name.
public struct BankCSVLayout: Equatable, Sendable {
    /// How the single amount column is signed.
    public enum Sign: String, CaseIterable, Sendable {
        /// Money in is positive, money out negative (most banks, OFX).
        case accountPositive = "account-positive"
        /// Spending is positive, payments and refunds negative (card exports).
        case spendPositive = "spend-positive"
    }

    /// The fields a column can give. `date`, `description` and either `amount` or `debit` and
    /// `credit` are required; a `fee` is charged on top of the amount.
    public static let fields = [
        "date", "posted", "description", "merchant", "amount", "debit", "credit", "fee", "balance", "type", "status", "category",
        "currency",
    ]

    /// Field -> column: a 1-based number or a header name.
    public var columns: [String: String]
    public var dateFormat: String?
    public var decimalComma: Bool
    public var skip: Int
    public var sign: Sign
    public var delimiter: Character

    public init(
        columns: [String: String], dateFormat: String? = nil, decimalComma: Bool = false, skip: Int = 0,
        sign: Sign = .accountPositive, delimiter: Character = ","
    ) {
        self.columns = columns
        self.dateFormat = dateFormat
        self.decimalComma = decimalComma
        self.skip = skip
        self.sign = sign
        self.delimiter = delimiter
    }

    /// `date=1,description=2,amount=Amount` (names may hold spaces; a comma inside a name is
    /// not possible). Nil with the reason when the text is not such a list.
    public static func parseColumns(_ text: String) -> Result<[String: String], LayoutError> {
        var columns: [String: String] = [:]
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).trimming(" ") }
            guard parts.count == 2, !parts[1].isEmpty else { return .failure(LayoutError("'\(pair)' is not FIELD=COLUMN")) }
            let field = parts[0].lowercased()
            guard fields.contains(field) else {
                return .failure(LayoutError("'\(parts[0])' is not a field (\(fields.joined(separator: ", ")))"))
            }
            columns[field] = parts[1]
        }
        guard columns["date"] != nil, columns["description"] != nil else {
            return .failure(LayoutError("the columns need date= and description="))
        }
        let hasAmount = columns["amount"] != nil
        let hasPair = columns["debit"] != nil && columns["credit"] != nil
        guard hasAmount != hasPair else {
            return .failure(LayoutError("the columns need amount=, or debit= and credit= (not both)"))
        }
        return .success(columns)
    }

    /// The layout as text to save with a profile, one `key=value` per line.
    public var profileText: String {
        var lines = ["columns=" + Self.fields.compactMap { field in columns[field].map { "\(field)=\($0)" } }.joined(separator: ",")]
        if let dateFormat { lines.append("date-format=" + dateFormat) }
        if decimalComma { lines.append("decimal-comma=yes") }
        if skip > 0 { lines.append("skip=\(skip)") }
        lines.append("sign=" + sign.rawValue)
        if delimiter != "," { lines.append("delimiter=" + String(delimiter)) }
        return lines.joined(separator: "\n")
    }

    /// A saved profile's text back as a layout; nil when it was not written by `profileText`.
    public init?(profileText: String) {
        var values: [String: String] = [:]
        for line in profileText.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return nil }
            values[parts[0]] = parts[1]
        }
        guard let columnText = values["columns"], case .success(let columns) = Self.parseColumns(columnText),
            let sign = Sign(rawValue: values["sign"] ?? "account-positive")
        else { return nil }
        self.init(
            columns: columns, dateFormat: values["date-format"], decimalComma: values["decimal-comma"] == "yes",
            skip: Int(values["skip"] ?? "0") ?? 0, sign: sign, delimiter: values["delimiter"]?.first ?? ",")
    }

    public struct LayoutError: Error, Equatable, Sendable {
        public let message: String
        init(_ message: String) { self.message = message }
    }
}
