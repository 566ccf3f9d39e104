import Foundation
import Ledger
import StrictJSON
import WalletExport

/// A Wallet order package (a `.order` file): a zip archive of `order.json`, its images, a
/// `manifest.json` of the SHA-256 digest of every file, and a `signature` of the manifest.
///
/// Every digest is checked: a file the manifest does not list, a listed file that is missing,
/// or a file whose bytes do not match its digest makes the package bad input. The signature
/// itself (a PKCS #7 signature by the merchant's Apple certificate) is not verified: purse has
/// no cryptography beyond SHA-256, so it checks that the package is whole and as its manifest
/// says, not who made it (README, "Wallet orders").
public struct OrderPackage: Sendable {
    public let order: WalletOrder
    /// The bytes of `order.json` as the merchant wrote them, kept with the order so the keys
    /// purse does not read yet are not lost.
    public let orderJSON: [UInt8]

    /// Larger files are refused before they are read: an order package is a JSON file and a few images.
    public static let maximumSize = 8 << 20
    /// The most all of a package's files may unpack to together. Each file has its own limit
    /// too (`maximumUnpackedSize(of:)`); both are checked against the central directory before
    /// anything is unpacked, and inflating stops at the size the directory gives, so a small
    /// archive cannot unpack into a huge one.
    public static let maximumUnpackedSize = 16 << 20
    /// Apple's orders are a few kilobytes of JSON.
    public static let maximumOrderJSONSize = 1 << 20

    static let manifestName = "manifest.json"
    static let signatureName = "signature"
    static let orderName = "order.json"

    /// Reads the package at `path`; messages name it as `displayPath` (the path as the user gave it).
    public init(path: String, displayPath: String? = nil) throws {
        let file = displayPath ?? path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SourceError.notFound(path: file, what: "no such file")
        }
        guard !isDirectory.boolValue else { throw SourceError.notFound(path: file, what: "a folder, not an order package") }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= Self.maximumSize else {
            throw SourceError.badInput(
                file: file, line: nil, field: nil, message: "\(size) bytes is more than the \(Self.maximumSize) an order package may have")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SourceError.notFound(path: file, what: "cannot read the file")
        }
        try self.init(bytes: [UInt8](data), file: file)
    }

    /// Reads a package from its bytes; `file` names it in messages.
    public init(bytes: [UInt8], file: String) throws {
        func bad(_ field: String?, _ message: String) -> SourceError {
            SourceError.badInput(file: file, line: nil, field: field, message: message)
        }
        let archive: ZipArchive
        do {
            archive = try ZipArchive(bytes)
        } catch {
            throw bad(nil, error.message)
        }
        let files = archive.entries.filter { !$0.isDirectory }
        var unpacked = 0
        for entry in files {
            let limit = Self.maximumUnpackedSize(of: entry.name)
            guard entry.size <= limit else {
                throw bad(entry.name, "unpacks to \(entry.size) bytes, more than the \(limit) this file of an order package may have")
            }
            unpacked += entry.size
        }
        guard unpacked <= Self.maximumUnpackedSize else {
            throw bad(nil, "unpacks to \(unpacked) bytes, more than the \(Self.maximumUnpackedSize) an order package may have")
        }
        var contents: [String: [UInt8]] = [:]
        var names: [String] = []
        do {
            for entry in files {
                contents[entry.name] = try archive.contents(of: entry)
                names.append(entry.name)
            }
        } catch {
            throw bad(nil, error.message)
        }
        guard let manifestBytes = contents[Self.manifestName] else {
            throw bad(Self.manifestName, "missing: an order package lists the SHA-256 digest of each of its files in manifest.json")
        }
        guard contents[Self.signatureName] != nil else { throw bad(Self.signatureName, "missing: an order package is signed") }
        let manifest = try Self.manifest(manifestBytes, bad: bad)
        for (name, digest) in manifest {
            guard let fileBytes = contents[name] else { throw bad(Self.manifestName, "lists '\(name)', which is not in the package") }
            guard SHA256.hexDigest(fileBytes) == digest else {
                throw bad(
                    Self.manifestName, "'\(name)' does not match its SHA-256 digest: the file was changed after the manifest was made")
            }
        }
        let listed = Set(manifest.map(\.name))
        for name in names where name != Self.manifestName && name != Self.signatureName && !listed.contains(name) {
            throw bad(Self.manifestName, "'\(name)' is in the package but not in the manifest")
        }
        guard let orderBytes = contents[Self.orderName] else {
            throw bad(Self.orderName, "missing: an order package holds its order in order.json")
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(orderBytes)
        } catch {
            throw bad(Self.orderName, "not valid JSON: \(error)")
        }
        do {
            order = try OrderJSONDecoder.order(value)
        } catch let error as FieldError {
            throw bad(Self.orderName + ": " + error.field, error.message)
        }
        orderJSON = orderBytes
    }

    /// The most the file `name` may unpack to: `order.json` its own limit, the manifest (a
    /// digest per file) and the signature (a PKCS #7 signature) 64 KiB, any other file (an
    /// image) 4 MiB.
    static func maximumUnpackedSize(of name: String) -> Int {
        switch name {
        case orderName: maximumOrderJSONSize
        case manifestName, signatureName: 64 << 10
        default: 4 << 20
        }
    }

    /// The manifest's entries in the order written: file names with lower-case hex digests.
    private static func manifest(_ bytes: [UInt8], bad: (String?, String) -> SourceError) throws -> [(name: String, digest: String)] {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw bad(manifestName, "not valid JSON: \(error)")
        }
        guard case .object(let object) = value else {
            throw bad(manifestName, "expected an object of file names and digests, found \(value.typeName)")
        }
        var entries: [(name: String, digest: String)] = []
        var seen: Set<String> = []
        for member in object.members {
            guard seen.insert(member.key).inserted else { throw bad(manifestName, "lists '\(member.key)' twice") }
            guard case .string(let digest) = member.value, digest.utf8.count == 64, digest.utf8.allSatisfy(\.isHexDigit) else {
                throw bad(manifestName, "'\(member.key)': expected a SHA-256 digest (64 hexadecimal digits)")
            }
            entries.append((member.key, digest.lowercased()))
        }
        return entries
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
