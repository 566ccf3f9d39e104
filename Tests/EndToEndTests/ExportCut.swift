import Foundation

/// A Wallet export as it was at some earlier tokens: a sync of it gives the ledger as it was
/// right after those change sets, the reference a killed or failed sync must equal.
enum ExportCut {
    /// A copy of the export whose stream files end at the given tokens (a stream without one is
    /// left empty).
    static func copy(_ export: String, to copy: String, cutAt tokens: [String: Int64]) throws {
        let manager = FileManager.default
        for folder in ["balances", "transactions"] {
            try manager.createDirectory(atPath: copy + "/" + folder, withIntermediateDirectories: true)
        }
        try manager.copyItem(atPath: export + "/export.json", toPath: copy + "/export.json")
        let streamFiles =
            ["accounts.jsonl"]
            + (try manager.contentsOfDirectory(atPath: export + "/balances")).map { "balances/" + $0 }
            + (try manager.contentsOfDirectory(atPath: export + "/transactions")).map { "transactions/" + $0 }
        for file in streamFiles {
            let last = tokens[String(file.dropLast(".jsonl".count))] ?? 0
            let bytes = try Data(contentsOf: URL(fileURLWithPath: export + "/" + file))
            var end = bytes.startIndex
            while end < bytes.endIndex, sequence(ofLineAt: end, in: bytes) <= last {
                end = (bytes[end...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex - 1) + 1
            }
            try bytes[..<end].write(to: URL(fileURLWithPath: copy + "/" + file))
        }
    }

    /// The change set's own `sequence`, which the tests' exports write near the line's start
    /// (`{"generation":"...","sequence":N,...`).
    static func sequence(ofLineAt start: Data.Index, in bytes: Data) -> Int64 {
        let head = String(decoding: bytes[start..<min(start + 120, bytes.endIndex)], as: UTF8.self)
        guard let key = head.range(of: "\"sequence\":") else { return Int64.max }
        return Int64(head[key.upperBound...].prefix { $0.isNumber }) ?? Int64.max
    }
}
