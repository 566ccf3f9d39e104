import Analytics
import Ledger
import LedgerStore
import Rendering
import WalletOrders

/// `purse orders`, `purse orders add FILE...` and `purse orders show ID`: Wallet orders
/// (README, "Wallet orders").
enum OrdersCommand: PurseCommand {
    static let spec = CommandSpec(
        ["orders"], summary: "Wallet orders with the transaction each is linked to.",
        options: OutputOptions.listing)

    enum Add: PurseCommand {
        static let spec = CommandSpec(
            ["orders", "add"], summary: "Add Wallet order packages (zip: order.json, images, manifest.json, signature).",
            discussion: """
                Checks every file of a package against the SHA-256 digests of its manifest.json and refuses a \
                package that does not match (exit 65). The signature itself is NOT verified: a package that \
                matches its manifest is whole, not proven to come from its merchant. An order is kept once per \
                (orderTypeIdentifier, orderIdentifier): a later updatedAt replaces it, the same one changes \
                nothing, an older one is refused (exit 65). A bad package does not keep the others from being added.
                """,
            positionals: [PositionalSpec("FILE", help: "An order package (a .order zip archive).", minCount: 1, maxCount: nil)])

        static func run(_ context: CommandContext) throws { try add(context) }
    }

    enum Show: PurseCommand {
        static let spec = CommandSpec(
            ["orders", "show"], summary: "One order: merchant, status, line items, totals, payments, shipping.",
            positionals: [PositionalSpec("ID", help: "The order's ID from 'purse orders', its order identifier or its order number.")],
            options: [OutputOptions.format(["text", "json"], fallback: "text"), OutputOptions.output])

        static func run(_ context: CommandContext) throws { try show(context) }
    }

    static func run(_ context: CommandContext) throws { try list(context) }

    /// Said on every `orders add`: a manifest that matches proves the package is whole, not who made it.
    static let signatureNotice =
        "Note: the signature of an order package is NOT verified: purse checks every file against the SHA-256 digests "
        + "of its manifest.json, not who signed it"

    /// Reads every package first (a missing file stops everything before the ledger is opened),
    /// then stores each good one in its own transaction. A package that is bad input, or older
    /// than the version stored, gets its error line and the others go on; the exit status is 65.
    static func add(_ context: CommandContext) throws {
        var failed = false
        var packages: [(path: String, package: OrderPackage)] = []
        for path in context.command.positionals {
            do {
                packages.append((path, try OrderPackage(path: path)))
            } catch let error as SourceError where error.isBadInput {
                ErrorFunnel.report(error, stderr: context.stderr)
                failed = true
            }
        }
        if !packages.isEmpty {
            let store = try context.openStore(.create)
            for (path, package) in packages {
                let order = package.order
                let name = "order \(order.orderNumber ?? order.orderIdentifier) from \(order.merchant.displayName) (\(order.id))"
                switch try store.saveOrder(order, orderJSON: package.orderJSON, file: path, now: context.now) {
                case .added:
                    context.note("Added \(name), version \(order.updatedAt.text)")
                case .replaced(let previous):
                    context.note("Updated \(name) to version \(order.updatedAt.text) (was \(previous.text))")
                case .unchanged(let sameContents):
                    context.note("Unchanged \(name): version \(order.updatedAt.text) is already stored")
                    if !sameContents {
                        context.warn(
                            "\(path): order.json differs from the stored one although its updatedAt (\(order.updatedAt.text)) "
                                + "is the same; the stored one is kept (a merchant changes updatedAt with every change)")
                    }
                case .newerStored(let stored):
                    ErrorFunnel.report(
                        SourceError.badInput(
                            file: path, line: nil, field: "order.json: updatedAt",
                            message: "\(order.updatedAt.text) is older than the version stored (\(stored.text)) of \(name); "
                                + "nothing was changed"),
                        stderr: context.stderr)
                    failed = true
                }
            }
        }
        context.note(signatureNotice)
        if failed { throw FailuresReported(status: .badInput) }
    }

    static func list(_ context: CommandContext) throws {
        try ReportRunner.run(
            context, options: { try context.reportTimeZone() },
            analyse: { store, _ in try OrdersAnalysis.report(store, accounts: try context.reportAccounts(store)) },
            text: { report, style in OrdersRendering.text(report, style: style) }, csv: OrdersRendering.csv,
            json: { report in OrdersRendering.json(report) })
    }

    /// One order, named by purse's ID, its order identifier or its order number.
    static func show(_ context: CommandContext) throws {
        let given = context.command.positionals.first ?? ""
        try ReportRunner.run(
            context, formats: [OutputFormat.text, .json], fallback: .text, options: { try context.reportTimeZone() },
            analyse: { store, _ in
                let report = try OrdersAnalysis.report(store, accounts: try context.reportAccounts(store))
                let matches = report.orders.filter { entry in
                    entry.order.id == given.lowercased() || entry.order.orderIdentifier == given || entry.order.orderNumber == given
                }
                guard matches.count == 1, let entry = matches.first else {
                    throw context.usageError(
                        matches.isEmpty
                            ? "there is no order '\(given)' (see 'purse orders')"
                            : "'\(given)' names \(matches.count) orders: give the ID from 'purse orders'")
                }
                return (entry: entry, timeZone: report.timeZone)
            },
            render: { shown, format, sink in
                switch format {
                case .json: sink.write(OrdersRendering.json(shown.entry, timeZone: shown.timeZone).pretty + "\n")
                default: sink.write(OrdersRendering.text(shown.entry))
                }
            })
    }
}
