import Foundation

/// Builds Wallet exports in a temporary folder, line by line, so each test states exactly the
/// history it needs.
public final class ExportFixture {
    public let directory: URL
    public var path: String { directory.path }

    public init(
        in parent: URL, name: String = "export", sourceID: String = "5B0C6E86-2F57-4C8E-9B7A-0D6B1F3E9A11",
        sourceName: String = "Ana's iPhone"
    ) throws {
        directory = parent.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("balances"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("transactions"), withIntermediateDirectories: true)
        try writeManifest(
            """
            {"format":"wallet-export","version":1,"sourceID":"\(sourceID)","sourceName":\(Self.quoted(sourceName)),"exportedAt":"2026-11-01T08:00:00Z"}
            """)
    }

    public func writeManifest(_ text: String) throws {
        try Data((text + "\n").utf8).write(to: directory.appendingPathComponent("export.json"))
    }

    /// The file of a stream: `accounts`, `balances/ID` or `transactions/ID`.
    public func url(_ stream: String) -> URL {
        directory.appendingPathComponent(stream + ".jsonl")
    }

    /// Appends `text` as is (no LF added), e.g. to leave a line unfinished.
    public func appendRaw(_ stream: String, _ text: String) throws {
        let url = url(stream)
        if !FileManager.default.fileExists(atPath: url.path) {
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// Appends one complete line.
    public func append(_ stream: String, _ line: String) throws {
        try appendRaw(stream, line + "\n")
    }

    public func replace(_ stream: String, lines: [String]) throws {
        try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: url(stream))
    }

    public static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    public static func changeSet(
        _ generation: String, _ sequence: Int, snapshot: Bool = false,
        inserted: [String] = [], updated: [String] = [], deleted: [String] = []
    ) -> String {
        "{\"generation\":\"\(generation)\",\"sequence\":\(sequence)" + (snapshot ? ",\"snapshot\":true" : "")
            + ",\"inserted\":[\(inserted.joined(separator: ","))],\"updated\":[\(updated.joined(separator: ","))]"
            + ",\"deleted\":[\(deleted.map { "\"\($0)\"" }.joined(separator: ","))]}"
    }

    public static func account(
        _ id: String, kind: String = "asset", name: String = "Savings", currency: String = "USD",
        institution: String = "Apple"
    ) -> String {
        var text =
            "{\"id\":\"\(id)\",\"kind\":\"\(kind)\",\"displayName\":\(quoted(name)),\"institutionName\":\(quoted(institution)),"
            + "\"accountDescription\":null,\"currencyCode\":\"\(currency)\",\"openingDate\":\"2021-03-04T00:00:00Z\""
        if kind == "liability" {
            text +=
                ",\"creditInformation\":{\"creditLimit\":{\"amount\":\"5000.00\",\"currencyCode\":\"\(currency)\"},"
                + "\"minimumNextPaymentAmount\":null,\"nextPaymentDueDate\":\"2026-11-30T00:00:00Z\",\"overduePaymentAmount\":null}"
        }
        return text + "}"
    }

    public static func transaction(
        _ id: String, account: String, date: String = "2026-10-03T12:34:56-04:00",
        amount: String = "54.20", currency: String = "USD", indicator: String = "debit",
        status: String = "booked", type: String = "pointOfSale", mcc: Int? = 5411,
        merchant: String? = "Whole Foods Market", description: String = "WHOLE FOODS",
        foreign: (amount: String, currency: String, rate: String)? = nil, extra: String = ""
    ) -> String {
        let foreignAmount = foreign.map { "{\"amount\":\"\($0.amount)\",\"currencyCode\":\"\($0.currency)\"}" } ?? "null"
        return "{\"id\":\"\(id)\",\"accountID\":\"\(account)\",\"transactionDate\":\"\(date)\",\"postedDate\":null,"
            + "\"transactionAmount\":{\"amount\":\"\(amount)\",\"currencyCode\":\"\(currency)\"},"
            + "\"foreignCurrencyAmount\":\(foreignAmount),\"foreignCurrencyExchangeRate\":\(foreign.map { quoted($0.rate) } ?? "null"),"
            + "\"creditDebitIndicator\":\"\(indicator)\","
            + "\"transactionDescription\":\(quoted(description)),\"originalTransactionDescription\":\(quoted(description + " 0001")),"
            + "\"merchantCategoryCode\":\(mcc.map(String.init) ?? "null"),\"merchantName\":\(merchant.map(quoted) ?? "null"),"
            + "\"transactionType\":\"\(type)\",\"status\":\"\(status)\"\(extra)}"
    }

    public static func balance(
        _ id: String, account: String, amount: String = "100.00", currency: String = "USD",
        asOf: String = "2026-10-31T23:00:00Z", indicator: String = "credit"
    ) -> String {
        "{\"id\":\"\(id)\",\"accountID\":\"\(account)\",\"currencyCode\":\"\(currency)\",\"available\":null,"
            + "\"booked\":{\"amount\":{\"amount\":\"\(amount)\",\"currencyCode\":\"\(currency)\"},\"asOfDate\":\"\(asOf)\","
            + "\"creditDebitIndicator\":\"\(indicator)\"}}"
    }
}
