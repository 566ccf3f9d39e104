import Storage

/// The database schema as an append-only list of migrations, one file each in Migrations/: a
/// released migration's SQL is a literal that is never edited (`MigrationDigestTests` holds its
/// digest), only followed by the next.
public enum LedgerSchema {
    public static let migrations: [Migration] = [
        migration01,
        migration02,
        migration03,
        migration04,
        migration05,
        migration06,
        migration07,
        migration08,
        migration09,
        migration10,
        migration11,
        migration12,
        migration13,
        migration14,
        migration15,
        migration16,
        migration17,
        migration18,
        migration19,
        migration20,
        migration21,
        migration22,
        migration23,
        migration24,
        migration25,
        migration26,
        migration27,
    ]

    /// The first schema with orders: an older ledger read as it is has none.
    static let ordersVersion = 9

    /// The first schema with charge packs: an older ledger read as it is reads its transactions.
    static let chargePacksVersion = 27

    public static var latestVersion: Int { migrations.count }
}
