import Foundation
import PurseCLI
import Testing

/// The README's usage against `--help`, which is made from the same tables as the parser: every
/// command of the catalogue is in the Commands table, and every option the README gives a
/// command is one its `--help` lists.
@Suite("README usage matches --help")
struct READMEUsageTests {
    static let readme: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    }()

    /// `purse ARGUMENTS`: stdout.
    static func output(_ arguments: [String]) -> String {
        let stdout = CapturedText()
        _ = PurseCLI.run(
            arguments: arguments, environment: ["TZ": "UTC"], now: Date(timeIntervalSince1970: 0), stdout: stdout,
            stderr: CapturedText())
        return stdout.text
    }

    /// The rows of a help page's section (`Commands:`, `Options:`...): the label of each, without
    /// its help text or the lines that continue it.
    static func section(_ title: String, of help: String) -> [String] {
        var labels: [String] = []
        var inside = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == title {
                inside = true
            } else if inside {
                guard line.hasPrefix("  ") else { break }
                guard !line.hasPrefix("   ") else { continue }
                let label = line.dropFirst(2).components(separatedBy: "  ")[0]
                labels.append(label)
            }
        }
        return labels
    }

    /// Every command of the catalogue, as `purse --help` lists them.
    static let catalogue: [[String]] = section("Commands:", of: output(["--help"])).map { $0.split(separator: " ").map(String.init) }

    /// The long names of a help page's options (`-o, --output FILE` is `--output`), and `-o` for it.
    static func options(_ help: String, sections: [String] = ["Options:", "Global options:"]) -> Set<String> {
        var names: Set<String> = []
        for title in sections {
            for label in section(title, of: help) {
                for word in label.split(separator: " ") where word.hasPrefix("-") {
                    names.insert(String(word.hasSuffix(",") ? word.dropLast() : word))
                }
            }
        }
        return names
    }

    static func help(_ path: [String]) -> String { output(path + ["--help"]) }

    /// The text between backquotes in `text`, `\|` read as `|`.
    static func codeSpans(_ text: some StringProtocol) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
            .map { $0.element.replacingOccurrences(of: "\\|", with: "|") }
    }

    /// The options a piece of usage names: `[--hidden|--visible]` is two, `--x=V` is `--x`.
    static func optionsNamed(_ usage: String) -> [String] {
        usage.split(whereSeparator: { " []|(),".contains($0) }).filter { $0.hasPrefix("-") && $0.count > 1 && $0 != "--" }
            .map { String($0.split(separator: "=")[0]) }
            // `--name`, or a short `-o`; `-amount` of `--sort date|-amount` is a value.
            .filter { $0.hasPrefix("--") ? $0.dropFirst(2).first?.isLetter == true : $0.count == 2 && $0.last!.isLetter }
    }

    /// The leading command words of a piece of usage, each alternative (`rules add|list`) a path.
    static func commandPaths(_ usage: String) -> [[String]] {
        var paths: [[String]] = [[]]
        for word in usage.split(separator: " ") {
            let alternatives = word.split(separator: "|").map(String.init)
            guard alternatives.allSatisfy({ $0.allSatisfy { $0.isLowercase || $0 == "-" } && $0.first?.isLetter == true }) else { break }
            paths = alternatives.count == 1 ? paths.map { $0 + alternatives } : paths.flatMap { path in alternatives.map { path + [$0] } }
        }
        return paths.filter { !$0.isEmpty }
    }

    /// The body of the README section under `heading`, up to the next heading.
    static func readmeSection(_ heading: String) -> [Substring] {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0 == heading }) else { return [] }
        let rest = lines[(start + 1)...]
        return Array(rest.prefix { !$0.hasPrefix("#") })
    }

    /// A Markdown table's rows, split into cells at each `|` that is not escaped.
    static func tableRows(_ lines: [Substring]) -> [[String]] {
        lines.filter { $0.hasPrefix("| ") && !$0.hasPrefix("| ---") }.dropFirst().map { line in
            var cells: [String] = []
            var cell = ""
            var previous: Character = " "
            for character in line.dropFirst() {
                if character == "|" && previous != "\\" {
                    cells.append(cell.trimmingCharacters(in: .whitespaces))
                    cell = ""
                } else {
                    cell.append(character)
                }
                previous = character
            }
            return cells
        }
    }

    /// Each row of the Commands table: the commands its first cell names, and the options it
    /// gives them. `sure ...` names the commands of its group in the row's own text.
    static var commandRows: [(paths: [[String]], options: [String])] {
        tableRows(readmeSection("## Commands")).map { cells in
            var paths: [[String]] = []
            var options: [String] = []
            for span in codeSpans(cells[0]) {
                let named = commandPaths(span).flatMap { path -> [[String]] in
                    guard !catalogue.contains(path), catalogue.contains(where: { $0.starts(with: path) }), span.hasSuffix("...") else {
                        return [path]
                    }
                    // "Sure protocol 2: connect, status, ...": the group's commands, as the row lists them.
                    let list = cells.dropFirst().first?.split(separator: ":").last?.split(separator: ".").first ?? ""
                    return list.split(separator: ",").map { path + [$0.trimmingCharacters(in: .whitespaces)] }
                }
                paths += named
                options += optionsNamed(span)
            }
            return (paths, options)
        }
    }

    @Test("The catalogue is read from --help")
    func catalogueRead() {
        #expect(Self.catalogue.count > 30)
        #expect(Self.catalogue.contains(["report", "spending"]))
        #expect(Self.catalogue.contains(["sure", "rotate-credential"]))
        #expect(Self.options(Self.help(["accounts", "set"])).isSuperset(of: ["--name", "--tz", "--hidden", "--visible", "--db"]))
        #expect(Self.options(Self.help(["transactions"])).contains("-o"))
    }

    @Test("The README is read: its Commands table, code spans and option tables")
    func readmeRead() {
        #expect(Self.commandRows.count > 20)
        #expect(Self.commandPaths("rules add|list") == [["rules", "add"], ["rules", "list"]])
        #expect(Self.commandPaths("accounts set ACCOUNT [--name NAME]") == [["accounts", "set"]])
        #expect(
            Self.optionsNamed("accounts set ACCOUNT [--name NAME] [--hidden|--visible] -o FILE --x=1") == [
                "--name", "--hidden", "--visible", "-o", "--x",
            ])
        #expect(Self.optionsNamed("--sort date|-date|amount|-amount") == ["--sort"])
        #expect(Self.codeSpans(#"`a\|b` and `c`"#) == ["a|b", "c"])
    }

    @Test("Every command of the catalogue is in the README's Commands table, and every command there exists")
    func everyCommandNamed() {
        let named = Set(Self.commandRows.flatMap(\.paths))
        for path in Self.catalogue {
            #expect(named.contains(path), "the README's Commands table does not name 'purse \(path.joined(separator: " "))'")
        }
        for path in named {
            #expect(Self.catalogue.contains(path), "the README's Commands table names 'purse \(path.joined(separator: " "))', no command")
        }
    }

    @Test("Every option of the Commands table is in its command's --help")
    func commandTableOptions() {
        for row in Self.commandRows {
            for path in row.paths where Self.catalogue.contains(path) {
                let known = Self.options(Self.help(path))
                for option in row.options {
                    #expect(known.contains(option), "README: 'purse \(path.joined(separator: " ")) \(option)' is not in its --help")
                }
            }
        }
    }

    /// The filters table of the listings, both ways: each filter is in both commands' `--help`,
    /// and each of their options is a filter of the table or an output option the Commands
    /// paragraph gives every report (`--format`, `-o`, and `--bom` of the CSV paragraph).
    @Test("The filters table of transactions and export transactions is their options, all of them")
    func filtersTable() {
        let rows = Self.tableRows(Self.readmeSection("### Filters of `transactions` and `export transactions`"))
        let filters = Set(rows.flatMap { Self.codeSpans($0[0]).flatMap(Self.optionsNamed) })
        #expect(filters.count > 10)
        let output: Set<String> = ["--format", "--output", "-o", "--bom"]
        for option in output where option != "--output" {
            #expect(Self.readme.contains("`\(option)"), "the README does not describe \(option)")
        }
        for path in [["transactions"], ["export", "transactions"]] {
            let own = Self.options(Self.help(path), sections: ["Options:"])
            for filter in filters {
                #expect(own.contains(filter), "README: the filter \(filter) is not in 'purse \(path.joined(separator: " ")) --help'")
            }
            for option in own.subtracting(output) {
                #expect(filters.contains(option), "'purse \(path.joined(separator: " ")) \(option)' is not in the README's filters table")
            }
        }
    }

    @Test("The matchers of rules are options of 'rules add'")
    func matchersTable() {
        let rows = Self.tableRows(Self.readmeSection("### Categories").filter { !$0.hasPrefix("| code") })
        let matchers = rows.filter { $0[0].hasPrefix("`--") }.flatMap { Self.codeSpans($0[0]).flatMap(Self.optionsNamed) }
        #expect(matchers.count >= 8)
        let known = Self.options(Self.help(["rules", "add"]))
        for matcher in matchers {
            #expect(known.contains(matcher), "README: the matcher \(matcher) is not in 'purse rules add --help'")
        }
    }

    /// Usage anywhere in the README: a code span (or a line of a code block) that starts with
    /// `purse` and a command, or with a command and an option, gives it only options it has.
    @Test("Every usage in the README names options its command has")
    func usageInText() {
        var usages: [String] = []
        var inBlock = false
        for line in Self.readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock.toggle()
            } else if inBlock {
                usages.append(String(line.trimmingCharacters(in: .whitespaces)))
            } else {
                usages += Self.codeSpans(line)
            }
        }
        let globals = Self.options(Self.output(["--help"]), sections: ["Global options:"])
        var checked = 0
        for usage in usages {
            // One command: what follows a pipe or a redirection is another program's.
            var words = usage.split(separator: " ").map(String.init)
            if let end = words.firstIndex(where: { ["|", ">", "2>", "&&", ";", "#"].contains($0) }) { words = Array(words[..<end]) }
            let fromPurse = words.first == "purse"
            if fromPurse { words.removeFirst() }
            // Global options before the command, and their values.
            while let first = words.first, globals.contains(first) {
                words.removeFirst(["--db", "--tz"].contains(first) && words.count > 1 ? 2 : 1)
            }
            let candidates = Self.catalogue.filter { words.starts(with: $0) }
            guard let path = candidates.max(by: { $0.count < $1.count }) else { continue }
            let rest = words.dropFirst(path.count).joined(separator: " ")
            let named = Self.optionsNamed(rest)
            guard fromPurse || !named.isEmpty else { continue }
            let known = Self.options(Self.help(path))
            checked += 1
            for option in named {
                #expect(known.contains(option), "README: '\(usage)': '\(option)' is not in 'purse \(path.joined(separator: " ")) --help'")
            }
        }
        #expect(checked > 50)
    }

    /// The least the README says of any option: its name, somewhere in its code (`-o` names
    /// `-o, --output`), so no option of `--help` goes undocumented.
    @Test("Every option of every command is named in the README")
    func everyOptionNamed() {
        var named: Set<String> = []
        var inBlock = false
        for line in Self.readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock.toggle()
            } else {
                for usage in inBlock ? [String(line)] : Self.codeSpans(line) { named.formUnion(Self.optionsNamed(usage)) }
            }
        }
        for path in Self.catalogue {
            for label in Self.section("Options:", of: Self.help(path)) {
                let names = Self.optionsNamed(label)
                #expect(
                    !names.isEmpty && !named.isDisjoint(with: names),
                    "README: 'purse \(path.joined(separator: " ")) \(label)' is named nowhere")
            }
        }
    }
}
