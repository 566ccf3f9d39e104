import PurseCLI
import Testing

@Suite("ArgumentParser: specification problems")
struct SpecificationProblemsTests {
    @Test func theFixtureTablesAreSound() {
        #expect(ArgumentFixtures.parser.specificationProblems() == [])
    }

    @Test func mistakesAreNamed() {
        let parser = ArgumentParser(commands: [
            CommandSpec(
                ["a"], summary: "A.",
                options: [
                    OptionSpec("db", value: "PATH", help: "Shadows the global: allowed, the command's wins."),
                    OptionSpec("x", short: "h", help: "Clashes with -h."),
                    OptionSpec("y", short: "5", help: "A digit."),
                    OptionSpec("z=1", help: "Bad name."),
                ]),
            CommandSpec(["a"], summary: "Again."),
            CommandSpec(["help", "me"], summary: "Hidden."),
            CommandSpec(
                ["b"], summary: "B.",
                positionals: [
                    PositionalSpec("MANY", help: "", minCount: 0, maxCount: nil),
                    PositionalSpec("ONE", help: ""),
                    PositionalSpec("BAD", help: "", minCount: 2, maxCount: 1),
                ]),
        ])
        #expect(
            parser.specificationProblems() == [
                "option '--y' in command 'a' has short name '5', not a letter",
                "option 'z=1' in command 'a' is not a valid long name",
                "short option '-h' is defined more than once in command 'a'",
                "command 'a' is defined more than once",
                "command 'help me' hides the built-in 'help' command",
                "argument 'MANY' of command 'b' takes a varying count but is not last",
                "argument 'BAD' of command 'b' has impossible counts",
            ])
    }

    /// `accounts set --tz ZONE` is the account's zone: a command's own option of a global's name
    /// takes the value, before or after the command's name, and the global stays unset.
    @Test func aCommandOptionShadowsTheGlobal() throws {
        let parser = ArgumentParser(commands: [
            CommandSpec(["a"], summary: "A.", options: [OptionSpec("tz", value: "ZONE", help: "Its own zone.")])
        ])
        #expect(parser.specificationProblems() == [])
        guard case .run(let globals, let command) = try parser.parse(["a", "--tz", "Asia/Tokyo"]) else {
            Issue.record("not a run")
            return
        }
        #expect(globals.tz == nil)
        #expect(command.value("tz") == "Asia/Tokyo")
    }
}
