import Foundation
import PurseTestSupport
import Testing

/// A known Sure connection takes a new batch only with its current credential, through the real
/// binary: with the credential key deleted from connection.json, set to null, or the file gone
/// (each also after `sure rotate-credential`), a valid batch is refused as `publisher_unauthorized`
/// (exit 65), nothing of it is applied and it has no receipt; with the credential back it applies.
@Suite("Sure credential end to end")
struct SureCredentialTests: PurseLedgerSuite {
    enum Tampering: String, CaseIterable, Sendable {
        case keyDeleted, keyNull, fileRemoved
    }

    static let connection = "9243ba59-fd4d-46ea-a135-d05a50cddcea"
    static let fourthBatch = "B47C0000-0000-4000-8000-000000000004"

    let folder: TemporaryFolder
    let database: String
    let inbox: String
    let purse = PurseBinary()

    /// The example inbox without its last batch, synced: the connection is in the ledger.
    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        inbox = folder.file("sure-inbox")
        try FileManager.default.copyItem(at: Examples.sureInbox, to: URL(fileURLWithPath: inbox))
        try FileManager.default.moveItem(atPath: inbox + "/batches/0004.json", toPath: folder.file("0004.json"))
        let first = try run(["sync", inbox])
        try #require(first.status == 0, "\(first.stderr)")
    }

    func tamper(_ tampering: Tampering) throws {
        let path = inbox + "/connection.json"
        guard tampering != .fileRemoved else { return try FileManager.default.removeItem(atPath: path) }
        var configuration = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        try #require(configuration["publisher_credential"] is String)
        if tampering == .keyDeleted {
            configuration.removeValue(forKey: "publisher_credential")
        } else {
            configuration["publisher_credential"] = NSNull()
        }
        try JSONSerialization.data(withJSONObject: configuration, options: [.prettyPrinted]).write(to: URL(fileURLWithPath: path))
    }

    @Test(
        "without the current credential a new batch is publisher_unauthorized, nothing applied, no receipt",
        arguments: Tampering.allCases, [false, true])
    func credentialRequired(tampering: Tampering, rotated: Bool) throws {
        if rotated {
            let rotation = try run(["sure", "rotate-credential", Self.connection, "--inbox", inbox])
            try #require(rotation.status == 0, "\(rotation.stderr)")
        }
        let configuration = try Data(contentsOf: URL(fileURLWithPath: inbox + "/connection.json"))
        let before = try run(["export", "transactions"])
        try tamper(tampering)
        try FileManager.default.copyItem(atPath: folder.file("0004.json"), toPath: inbox + "/batches/0004.json")

        let refused = try run(["sync", inbox])
        #expect(refused.status == 65)
        #expect(refused.stdout == "")
        let why =
            tampering == .fileRemoved
            ? "connection \(Self.connection) takes batches only with its current publisher_credential, and the inbox has no connection.json"
            : "the publisher_credential in connection.json is missing or not connection \(Self.connection)'s current credential"
        #expect(
            refused.stderr
                == "batches/0004.json: refused: publisher_unauthorized: \(why)\nError: 1 Sure batch(es) were refused or failed (see the lines above)\n"
        )
        #expect(try run(["export", "transactions"]).stdout == before.stdout)
        let receipt = try run(["sure", "receipt", Self.fourthBatch])
        #expect(receipt.status == 66)
        #expect(receipt.stderr.hasPrefix("Error: not_found: "), "\(receipt.stderr)")
        #expect(try run(["sure", "status", Self.connection, "--format", "json"]).stdout.contains(#""next_sequence": 4"#))

        // The same batch with the current credential back applies: it was refused for the credential alone.
        try configuration.write(to: URL(fileURLWithPath: inbox + "/connection.json"))
        let applied = try run(["sync", inbox])
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(applied.stderr == "batches/0004.json: applied sequence 4: 1 upserted, 1 source only, 1 balances\n")
        #expect(try run(["sure", "receipt", Self.fourthBatch, "--format", "json"]).stdout.contains(#""status": "applied""#))
    }
}
