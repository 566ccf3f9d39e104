// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "purse",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "purse", targets: ["purse"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "Storage", dependencies: ["CSQLite"]),
        .target(name: "Ledger", exclude: ["MerchantCategoryCodes/generate.py"]),
        .target(name: "LedgerStore", dependencies: ["Storage", "Ledger"]),
        .target(name: "Sync", dependencies: ["Ledger", "LedgerStore", "Storage"]),
        .target(name: "Rendering", dependencies: ["Ledger"]),
        .target(name: "PurseCLI", dependencies: ["Ledger", "LedgerStore", "Storage", "Sync", "Rendering"]),
        .executableTarget(name: "purse", dependencies: ["PurseCLI"]),

        .testTarget(name: "LedgerTests", dependencies: ["Ledger"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage"]),
        .testTarget(name: "LedgerStoreTests", dependencies: ["LedgerStore", "Storage", "Ledger"]),
        .testTarget(name: "SyncTests", dependencies: ["Sync", "LedgerStore", "Storage", "Ledger"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "Ledger"]),
        .testTarget(name: "PurseCLITests", dependencies: ["PurseCLI"]),
        .testTarget(name: "EndToEndTests", dependencies: ["purse"]),
    ],
    swiftLanguageModes: [.v6]
)
