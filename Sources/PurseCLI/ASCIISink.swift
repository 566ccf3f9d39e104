import Rendering

/// A sink for a locale that is not UTF-8: text reaches `base` in ASCII only. CSV, JSON, HTML and
/// email are UTF-8 by their own rules, so a command that writes one of them to stdout turns
/// `transliterates` off.
final class ASCIISink: TextSink {
    let base: TextSink
    var transliterates = true

    init(_ base: TextSink) {
        self.base = base
    }

    var isTerminal: Bool { base.isTerminal }

    func write(_ text: String) {
        base.write(transliterates ? ASCIIText.transliterated(text) : text)
    }

    func throwIfFailed() throws { try base.throwIfFailed() }

    func finish() throws { try base.finish() }
}
