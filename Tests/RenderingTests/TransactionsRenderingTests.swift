import Analytics
import Rendering
import Testing

@Suite("Transactions listing rendering")
struct TransactionsRenderingTests {
    func csv(_ listed: [ListedTransaction]) -> String {
        var output = ""
        let csv = TransactionsRendering.CSV(accounts: ListingFixtures.accounts) { output += $0 }
        for item in listed { csv.append(item) }
        return output
    }

    func json(_ listed: [ListedTransaction]) -> String {
        var output = ""
        var json = TransactionsRendering.JSON(accounts: ListingFixtures.accounts) { output += $0 }
        for item in listed { json.append(item) }
        json.finish()
        return output
    }

    func text(_ listed: [ListedTransaction]) -> (output: String, note: String?) {
        var text = TransactionsRendering.Text(accounts: ListingFixtures.accounts)
        for item in listed { text.append(item) }
        return text.finish()
    }

    @Test("CSV: a row per line, every column, spreadsheet-safe")
    func csvRows() {
        #expect(
            csv(ListingFixtures.listed) == #"""
                id,account_id,account,transaction_date,posted_date,status,type,direction,amount,signed_amount,currency,foreign_amount,foreign_currency,exchange_rate,mcc,merchant,description,original_description,flow,category,category_source,counted,note,tags,order_id,merchant_shown,person
                T1,ACC-CARD-0001,Apple Card,2026-09-30,2026-09-30,booked,pointOfSale,debit,54.20,-54.20,USD,,,,5411,Whole Foods,WHOLEFDS 123,WHOLEFDS 123,expense,Groceries,MCC 5411,true,,,,Whole Foods,
                T2,ACC-SAVE-0002,Savings,2026-10-02,2026-10-02,booked,pointOfSale,debit,10.00,-10.00,USD,,,,,,'=Market,'=MARKET,expense,Groceries,split,false,"weekly, ""shop""",family;food,,'=Market,
                T2,ACC-SAVE-0002,Savings,2026-10-02,2026-10-02,booked,pointOfSale,debit,20.00,-20.00,USD,,,,,,'=Market,'=MARKET,expense,Dining,split,false,"weekly, ""shop""",family;food,,'=Market,
                T3,ACC-CARD-0001,Apple Card,2026-10-03,2026-10-03,pending,refund,credit,1.25,1.25,USD,1.10,EUR,1.136,42,Café,Refund,REFUND,refund,Dining,rule #3,false,,,order-7,Café,

                """#)
    }

    @Test("CSV of nothing is its header")
    func csvEmpty() {
        #expect(csv([]) == TransactionsRendering.csvHeader.joined(separator: ",") + "\n")
    }

    @Test("JSON: an object per line, the zones named")
    func jsonObjects() {
        #expect(
            json(ListingFixtures.listed) == #"""
                {
                  "schema": "purse.transactions.v1",
                  "time_zone": "America/New_York",
                  "time_zones": ["America/New_York"],
                  "transactions": [
                    {"id":"T1","account_id":"ACC-CARD-0001","account":"Apple Card","transaction_date":"2026-09-30","transaction_timestamp":"2026-10-01T02:30:00Z","time_zone":"America/New_York","posted_date":"2026-09-30","status":"booked","type":"pointOfSale","direction":"debit","amount":"54.20","signed_amount":"-54.20","currency":"USD","foreign_amount":null,"foreign_currency":null,"exchange_rate":null,"mcc":5411,"merchant":"Whole Foods","description":"WHOLEFDS 123","original_description":"WHOLEFDS 123","flow":"expense","category":"Groceries","category_source":"MCC 5411","counted":true,"note":null,"tags":[],"order_id":null,"merchant_shown":"Whole Foods","person":null},
                    {"id":"T2","account_id":"ACC-SAVE-0002","account":"Savings","transaction_date":"2026-10-02","transaction_timestamp":"2026-10-02T12:00:00Z","time_zone":"UTC","posted_date":"2026-10-02","status":"booked","type":"pointOfSale","direction":"debit","amount":"10.00","signed_amount":"-10.00","currency":"USD","foreign_amount":null,"foreign_currency":null,"exchange_rate":null,"mcc":null,"merchant":null,"description":"=Market","original_description":"=MARKET","flow":"expense","category":"Groceries","category_source":"split","counted":false,"note":"weekly, \"shop\"","tags":["family","food"],"order_id":null,"merchant_shown":"=Market","person":null},
                    {"id":"T2","account_id":"ACC-SAVE-0002","account":"Savings","transaction_date":"2026-10-02","transaction_timestamp":"2026-10-02T12:00:00Z","time_zone":"UTC","posted_date":"2026-10-02","status":"booked","type":"pointOfSale","direction":"debit","amount":"20.00","signed_amount":"-20.00","currency":"USD","foreign_amount":null,"foreign_currency":null,"exchange_rate":null,"mcc":null,"merchant":null,"description":"=Market","original_description":"=MARKET","flow":"expense","category":"Dining","category_source":"split","counted":false,"note":"weekly, \"shop\"","tags":["family","food"],"order_id":null,"merchant_shown":"=Market","person":null},
                    {"id":"T3","account_id":"ACC-CARD-0001","account":"Apple Card","transaction_date":"2026-10-03","transaction_timestamp":"2026-10-03T15:00:00Z","time_zone":"America/New_York","posted_date":"2026-10-03","status":"pending","type":"refund","direction":"credit","amount":"1.25","signed_amount":"1.25","currency":"USD","foreign_amount":"1.10","foreign_currency":"EUR","exchange_rate":"1.136","mcc":42,"merchant":"Café","description":"Refund","original_description":"REFUND","flow":"refund","category":"Dining","category_source":"rule #3","counted":false,"note":null,"tags":[],"order_id":"order-7","merchant_shown":"Café","person":null}
                  ]
                }

                """#)
    }

    @Test("JSON of nothing is an empty list")
    func jsonEmpty() {
        #expect(
            json([]) == #"""
                {
                  "schema": "purse.transactions.v1",
                  "time_zone": "America/New_York",
                  "time_zones": ["America/New_York"],
                  "transactions": []
                }

                """#)
    }

    @Test("Text: a row per transaction, a split naming its parts, an excluded one marked, the count for stderr")
    func textTable() {
        let (output, note) = text(ListingFixtures.listed)
        #expect(
            output == #"""
                Date        Account     Merchant      MCC  Category                  Type         Status             Amount
                ----------  ----------  -----------  ----  ------------------------  -----------  ----------------  -------
                2026-09-30  Apple Card  Whole Foods  5411  Groceries                 pointOfSale  booked            -$54.20
                2026-10-02  Savings     =Market            Split: Groceries, Dining  pointOfSale  booked, excluded  -$30.00
                2026-10-03  Apple Card  Café         0042  Dining                    refund       pending             $1.25

                """#)
        #expect(note == "3 transactions")
        #expect(text(Array(ListingFixtures.listed.prefix(1))).note == "1 transaction")
    }

    @Test("Text of nothing says so, with no count")
    func textEmpty() {
        let (output, note) = text([])
        #expect(output == "No transactions match.\n")
        #expect(note == nil)
    }
}
