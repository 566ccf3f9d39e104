import Foundation
import PurseTestSupport
import Testing

/// The summary's HTML (the month's and the year's) on a 390 px phone: budgets, long names and
/// five currencies, and still no sideways scrolling. A headless Chromium lays the page out when one is installed (the page sits
/// in a 390 px frame: Chromium's own window is never narrower than 500 px).
@Suite("Summary HTML at 390 px", .tags(.slow))
struct SummaryPhoneLayoutTests {
    static let currencies = ["USD", "GBP", "EUR", "JPY", "CHF"]
    static let longCategory = "Extraordinarily Long Category Name For Household Things"
    static let longGoal = "Extraordinarily Long Goal Name For A Deposit On A House"

    /// A ledger whose summary has every wide thing at once: five currencies, 70-letter merchant
    /// names, budgets over and under in each currency, one of them on a long category, and a goal
    /// of a long name in each.
    static func summaryHTML(in folder: TemporaryFolder) throws -> String {
        let export = try ExportFixture(in: folder.url)
        let accounts = currencies.indices.map { String(format: "0A1B2C3D-0000-4000-8000-%012d", $0) }
        try export.append(
            "accounts",
            ExportFixture.changeSet(
                "g1", 1, snapshot: true,
                inserted: currencies.indices.map {
                    ExportFixture.account(
                        accounts[$0], name: "Everyday Current Account With A Long Name " + currencies[$0], currency: currencies[$0])
                }))
        let merchants = [
            ("Supercalifragilisticexpialidocious Organic Grocery Emporium International", 5411), ("Restaurant Extraordinaire", 5812),
            ("Pharmacy", 5912),
        ]
        for (index, account) in accounts.enumerated() {
            var transactions: [String] = []
            for month in [9, 10] {
                for day in stride(from: 1, through: 27, by: 2) {
                    let number = transactions.count
                    let (merchant, mcc) = merchants[number % merchants.count]
                    let amount = currencies[index] == "JPY" ? String(7_654_321 + number) : String(8_765 + number) + ".43"
                    transactions.append(
                        ExportFixture.transaction(
                            String(format: "0A1B2C3D-0000-4000-8000-%04d%08d", index, number), account: account,
                            date: String(format: "2026-%02d-%02dT12:00:00Z", month, day), amount: amount, currency: currencies[index],
                            mcc: mcc, merchant: merchant, description: merchant.uppercased()))
                }
            }
            try export.append("transactions/" + account, ExportFixture.changeSet("g1", 1, snapshot: true, inserted: transactions))
        }
        let purse = PurseBinary()
        let database = folder.file("ledger.sqlite")
        let sync = try purse.run(["--db", database, "sync", export.path])
        try #require(sync.status == 0, "\(sync.stderr)")
        for currency in currencies {
            for (category, amount, new) in [("Groceries", "100", false), ("Dining", "1000000", false), (longCategory, "50000", true)] {
                let budget = try purse.run(
                    ["--db", database, "budget", "set", category, amount, "--currency", currency, "--from", "2026-09", "--rollover", "all"]
                        + (new ? ["--new"] : []))
                try #require(budget.status == 0, "\(budget.stderr)")
            }
        }
        for (index, account) in accounts.enumerated() {
            let goal = try purse.run(
                [
                    "--db", database, "goal", "set", "\(longGoal) \(currencies[index])", "1000000000", "--by", "2099-12", "--account",
                    account,
                ])
            try #require(goal.status == 0, "\(goal.stderr)")
        }
        let summary = try purse.run(["--db", database, "report", "summary", "--month", "2026-10", "--format", "html", "--no-record"])
        try #require(summary.status == 0, "\(summary.stderr)")
        return summary.stdout
    }

    @Test("what lets a narrow screen fit: long words may break, a budget's Net column goes, numbers, days and statuses stay whole")
    func markup() throws {
        let html = try Self.summaryHTML(in: try TemporaryFolder())
        #expect(html.contains("td{overflow-wrap:anywhere}td:not(.num,.day,.status){min-width:4em}"))
        #expect(html.contains("td.num,th.num{text-align:right;white-space:nowrap}"))
        let budgets = try #require(html.range(of: "<th class=\"status\">Status</th>"))
        #expect(
            html[budgets.lowerBound...].hasPrefix(
                "<th class=\"status\">Status</th><th>Category</th>"
                    + "<th class=\"num\">Available</th><th class=\"num aux\">Net</th><th class=\"num\">Left</th><th class=\"num\">Used</th>"
            ))
        #expect(html.contains("<td>\(Self.longCategory)</td>"))
        // A goal's target goes on a phone: its month stays, beside its name.
        let goals = try #require(html.range(of: "<th>Goal</th>"))
        #expect(
            html[goals.lowerBound...].hasPrefix(
                "<th>Goal</th><th class=\"num\">Saved</th><th class=\"num aux\">Target</th><th class=\"num\">Per month</th>"))
    }

    @Test(
        "in a headless Chromium 390 px wide, nothing on the page is wider than the screen",
        .enabled(if: chromium() != nil, "needs chromium on PATH to lay the page out (apt-get install chromium)"))
    func fitsAPhone() throws {
        let folder = try TemporaryFolder()
        try Self.expectFits(try Self.summaryHTML(in: folder), in: folder)
    }

    @Test(
        "the year at a glance of the same ledger fits 390 px too: its month table keeps month, net, saved and rate there",
        .enabled(if: chromium() != nil, "needs chromium on PATH to lay the page out (apt-get install chromium)"))
    func yearFitsAPhone() throws {
        let folder = try TemporaryFolder()
        _ = try Self.summaryHTML(in: folder)
        let year = try PurseBinary().run(
            ["--db", folder.file("ledger.sqlite"), "--now", "2026-11-05", "report", "summary", "--year", "2026", "--format", "html"])
        try #require(year.status == 0, "\(year.stderr)")
        #expect(
            year.stdout.contains(
                "<th>Month</th><th class=\"num aux\">Spent</th><th class=\"num aux\">Refunded</th><th class=\"num\">Net</th>"
                    + "<th class=\"num aux\">Income</th><th class=\"num\">Saved</th><th class=\"num\">Rate</th>"))
        try Self.expectFits(year.stdout, in: folder)
    }

    /// Lays `html` out in a headless Chromium, in a 390 px frame, and expects nothing wider.
    static func expectFits(_ html: String, in folder: TemporaryFolder) throws {
        let chromium = try #require(Self.chromium())
        let width = 390
        // A srcdoc frame is the page's own origin, so the host can measure what the frame laid out.
        let host = """
            <!DOCTYPE html><html><body style="margin:0"><iframe id="f" style="width:\(width)px;height:20000px;border:0" srcdoc="\(Self.attribute(html))"></iframe>
            <script>
            var frame = document.getElementById("f");
            frame.onload = function() {
              var page = frame.contentDocument, wide = [];
              page.querySelectorAll("h1,h2,p,table,figure,svg").forEach(function(e) {
                var right = Math.round(e.getBoundingClientRect().right);
                if (right > \(width)) wide.push(e.tagName + " " + right + " " + (e.textContent || "").slice(0, 40));
              });
              document.body.setAttribute("data-layout", page.documentElement.scrollWidth + "|" + wide.join("; "));
            };
            </script></body></html>
            """
        let hostFile = folder.file("host.html")
        try host.write(toFile: hostFile, atomically: true, encoding: .utf8)
        let dom = try Self.output(
            of: chromium,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--window-size=500,2000", "--virtual-time-budget=5000", "--dump-dom",
                "file://" + hostFile,
            ])
        let layout = try #require(dom.range(of: "data-layout=\"").map { dom[$0.upperBound...].prefix { $0 != "\"" } }, "\(dom.suffix(300))")
        let parts = layout.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        #expect(Int(parts[0]) ?? .max <= width, "page is \(parts[0]) px wide")
        #expect(parts.count == 2 && parts[1].isEmpty, "wider than the screen: \(parts.dropFirst().first ?? "")")
    }

    static func attribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func chromium() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"] {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    static func output(of executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
