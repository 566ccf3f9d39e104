import Foundation
import PurseTestSupport
import Testing

/// The bundled example and the sample reports made from it stay current: the example is what
/// `purse sample` writes today, and every report in Reports/ is what purse prints today.
@Suite("Sample reports")
struct SampleReportsTests {
    @Test("examples/wallet-export is exactly `purse sample --out DIR` with the defaults")
    func exampleIsCurrent() throws {
        let folder = try TemporaryFolder()
        let result = try PurseBinary().run(["sample", "--out", folder.file("sample")])
        #expect(result.status == 0)
        let example = Examples.walletExport
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.file("sample")).sorted()
        #expect(files == (try FileManager.default.subpathsOfDirectory(atPath: example.path)).sorted())
        for file in files where file.hasSuffix(".json") || file.hasSuffix(".jsonl") {
            let fresh = try Data(contentsOf: URL(fileURLWithPath: folder.file("sample/" + file)))
            let committed = try Data(contentsOf: example.appendingPathComponent(file))
            #expect(fresh == committed, "\(file) differs: regenerate with purse sample --out examples/wallet-export")
        }
    }

    /// Reports/ is written in New York (generate.sh sets TZ); each account's days are its own
    /// zone's (the export's), so the README's quick start (its first line,
    /// spending-by-category.txt) and every sample report print the same on a machine anywhere,
    /// from Los Angeles to Kiritimati (UTC+14).
    @Test(
        "every report in Reports/ is current, and the same in every machine zone (regenerate with: bash Reports/generate.sh)",
        arguments: ["America/New_York", "UTC", "Europe/London", "Asia/Tokyo", "Pacific/Kiritimati", "America/Los_Angeles"])
    func reportsAreCurrent(zone: String) throws {
        let folder = try TemporaryFolder()
        let purse = PurseBinary()
        let database = folder.file("ledger.sqlite")
        let environment = ["TZ": zone]
        try Examples.syncedLedger(at: database, purse: purse, environment: environment)
        let list = try String(contentsOf: Examples.root.appendingPathComponent("Reports/reports.list"), encoding: .utf8)
        var checked = 0
        for line in list.split(separator: "\n") where !line.hasPrefix("#") && !line.trimmingCharacters(in: .whitespaces).isEmpty {
            // A file of the examples is named from the repository's root, as generate.sh runs.
            let words = line.split(separator: " ").map { word in
                word.hasPrefix("examples/") ? Examples.root.appendingPathComponent(String(word)).path : String(word)
            }
            let file = words[0]
            let result = try purse.run(["--db", database] + words.dropFirst(), environment: environment)
            #expect(result.status == 0, "\(file): \(result.stderr)")
            if file == "-" { continue }
            let committed = try String(contentsOf: Examples.root.appendingPathComponent("Reports/" + file), encoding: .utf8)
            #expect(result.stdout == committed, "Reports/\(file) in \(zone): out of date? run bash Reports/generate.sh")
            checked += 1
        }
        #expect(checked > 5)
    }
}
