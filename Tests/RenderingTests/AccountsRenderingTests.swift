import Ledger
import Rendering
import Testing

@testable import Analytics
@testable import LedgerStore

@Suite("Accounts rendering")
struct AccountsRenderingTests {
    static var listed: [ListedAccount] {
        [
            ListedAccount(
                summary: AccountSummary(
                    account: Account(
                        id: "ACC-CARD-0001-LONG", kind: .liability, displayName: "Apple Card", institutionName: "Apple",
                        currencyCode: "USD"),
                    sourceName: "Ana's iPhone", latestBalance: Money(units: -1234_5000, currency: "USD"),
                    latestBalanceAsOf: "2026-10-31T23:00:00Z"),
                account: ListingFixtures.card, zone: "America/New_York", asOf: "2026-10-31T19:00:00-04:00"),
            ListedAccount(
                summary: AccountSummary(
                    account: Account(
                        id: "ACC-SAVE-0002-LONG", kind: .asset, displayName: "=Savings", institutionName: "Bank, \"Main\"",
                        currencyCode: "JPY"),
                    sourceName: "Ana's iPhone", latestBalance: nil, latestBalanceAsOf: nil),
                account: ListingFixtures.savings, zone: "UTC", asOf: nil),
        ]
    }

    @Test("CSV: every ID whole, hidden as a boolean")
    func csv() {
        var output = ""
        AccountsRendering.csv(Self.listed) { output += $0 }
        #expect(
            output == #"""
                id,account,kind,institution,currency,balance,balance_as_of,source,source_id,time_zone,hidden
                ACC-CARD-0001-LONG,Apple Card,liability,Apple,USD,-1234.50,2026-10-31T19:00:00-04:00,Ana's iPhone,SRC-1,America/New_York,false
                ACC-SAVE-0002-LONG,'=Savings,asset,"Bank, ""Main""",JPY,,,Ana's iPhone,SRC-1,UTC,true

                """#)
    }

    @Test("JSON: purse.accounts.v1")
    func json() {
        #expect(
            AccountsRendering.json(Self.listed).pretty + "\n" == #"""
                {
                  "schema": "purse.accounts.v1",
                  "accounts": [
                    {
                      "id": "ACC-CARD-0001-LONG",
                      "account": "Apple Card",
                      "kind": "liability",
                      "institution": "Apple",
                      "currency": "USD",
                      "balance": "-1234.50",
                      "balance_as_of": "2026-10-31T19:00:00-04:00",
                      "source": "Ana's iPhone",
                      "source_id": "SRC-1",
                      "time_zone": "America/New_York",
                      "hidden": false
                    },
                    {
                      "id": "ACC-SAVE-0002-LONG",
                      "account": "=Savings",
                      "kind": "asset",
                      "institution": "Bank, \"Main\"",
                      "currency": "JPY",
                      "balance": null,
                      "balance_as_of": null,
                      "source": "Ana's iPhone",
                      "source_id": "SRC-1",
                      "time_zone": "UTC",
                      "hidden": true
                    }
                  ]
                }

                """#)
    }

    @Test("Text: a short ID, a hidden account marked and counted")
    func text() {
        #expect(
            AccountsRendering.text(Self.listed) == #"""
                Account            Kind       Institution   Currency     Balance  As of                      Time zone         Source        ID
                -----------------  ---------  ------------  --------  ----------  -------------------------  ----------------  ------------  --------
                Apple Card         liability  Apple         USD       -$1,234.50  2026-10-31T19:00:00-04:00  America/New_York  Ana's iPhone  ACC-CARD
                =Savings (hidden)  asset      Bank, "Main"  JPY                   no balance yet             UTC               Ana's iPhone  ACC-SAVE
                1 hidden: reports leave it out unless given --all or --account.

                """#)
    }

    @Test("Text of no accounts says how to get some")
    func none() {
        #expect(AccountsRendering.text([]) == "No accounts yet: run 'purse sync PATH' on a Wallet export.\n")
    }
}
