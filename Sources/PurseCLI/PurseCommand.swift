/// A command: its catalogue entry (words, help, the option groups it declares) and its run, in
/// one place. `CommandCatalog.all` lists them; the parser, `--help` and the dispatch are all
/// made from that list.
protocol PurseCommand {
    static var spec: CommandSpec { get }
    static func run(_ context: CommandContext) throws
}
