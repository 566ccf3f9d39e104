import Foundation
import Ledger
import Prices

/// A temporary folder for the rate files a test writes, removed with it.
final class RateFileFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("purse-prices-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` as `name` and returns its path.
    func write(_ bytes: [UInt8], name: String = "rates.csv") throws -> String {
        let path = url.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
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
