import LoopSimKernel
import LoopSimScenario
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
        // Stopped at the poll after the signal (every 1,024 steps), not at the limits.
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

/// Every phase of a check polls (issues 38 and 39): a signal that arrives at any poll of a case, from the first to
/// the last, ends the case there, interrupted and unchecked, after exactly one "yes".
@Suite struct FuzzPhasePollTests {
    /// A scenario with a trace of a few thousand lines: enough for the slices of the trace checks to poll.
    static let busy = """
        name: busy
        until: 3s
        variants: [ios13, linux-corelibs]
        main:
          - scheduledTimer: t
            every: 1ms
            repeats: true
            block: {do: [{log: tick}]}
        """

    /// Counts the polls of a whole check.
    final class Counter {
        var polls = 0
        func check() -> Bool {
            polls += 1
            return false
        }
    }

    @Test func aSignalAtAnyPollEndsTheCaseThere() throws {
        let counter = Counter()
        let whole = InvariantChecker.check(text: Self.busy, file: "busy.yaml", isInterrupted: counter.check)
        #expect(!whole.interrupted && whole.runs == 4 && whole.violations.isEmpty, "\(whole.violations)")
        // Two runs per variant of about 3,000 events each: the kernel's polls (every 1024 steps), the trace's slices
        // (every 256 lines, three passes), the reports and the phases between them.
        #expect(counter.polls > 4 * 3 + 2 * 3 * (3_000 / 256), "\(counter.polls) polls")
        for signalAt in [0, 1, 2, counter.polls / 3, counter.polls / 2, counter.polls - 1] {
            let signal = FuzzInterruptTests.SignalAfter(polls: signalAt)
            let report = InvariantChecker.check(text: Self.busy, file: "busy.yaml", isInterrupted: signal.check)
            #expect(report.interrupted, "signal at poll \(signalAt)")
            #expect(signal.polls == -1, "asked again after a yes (signal at poll \(signalAt))")
            #expect(report.violations.isEmpty, "\(report.violations)")
        }
    }

    /// The kernel asks every 1024 steps, and its limits stop a run at the step they did before (a 4096th).
    @Test func theKernelPollsEvery1024Steps() throws {
        let counter = Counter()
        var limits = FuzzInterruptTests.wide
        limits.maxSteps = 20_000
        let scenario = try #require(ScenarioLoader.load(text: FuzzInterruptTests.longCase, file: "l.yaml").scenario)
        var configuration = scenario.configuration(profile: try scenario.profile(for: "ios13"))
        configuration.limits = limits
        configuration.isInterrupted = counter.check
        let outcome = Kernel(program: scenario.program, configuration: configuration).run()
        #expect(outcome.limit?.kind == "max-steps")
        #expect(counter.polls == 20_000 / 1024, "\(counter.polls) polls")
    }
}
