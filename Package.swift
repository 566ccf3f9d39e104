// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "purse",
    platforms: [.macOS(.v13), .iOS(.v17)],
    products: [
        .executable(name: "purse", targets: ["purse"]),
        .executable(name: "purse-bench", targets: ["purse-bench"]),
        .library(name: "WalletExporter", targets: ["WalletExporter"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "Storage", dependencies: ["CSQLite"]),
        .target(name: "Ledger", exclude: ["MerchantCategoryCodes/generate.py"]),
        .target(name: "StrictJSON"),
        .target(name: "SampleData", dependencies: ["Ledger"]),
        .target(name: "WalletExport", dependencies: ["Ledger", "StrictJSON"]),
        .target(name: "SureProtocol", dependencies: ["Ledger", "StrictJSON"]),
        .target(name: "WalletExporter", dependencies: ["Ledger", "StrictJSON", "WalletExport"]),
        .target(name: "WalletOrders", dependencies: ["Ledger", "StrictJSON", "WalletExport"]),
        .target(name: "StatementImport", dependencies: ["Ledger"]),
        .target(name: "Prices", dependencies: ["Ledger"]),
        .target(name: "LedgerStore", dependencies: ["Storage", "Ledger"]),
        .target(name: "Sync", dependencies: ["Ledger", "LedgerStore", "SureProtocol"]),
        .target(name: "Analytics", dependencies: ["Ledger", "LedgerStore", "Storage"]),
        .target(name: "Rendering", dependencies: ["Ledger", "StrictJSON", "LedgerStore", "SureProtocol", "Analytics"]),
        .target(
            name: "PurseCLI",
            dependencies: [
                "Ledger", "LedgerStore", "Sync", "WalletExport", "WalletOrders", "SureProtocol", "StatementImport", "StrictJSON",
                "Prices", "SampleData", "Analytics", "Rendering",
            ]),
        .executableTarget(name: "purse", dependencies: ["PurseCLI"]),
        .executableTarget(
            name: "purse-bench", dependencies: ["Storage", "LedgerStore", "Ledger", "Analytics", "SampleData", "WalletExporter"]),
        .executableTarget(name: "purse-fuzz", dependencies: ["WalletExport", "SureProtocol", "StatementImport", "Ledger"]),

        .target(name: "PurseTestSupport", dependencies: ["Ledger", "LedgerStore"], path: "Tests/PurseTestSupport"),
        .target(name: "WalletExporterTestSupport", dependencies: ["WalletExporter", "Ledger"], path: "Tests/WalletExporterTestSupport"),
        .testTarget(name: "LedgerTests", dependencies: ["Ledger", "PurseTestSupport"], exclude: ["MerchantCategoryCodes"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage"]),
        .testTarget(name: "StrictJSONTests", dependencies: ["StrictJSON"]),
        .testTarget(name: "SampleDataTests", dependencies: ["SampleData", "PurseTestSupport"]),
        .testTarget(name: "SureProtocolTests", dependencies: ["SureProtocol", "Ledger", "PurseTestSupport"]),
        .testTarget(name: "WalletExportTests", dependencies: ["WalletExport", "Ledger", "SampleData", "PurseTestSupport"]),
        .testTarget(
            name: "WalletExporterTests",
            dependencies: ["WalletExporter", "WalletExporterTestSupport", "WalletExport", "Ledger", "Storage", "PurseTestSupport", "purse"]),
        .testTarget(name: "WalletOrdersTests", dependencies: ["WalletOrders", "Ledger", "PurseTestSupport"]),
        .testTarget(name: "StatementImportTests", dependencies: ["StatementImport", "Ledger", "PurseTestSupport"]),
        .testTarget(name: "PricesTests", dependencies: ["Prices", "Ledger", "PurseTestSupport"]),
        .testTarget(name: "LedgerStoreTests", dependencies: ["LedgerStore", "Storage", "Ledger", "PurseTestSupport"]),
        .testTarget(
            name: "SyncTests",
            dependencies: [
                "Sync", "Analytics", "WalletExport", "SureProtocol", "SampleData", "LedgerStore", "Storage", "Ledger", "PurseTestSupport",
            ]),
        .testTarget(
            name: "AnalyticsTests",
            dependencies: [
                "Analytics", "LedgerStore", "Ledger", "Storage", "Sync", "SureProtocol", "WalletExport", "PurseTestSupport",
            ]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "Analytics", "Ledger", "LedgerStore", "PurseTestSupport"]),
        .testTarget(name: "PurseCLITests", dependencies: ["PurseCLI", "PurseTestSupport", "LedgerStore"], exclude: ["Golden"]),
        .testTarget(
            name: "EndToEndTests", dependencies: ["purse", "PurseTestSupport", "Storage", "Ledger", "LedgerStore", "Prices"],
            exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
