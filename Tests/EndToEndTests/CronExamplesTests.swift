import Foundation
import PurseTestSupport
import Testing

/// Every line of examples/cron/crontab and every ExecStart of the systemd units, run the way
/// cron runs them: `/bin/sh -c` with cron's environment (PATH=/usr/bin:/bin, LANG=C, HOME, plus
/// the crontab's own assignments or the unit's Environment=), stdin /dev/null, no terminal,
/// stdout and stderr in one pipe (cron mails both). `/usr/local/bin/purse` is the built binary
/// and `/usr/sbin/sendmail` a stub that keeps each message. On a normal day every line prints
/// nothing; on a bad day exactly the problem, and a failed summary sends no mail.
@Suite("Cron and systemd examples", .tags(.slow))
struct CronExamplesTests {
    static let cron = Examples.cron

    /// The lines of an example and the environment they run in.
    struct Example {
        var environment: [String: String] = [:]
        var commands: [String] = []
    }

    // MARK: - Reading the examples

    /// The crontab's assignments and the command of each schedule line, `\%` read as `%` as cron
    /// does (a bare `%` would end the command and feed the rest to stdin: none may be there).
    static func crontab() throws -> Example {
        let text = try String(contentsOf: cron.appendingPathComponent("crontab"), encoding: .utf8)
        var example = Example()
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) })
        where !line.isEmpty && !line.hasPrefix("#") {
            if let first = line.first, first.isNumber || first == "*" || first == "@" {
                var rest = Substring(line)
                for _ in 0..<(first == "@" ? 1 : 5) {
                    rest = rest.drop { $0 != " " && $0 != "\t" }.drop { $0 == " " || $0 == "\t" }
                }
                var command = ""
                var characters = rest.makeIterator()
                while let character = characters.next() {
                    if character == "\\" {
                        let next = characters.next()
                        command += next == "%" ? "%" : "\\" + (next.map(String.init) ?? "")
                    } else {
                        try #require(character != "%", "a bare % in a crontab command: \(line)")
                        command.append(character)
                    }
                }
                example.commands.append(command)
            } else {
                let equals = try #require(line.firstIndex(of: "="), "neither an assignment nor a schedule: \(line)")
                var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                if value.count >= 2, value.first == value.last, value.first == "\"" || value.first == "'" {
                    value = String(value.dropFirst().dropLast())
                }
                example.environment[line[..<equals].trimmingCharacters(in: .whitespaces)] = value
            }
        }
        return example
    }

    /// A unit's Environment= and ExecStart= lines, with `%h` (the home folder) and `%%` resolved
    /// as systemd does; any other specifier fails the test. In ExecStart, `$$` is a `$` as
    /// systemd passes it on; a bare `$NAME` or `${NAME}` would be systemd's own variable, replaced
    /// before the shell runs (an empty `$status` or `$mail`): none may be there.
    static func unit(_ name: String, home: String) throws -> Example {
        let text = try String(contentsOf: cron.appendingPathComponent(name), encoding: .utf8)
        var example = Example()
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("Environment=") {
                var assignment = try specifiers(String(line.dropFirst("Environment=".count)), home: home)
                if assignment.hasPrefix("\""), assignment.hasSuffix("\"") { assignment = String(assignment.dropFirst().dropLast()) }
                let equals = try #require(assignment.firstIndex(of: "="))
                example.environment[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...])
            } else if line.hasPrefix("ExecStart=") {
                example.commands.append(try dollars(try specifiers(String(line.dropFirst("ExecStart=".count)), home: home)))
            }
        }
        return example
    }

    static func specifiers(_ text: String, home: String) throws -> String {
        var output = ""
        var characters = text.makeIterator()
        while let character = characters.next() {
            guard character == "%" else { output.append(character); continue }
            switch characters.next() {
            case "%": output += "%"
            case "h": output += home
            case let other: Issue.record("unexpected specifier %\(other.map(String.init) ?? "") in \(text)")
            }
        }
        return output
    }

    /// An ExecStart line as systemd hands it on: `$$` becomes `$`; a `$` before a name or `{` fails the test.
    static func dollars(_ text: String) throws -> String {
        var output = ""
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            guard character == "$" else { output.append(character); continue }
            if characters.first == "$" {
                characters.removeFirst()
            } else if let next = characters.first {
                try #require(
                    !(next == "{" || next == "_" || next.isASCII && next.isLetter),
                    "systemd replaces $\(next)... itself in ExecStart; write $$ for the shell's $: \(text)")
            }
            output.append("$")
        }
        return output
    }

    // MARK: - A day of cron

    /// A home folder with the example export in ~/Wallet, a database, the built purse as
    /// /usr/local/bin/purse and a sendmail stub that writes each message to its own file.
    final class Day {
        let folder: TemporaryFolder
        let home: String
        let wallet: String
        let database: String
        let bin: URL
        let outbox: URL
        let binary = PurseBinary()

        init() throws {
            folder = try TemporaryFolder()
            home = folder.file("home")
            wallet = home + "/Wallet"
            database = folder.file("ledger.sqlite")
            bin = folder.url.appendingPathComponent("bin", isDirectory: true)
            outbox = folder.url.appendingPathComponent("outbox", isDirectory: true)
            for directory in [URL(fileURLWithPath: home), bin, outbox] {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            }
            try FileManager.default.copyItem(
                at: Examples.walletExport,
                to: URL(fileURLWithPath: wallet))
            try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("purse"), withDestinationURL: binary.url)
            let sendmail = bin.appendingPathComponent("sendmail")
            try Data("#!/bin/sh\n{ printf '%s\\n' \"$*\"; cat; } > '\(outbox.path)'/mail-$$\n".utf8).write(to: sendmail)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sendmail.path)
        }

        /// cron's environment for the example's lines; the database is this day's.
        func environment(_ example: Example) -> [String: String] {
            var environment = ["PATH": "/usr/bin:/bin", "LANG": "C", "TZ": "UTC", "HOME": home, "SHELL": "/bin/sh", "LOGNAME": "you"]
            environment.merge(example.environment) { _, new in new }
            environment["PURSE_DB"] = database
            return environment
        }

        /// Runs one line with /bin/sh, stdout and stderr into one pipe as cron collects them.
        func run(_ command: String, _ example: Example) throws -> (output: String, status: Int32) {
            let (process, output) = try start(command, example)
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (String(decoding: data, as: UTF8.self), process.terminationStatus)
        }

        /// Starts one line with /bin/sh as `run` does, without waiting for it.
        func start(_ command: String, _ example: Example) throws -> (Process, Pipe) {
            #expect(command.contains("/usr/local/bin/purse"), "the example names purse by its full path: \(command)")
            let resolved = command.replacingOccurrences(of: "/usr/local/bin/purse", with: bin.appendingPathComponent("purse").path)
                .replacingOccurrences(of: "/usr/sbin/sendmail", with: bin.appendingPathComponent("sendmail").path)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", resolved]
            process.environment = environment(example)
            process.currentDirectoryURL = URL(fileURLWithPath: home)
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
            try process.run()
            return (process, output)
        }

        /// purse run directly in the example's environment, to set a day up or to see what a
        /// command says on its own.
        @discardableResult
        func purse(_ arguments: [String], _ example: Example) throws -> PurseBinary.Result {
            try binary.run(arguments, environment: environment(example))
        }

        /// The messages the sendmail stub received (its arguments, the message), emptying the outbox.
        func takeMail() throws -> [(arguments: String, message: String)] {
            let files = try FileManager.default.contentsOfDirectory(at: outbox, includingPropertiesForKeys: nil)
            defer { for file in files { try? FileManager.default.removeItem(at: file) } }
            return try files.map { file in
                let text = try String(contentsOf: file, encoding: .utf8)
                let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
                return (String(lines[0]), lines.count > 1 ? String(lines[1]) : "")
            }
        }

        /// A transaction of $500.00 on the example's Apple Card today, at an MCC (8299, Education)
        /// the example never uses, appended to the card's stream as its next change set.
        func spendOnEducationToday() throws {
            let stream = URL(fileURLWithPath: wallet + "/transactions/0688F73D-508E-49A8-B0A2-4A07A7CF4768.jsonl")
            let last = try #require(try String(contentsOf: stream, encoding: .utf8).split(separator: "\n").last)
            let changeSet = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
            let generation = try #require(changeSet["generation"] as? String)
            let sequence = try #require(changeSet["sequence"] as? Int)
            // Noon UTC today: the same day in the card's zone (New York) as in cron's (UTC), so
            // it is this month's for `budget check` at any hour the test runs.
            let now = String(ISO8601DateFormatter().string(from: Date()).prefix(10)) + "T12:00:00Z"
            let transaction = ExportFixture.transaction(
                "E0E0E0E0-0000-4000-8000-000000000001", account: "0688F73D-508E-49A8-B0A2-4A07A7CF4768",
                date: now, amount: "500.00", mcc: 8299, merchant: "Evening Classes",
                description: "EVENING CLASSES")
            let handle = try FileHandle(forWritingTo: stream)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data((ExportFixture.changeSet(generation, sequence + 1, inserted: [transaction]) + "\n").utf8))
        }
    }

    /// What a problem looks like: purse's own `Error: ...` line, alone.
    static func expectOneErrorLine(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            text.hasPrefix("Error: ") && text.hasSuffix("\n") && text.filter { $0 == "\n" }.count == 1,
            "not a single error line: \(text)", sourceLocation: sourceLocation)
    }

    /// The summary went to the stub exactly once, with `-t -oi`, whole.
    static func expectOneSummary(_ mail: [(arguments: String, message: String)], sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(mail.count == 1, "\(mail.count) messages sent", sourceLocation: sourceLocation)
        #expect(mail[0].arguments == "-t -oi", sourceLocation: sourceLocation)
        #expect(try MIMEEntity(mail[0].message).header("To") == "you@example.com", sourceLocation: sourceLocation)
        try SummaryEmailTests.expectWhole(mail[0].message, "the mailed summary", sourceLocation: sourceLocation)
    }

    // MARK: - crontab

    @Test("crontab, a normal day: new data synced, the summary mailed whole, no budget over; no line prints anything")
    func crontabNormalDay() throws {
        let example = try Self.crontab()
        try #require(example.commands.count == 3)
        #expect(example.environment["PURSE_DB"] != nil, "the crontab says where the database is")
        let day = try Day()
        let (sync, summary, budget) = (example.commands[0], example.commands[1], example.commands[2])
        let synced = try day.run(sync, example)
        #expect(synced.output == "", "the sync line with new data")
        #expect(synced.status == 0)
        try day.purse(["budget", "set", "Groceries", "100000", "--currency", "USD"], example)
        for (label, command) in [("summary", summary), ("budget", budget), ("sync, nothing new", sync)] {
            let result = try day.run(command, example)
            #expect(result.output == "", "the \(label) line")
            #expect(result.status == 0, "the \(label) line")
        }
        try Self.expectOneSummary(try day.takeMail())
    }

    enum Problem: String, CaseIterable, CustomTestStringConvertible {
        case walletMissing = "the Wallet folder is missing"
        case badExportLine = "a line of the export is broken"
        case budgetOver = "a budget is over"
        case databaseBroken = "the database is not a database"
        var testDescription: String { rawValue }
    }

    /// Sets up a day that went well so far (the example synced), then brings `problem` in.
    static func badDay(_ problem: Problem, _ example: Example, _ day: Day) throws {
        let synced = try day.purse(["sync", day.wallet], example)
        try #require(synced.status == 0, "\(synced.stderr)")
        switch problem {
        case .walletMissing:
            try FileManager.default.removeItem(atPath: day.wallet)
        case .badExportLine:
            let stream = URL(fileURLWithPath: day.wallet + "/transactions/1315CED9-24ED-403A-A5BD-DF7A9D26492F.jsonl")
            let handle = try FileHandle(forWritingTo: stream)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("{\"generation\":\"broken\n".utf8))
            try handle.close()
        case .budgetOver:
            try day.spendOnEducationToday()
            let set = try day.purse(["budget", "set", "Education", "100", "--currency", "USD"], example)
            try #require(set.status == 0, "\(set.stderr)")
        case .databaseBroken:
            try Data("this is not a database\n".utf8).write(to: URL(fileURLWithPath: day.database))
        }
    }

    @Test("crontab, a bad day: each line prints exactly its problem, and a failed summary sends nothing", arguments: Problem.allCases)
    func crontabBadDay(problem: Problem) throws {
        let example = try Self.crontab()
        try #require(example.commands.count == 3)
        let day = try Day()
        try Self.badDay(problem, example, day)
        let outputs = try example.commands.map { try day.run($0, example) }
        // What purse itself says about the problem, run on its own afterwards (before, its sync
        // would take the day's new data from the sync line).
        let syncProblem = try day.purse(["--quiet", "sync", day.wallet], example).stderr
        let budgetProblem = try day.purse(["budget", "check"], example)
        switch problem {
        case .walletMissing, .badExportLine:
            Self.expectOneErrorLine(syncProblem)
            #expect(syncProblem.contains(day.wallet), "the error names the export: \(syncProblem)")
            #expect(outputs.map(\.output) == [syncProblem, "", ""])
            #expect(outputs[0].status != 0)
            try Self.expectOneSummary(try day.takeMail())
        case .budgetOver:
            #expect(budgetProblem.status == 1)
            #expect(budgetProblem.stdout.hasPrefix("over: Education (USD), "), "\(budgetProblem.stdout)")
            #expect(budgetProblem.stdout.filter { $0 == "\n" }.count == 1)
            #expect(outputs.map(\.output) == ["", "", budgetProblem.stdout])
            try Self.expectOneSummary(try day.takeMail())
        case .databaseBroken:
            Self.expectOneErrorLine(syncProblem)
            #expect(outputs.map(\.output) == [syncProblem, syncProblem, budgetProblem.stderr])
            Self.expectOneErrorLine(budgetProblem.stderr)
            #expect(try day.takeMail().isEmpty, "no empty or partial summary is mailed")
        }
    }

    // MARK: - systemd

    @Test("systemd units, a normal day: every ExecStart is silent; the summary is mailed whole, no budget warning")
    func systemdNormalDay() throws {
        let day = try Day()
        let summary = try Self.unit("purse-summary.service", home: day.home)
        let budget = try Self.unit("purse-budget-check.service", home: day.home)
        try #require(summary.commands.count == 2 && budget.commands.count == 2)
        for command in summary.commands {
            let result = try day.run(command, summary)
            #expect(result.output == "", "\(command)")
            #expect(result.status == 0, "\(command)")
        }
        try Self.expectOneSummary(try day.takeMail())
        try day.purse(["budget", "set", "Groceries", "100000", "--currency", "USD"], budget)
        try day.spendOnEducationToday()
        for command in budget.commands {
            let result = try day.run(command, budget)
            #expect(result.output == "", "\(command)")
            #expect(result.status == 0, "\(command)")
        }
        #expect(try day.takeMail().isEmpty)
    }

    @Test("systemd units, a bad day: each ExecStart logs exactly its problem; an over budget is also mailed", arguments: Problem.allCases)
    func systemdBadDay(problem: Problem) throws {
        let day = try Day()
        let summary = try Self.unit("purse-summary.service", home: day.home)
        let budget = try Self.unit("purse-budget-check.service", home: day.home)
        try Self.badDay(problem, summary, day)
        // systemd stops a unit at its first failing ExecStart; each runs here to check them all.
        let summaryOutputs = try summary.commands.map { try day.run($0, summary) }
        let summaryMail = try day.takeMail()
        let budgetOutputs = try budget.commands.map { try day.run($0, budget) }
        let budgetMail = try day.takeMail()
        let syncProblem = try day.purse(["--quiet", "sync", day.wallet], summary).stderr
        let budgetProblem = try day.purse(["budget", "check"], budget)
        switch problem {
        case .walletMissing, .badExportLine:
            Self.expectOneErrorLine(syncProblem)
            #expect(summaryOutputs.map(\.output) == [syncProblem, ""])
            #expect(budgetOutputs.map(\.output) == [syncProblem, ""])
            #expect(summaryOutputs[0].status != 0 && budgetOutputs[0].status != 0)
            try Self.expectOneSummary(summaryMail)
            #expect(budgetMail.isEmpty)
        case .budgetOver:
            #expect(summaryOutputs.map(\.output) == ["", ""])
            try Self.expectOneSummary(summaryMail)
            #expect(budgetProblem.status == 1)
            #expect(budgetProblem.stdout.hasPrefix("over: Education (USD), "), "\(budgetProblem.stdout)")
            #expect(budgetOutputs.map(\.output) == ["", budgetProblem.stdout])
            #expect(budgetOutputs.map(\.status) == [0, 0], "an over budget is news, not a failed unit")
            try #require(budgetMail.count == 1)
            #expect(budgetMail[0].arguments == "-t -oi")
            let warning = try MIMEEntity(budgetMail[0].message)
            #expect(warning.header("Subject") == "purse: a budget is over")
            #expect(warning.header("To") == "you@example.com")
            #expect(warning.rawBody == budgetProblem.stdout)
        case .databaseBroken:
            Self.expectOneErrorLine(syncProblem)
            #expect(summaryOutputs.map(\.output) == [syncProblem, syncProblem])
            #expect(budgetOutputs.map(\.output) == [syncProblem, budgetProblem.stderr])
            // purse's own exit status fails the unit (74: Restart= tries again, 64-66 do not).
            #expect(summaryOutputs.map(\.status) == [74, 74] && budgetOutputs.map(\.status) == [74, 74])
            #expect(summaryMail.isEmpty && budgetMail.isEmpty, "no empty or partial message is mailed")
        }
    }

    @Test("systemd watch unit: its ExecStart syncs ~/Wallet as it changes, and SIGTERM (systemctl stop) ends it with 0")
    func systemdWatch() throws {
        let day = try Day()
        let watch = try Self.unit("purse-watch.service", home: day.home)
        try #require(watch.commands.count == 1)
        #expect(watch.commands[0].contains(" sync --watch "))
        // systemd starts ExecStart itself, so its signals reach purse; through the shell, `exec` does the same.
        let (process, output) = try day.start("exec " + watch.commands[0], watch)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        try eventually(within: 15, "the example synced") {
            try day.purse(["transactions", "--limit", "1"], watch).stdout.contains("booked")
        }
        try day.spendOnEducationToday()
        try eventually(within: 15, "the new purchase synced") {
            try day.purse(["transactions", "--merchant", "Evening Classes"], watch).stdout.contains("Evening Classes")
        }
        kill(process.processIdentifier, SIGTERM)
        let logged = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        #expect(logged.hasPrefix("Sample iPhone accounts: 4 inserted") && !logged.contains("Error"), "\(logged)")
        #expect(try day.purse(["sync", day.wallet], watch).stderr == "", "nothing left for a plain sync")
    }

    // MARK: - sendmail -oi everywhere

    @Test("the README, the examples and the help call sendmail with -t -oi wherever they call it")
    func sendmailWithOi() throws {
        var texts: [(String, String)] = [
            ("README.md", try String(contentsOf: Examples.root.appendingPathComponent("README.md"), encoding: .utf8))
        ]
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.cron.path) {
            texts.append(("examples/cron/" + name, try String(contentsOf: Self.cron.appendingPathComponent(name), encoding: .utf8)))
        }
        let help = try PurseBinary().run(["report", "summary", "--help"]).stdout
        texts.append(("report summary --help", help.split(whereSeparator: \.isWhitespace).joined(separator: " ")))
        var calls = 0
        for (name, text) in texts {
            var rest = Substring(text)
            while let range = rest.range(of: "sendmail -") {
                calls += 1
                #expect(rest[range.lowerBound...].hasPrefix("sendmail -t -oi"), "\(name): \(rest[range.lowerBound...].prefix(40))")
                rest = rest[range.upperBound...]
            }
        }
        #expect(calls >= 8, "README, crontab, both services and the help name sendmail with its options")
    }
}
