import Foundation
import Testing

@testable import Ledger

@Suite("Merchant category code table")
struct MerchantCategoryCodeTableTests {
    @Test("has the 981 codes of the list plus the 4 added ones")
    func entryCount() {
        #expect(MerchantCategoryCodeTable.entries.count == 985)
    }

    @Test("codes are four-digit, ascending and unique")
    func ascendingAndUnique() {
        let codes = MerchantCategoryCodeTable.entries.map(\.code)
        #expect(codes.allSatisfy { (0...9999).contains($0) })
        let unordered = zip(codes, codes.dropFirst()).filter { $0 >= $1 }
        #expect(unordered.isEmpty, "not strictly ascending at \(unordered.prefix(3))")
    }

    @Test("descriptions are non-empty and trimmed")
    func descriptionsAreClean() {
        for entry in MerchantCategoryCodeTable.entries {
            #expect(!entry.description.isEmpty, "\(entry.code)")
            #expect(
                entry.description == entry.description.trimmingCharacters(in: .whitespacesAndNewlines),
                "\(entry.code)")
        }
    }

    @Test("the binary search finds every entry")
    func lookupFindsEveryEntry() {
        for entry in MerchantCategoryCodeTable.entries {
            #expect(MerchantCategoryCodeTable.description(for: entry.code) == entry.description)
        }
    }

    @Test(
        "spot checks, the corrected 6011 and the added codes",
        arguments: [
            (742, "Veterinary Services"),
            (5411, "Grocery Stores, Supermarkets"),
            (9402, "Postal Services – Government Only"),
            (6011, "Automated Cash Disbursements"),
            (5262, "Marketplaces"),
            (5552, "Electric Vehicle Charging"),
            (6540, "Non-Financial Institutions – Stored Value Card Purchase/Load"),
            (9406, "Government-Owned Lotteries (Non-U.S.)"),
        ])
    func knownCode(code: Int, description: String) {
        #expect(MerchantCategoryCodeTable.description(for: code) == description)
    }

    @Test("an unknown code has no description", arguments: [-5411, 0, 1, 1234, 5263, 6539, 9999, 10_000])
    func unknownCode(code: Int) {
        #expect(MerchantCategoryCodeTable.description(for: code) == nil)
    }

    @Test("has every code of the list in Tests/ with its description, the corrected 6011 and the 4 added codes")
    func matchesTheList() throws {
        let listed = try CodeList.read()
        #expect(listed.count == 981)
        let corrected = [6011: "Automated Cash Disbursements"]
        let added: Set = [5262, 5552, 6540, 9406]
        for (code, description) in listed {
            #expect(MerchantCategoryCodeTable.description(for: code) == corrected[code] ?? description, "\(code)")
        }
        let table = Set(MerchantCategoryCodeTable.entries.map(\.code))
        #expect(table.subtracting(listed.keys) == added)
    }

    @Test(
        "generate.py reproduces the committed Swift file byte for byte",
        .enabled(if: GeneratorRun.python3 != nil, "needs python3"))
    func generatorReproducesCommittedFile() throws {
        let python = try #require(GeneratorRun.python3)
        let process = Process()
        process.executableURL = python
        process.arguments = [GeneratorRun.script.path]
        process.currentDirectoryURL = GeneratorRun.packageRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let generated = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)

        let committed = try Data(contentsOf: GeneratorRun.committed)
        #expect(
            generated == committed,
            """
            MerchantCategoryCodeTable.swift differs from the generator's output \
            (\(GeneratorRun.firstDifference(generated, committed))). Regenerate it from the package root: \
            python3 Sources/Ledger/MerchantCategoryCodes/generate.py \
            > Sources/Ledger/MerchantCategoryCodes/MerchantCategoryCodeTable.swift
            """)
    }
}

/// Where the generator, its input and its committed output are, found from this file's path.
private enum GeneratorRun {
    /// This file is <root>/Tests/LedgerTests/MerchantCategoryCodeTableTests.swift.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
    static let script = packageRoot.appendingPathComponent("Sources/Ledger/MerchantCategoryCodes/generate.py")
    static let committed = packageRoot.appendingPathComponent(
        "Sources/Ledger/MerchantCategoryCodes/MerchantCategoryCodeTable.swift")

    /// The first `python3` on PATH, if any.
    static var python3: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }

    /// "line N" of the first line that differs, for the failure message.
    static func firstDifference(_ generated: Data, _ committed: Data) -> String {
        let left = String(decoding: generated, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let right = String(decoding: committed, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for (index, (a, b)) in zip(left, right).enumerated() where a != b {
            return "first difference at line \(index + 1)"
        }
        return "generated \(left.count) lines, committed \(right.count)"
    }
}

/// The list of codes in MerchantCategoryCodes/mcc-codes.csv next to this file: a header
/// `mcc,description`, then one code a line, a description with a comma in double quotes.
private enum CodeList {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("MerchantCategoryCodes/mcc-codes.csv")

    /// Code -> description, trimmed as the generator trims it.
    static func read() throws -> [Int: String] {
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "mcc,description")
        var codes: [Int: String] = [:]
        for line in lines.dropFirst() {
            let comma = try #require(line.firstIndex(of: ","), "\(line)")
            let code = try #require(Int(line[..<comma]), "\(line)")
            var description = String(line[line.index(after: comma)...])
            if description.hasPrefix("\"") {
                #expect(description.hasSuffix("\"") && description.count >= 2, "\(line)")
                description = String(description.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
            }
            #expect(codes.updateValue(description.trimmingCharacters(in: .whitespaces), forKey: code) == nil, "\(code) twice")
        }
        return codes
    }
}
