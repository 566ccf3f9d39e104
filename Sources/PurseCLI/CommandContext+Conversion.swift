import Analytics
import Rendering

extension CommandContext {
    /// One stderr line per currency a `--convert-to` left out (also under `--quiet`): the
    /// report is still true for what it shows, so the exit status stays 0.
    func warnLeftOut(_ unconverted: [UnconvertedAmounts]) {
        for line in ConversionRendering.warnings(unconverted) { stderr.write(line + "\n") }
    }
}
