import Foundation
import PurseTestSupport
import Testing

@testable import SampleData

@Suite("Wallet export sample generator")
struct WalletExportSampleGeneratorTests {
    // MARK: Determinism

    @Test("the same parameters write byte-identical files, another seed different ones")
    func deterministic() throws {
        let first = try TemporaryFolder()
        let second = try TemporaryFolder()
        let other = try TemporaryFolder()
        let generator = WalletExportSampleGenerator(transactions: 400, months: 3, seed: 7)
        let summary = try generator.write(to: first.url)
        #expect(try generator.write(to: second.url) == summary)
        _ = try WalletExportSampleGenerator(transactions: 400, months: 3, seed: 8).write(to: other.url)

        let a = try allFiles(in: first.url)
        let b = try allFiles(in: second.url)
        #expect(a.count == 11)  // export.json, accounts.jsonl, 4 transaction and 4 balance streams, ecb-rates.csv
        #expect(a == b)
        let c = try allFiles(in: other.url)
        #expect(Set(c.keys) != Set(a.keys))  // account ids follow the seed
        #expect(c["export.json"] != a["export.json"])

        // Writing again over an existing export gives the same bytes.
        _ = try generator.write(to: first.url)
        #expect(try allFiles(in: first.url) == b)
    }

    @Test("a new seed over an old export removes the old seed's stream files, nothing else")
    func staleStreamsRemoved() throws {
        let folder = try TemporaryFolder()
        _ = try WalletExportSampleGenerator(transactions: 100, months: 2, seed: 1).write(to: folder.url)
        let notes = folder.url.appendingPathComponent("transactions/README.txt")
        try Data("keep me".utf8).write(to: notes)
        _ = try WalletExportSampleGenerator(transactions: 100, months: 2, seed: 2).write(to: folder.url)
        let export = try ParsedExport(folder.url)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("transactions").path)
        #expect(Set(names) == Set(export.accountIDs.map { $0 + ".jsonl" } + ["README.txt"]))
    }

    // MARK: Counts and structure

    @Test(
        "exactly N distinct transaction records",
        arguments: [
            (0, 1), (1, 1), (7, 12), (50, 12), (300, 3), (997, 5), (2_500, 24),
        ])
    func exactCount(transactions: Int, months: Int) throws {
        let folder = try TemporaryFolder()
        let summary = try WalletExportSampleGenerator(transactions: transactions, months: months, seed: 3)
            .write(to: folder.url)
        let export = try ParsedExport(folder.url)
        #expect(summary.transactions == transactions)
        #expect(export.insertedTransactionIDs.count == transactions)
        #expect(Set(export.insertedTransactionIDs).count == transactions)
        #expect(summary.accounts == 4)
        #expect(summary.balances == 4 * months)
        #expect(summary.changeSets == export.lineCount)
        try export.checkStructure()
        try export.checkReconciliation()
    }

    @Test("the span ends with lastMonth and the summary names its days")
    func span() throws {
        let folder = try TemporaryFolder()
        let summary = try WalletExportSampleGenerator(transactions: 200, months: 2, seed: 5, lastMonth: (2024, 2))
            .write(to: folder.url)
        #expect(summary.firstDay == "2024-01-01")
        #expect(summary.lastDay == "2024-02-29")
        let export = try ParsedExport(folder.url)
        for record in export.allTransactionRecords {
            let date = try #require(record["transactionDate"] as? String)
            #expect(date >= "2024-01-01" && date < "2024-03-01")
        }
        #expect(export.manifest["exportedAt"] as? String == "2024-03-01T05:00:00Z")
    }

    @Test("every stream starts with a snapshot, sequences go up by one, keys keep their order")
    func streams() throws {
        let folder = try TemporaryFolder()
        _ = try WalletExportSampleGenerator(transactions: 1_500, months: 4, seed: 11).write(to: folder.url)
        let export = try ParsedExport(folder.url)
        try export.checkStructure()
        #expect(export.streams.count == 9)
    }

    @Test("a busy day is split into change sets of at most 1000 records")
    func lineCap() throws {
        let folder = try TemporaryFolder()
        _ = try WalletExportSampleGenerator(transactions: 32_000, months: 1, seed: 2).write(to: folder.url)
        let export = try ParsedExport(folder.url)
        try export.checkStructure()
        let card = try #require(export.account(named: "Apple Card"))
        let lines = try #require(export.streams["transactions/\(card).jsonl"])
        #expect(lines.contains { ($0["inserted"] as? [Any])?.count == 1000 })
        #expect(export.insertedTransactionIDs.count == 32_000)
    }

    @Test("manifest and accounts have the documented shape")
    func manifestAndAccounts() throws {
        let folder = try TemporaryFolder()
        _ = try WalletExportSampleGenerator(transactions: 300, months: 12, seed: 42).write(to: folder.url)
        let export = try ParsedExport(folder.url)
        #expect(export.manifest["format"] as? String == "wallet-export")
        #expect(export.manifest["version"] as? Int == 1)
        let source = try #require(export.manifest["sourceID"] as? String)
        #expect(source == source.uppercased() && UUID(uuidString: source) != nil)
        #expect(export.manifest["exportedAt"] as? String == "2026-11-01T04:00:00Z")

        let card = try #require(export.accounts.first { $0["displayName"] as? String == "Apple Card" })
        #expect(card["kind"] as? String == "liability")
        #expect(card["currencyCode"] as? String == "USD")
        #expect(card["institutionName"] as? String == "Apple")
        let credit = try #require(card["creditInformation"] as? [String: Any])
        let limit = try #require(credit["creditLimit"] as? [String: Any])
        #expect(limit["amount"] is String)
        #expect(
            export.accounts.contains {
                $0["displayName"] as? String == "Apple Cash" && $0["kind"] as? String == "asset"
            })
        #expect(export.accounts.contains { $0["displayName"] as? String == "Savings" && $0["kind"] as? String == "asset" })
        let uk = try #require(export.accounts.first { $0["currencyCode"] as? String == "GBP" })
        #expect(uk["kind"] as? String == "asset")
        #expect(uk["institutionName"] as? String == "Monzo")
        for account in export.accounts where account["kind"] as? String == "asset" {
            #expect(account["creditInformation"] == nil)
        }
        // A later change set updates the card.
        let accountLines = try #require(export.streams["accounts.jsonl"])
        #expect(accountLines.count == 2)
        let updated = try #require(accountLines[1]["updated"] as? [[String: Any]])
        #expect(updated.first?["id"] as? String == card["id"] as? String)
    }

    // MARK: Content

    @Test("amounts are decimal strings, never JSON numbers")
    func amountsAreStrings() throws {
        let folder = try TemporaryFolder()
        _ = try WalletExportSampleGenerator(transactions: 2_000, months: 12, seed: 9).write(to: folder.url)
        let export = try ParsedExport(folder.url)
        var checked = 0
        func visit(_ value: Any, key: String?) {
            if let object = value as? [String: Any] {
                for (key, child) in object { visit(child, key: key) }
            } else if let array = value as? [Any] {
                for child in array { visit(child, key: key) }
            } else if value is NSNull {
                return  // an absent foreign amount or rate
            } else if key == "amount" || key == "foreignCurrencyExchangeRate" {
                let text = value as? String
                #expect(text != nil, "amount \(value) is not a string")
                if let text {
                    #expect(text.wholeMatch(of: /[0-9]+(\.[0-9]{1,4})?/) != nil, "bad amount \(text)")
                    checked += 1
                }
            }
        }
        for lines in export.streams.values {
            for line in lines { visit(line, key: nil) }
        }
        #expect(checked > 2_000)
    }

    @Test("amounts carry the currency's minor digits")
    func minorDigits() throws {
        let folder = try TemporaryFolder()
        _ = try WalletExportSampleGenerator(transactions: 4_000, months: 24, seed: 4).write(to: folder.url)
        let export = try ParsedExport(folder.url)
        var currencies: Set<String> = []
        for record in export.allTransactionRecords {
            for key in ["transactionAmount", "foreignCurrencyAmount"] {
                guard let money = record[key] as? [String: Any] else { continue }
                let amount = try #require(money["amount"] as? String)
                let currency = try #require(money["currencyCode"] as? String)
                currencies.insert(currency)
                let fraction = amount.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first ?? ""
                #expect(fraction.count == (currency == "JPY" ? 0 : 2), "\(amount) \(currency)")
            }
        }
        #expect(currencies.isSuperset(of: ["USD", "GBP", "EUR", "JPY"]))
    }

    @Test("the sample holds every kind of record the readers must handle")
    func features() throws {
        let folder = try TemporaryFolder()
        _ = try WalletExportSampleGenerator(transactions: 600, months: 6, seed: 21).write(to: folder.url)
        let export = try ParsedExport(folder.url)
        let records = export.allTransactionRecords
        func status(_ value: String) -> Bool { records.contains { $0["status"] as? String == value } }

        // A pending purchase that books later: same id, in `updated` of a later change set.
        var pendingLine: [String: Int] = [:]
        var bookedLater = 0
        var deletedAfterInsert = 0
        for (name, lines) in export.streams where name.hasPrefix("transactions/") {
            var insertedLine: [String: Int] = [:]
            for (index, line) in lines.enumerated() {
                for record in line["inserted"] as? [[String: Any]] ?? [] {
                    let id = record["id"] as? String ?? ""
                    insertedLine[id] = index
                    if record["status"] as? String == "pending" { pendingLine[id] = index }
                }
                for record in line["updated"] as? [[String: Any]] ?? [] {
                    let id = record["id"] as? String ?? ""
                    if let first = pendingLine[id], first < index, record["status"] as? String == "booked",
                        record["postedDate"] is String
                    {
                        bookedLater += 1
                    }
                }
                for id in line["deleted"] as? [String] ?? [] where (insertedLine[id] ?? Int.max) < index {
                    deletedAfterInsert += 1
                }
            }
        }
        #expect(bookedLater >= 1)
        #expect(deletedAfterInsert >= 1)
        #expect(status("memo"))
        #expect(status("rejected"))

        let final = export.finalTransactions.values.flatMap { $0 }
        #expect(final.contains { $0["status"] as? String == "pending" })  // still pending at the end
        let foreign = try #require(final.first { $0["foreignCurrencyAmount"] is [String: Any] })
        #expect(foreign["foreignCurrencyExchangeRate"] is String)
        #expect(
            final.contains {
                $0["transactionType"] as? String == "refund" && $0["creditDebitIndicator"] as? String == "credit"
                    && $0["merchantCategoryCode"] is Int
            })
        #expect(final.contains { $0["transactionType"] as? String == "atm" && $0["merchantCategoryCode"] as? Int == 6011 })
        #expect(final.contains { $0["transactionType"] as? String == "billPayment" })
        #expect(final.contains { $0["transactionType"] as? String == "directDeposit" })
        #expect(final.contains { $0["transactionType"] as? String == "directDebit" })
        #expect(final.contains { $0["transactionType"] as? String == "standingOrder" })
        #expect(final.contains { $0["transactionType"] as? String == "interest" })
        let names = Set(final.compactMap { $0["merchantName"] as? String })
        #expect(names.contains { $0.contains(",") })
        #expect(names.contains { $0.contains("'") || $0.unicodeScalars.contains { !$0.isASCII } })
        for record in final {
            let description = try #require(record["transactionDescription"] as? String)
            #expect(description == description.uppercased())
            #expect(record["originalTransactionDescription"] is String)
            if let mcc = record["merchantCategoryCode"] as? Int { #expect((0...9999).contains(mcc)) }
        }
    }

    @Test("internal transfers and the card payment pair up")
    func transfersPair() throws {
        let folder = try TemporaryFolder()
        _ = try WalletExportSampleGenerator(transactions: 1_200, months: 4, seed: 13).write(to: folder.url)
        let export = try ParsedExport(folder.url)
        let card = try #require(export.account(named: "Apple Card"))
        let cash = try #require(export.account(named: "Apple Cash"))
        let savings = try #require(export.account(named: "Savings"))
        func amounts(_ account: String, type: String, credit: Bool) -> [String] {
            (export.finalTransactions[account] ?? []).filter {
                $0["transactionType"] as? String == type
                    && ($0["creditDebitIndicator"] as? String == "credit") == credit
                    && $0["merchantCategoryCode"] is NSNull
            }.compactMap { ($0["transactionAmount"] as? [String: Any])?["amount"] as? String }.sorted()
        }
        let payments = amounts(card, type: "billPayment", credit: true)
        #expect(payments.count == 4)
        #expect(payments == amounts(cash, type: "billPayment", credit: false))
        let transfers = amounts(savings, type: "withdrawal", credit: false)
        #expect(!transfers.isEmpty)
        #expect(transfers == amounts(cash, type: "deposit", credit: true))
    }

    @Test("dates are RFC 3339 with the accounts' local offsets")
    func dates() throws {
        let folder = try TemporaryFolder()
        _ = try WalletExportSampleGenerator(transactions: 1_000, months: 12, seed: 17).write(to: folder.url)
        let export = try ParsedExport(folder.url)
        let uk = try #require(export.account(named: "Current Account"))
        for (account, records) in export.finalTransactions {
            for record in records {
                let date = try #require(record["transactionDate"] as? String)
                let instant = try #require(RFC3339.seconds(date), "bad date \(date)")
                let month = Int(date.dropFirst(5).prefix(2))!
                let offset = String(date.suffix(6))
                if account == uk {
                    #expect(["+00:00", "+01:00"].contains(offset))
                    if (5...9).contains(month) { #expect(offset == "+01:00") }
                    if [12, 1, 2].contains(month) { #expect(offset == "+00:00") }
                } else {
                    #expect(["-04:00", "-05:00"].contains(offset))
                    if (4...10).contains(month) { #expect(offset == "-04:00") }
                    if [12, 1, 2].contains(month) { #expect(offset == "-05:00") }
                }
                if let posted = record["postedDate"] as? String {
                    let postedInstant = try #require(RFC3339.seconds(posted))
                    #expect(posted.prefix(10) >= date.prefix(10))
                    #expect(postedInstant > instant - 86_400)
                }
            }
        }
    }

    // MARK: Balances

    @Test(
        "every balance observation equals the signed booked transactions up to its date",
        arguments: [(UInt64(42), 3_000, 12), (UInt64(5), 250, 6), (UInt64(99), 50, 12)])
    func reconciliation(seed: UInt64, transactions: Int, months: Int) throws {
        let folder = try TemporaryFolder()
        _ = try WalletExportSampleGenerator(transactions: transactions, months: months, seed: seed).write(to: folder.url)
        let export = try ParsedExport(folder.url)
        let checked = try export.checkReconciliation()
        #expect(checked == 4 * months)
        let cash = try #require(export.account(named: "Apple Cash"))
        for observation in export.balances[cash] ?? [] {
            #expect(observation["available"] is [String: Any])
        }
    }

    // MARK: Reference rates

    @Test("ecb-rates.csv: the ECB's layout, newest first, business days only, a rate within the week before every day of the span")
    func referenceRates() throws {
        let folder = try TemporaryFolder()
        let summary = try WalletExportSampleGenerator(transactions: 600, months: 14, seed: 11).write(to: folder.url)
        let text = try String(contentsOf: folder.url.appendingPathComponent(summary.referenceRatesFile), encoding: .utf8)
        var lines = text.split(separator: "\n")
        #expect(lines.removeFirst() == "Date,USD,JPY,GBP,CAD,")
        #expect(lines.count == summary.referenceRateDays)
        let days = lines.map { dayNumber($0) }
        #expect(days == days.sorted(by: >))
        for (line, day) in zip(lines, days) {
            let date = Civil.date(day)
            #expect(![0, 6].contains(Civil.weekday(day)), "\(line) is on a weekend")
            #expect(![(1, 1), (5, 1), (12, 25), (12, 26)].contains { $0 == (date.month, date.day) }, "\(line) is on a holiday")
            #expect(line.split(separator: ",").count == 5 && line.hasSuffix(","))
        }
        let first = dayNumber(summary.firstDay)
        let last = dayNumber(summary.lastDay)
        let quoted = Set(days)
        for day in first...last {
            #expect((0...7).contains { quoted.contains(day - $0) }, "no rate within 7 days before \(Civil.date(day))")
        }
    }

    @Test("the card charges a little more than the reference rate of the day: its EUR rate is above the file's USD per euro")
    func cardAboveReference() throws {
        let folder = try TemporaryFolder()
        let summary = try WalletExportSampleGenerator(transactions: 3_000, months: 12, seed: 42).write(to: folder.url)
        let text = try String(contentsOf: folder.url.appendingPathComponent(summary.referenceRatesFile), encoding: .utf8)
        // Ten-thousandths of a dollar per euro, by day number.
        var usdPerEuro: [Int: Int] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let cells = line.split(separator: ",")
            usdPerEuro[dayNumber(cells[0])] = Int(cells[1].replacingOccurrences(of: ".", with: ""))
        }
        let export = try ParsedExport(folder.url)
        var compared = 0
        for transaction in export.finalTransactions.values.flatMap({ $0 }) {
            guard let foreign = transaction["foreignCurrencyAmount"] as? [String: Any], foreign["currencyCode"] as? String == "EUR",
                let rate = transaction["foreignCurrencyExchangeRate"] as? String, let date = transaction["transactionDate"] as? String
            else { continue }
            var day = dayNumber(date)
            while usdPerEuro[day] == nil { day -= 1 }
            let card = Int(rate.replacingOccurrences(of: ".", with: ""))!
            let reference = usdPerEuro[day]!
            #expect(card > reference && card < reference * 1_015 / 1_000, "\(date): card \(rate), reference \(reference)")
            compared += 1
        }
        #expect(compared > 10)
    }

    // MARK: Parameters

    @Test("parameters out of range are refused")
    func invalidParameters() throws {
        let folder = try TemporaryFolder()
        for generator in [
            WalletExportSampleGenerator(transactions: -1),
            WalletExportSampleGenerator(months: 0),
            WalletExportSampleGenerator(lastMonth: (2026, 13)),
            WalletExportSampleGenerator(months: 12, lastMonth: (1900, 6)),
        ] {
            #expect(throws: SampleDataError.self) {
                try generator.write(to: folder.url)
            }
        }
    }
}

// MARK: - Reading an export back, with JSONSerialization only

/// The day number of the `YYYY-MM-DD` that `text` starts with.
private func dayNumber(_ text: some StringProtocol) -> Int {
    let parts = text.prefix(10).split(separator: "-").map { Int($0)! }
    return Civil.day(parts[0], parts[1], parts[2])
}

private func allFiles(in folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let base = folder.standardizedFileURL.path
    let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            continue
        }
        let path = url.standardizedFileURL.path
        files[String(path.dropFirst(base.count + 1))] = try Data(contentsOf: url)
    }
    return files
}

/// RFC 3339 `YYYY-MM-DDTHH:MM:SS(Z|±HH:MM)` to seconds since 1970, strictly.
private enum RFC3339 {
    static func seconds(_ text: String) -> Int? {
        let pattern = /(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(Z|[+-]\d{2}:\d{2})/
        guard let match = text.wholeMatch(of: pattern) else { return nil }
        let (y, mo, d) = (Int(match.1)!, Int(match.2)!, Int(match.3)!)
        let (h, mi, s) = (Int(match.4)!, Int(match.5)!, Int(match.6)!)
        var offset = 0
        if match.7 != "Z" {
            let zone = match.7
            let sign = zone.first == "-" ? -1 : 1
            offset = sign * (Int(zone.dropFirst().prefix(2))! * 3600 + Int(zone.suffix(2))! * 60)
        }
        // Days from civil (H. Hinnant).
        let yy = mo <= 2 ? y - 1 : y
        let era = yy / 400
        let yoe = yy - era * 400
        let doy = (153 * (mo > 2 ? mo - 3 : mo + 9) + 2) / 5 + d - 1
        let days = era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
        return days * 86_400 + h * 3600 + mi * 60 + s - offset
    }
}

/// An amount string as an integer of 1/10,000 units (the money rules' scale), never a Double.
private func tenThousandths(_ text: String) -> Int? {
    guard text.wholeMatch(of: /[0-9]+(\.[0-9]{1,4})?/) != nil else { return nil }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    let whole = Int(parts[0])!
    let fraction = parts.count > 1 ? String(parts[1]) : ""
    return whole * 10_000 + Int(fraction.padding(toLength: 4, withPad: "0", startingAt: 0))!
}

private struct ExportError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

private struct ParsedExport {
    var manifest: [String: Any] = [:]
    var accounts: [[String: Any]] = []
    /// Lines of every stream file, by path relative to the export ("transactions/<ID>.jsonl").
    var streams: [String: [[String: Any]]] = [:]
    var rawLines: [String: [String]] = [:]

    init(_ folder: URL) throws {
        manifest =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent("export.json"))) as? [String: Any] ?? [:]
        for (path, data) in try allFiles(in: folder) where path.hasSuffix(".jsonl") {
            let text = String(decoding: data, as: UTF8.self)
            #expect(text.hasSuffix("\n"), "\(path) does not end with LF")
            let lines = text.split(separator: "\n").map(String.init)
            rawLines[path] = lines
            streams[path] = try lines.map {
                guard let object = try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] else {
                    throw ExportError("\(path): a line is not a JSON object")
                }
                return object
            }
        }
        accounts = streams["accounts.jsonl"]?.first?["inserted"] as? [[String: Any]] ?? []
    }

    var accountIDs: [String] { accounts.compactMap { $0["id"] as? String } }

    func account(named name: String) -> String? {
        accounts.first { $0["displayName"] as? String == name }?["id"] as? String
    }

    var lineCount: Int { streams.values.reduce(0) { $0 + $1.count } }

    var transactionStreams: [(account: String, lines: [[String: Any]])] {
        accountIDs.map { ($0, streams["transactions/\($0).jsonl"] ?? []) }
    }

    var insertedTransactionIDs: [String] {
        transactionStreams.flatMap { $0.lines.flatMap { ($0["inserted"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } } }
    }

    /// Every transaction record as written (inserted and updated versions).
    var allTransactionRecords: [[String: Any]] {
        transactionStreams.flatMap { stream in
            stream.lines.flatMap { ($0["inserted"] as? [[String: Any]] ?? []) + ($0["updated"] as? [[String: Any]] ?? []) }
        }
    }

    /// The final state of each account's transactions after applying every change set.
    var finalTransactions: [String: [[String: Any]]] {
        var result: [String: [[String: Any]]] = [:]
        for (account, lines) in transactionStreams {
            var byID: [String: [String: Any]] = [:]
            var order: [String] = []
            for line in lines {
                for record in (line["inserted"] as? [[String: Any]] ?? []) + (line["updated"] as? [[String: Any]] ?? []) {
                    let id = record["id"] as? String ?? ""
                    if byID[id] == nil { order.append(id) }
                    byID[id] = record
                }
                for id in line["deleted"] as? [String] ?? [] { byID[id] = nil }
            }
            result[account] = order.compactMap { byID[$0] }
        }
        return result
    }

    var balances: [String: [[String: Any]]] {
        var result: [String: [[String: Any]]] = [:]
        for account in accountIDs {
            result[account] = (streams["balances/\(account).jsonl"] ?? []).flatMap { $0["inserted"] as? [[String: Any]] ?? [] }
        }
        return result
    }

    /// Snapshot first, sequences by one, one generation, keys in the documented order, at most
    /// 1000 records a line, records in the file of their account.
    func checkStructure() throws {
        let expected = Set(["accounts.jsonl"] + accountIDs.flatMap { ["balances/\($0).jsonl", "transactions/\($0).jsonl"] })
        #expect(Set(streams.keys) == expected)
        for (path, lines) in streams {
            let raw = rawLines[path] ?? []
            let generation = lines.first?["generation"] as? String
            #expect(generation.map { UUID(uuidString: $0) != nil && $0 == $0.uppercased() } == true)
            for (index, line) in lines.enumerated() {
                #expect(line["generation"] as? String == generation, "\(path):\(index + 1)")
                #expect(line["sequence"] as? Int == index + 1, "\(path):\(index + 1)")
                #expect((line["snapshot"] as? Bool ?? false) == (index == 0), "\(path):\(index + 1)")
                let text = raw[index]
                let keys =
                    index == 0
                    ? [#"{"generation":"#, #","sequence":"#, #","snapshot":true"#, #","inserted":["#, #"],"updated":["#, #"],"deleted":["#]
                    : [#"{"generation":"#, #","sequence":"#, #","inserted":["#, #"],"updated":["#, #"],"deleted":["#]
                var cursor = text.startIndex
                for key in keys {
                    let found = text.range(of: key, range: cursor..<text.endIndex)
                    #expect(found != nil, "\(path):\(index + 1) lacks \(key) in order")
                    if let found { cursor = found.upperBound }
                }
                let inserted = line["inserted"] as? [[String: Any]] ?? []
                let updated = line["updated"] as? [[String: Any]] ?? []
                let deleted = line["deleted"] as? [String] ?? []
                #expect(inserted.count + updated.count + deleted.count <= 1000)
                if index == 0 { #expect(updated.isEmpty && deleted.isEmpty) }
                if path != "accounts.jsonl" {
                    let account = String(path.split(separator: "/")[1].dropLast(6))
                    for record in inserted + updated {
                        #expect(record["accountID"] as? String == account, "\(path):\(index + 1)")
                    }
                }
                for id in (inserted + updated).compactMap({ $0["id"] as? String }) + deleted {
                    #expect(UUID(uuidString: id) != nil && id == id.uppercased())
                }
            }
        }
    }

    /// Each observation's booked value, signed by its indicator, equals the sum of the signed
    /// amounts of the account's finally booked transactions dated at or before its asOfDate.
    /// Returns the number of observations checked.
    @discardableResult
    func checkReconciliation() throws -> Int {
        let final = finalTransactions
        var checked = 0
        for account in accountIDs {
            let currency = accounts.first { $0["id"] as? String == account }?["currencyCode"] as? String
            var booked: [(instant: Int, signed: Int)] = []
            for record in final[account] ?? [] where record["status"] as? String == "booked" {
                let money = try #require(record["transactionAmount"] as? [String: Any])
                #expect(money["currencyCode"] as? String == currency)
                let amountText = try #require(money["amount"] as? String)
                let amount = try #require(tenThousandths(amountText))
                let date = try #require(record["transactionDate"] as? String)
                let instant = try #require(RFC3339.seconds(date))
                booked.append((instant, record["creditDebitIndicator"] as? String == "debit" ? -amount : amount))
            }
            for observation in balances[account] ?? [] {
                #expect(observation["accountID"] as? String == account)
                let value = try #require(observation["booked"] as? [String: Any])
                let money = try #require(value["amount"] as? [String: Any])
                #expect(money["currencyCode"] as? String == currency)
                let amountText = try #require(money["amount"] as? String)
                let amount = try #require(tenThousandths(amountText))
                let signed = value["creditDebitIndicator"] as? String == "debit" ? -amount : amount
                let asOfText = try #require(value["asOfDate"] as? String)
                let asOf = try #require(RFC3339.seconds(asOfText))
                let expected = booked.filter { $0.instant <= asOf }.reduce(0) { $0 + $1.signed }
                #expect(signed == expected, "\(account) at \(value["asOfDate"] ?? "")")
                if let available = observation["available"] as? [String: Any] {
                    #expect((available["amount"] as? [String: Any])?["amount"] as? String == money["amount"] as? String)
                }
                checked += 1
            }
        }
        return checked
    }
}
