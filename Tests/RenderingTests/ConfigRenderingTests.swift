import LedgerStore
import Rendering
import Testing

@Suite("Config rendering")
struct ConfigRenderingTests {
    @Test("A NAME VALUE line per setting; an unrecorded one says what stands for it")
    func lines() {
        #expect(ConfigRendering.text([(.timeZone, "Europe/London", true)]) == "time-zone Europe/London\n")
        #expect(
            ConfigRendering.text([(.timeZone, "UTC", false)]) == "time-zone UTC (TZ's, until the ledger's next write records it)\n")
        #expect(ConfigRendering.value("UTC") == "UTC\n")
    }
}
