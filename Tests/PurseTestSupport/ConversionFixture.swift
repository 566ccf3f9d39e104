import Foundation
import Ledger
import LedgerStore

/// A household in four currencies for `--convert-to USD`: a USD checking account and card, a
/// UK current account in GBP (its days in Europe/London), a EUR account and a JPY one no rate
/// ever reaches, with imported reference rates quoted against EUR (as the ECB's are, so GBP
/// reaches USD only as a cross rate) on a few days of September and October 2026, and one card
/// rate (EUR->USD 1.09, 2026-10-19) from a foreign purchase, which a EUR purchase on the 20th takes.
///
/// Rates, per 1 EUR:     USD     GBP
///   2026-09-18         1.0950  0.8650
///   2026-09-30         1.0900  0.8600
///   2026-10-05         1.0870  0.8580
///   2026-10-23         1.0850  0.8590
///   2026-10-30         1.0834  0.8571
/// No rate reaches GBP from 2026-10-13 to 2026-10-22: a GBP purchase on 2026-10-19 is left out.
public enum ConversionFixture {
    typealias F = ExportFixture

    /// `(date, currency, rate per 1 EUR)`.
    public static let quotes: [(String, String, String)] = [
        ("2026-09-18", "USD", "1.0950"), ("2026-09-18", "GBP", "0.8650"),
        ("2026-09-30", "USD", "1.0900"), ("2026-09-30", "GBP", "0.8600"),
        ("2026-10-05", "USD", "1.0870"), ("2026-10-05", "GBP", "0.8580"),
        ("2026-10-23", "USD", "1.0850"), ("2026-10-23", "GBP", "0.8590"),
        ("2026-10-30", "USD", "1.0834"), ("2026-10-30", "GBP", "0.8571"),
    ]

    /// `quotes` as a plain rate file, `date,from,to,rate`, for `purse prices import`.
    public static func ratesFile(in folder: URL) throws -> String {
        let url = folder.appendingPathComponent("rates.csv")
        try Data(("date,from,to,rate\n" + quotes.map { "\($0.0),EUR,\($0.1),\($0.2)\n" }.joined()).utf8).write(to: url)
        return url.path
    }

    /// The quotes as the store keeps them.
    public static func rates() throws -> [DatedRate] {
        try quotes.map { day, currency, rate in
            DatedRate(date: CivilDate(iso: day)!, from: "EUR", to: currency, rate: try ExchangeRate(parsing: rate), source: .imported)
        }
    }

    /// Writes the export into `folder` (UTC, but `Current Account` in London's days); sync it,
    /// then import `ratesFile` (or `rates()` through the store).
    public static func export(in folder: URL) throws -> ExportFixture {
        let export = try ExportFixture(in: folder)
        try export.writeManifest(
            "{\"format\":\"wallet-export\",\"version\":1,\"sourceID\":\"5B0C6E86-2F57-4C8E-9B7A-0D6B1F3E9A11\","
                + "\"sourceName\":\"Ana's iPhone\",\"exportedAt\":\"2026-11-01T08:00:00Z\",\"timeZone\":\"UTC\","
                + "\"accountTimeZones\":{\"UK\":\"Europe/London\"}}")
        try export.append(
            "accounts",
            F.changeSet(
                "G", 1, snapshot: true,
                inserted: [
                    F.account("CHK", name: "Checking"), F.account("CARD", kind: "liability", name: "Apple Card"),
                    F.account("UK", name: "Current Account", currency: "GBP", institution: "Monzo"),
                    F.account("EU", name: "Girokonto", currency: "EUR", institution: "N26"),
                    F.account("JP", name: "Travel Yen", currency: "JPY", institution: "Wise"),
                ]))
        let balances: [(String, String, String, String, String)] = [
            ("CHK", "USD", "1000.00", "2026-09-30T18:00:00Z", "credit"), ("CHK", "USD", "1500.00", "2026-10-31T18:00:00Z", "credit"),
            ("CARD", "USD", "250.00", "2026-09-30T18:00:00Z", "debit"), ("CARD", "USD", "300.00", "2026-10-31T18:00:00Z", "debit"),
            ("UK", "GBP", "800.00", "2026-09-30T18:00:00Z", "credit"), ("UK", "GBP", "900.00", "2026-10-31T18:00:00Z", "credit"),
            ("EU", "EUR", "100.00", "2026-10-31T18:00:00Z", "credit"), ("JP", "JPY", "50000", "2026-10-31T18:00:00Z", "credit"),
        ]
        for account in ["CHK", "CARD", "UK", "EU", "JP"] {
            try export.append(
                "balances/\(account)",
                F.changeSet(
                    "B", 1, snapshot: true,
                    inserted: balances.enumerated().filter { $0.element.0 == account }.map { index, balance in
                        F.balance(
                            "\(account)-B\(index)", account: account, amount: balance.2, currency: balance.1, asOf: balance.3,
                            indicator: balance.4)
                    }))
        }
        let cafe = F.transaction(
            "CARD-3", account: "CARD", date: "2026-10-19T12:00:00Z", amount: "65.40", mcc: 5812, merchant: "Café de Flore",
            description: "CAFE DE FLORE PARIS", foreign: ("60.00", "EUR", "1.09"))
        let transactions: [String: [String]] = [
            "CHK": [
                F.transaction(
                    "CHK-1", account: "CHK", date: "2026-10-01T12:00:00Z", amount: "3000.00", indicator: "credit", type: "deposit",
                    mcc: nil, merchant: nil, description: "ACME PAYROLL")
            ],
            "CARD": [
                F.transaction("CARD-1", account: "CARD", date: "2026-09-12T12:00:00Z", amount: "120.00"),
                F.transaction("CARD-2", account: "CARD", date: "2026-10-03T12:00:00Z", amount: "54.20"), cafe,
            ],
            "UK": [
                F.transaction(
                    "UK-1", account: "UK", date: "2026-09-20T12:00:00Z", amount: "40.00", currency: "GBP", merchant: "Tesco",
                    description: "TESCO STORES"),
                // 00:30 on 5 October in London: that day's rate, not the 4th's.
                F.transaction(
                    "UK-2", account: "UK", date: "2026-10-04T23:30:00Z", amount: "30.00", currency: "GBP", merchant: "Tesco",
                    description: "TESCO STORES"),
                F.transaction(
                    "UK-3", account: "UK", date: "2026-10-10T12:00:00Z", amount: "12.50", currency: "GBP", mcc: 5812,
                    merchant: "Pret A Manger", description: "PRET A MANGER"),
                // Seven days after the 5th's rate: still within reach.
                F.transaction(
                    "UK-4", account: "UK", date: "2026-10-12T12:00:00Z", amount: "5.00", currency: "GBP", indicator: "credit",
                    merchant: "Tesco", description: "TESCO STORES REFUND"),
                F.transaction(
                    "UK-5", account: "UK", date: "2026-10-19T12:00:00Z", amount: "20.00", currency: "GBP", mcc: 5912,
                    merchant: "Boots", description: "BOOTS"),
                F.transaction(
                    "UK-6", account: "UK", date: "2026-10-25T12:00:00Z", amount: "2000.00", currency: "GBP", indicator: "credit",
                    type: "deposit", mcc: nil, merchant: nil, description: "EMPLOYER LTD SALARY"),
                F.transaction(
                    "UK-7", account: "UK", date: "2026-10-28T12:00:00Z", amount: "15.00", currency: "GBP", status: "pending",
                    mcc: 5942, merchant: "Amazon UK", description: "AMAZON UK"),
            ],
            // No imported EUR rate within 7 days of the 20th: the card's rate of the 19th.
            "EU": [
                F.transaction(
                    "EU-1", account: "EU", date: "2026-10-20T12:00:00Z", amount: "25.00", currency: "EUR", merchant: "Rewe",
                    description: "REWE MARKT")
            ],
            "JP": [
                F.transaction(
                    "JP-1", account: "JP", date: "2026-10-15T03:00:00Z", amount: "1200", currency: "JPY", mcc: 5499,
                    merchant: "Lawson", description: "LAWSON")
            ],
        ]
        for (account, records) in transactions.sorted(by: { $0.key < $1.key }) {
            try export.append("transactions/\(account)", F.changeSet("T", 1, snapshot: true, inserted: records))
        }
        return export
    }
}
