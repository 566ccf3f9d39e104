import Foundation

/// Options read by their specs as typed values: a wrong value is the usage error its type words.
extension ParsedCommand {
    /// The value of `option` (the last one when repeatable); nil when not given.
    func value<Value: OptionValue>(_ option: OptionSpec, as _: Value.Type = Value.self) throws(CommandError) -> Value? {
        guard let text = value(option.name) else { return nil }
        guard let value = Value.parse(text) else { throw refusal(Value.refusal(text, option: option.name)) }
        return value
    }

    /// Every value of a repeatable `option`, in the order given.
    func values<Value: OptionValue>(_ option: OptionSpec, as _: Value.Type = Value.self) throws(CommandError) -> [Value] {
        var read: [Value] = []
        for text in self.values(option.name) {
            guard let value = Value.parse(text) else { throw refusal(Value.refusal(text, option: option.name)) }
            read.append(value)
        }
        return read
    }

    /// The items of a comma list, which may also be given by repeating the option; blank items
    /// are left out.
    func list<Value: OptionValue>(_ option: OptionSpec, as _: Value.Type = Value.self) throws(CommandError) -> [Value] {
        var items: [Value] = []
        for text in values(option.name) {
            for item in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
                guard let value = Value.parse(item) else { throw refusal(Value.listRefusal(item, option: option.name)) }
                items.append(value)
            }
        }
        return items
    }

    /// The text of `option` as given; nil when not given.
    func text(_ option: OptionSpec) -> String? {
        value(option.name)
    }

    /// True when the flag `option` was given.
    func has(_ option: OptionSpec) -> Bool {
        has(option.name)
    }

    /// True when `option` was given at all, flag or value.
    func isGiven(_ option: OptionSpec) -> Bool {
        has(option.name) || values[option.name] != nil
    }

    /// A usage error about this command.
    func refusal(_ message: String, suggestions: [String] = []) -> CommandError {
        CommandError(message: message, suggestions: suggestions, commandPath: path)
    }
}
