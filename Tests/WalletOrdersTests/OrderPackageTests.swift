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

    // MARK: - Limits

    /// `fixture`'s entries with `name` as a deflated stream of `count` spaces whose headers
    /// claim `claimed` bytes unpacked.
    func bomb(_ fixture: OrderPackageFixture, _ name: String, spaces count: Int, claiming claimed: Int) -> [UInt8] {
        StoredZipWriter.archive(
            raw: fixture.entries.map { entry in
                guard entry.name == name else {
                    return StoredZipWriter.RawEntry(
                        name: entry.name, method: 0, data: entry.bytes, size: entry.bytes.count, crc: StoredZipWriter.crc32(entry.bytes))
                }
                return StoredZipWriter.RawEntry(
                    name: name, method: 8, data: RepeatedByteDeflate.stream(of: UInt8(ascii: " "), count: count), size: claimed, crc: 0)
            })
    }

    @Test("order.json of 1 MiB is read; one byte more is refused before it is unpacked, naming the package and the file")
    func orderJSONLimit() throws {
        let json = OrderPackageFixture.orderJSON()
        let padded = json + String(repeating: " ", count: OrderPackage.maximumOrderJSONSize - json.utf8.count)
        #expect(try read(OrderPackageFixture(orderJSON: padded)).orderJSON.count == 1 << 20)
        #expect(
            badInput(OrderPackageFixture(orderJSON: padded + " "))
                == "shop.order: order.json: unpacks to 1048577 bytes, more than the 1048576 this file of an order package may have")
        // 60 MB of order.json in 380 KB: refused from the central directory, nothing inflated.
        let hostile = bomb(OrderPackageFixture(orderJSON: json), "order.json", spaces: 60_000_000, claiming: 60_000_000)
        #expect(hostile.count < 400_000)
        #expect(
            throws: SourceError.badInput(
                file: "x", line: nil, field: "order.json",
                message: "unpacks to 60000000 bytes, more than the 1048576 this file of an order package may have")
        ) {
            try OrderPackage(bytes: hostile, file: "x")
        }
    }

    @Test("an entry that unpacks to more than its headers say is stopped while it is inflated, one byte past them")
    func inflatingStopsAtTheClaimedSize() {
        let hostile = bomb(
            OrderPackageFixture(orderJSON: OrderPackageFixture.orderJSON()), "order.json", spaces: 60_000_000, claiming: 1000)
        #expect(
            throws: SourceError.badInput(
                file: "x", line: nil, field: nil,
                message: "order.json: cannot inflate: inflates to more than the 1000 bytes the archive says")
        ) {
            try OrderPackage(bytes: hostile, file: "x")
        }
    }

    @Test("an image over 4 MiB, a manifest over 64 KiB, or files over 16 MiB together: refused before anything is unpacked")
    func otherLimits() {
        let json = OrderPackageFixture.orderJSON()
        let image = bomb(OrderPackageFixture(orderJSON: json), "logo.png", spaces: 10, claiming: (4 << 20) + 1)
        #expect(
            throws: SourceError.badInput(
                file: "x", line: nil, field: "logo.png",
                message: "unpacks to 4194305 bytes, more than the 4194304 this file of an order package may have")
        ) {
            try OrderPackage(bytes: image, file: "x")
        }
        let manifest = bomb(OrderPackageFixture(orderJSON: json), "manifest.json", spaces: 10, claiming: (64 << 10) + 1)
        #expect(
            throws: SourceError.badInput(
                file: "x", line: nil, field: "manifest.json",
                message: "unpacks to 65537 bytes, more than the 65536 this file of an order package may have")
        ) {
            try OrderPackage(bytes: manifest, file: "x")
        }
        var many = OrderPackageFixture(orderJSON: json, extraFiles: (1...4).map { ("image\($0).png", [UInt8]("png".utf8)) })
        many.files.append(("image5.png", [UInt8]("png".utf8)))
        let entries = many.entries.map { entry in
            StoredZipWriter.RawEntry(
                name: entry.name, method: 8, data: RepeatedByteDeflate.stream(of: 0, count: 3),
                size: entry.name.hasPrefix("image") ? 4 << 20 : 3, crc: 0)
        }
        #expect(
            throws: SourceError.badInput(
                file: "x", line: nil, field: nil, message: "unpacks to 20971529 bytes, more than the 16777216 an order package may have")
        ) {
            try OrderPackage(bytes: StoredZipWriter.archive(raw: entries), file: "x")
        }
    }

    @Test("a package file over 8 MiB is refused before it is read")
    func packageFileLimit() throws {
        let path = folder.file("large.order")
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(OrderPackage.maximumSize + 1))
        try handle.close()
        #expect(
            throws: SourceError.badInput(
                file: "shop.order", line: nil, field: nil, message: "8388609 bytes is more than the 8388608 an order package may have")
        ) {
            try OrderPackage(path: path, displayPath: "shop.order")
        }
    }

    @Test("order.json: a text over 4096 bytes, or nesting deeper than 64 levels, is refused naming the field")
    func orderJSONContents() {
        let long = OrderPackageFixture.orderJSON(merchant: String(repeating: "m", count: 4097))
        #expect(
            badInput(OrderPackageFixture(orderJSON: long))
                == "shop.order: order.json: merchant.displayName: 4097 bytes of text is more than the 4096 a text field may have")
        let fine = OrderPackageFixture.orderJSON(merchant: String(repeating: "m", count: 4096))
        #expect(badInput(OrderPackageFixture(orderJSON: fine)) == nil)
        let deep =
            String(OrderPackageFixture.orderJSON().dropLast()) + ",\"extra\":" + String(repeating: "[", count: 100_000)
            + String(repeating: "]", count: 100_000) + "}"
        #expect(
            badInput(OrderPackageFixture(orderJSON: deep))?.hasPrefix(
                "shop.order: order.json: not valid JSON: nesting deeper than 64 levels") == true)
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
