import Foundation
import PurseTestSupport
import Testing

/// Item 4 of issue 12, through the real binary: CSV that Excel opens right (`--bom`,
/// `PURSE_CSV_BOM=1`), and text that a terminal without UTF-8 shows right (ASCII only).
@Suite("Spreadsheets and terminals without UTF-8")
struct SpreadsheetAndLocaleTests: PurseLedgerSuite {
    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    init() throws {
        folder = try TemporaryFolder()
        database = try Examples.syncedLedger(at: folder.file("ledger.sqlite"), purse: purse)
    }

    // MARK: - The byte-order mark

    @Test("--bom and PURSE_CSV_BOM=1 put a UTF-8 byte-order mark before the CSV, which is otherwise the same")
    func bomOnCSV() throws {
        let cafe = ["export", "transactions", "--merchant", "café"]
        let plain = try run(cafe)
        #expect(plain.status == 0)
        #expect(plain.stdout.hasPrefix("id,account_id,account,"))
        #expect(plain.stdout.contains(",Café de Flore,CAFÉ DE FLORE,"))
        for (arguments, environment) in [(cafe + ["--bom"], [:]), (cafe, ["PURSE_CSV_BOM": "1"])] {
            let marked = try run(arguments, environment: environment)
            #expect(marked.status == 0)
            #expect(Array(marked.stdout.utf8.prefix(3)) == Self.bom)
            #expect(marked.stdout == "\u{FEFF}" + plain.stdout)
        }
        let report = try run(["report", "spending", "--month", "2026-10", "--format", "csv"], environment: ["PURSE_CSV_BOM": "1"])
        #expect(Array(report.stdout.utf8.prefix(3)) == Self.bom)
        #expect(report.stdout.dropFirst().hasPrefix("period,category,currency,spent,refunded,net,count\n"))
        #expect(!(try run(cafe, environment: ["PURSE_CSV_BOM": "0"])).stdout.hasPrefix("\u{FEFF}"))
    }

    @Test("-o FILE.csv --bom writes the mark into the file")
    func bomInFile() throws {
        let file = folder.file("accounts.csv")
        let result = try run(["accounts", "-o", file, "--bom"])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(Array(data.prefix(3)) == Self.bom)
        #expect(String(decoding: data.dropFirst(3), as: UTF8.self).hasPrefix("id,account,kind,"))
    }

    @Test(
        "text, JSON, HTML and email never get a mark",
        arguments: [
            ["report", "spending", "--month", "2026-10"],
            ["report", "spending", "--month", "2026-10", "--format", "json", "--bom"],
            ["accounts", "--format", "json"],
            ["report", "summary", "--month", "2026-10", "--no-record", "--format", "html"],
            ["report", "summary", "--month", "2026-10", "--no-record", "--format", "email"],
        ])
    func noBomElsewhere(arguments: [String]) throws {
        let result = try run(arguments, environment: ["PURSE_CSV_BOM": "1"])
        #expect(result.status == 0)
        #expect(!result.stdout.hasPrefix("\u{FEFF}"))
        #expect(!result.stdout.isEmpty)
    }

    // MARK: - A locale that is not UTF-8

    @Test(
        "text under a locale that is not UTF-8 is ASCII through and through",
        arguments: [
            ["LANG": "C"], ["LANG": "POSIX"], ["LC_ALL": "C", "LANG": "en_US.UTF-8"], ["LC_CTYPE": "C", "LANG": "en_US.UTF-8"],
        ])
    func asciiEverywhere(environment: [String: String]) throws {
        for arguments in [
            ["accounts"], ["report", "spending", "--month", "2026-10"], ["report", "spending", "--month", "2026-10", "--compare"],
            ["report", "income", "--from", "2026-08-01", "--to", "2026-10-31"],
            ["report", "trend", "--from", "2025-11-01", "--to", "2026-10-31", "--every", "month"],
            ["report", "networth", "--from", "2025-11-01", "--to", "2026-10-31"], ["report", "drift"],
            ["report", "summary", "--month", "2026-10", "--no-record"], ["explain", "--month", "2026-05", "--category", "Dining"],
            ["transactions", "--month", "2026-05"], ["status"], ["categories"],
        ] {
            let result = try run(arguments, environment: environment)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.count > 100, "\(arguments)")
            let foreign = result.stdout.unicodeScalars.filter { !$0.isASCII }
            #expect(foreign.isEmpty, "\(arguments) in \(environment): \(String(String.UnicodeScalarView(foreign)))")
        }
    }

    @Test("currency symbols become ISO codes, names are transliterated, and the columns still line up")
    func asciiReadable() throws {
        let accounts = try run(["accounts"], environment: ["LANG": "C"])
        #expect(
            accounts.stdout == """
                Account          Kind       Institution  Currency       Balance  As of                      Time zone         Source         ID
                ---------------  ---------  -----------  --------  ------------  -------------------------  ----------------  -------------  --------
                Apple Card       liability  Apple        USD         -$2,142.28  2026-10-31T23:59:59-04:00  America/New_York  Sample iPhone  0688F73D
                Apple Cash       asset      Apple        USD            $558.05  2026-10-31T23:59:59-04:00  America/New_York  Sample iPhone  BAA5A958
                Current Account  asset      Monzo        GBP       GBP 8,097.40  2026-10-31T23:59:59+00:00  Europe/London     Sample iPhone  1315CED9
                Savings          asset      Apple        USD         $37,438.33  2026-10-31T23:59:59-04:00  America/New_York  Sample iPhone  F77523F9

                """)
        // The same run in UTF-8 keeps the pound sign.
        #expect(try run(["accounts"]).stdout.contains("  £8,097.40  "))
        let cafe = try run(["transactions", "--merchant", "café", "--limit", "1"], environment: ["LANG": "C"])
        #expect(
            cafe.stdout == """
                Date        Account     Merchant        MCC  Category  Type         Status   Amount
                ----------  ----------  -------------  ----  --------  -----------  ------  -------
                2026-05-09  Apple Card  Cafe de Flore  5812  Dining    pointOfSale  booked  -$60.40

                """)
        let spending = try run(["report", "spending", "--month", "2026-10", "--currency", "GBP"], environment: ["LANG": "C"])
        #expect(
            spending.stdout.contains("\nGroceries              GBP 529.06  GBP 0.00    GBP 529.06   18.0%  #######\n"), "\(spending.stdout)"
        )
        // stderr too: an error quoting what the user typed.
        let unknown = try run(["transactions", "--account", "Café"], environment: ["LANG": "C"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("Error: no account with the ID or name 'Cafe' (see 'purse accounts')."))
        #expect(unknown.stderr.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test("CSV, JSON, HTML and email stay UTF-8 under any locale; a text file of -o is ASCII like the terminal")
    func machineFormatsStayUTF8() throws {
        let c = ["LANG": "C"]
        #expect(try run(["export", "transactions", "--merchant", "café"], environment: c).stdout.contains(",Café de Flore,CAFÉ DE FLORE,"))
        #expect(
            try run(["export", "transactions", "--merchant", "café", "--format", "json"], environment: c).stdout.contains(
                "\"Café de Flore\""))
        #expect(
            try run(["report", "summary", "--month", "2026-10", "--no-record", "--format", "html"], environment: c).stdout.contains(
                "£8,097.40"))
        let email = try run(["report", "summary", "--month", "2026-10", "--no-record", "--format", "email"], environment: c).stdout
        // The text part too: quoted-printable UTF-8 of £2,934.08.
        #expect(email.contains("October 2026: spent $8,543.34 (-21% vs September), =C2=A32,934.08 (-9%)"), "\(email.prefix(2000))")
        let file = folder.file("spending.txt")
        #expect(try run(["report", "spending", "--month", "2026-10", "--currency", "GBP", "-o", file], environment: c).status == 0)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("GBP 529.06") && text.unicodeScalars.allSatisfy { $0.isASCII })
    }
}
