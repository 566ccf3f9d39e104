/// `sync --watch` and what goes with it: --interval and --poll.
struct WatchOptions {
    static let watch = OptionSpec(
        "watch",
        help: "Keep running: apply each change set soon after it arrives, until SIGINT or SIGTERM (exit 0). "
            + "An error in the input is told once and watched on.")
    static let interval = OptionSpec(
        "interval", value: "SECONDS",
        help: "With --watch: look at the folders at least every SECONDS (default 10), also without news of a change.")
    static let poll = OptionSpec(
        "poll", help: "With --watch: only look every --interval seconds (for folders whose changes the system does not tell of).")
    static let options = [watch, interval, poll]

    /// Nil without --watch: sync once.
    let interval: WatchInterval?
    let polling: Bool

    /// --interval and --poll without --watch are refused, whatever their values.
    init(_ parsed: ParsedCommand) throws(CommandError) {
        polling = parsed.has(Self.poll)
        guard parsed.has(Self.watch) else {
            for option in [Self.interval, Self.poll] where parsed.isGiven(option) {
                throw parsed.refusal("option '--\(option.name)' goes with --watch")
            }
            interval = nil
            return
        }
        interval = try parsed.value(Self.interval) ?? .standard
    }
}
