import Foundation
import Ledger

/// A Wallet export folder (see the README, "The Wallet export format"): a manifest and one JSON
/// Lines file per stream. Streams come out accounts first, then each account's balances and
/// transactions.
public final class WalletExportSource: LedgerSource {
    public let kind = "wallet-export"
    public let externalID: String
    public let displayName: String
    public let location: String
    public let timeZone: String?
    public let accountTimeZones: [String: String]
    public let exportedAt: Timestamp?

    private let directory: URL
    private let displayPath: String

    /// Opens the export at `path` (as the user wrote it, which messages repeat).
    public init(path: String) throws {
        displayPath = path
        directory = URL(fileURLWithPath: path, isDirectory: true)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SourceError.notFound(path: path, what: "no such directory")
        }
        let manifestURL = directory.appendingPathComponent(WalletExportManifest.fileName)
        guard FileManager.default.fileExists(atPath: manifestURL.path) else {
            throw SourceError.notFound(path: Self.join(path, WalletExportManifest.fileName), what: "no such file: not a Wallet export")
        }
        let manifest = try WalletExportManifest(url: manifestURL, displayPath: Self.join(path, WalletExportManifest.fileName))
        externalID = manifest.sourceID
        displayName = manifest.sourceName
        timeZone = manifest.timeZone
        accountTimeZones = manifest.accountTimeZones
        exportedAt = manifest.exportedAt
        location = directory.standardizedFileURL.path
    }

    /// True when `path` looks like a Wallet export (it has an export.json).
    public static func isExport(at path: String) -> Bool {
        FileManager.default.fileExists(atPath: URL(fileURLWithPath: path).appendingPathComponent(WalletExportManifest.fileName).path)
    }

    public func streams() throws -> [LedgerStream] {
        var streams: [LedgerStream] = []
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent("accounts.jsonl").path) {
            streams.append(.accounts)
        }
        var perAccount: [(String, Int, LedgerStream)] = []
        for (folder, order) in [("balances", 0), ("transactions", 1)] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(folder).path)) ?? []
            for name in names where name.hasSuffix(".jsonl") && !name.hasPrefix(".") {
                let accountID = String(name.dropLast(".jsonl".count)).uppercased()
                perAccount.append((accountID, order, order == 0 ? .balances(accountID: accountID) : .transactions(accountID: accountID)))
            }
        }
        perAccount.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        return streams + perAccount.map(\.2)
    }

    public func changes(for stream: LedgerStream, after token: StreamToken?) throws -> any ChangeSequence {
        let (url, display) = try file(for: stream)
        // A stream reader reads its own file and nothing else: it may read ahead on another core.
        return ReadAheadChangeSequence(try WalletStreamReader(url: url, displayPath: display, stream: stream, token: token))
    }

    /// The stream's file; the account's file name may be in any case.
    private func file(for stream: LedgerStream) throws -> (URL, String) {
        switch stream {
        case .accounts:
            return (directory.appendingPathComponent("accounts.jsonl"), Self.join(displayPath, "accounts.jsonl"))
        case .balances(let accountID), .transactions(let accountID):
            let folder = stream.name.hasPrefix("balances/") ? "balances" : "transactions"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(folder).path)) ?? []
            let name = names.first { $0.hasSuffix(".jsonl") && $0.dropLast(6).uppercased() == accountID } ?? accountID + ".jsonl"
            return (
                directory.appendingPathComponent(folder).appendingPathComponent(name),
                Self.join(displayPath, folder + "/" + name)
            )
        }
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
