import Foundation
import PurseTestSupport
import Testing

/// `purse budget check` through the real binary on the bundled example export, the way cron runs
/// it: no terminal, stdin empty, a minimal environment; stdout, stderr and the exit status checked
/// exactly. The months checked are past (October 2026), so the real clock does not matter.
///
/// October 2026 of examples/wallet-export read in UTC: Groceries USD net $3,133.39, Dining USD
/// net $1,318.09, Groceries GBP net £529.06.
@Suite("Budget check end to end")
struct BudgetCheckTests: PurseLedgerSuite {
    struct ShellResult {
        let stdout: String
        let stderr: String
        let status: Int32
    }

    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
    }

    /// Runs `command` with /bin/sh as cron does: `purse` and a fake `mail` on PATH, stdin empty,
    /// PURSE_DB set. The fake `mail` appends its arguments and its stdin (the mail body) to `mailbox`.
    func cron(_ command: String) throws -> (result: ShellResult, mailbox: String) {
        let bin = folder.url.appendingPathComponent("bin", isDirectory: true)
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let mail = bin.appendingPathComponent("mail")
        try Data("#!/bin/sh\nprintf 'mail %s\\n' \"$*\" >> \"$MAILBOX\"\ncat >> \"$MAILBOX\"\n".utf8).write(to: mail)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: mail.path)
        let link = bin.appendingPathComponent("purse")
        if !FileManager.default.fileExists(atPath: link.path) {
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: purse.url)
        }
        let mailbox = folder.file("mailbox")
        try? FileManager.default.removeItem(atPath: mailbox)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.environment = [
            "PATH": bin.path + ":/usr/bin:/bin", "HOME": folder.path, "TZ": "UTC", "LANG": "C.UTF-8",
            "PURSE_DB": database, "MAILBOX": mailbox, "EXPORT": Examples.walletExport.path,
        ]
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        // The outputs are small: read them after the exit.
        process.waitUntilExit()
        let result = ShellResult(
            stdout: String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
            stderr: String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
            status: process.terminationStatus)
        let box = (try? String(contentsOfFile: mailbox, encoding: .utf8)) ?? ""
        return (result, box)
    }

    func syncExample() throws {
        try Examples.syncedLedger(at: database, purse: purse)
    }

    @Test("no budget over: budget check prints nothing and exits 0, even with warnings below --warn-at")
    func allWell() throws {
        try syncExample()
        let set = try run(["budget", "set", "Groceries", "3500", "--currency", "USD", "--from", "2026-10"])
        #expect(set.status == 0)
        #expect(set.stdout == "")
        #expect(set.stderr == "Budget for Groceries: $3,500.00 a month from 2026-10, rollover none\n")
        // 85.4% used: warn at the default level, but the check prints only what is over.
        let check = try run(["budget", "check", "--month", "2026-10"])
        #expect(check.status == 0)
        #expect(check.stdout == "")
        #expect(check.stderr == "")
        let high = try run(["budget", "check", "--month", "2026-10", "--warn-at", "90"])
        #expect(high.status == 0)
        #expect(high.stdout == "")
        #expect(high.stderr == "")
    }

    @Test("a warning with --warn-at: one line on stdout, exit 0")
    func warningOnly() throws {
        try syncExample()
        try run(["budget", "set", "Groceries", "3500", "--currency", "USD", "--from", "2026-10"])
        let check = try run(["budget", "check", "--month", "2026-10", "--warn-at", "85"])
        #expect(check.status == 0)
        #expect(check.stdout == "warn: Groceries (USD), October 2026: 85.4% used of $3,500.00\n")
        #expect(check.stderr == "")
    }

    @Test("budgets over: one line each on stdout, nothing on stderr, exit 1")
    func over() throws {
        try syncExample()
        try run(["budget", "set", "Groceries", "3500", "--currency", "USD", "--from", "2026-10"])
        try run(["budget", "set", "Dining", "1200", "--currency", "USD", "--from", "2026-10"])
        try run(["budget", "set", "Groceries", "500", "--currency", "GBP", "--from", "2026-10"])
        let check = try run(["budget", "check", "--month", "2026-10"])
        #expect(check.status == 1)
        #expect(
            check.stdout == """
                over: Dining (USD), October 2026: net $1,318.09 of $1,200.00 available, $118.09 over
                over: Groceries (GBP), October 2026: net £529.06 of £500.00 available, £29.06 over

                """, "\(check.stdout)")
        #expect(check.stderr == "")
        let withWarnings = try run(["budget", "check", "--month", "2026-10", "--warn-at", "85"])
        #expect(withWarnings.status == 1)
        #expect(withWarnings.stdout == check.stdout + "warn: Groceries (USD), October 2026: 85.4% used of $3,500.00\n")
        // Raising the budget above what was spent clears it.
        try run(["budget", "set", "Dining", "1400", "--currency", "USD", "--from", "2026-10"])
        try run(["budget", "set", "Groceries", "600", "--currency", "GBP", "--from", "2026-10"])
        let cleared = try run(["budget", "check", "--month", "2026-10"])
        #expect(cleared.status == 0)
        #expect(cleared.stdout == "")
    }

    @Test("a ledger in two currencies: budget set without --currency is a usage error, exit 64, nothing saved")
    func currencyRequired() throws {
        try syncExample()
        let set = try run(["budget", "set", "Groceries", "400"])
        #expect(set.status == 64)
        #expect(set.stdout == "")
        #expect(
            set.stderr == """
                Error: the ledger has several currencies (USD, GBP): say which with --currency.
                Usage: purse budget set [options] CATEGORY AMOUNT
                See 'purse budget set --help'.

                """, "\(set.stderr)")
        #expect(try run(["budget", "list", "--format", "csv"]).stdout == "category,currency,from,amount,rollover,period\n")
    }

    @Test("`purse budget check || echo mailed`: the fallback runs only when a budget is over")
    func orElse() throws {
        try syncExample()
        try run(["budget", "set", "Dining", "1200", "--currency", "USD", "--from", "2026-10"])
        let over = try cron("purse budget check --month 2026-10 || echo mailed")
        #expect(over.result.status == 0)
        #expect(over.result.stdout == "over: Dining (USD), October 2026: net $1,318.09 of $1,200.00 available, $118.09 over\nmailed\n")
        #expect(over.result.stderr == "")
        try run(["budget", "set", "Dining", "1400", "--currency", "USD", "--from", "2026-10"])
        let well = try cron("purse budget check --month 2026-10 || echo mailed")
        #expect(well.result.status == 0)
        #expect(well.result.stdout == "")
        #expect(well.result.stderr == "")
    }

    @Test(
        "the README's cron line: a quiet sync, then the check; mail runs when a budget is over, and the job's output is the check's lines")
    func readmeCronLine() throws {
        try syncExample()
        try run(["budget", "set", "Dining", "1200", "--currency", "USD", "--from", "2026-10"])
        try run(["budget", "set", "Groceries", "3500", "--currency", "USD", "--from", "2026-10"])
        let job = try cron(
            #"purse --quiet sync "$EXPORT" && purse budget check --month 2026-10 --warn-at 85 || mail -s "purse: budget" you@example.com"#)
        #expect(job.result.status == 0)
        // What cron itself mails to MAILTO: the check's lines; the sync had nothing new and said nothing.
        #expect(
            job.result.stdout == """
                over: Dining (USD), October 2026: net $1,318.09 of $1,200.00 available, $118.09 over
                warn: Groceries (USD), October 2026: 85.4% used of $3,500.00

                """, "\(job.result.stdout)")
        #expect(job.result.stderr == "")
        #expect(job.mailbox == "mail -s purse: budget you@example.com\n")
        // Nothing over: no mail.
        try run(["budget", "set", "Dining", "1400", "--currency", "USD", "--from", "2026-10"])
        let quiet = try cron(
            #"purse --quiet sync "$EXPORT" && purse budget check --month 2026-10 --warn-at 95 || mail -s "purse: budget" you@example.com"#)
        #expect(quiet.result.stdout == "")
        #expect(quiet.result.stderr == "")
        #expect(quiet.mailbox == "")
    }

    @Test("the README's variant that makes the check's lines the body of the mail")
    func readmeMailBody() throws {
        try syncExample()
        try run(["budget", "set", "Dining", "1200", "--currency", "USD", "--from", "2026-10"])
        let job = try cron(
            #"purse --quiet sync "$EXPORT" && { out=$(purse budget check --month 2026-10 --warn-at 90) || echo "$out" | mail -s "purse: budget" you@example.com; }"#
        )
        #expect(job.result.status == 0)
        #expect(job.result.stdout == "")
        #expect(job.result.stderr == "")
        #expect(
            job.mailbox == """
                mail -s purse: budget you@example.com
                over: Dining (USD), October 2026: net $1,318.09 of $1,200.00 available, $118.09 over

                """, "\(job.mailbox)")
    }

    @Test("a failing sync also reaches the mail: exit 66 is not 0, so `|| mail` runs")
    func failedSyncMails() throws {
        let job = try cron(#"purse sync "$HOME/missing" && purse budget check || mail -s "purse: budget" you@example.com"#)
        #expect(job.result.status == 0)
        #expect(job.result.stdout == "")
        #expect(job.result.stderr.hasPrefix("Error: "))
        #expect(job.mailbox == "mail -s purse: budget you@example.com\n")
    }
}
