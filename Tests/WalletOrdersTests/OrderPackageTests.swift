import Foundation
import Ledger
import PurseTestSupport
import Testing

@testable import WalletOrders

/// Order packages built by the test suite (README, "Wallet orders"): stored entries from
/// `StoredZipWriter`, deflated ones from the system's `zip`.
@Suite("Wallet order packages: zip, inflate, manifest digests")
struct OrderPackageTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    func read(_ package: OrderPackageFixture, deflated: Bool = false) throws -> OrderPackage {
        let path = folder.file(deflated ? "deflated.order" : "stored.order")
        if deflated { try package.writeDeflated(to: path) } else { try package.write(to: path) }
        return try OrderPackage(path: path, displayPath: "shop.order")
    }

    func badInput(_ package: OrderPackageFixture) -> String? {
        do {
            _ = try read(package)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("a stored package: the order with its line items, payment and shipping; order.json kept byte for byte")
    func storedPackage() throws {
        let json = OrderPackageFixture.orderJSON(payments: [("54.20", "2026-10-02T15:01:00Z")])
        let package = try read(OrderPackageFixture(orderJSON: json))

        #expect(package.orderJSON == Array(json.utf8))
        let order = package.order
        #expect(order.typeIdentifier == "order.com.example.shop")
        #expect(order.orderIdentifier == "ORDER-1")
        #expect(order.orderNumber == "1001")
        #expect(order.merchant == WalletOrder.Merchant(displayName: "Example Shop", url: "https://shop.example.com"))
        #expect(
            order.lineItems == [
                WalletOrder.LineItem(title: "Coffee beans", quantity: 2, price: Money(units: 200_000, currency: "USD")),
                WalletOrder.LineItem(title: "Mug", quantity: 1, price: Money(units: 142_000, currency: "USD")),
            ])
        #expect(order.payment?.total == Money(units: 542_000, currency: "USD"))
        #expect(order.payment?.transactions.map(\.amount) == [Money(units: 542_000, currency: "USD")])
        #expect(order.fulfillments.map(\.carrier) == ["UPS"])
        #expect(order.updatedAt.text == "2026-10-02T15:00:00Z")
    }

    @Test("a package deflated by the system's zip reads the same as the stored one", .enabled(if: OrderPackageFixture.hasSystemZip))
    func deflatedPackage() throws {
        // Many line items, so zip really deflates order.json (with a dynamic Huffman block).
        let items = (1...40).map { (title: "Item number \($0) of the order", quantity: 1, price: "1.00") }
        let fixture = OrderPackageFixture(orderJSON: OrderPackageFixture.orderJSON(total: "40.00", lineItems: items))
        let zipped = folder.file("deflated.order")
        try fixture.writeDeflated(to: zipped)
        let archive = try ZipArchive(Array(try Data(contentsOf: URL(fileURLWithPath: zipped))))
        #expect(archive.entries.first { $0.name == "order.json" }?.method == ZipArchive.deflated)

        #expect(try read(fixture, deflated: true).order == read(fixture).order)
        #expect(try read(fixture, deflated: true).order.lineItems.count == 40)
    }

    @Test("a file changed after the manifest was made: refused, naming the file")
    func tamperedFile() {
        var fixture = OrderPackageFixture(orderJSON: OrderPackageFixture.orderJSON())
        fixture.tamper("order.json", with: OrderPackageFixture.orderJSON(total: "1.00"))

        #expect(
            badInput(fixture)
                == "shop.order: manifest.json: 'order.json' does not match its SHA-256 digest: the file was changed after the manifest was made"
        )
    }

    @Test("a manifest that lists a missing file, leaves a file out, or is not digests: refused")
    func manifestMismatch() {
        var missing = OrderPackageFixture(orderJSON: OrderPackageFixture.orderJSON())
        missing.manifestOverride = String(missing.manifest.dropLast()) + ",\"thumb.png\":\"\(String(repeating: "0", count: 64))\"}"
        #expect(badInput(missing) == "shop.order: manifest.json: lists 'thumb.png', which is not in the package")

        var unlisted = OrderPackageFixture(orderJSON: OrderPackageFixture.orderJSON())
        unlisted.manifestOverride = unlisted.manifest
        unlisted.files.append(("extra.png", [1, 2, 3]))
        #expect(badInput(unlisted) == "shop.order: manifest.json: 'extra.png' is in the package but not in the manifest")

        var notDigest = OrderPackageFixture(orderJSON: OrderPackageFixture.orderJSON())
        notDigest.manifestOverride = "{\"order.json\":\"abc\"}"
        #expect(badInput(notDigest) == "shop.order: manifest.json: 'order.json': expected a SHA-256 digest (64 hexadecimal digits)")
    }

    @Test("not a zip archive, or an entry whose CRC-32 is wrong: refused")
    func brokenArchive() throws {
        let path = folder.file("plain.order")
        try Data("{\"schemaVersion\":1,\"orderIdentifier\":\"A\"}".utf8).write(to: URL(fileURLWithPath: path))
        #expect(
            throws: SourceError.badInput(
                file: path, line: nil, field: nil, message: "not a zip archive (no end of central directory record)")
        ) {
            try OrderPackage(path: path)
        }

        var bytes = StoredZipWriter.archive(OrderPackageFixture(orderJSON: OrderPackageFixture.orderJSON()).entries)
        // The first byte of order.json's data, after its 30-byte local header and 10-byte name.
        bytes[40] ^= 0x01
        #expect(throws: SourceError.badInput(file: "x", line: nil, field: nil, message: "order.json: the CRC-32 does not match its bytes"))
        {
            try OrderPackage(bytes: bytes, file: "x")
        }
    }

    @Test("an order.json without a required field: refused, naming the field")
    func badOrder() {
        let fixture = OrderPackageFixture(
            orderJSON: OrderPackageFixture.orderJSON().replacingOccurrences(of: "\"updatedAt\"", with: "\"updated\""))
        #expect(badInput(fixture) == "shop.order: order.json: updatedAt: missing")
    }

    @Test("inflate: a fixed-Huffman stream with back-references (made by zlib), and a stored block")
    func inflate() throws {
        let fixed: [UInt8] = hex("4b4c4a4e8421858cd49c9c7c641200")
        #expect(try Inflater.inflate(fixed, expectedSize: 30) == Array("abcabcabcabc hello hello hello".utf8))
        // Final stored block: LEN 3, NLEN ~3.
        #expect(try Inflater.inflate([0x01, 0x03, 0x00, 0xFC, 0xFF, 0x61, 0x62, 0x63], expectedSize: 3) == Array("abc".utf8))
        #expect(throws: Inflater.Failure(message: "a stored block's length does not match its complement")) {
            try Inflater.inflate([0x01, 0x03, 0x00, 0xFC, 0xFE, 0x61, 0x62, 0x63], expectedSize: 3)
        }
        #expect(throws: Inflater.Failure(message: "inflates to more than the 2 bytes the archive says")) {
            try Inflater.inflate([0x01, 0x03, 0x00, 0xFC, 0xFF, 0x61, 0x62, 0x63], expectedSize: 2)
        }
    }

    @Test("an order version compares to the nanosecond: a fraction of a second later is newer")
    func versionOrder() throws {
        let whole = try #require(Timestamp(rfc3339: "2026-10-02T15:00:00Z"))
        let later = try #require(Timestamp(rfc3339: "2026-10-02T15:00:00.5Z"))
        let sameInstant = try #require(Timestamp(rfc3339: "2026-10-02T17:00:00.000+02:00"))
        #expect(OrderVersion(whole) < OrderVersion(later))
        #expect(OrderVersion(whole) == OrderVersion(sameInstant))
    }

    private func hex(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }
}
