import Ledger
import LedgerStore
import Testing

@testable import Storage

/// Every released migration as it shipped: ledgers already ran its SQL, so a ledger created
/// today would differ from them if it were edited. A released migration is never edited (not
/// even its spacing, which SQLite keeps in the schema): add a new one, and its row here.
@Suite("Released migrations")
struct MigrationDigestTests {
    /// Each migration's id, name and the SHA-256 of its SQL's UTF-8 bytes. Never change a row;
    /// only append one for a new migration.
    static let released: [(id: Int, name: String, sha256: String)] = [
        (1, "ledger", "bcc11142f5ee985535babcf0a6272cce87da3b3e91a821732642e9ca9c00ddc2"),
        (2, "rules", "ac22e0164850452f1a40cafa2f55838a743782951f950454c01413d0b53ec2fc"),
        (3, "budgets", "5b5321294de5eb5763d2125cbf03bee3125b8d6610b9ceeb67ba5500297b464c"),
        (4, "sure", "774124705399777586c0f78a38191078462f0754d5e1002d0f50220b9ebe6bae"),
        (5, "summaries", "5861dff34336dd15b79ca7ce8fb5f99bdac74ab123fdd021a6113505e7d1083a"),
        (6, "open account kinds", "bab3d9e79a5e7731ef79434e372a9be13a4cee6e83cd5d3cdd49ee7d04462f11"),
        (7, "unknown values", "0272d400b9956ac5fa6c15f38a9a3fdc551e06ffc5d2518053fc09a97d1f79ce"),
        (8, "account settings and time zones", "d2dc468f79f44fb659df3ea6969f7012b3d321cb2573962bd74dbe641938121c"),
        (9, "orders", "4ec9fa9ef277951db9a050154896d41826fba47c5657a63e2e9bdf763ab25c03"),
        (10, "transaction overrides and rule matchers", "bf87aa98c772c3b60ed1d50b01f5e8a8321844dbf003d8813b82a4c412d9ba3e"),
        (11, "statement imports", "f870d2023bc1792412fdf193439f6a0f69afedc20d89658edb5abdd49d296c83"),
        (12, "stored classification", "d1d54fa4e5c4ed2a0e16717e71a09ff2ad5af80025253580370a676e2efa81ad"),
        (13, "exact spending summary", "1bbcbb74ffb7e74cf0fc83506b6beee8dd8af67a0229983888a771a4aa2c05d3"),
        (14, "statement account numbers", "2c873afd4c9e33690717e164496450c110f0f4bff8cad6bfd2cbb73d01aeeaff"),
        (15, "ledger identity", "232ff97d2a060369b5f93b455a3478e5daa7a569d46843814f5f2082b3b7a80b"),
        (16, "statement twins matched as a whole", "e0d79bf2c4a7865163b8e5ddd70dcdd2c54a5b56694064d6553bf5375d9137b8"),
        (17, "ledger settings", "42d731d90764c55d20b29a97aa293592c5f6a5b83f56200b7a41d2c1df26bf50"),
        (18, "exchange rates", "26090d95611310f9d0b8a2e7edceebcdadc842bfcfdb88a2a35912997f668afd"),
        (19, "budgets in every currency", "7aae39c26cfc323393209246042a7c388c78e92e9bb71067a14263f2a828524e"),
        (20, "foreign purchases by time", "c3bb419cd870350dc916f5a0ce6dc8760f9e4f9238998afa90a2e34b3d194da7"),
        (21, "budget periods", "a57487ef183cca72af6c7bb73979eef19ceecd372b22d2749c302303203f9268"),
        (22, "goals", "86a9056a38923c0f4c3b5adab39a1bf9d670ae7e2624a00f55bf149962de91a3"),
        (23, "not anomaly", "aa23080f0cf3f21ddb7154c8e66dde22eb7eec72544a0d495c92fbf987b4aef9"),
        (24, "rule renames, tags and people", "8678734d6a57a95ee5c0a7e65c10bcc1df1a94f5371a31e670182fc026b8357a"),
        (25, "people", "ef07a0b8a0a7fdc10e62307f480040645068f366ad09e45c052f146b4878814e"),
        (26, "category groups", "52210d82a21526d79a81aa1d6f31ab412ca3e867cc7919fd8abdc47e43bdb3bc"),
        (27, "charge packs", "4441d779b33b448d998a3ca53ae8b72d6a3b887b256b90a2c916272398ae8035"),
    ]

    @Test("every released migration keeps its id, name and SQL to the byte", arguments: released.map(\.id))
    func releasedMigrationUnchanged(id: Int) throws {
        let row = try #require(Self.released.first { $0.id == id })
        let migration = try #require(LedgerSchema.migrations.first { $0.id == id }, "released migration \(id) is gone")
        #expect(migration.name == row.name, "migration \(id) was renamed: add a new migration instead")
        #expect(
            SHA256.hexDigest(migration.sql.utf8) == row.sha256,
            "migration \(id) (\(row.name)) was edited after its release: add a new migration instead")
    }

    @Test("every migration in the list is released here, in order")
    func everyMigrationListed() {
        let listed = Self.released.map(\.id)
        #expect(listed == Array(1...listed.count))
        // A new migration is frozen once it ships: the message gives the row to append.
        for migration in LedgerSchema.migrations where migration.id > listed.count {
            let row = "(\(migration.id), \"\(migration.name)\", \"\(SHA256.hexDigest(migration.sql.utf8))\"),"
            Issue.record("migration \(migration.id) has no row in MigrationDigestTests.released; append: \(row)")
        }
        #expect(LedgerSchema.migrations.count >= listed.count)
    }
}
