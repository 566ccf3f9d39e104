import Foundation
import Ledger
import PurseTestSupport
import Storage
import Testing

@testable import LedgerStore

/// The ledger's own settings: recorded once unless changed on purpose, and none in a ledger of
/// an older schema read as it is.
@Suite("Ledger settings")
struct LedgerSettingsTests {
    let folder: URL
    let now = Timestamp.utc(epochSeconds: 1_793_520_000)

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("LedgerSettingsTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    @Test("a value recorded if none stays the first one; setting it replaces it")
    func recordedOnce() throws {
        let store = try LedgerStore(
            path: folder.appendingPathComponent("ledger.sqlite").path, mode: .create(keeper: UnkeptLedger()), now: now)
        #expect(try store.settings().isEmpty)
        try store.transaction { try store.recordSetting(.timeZone, ifNone: "America/New_York") }
        try store.transaction { try store.recordSetting(.timeZone, ifNone: "UTC") }
        #expect(try store.setting(.timeZone) == "America/New_York")
        try store.transaction { try store.setSetting(.timeZone, to: "Europe/London") }
        try store.transaction { try store.recordSetting(.timeZone, ifNone: "UTC") }
        #expect(try store.setting(.timeZone) == "Europe/London")
        #expect(try store.settings().map(\.value) == ["Europe/London"])
    }

    @Test("a ledger of the schema before settings, read as it is, has none")
    func olderSchema() throws {
        let path = folder.appendingPathComponent("old.sqlite").path
        let connection = try Connection(path: path)
        _ = try Migrator.migrate(connection, Array(LedgerSchema.migrations.prefix(16)), now: now.text)
        let store = try LedgerStore(path: path, mode: .readOnly, now: now)
        #expect(try store.setting(.timeZone) == nil)
        #expect(try store.settings().isEmpty)
    }

    @Test("a recorded zone reads back: an IANA name, or the fixed offset of a POSIX TZ", arguments: ["America/New_York", "UTC", "EST5"])
    func recordedZone(name: String) throws {
        let zone = try #require(ReportTimeZone(recorded: name))
        #expect(zone.identifier == name)
        #expect(ReportTimeZone(recorded: "Mars/Base") == nil)
        #expect(ReportTimeZone(recorded: "CET-1CEST,M3.5.0,M10.5.0/3") == nil)
    }
}
