import LoopSimKernel
import Testing

@testable import LoopSimFuzz

/// A signal stops the fuzz case under way (issue 39): its runs poll the interrupt flag as `loopsim run`'s do, so
/// a long case ends at the next poll instead of at its limits; the case is reported interrupted and left out.
@Suite struct FuzzInterruptTests {
    /// A case that would run for a very long time under these limits: a loop that does 1 ms of work a turn for
    /// 1,000 hours of virtual time.
    static let longCase = """
        name: a long case
        until: 1000h
        variants: [ios13]
        main:
          - while: true
            do: [{work: 1ms}]
        """

    /// Limits that do not stop ``longCase`` for billions of steps.
    static let wide = RunLimits(
        maxEvents: Int.max, maxTime: .never, maxObjects: 1_000, maxDepth: 256, maxSteps: Int.max)

    /// Answers false `polls` times, then true: a signal that arrives while the case runs, counted in polls.
    final class SignalAfter {
        var polls: Int
        init(polls: Int) { self.polls = polls }
        func check() -> Bool {
            polls -= 1
            return polls < 0
        }
    }

    @Test func aSignalStopsTheCaseUnderWay() {
        let signal = SignalAfter(polls: 3)
        let report = InvariantChecker.check(
            text: Self.longCase, file: "long.yaml", limits: Self.wide, isInterrupted: signal.check)
        #expect(report.compiled)
        #expect(report.interrupted)
        // The cut run is neither replayed nor checked: no run counted, no violation from a partial trace.
        #expect(report.runs == 0)
        #expect(report.violations.isEmpty, "\(report.violations)")
        // Stopped at the poll after the signal (every 4,096 steps), not at the limits.
        #expect(signal.polls == -1)
    }

    @Test func aCaseWithoutASignalRunsToItsLimit() {
        var limits = Self.wide
        limits.maxSteps = 20_000
        let report = InvariantChecker.check(text: Self.longCase, file: "long.yaml", limits: limits)
        #expect(!report.interrupted)
        #expect(report.runs == 2)
        #expect(report.limitStops == 1)
    }

    @Test func aCampaignLeavesTheCutCaseOut() {
        let campaign = FuzzCampaign(seed: 3, corpus: [])
        var done = 0
        let signal = SignalAfter(polls: 40)
        let summary = campaign.run(
            count: 1_000, kinds: [.generated], after: { _, _ in done += 1 }, shouldStop: signal.check)
        #expect(summary.cases == done)
        #expect(summary.cases < 1_000)
        #expect(summary.failures.isEmpty)
    }
}
