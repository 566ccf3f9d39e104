import Foundation
import Ledger
import Prices
import PurseTestSupport

/// A temporary folder for the rate files a test writes, removed with it.
final class RateFileFolder {
    private let folder: TemporaryFolder
    var url: URL { folder.url }

    init() throws {
        folder = try TemporaryFolder()
    }

    /// Writes `bytes` as `name` and returns its path.
    func write(_ bytes: [UInt8], name: String = "rates.csv") throws -> String {
        let path = url.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Writes `prefix`, then `unit` until the file is about `bytes` long, a megabyte at a time, so
    /// a huge file is never held by the test either; returns its path.
    func write(prefix: String, repeating unit: String, bytes: Int) throws -> String {
        let path = url.appendingPathComponent("rates.csv").path
        FileManager.default.createFile(atPath: path, contents: Data(prefix.utf8))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        let chunk = Data(String(repeating: unit, count: 1_000_000 / unit.utf8.count).utf8)
        for _ in 0..<bytes / chunk.count { try handle.write(contentsOf: chunk) }
        return path
    }

    func write(_ text: String, name: String = "rates.csv") throws -> String {
        try write(Array(text.utf8), name: name)
    }

    /// Every rate of the file, in file order, with errors named after `rates.csv`.
    static func read(_ path: String) throws -> [DatedRate] {
        var rates: [DatedRate] = []
        try RateFileReader.forEach(path: path, file: "rates.csv") { rates.append($0) }
        return rates
    }

    /// The one-line message reading the file fails with; nil when it reads.
    static func refusal(_ path: String) -> String? {
        do {
            _ = try read(path)
            return nil
        } catch {
            return "\(error)"
        }
    }
}
