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
                    OptionSpec("db", value: "PATH", help: "Shadows the global."),
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
                "option '--db' is defined more than once in command 'a'",
                "short option '-h' is defined more than once in command 'a'",
                "command 'a' is defined more than once",
                "command 'help me' hides the built-in 'help' command",
                "argument 'MANY' of command 'b' takes a varying count but is not last",
                "argument 'BAD' of command 'b' has impossible counts",
            ])
    }
}
