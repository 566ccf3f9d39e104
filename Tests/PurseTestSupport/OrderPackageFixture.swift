import Foundation
import Ledger

/// Builds Wallet order packages for tests: `order.json`, an image, a `manifest.json` of the
/// SHA-256 digest of each, and a `signature` file (placeholder bytes: purse does not verify it).
/// The zip archive is written by `StoredZipWriter` below (entries stored, not compressed), or by
/// the system's `zip` (entries deflated) to exercise purse's inflater.
public struct OrderPackageFixture {
    /// The files of the package other than manifest.json and signature, in archive order.
    public var files: [(name: String, bytes: [UInt8])]
    /// When set, written as manifest.json instead of the digests of `files`.
    public var manifestOverride: String?

    public init(orderJSON: String, extraFiles: [(name: String, bytes: [UInt8])] = [("logo.png", Array("not really a PNG".utf8))]) {
        files = [("order.json", Array(orderJSON.utf8))] + extraFiles
    }

    /// `{"order.json": "<sha256>", ...}` for `files`.
    public var manifest: String {
        "{" + files.map { "\"\($0.name)\":\"\(SHA256.hexDigest($0.bytes))\"" }.joined(separator: ",") + "}"
    }

    /// The package's entries in archive order: the files, then manifest.json and signature.
    public var entries: [(name: String, bytes: [UInt8])] {
        files + [("manifest.json", Array((manifestOverride ?? manifest).utf8)), ("signature", Array("PKCS7 placeholder".utf8))]
    }

    /// Replaces the bytes of `name` after the manifest was made: the manifest no longer matches.
    public mutating func tamper(_ name: String, with text: String) {
        manifestOverride = manifestOverride ?? manifest
        files = files.map { $0.name == name ? (name, Array(text.utf8)) : $0 }
    }

    /// Writes the package with stored entries.
    public func write(to path: String) throws {
        try Data(StoredZipWriter.archive(entries)).write(to: URL(fileURLWithPath: path))
    }

    /// Writes the package with the system's `zip -9` (deflated entries), from a scratch folder.
    public func writeDeflated(to path: String) throws {
        let scratch = URL(fileURLWithPath: path + ".files", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        for entry in entries { try Data(entry.bytes).write(to: scratch.appendingPathComponent(entry.name)) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
        process.arguments = ["-q", "-X", "-9", path] + entries.map(\.name)
        process.currentDirectoryURL = scratch
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Whether the system has `zip`, for the tests of deflated packages.
    public static var hasSystemZip: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/zip") }

    /// An order.json in Apple's Wallet Orders schema (version 1), with what purse reads.
    public static func orderJSON(
        typeIdentifier: String = "order.com.example.shop", orderIdentifier: String = "ORDER-1", orderNumber: String? = "1001",
        status: String = "open", createdAt: String = "2026-10-02T15:00:00Z", updatedAt: String = "2026-10-02T15:00:00Z",
        merchant: String = "Example Shop", total: String = "54.20", currency: String = "USD",
        lineItems: [(title: String, quantity: Int, price: String)] = [("Coffee beans", 2, "20.00"), ("Mug", 1, "14.20")],
        payments: [(amount: String, createdAt: String)] = [], shipping: Bool = true
    ) -> String {
        let items = lineItems.map {
            "{\"title\":\(ExportFixture.quoted($0.title)),\"quantity\":\($0.quantity),\"price\":{\"amount\":\($0.price),\"currency\":\"\(currency)\"}}"
        }
        let transactions = payments.map {
            "{\"amount\":{\"amount\":\($0.amount),\"currency\":\"\(currency)\"},\"createdAt\":\"\($0.createdAt)\",\"status\":\"paid\",\"transactionType\":\"purchase\"}"
        }
        let fulfillments =
            shipping
            ? "[{\"fulfillmentType\":\"shipping\",\"status\":\"shipped\",\"carrier\":\"UPS\",\"trackingNumber\":\"1Z999\","
                + "\"shippedAt\":\"2026-10-03T09:00:00Z\",\"estimatedDeliveryAt\":\"2026-10-06T18:00:00Z\"}]" : "[]"
        return "{\"schemaVersion\":1,\"orderTypeIdentifier\":\"\(typeIdentifier)\",\"orderIdentifier\":\"\(orderIdentifier)\","
            + (orderNumber.map { "\"orderNumber\":\"\($0)\"," } ?? "")
            + "\"status\":\"\(status)\",\"createdAt\":\"\(createdAt)\",\"updatedAt\":\"\(updatedAt)\","
            + "\"merchant\":{\"displayName\":\(ExportFixture.quoted(merchant)),\"url\":\"https://shop.example.com\"},"
            + "\"lineItems\":[\(items.joined(separator: ","))],"
            + "\"payment\":{\"total\":{\"amount\":\(total),\"currency\":\"\(currency)\"},\"status\":\"paid\","
            + "\"summaryItems\":[{\"label\":\"Shipping\",\"value\":{\"amount\":0,\"currency\":\"\(currency)\"}}],"
            + "\"transactions\":[\(transactions.joined(separator: ","))]},"
            + "\"fulfillments\":\(fulfillments)}"
    }
}
