import PurseTestSupport
import Testing

/// `report recurring` without a period looks at a whole year before today's month and this month
/// so far, so that a yearly charge and twelve monthly ones are all in view even on the first.
@Suite("Recurring charges: the default period")
struct RecurringScopeTests {
    @Test("without --month or --from/--to: from the first day of this month a year ago up to today")
    func defaultPeriod() throws {
        let harness = try CLITestHarness()
        try harness.createLedger()
        let result = harness.run(["report", "recurring"])
        #expect(result.status == 0, "\(result.stderr)")
        // The harness's clock is 15 November 2026.
        #expect(result.stdout.hasPrefix("Recurring charges from 2025-11-01 to 2026-11-15 "), "\(result.stdout)")
    }
}
