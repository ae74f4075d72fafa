import LoopSimKernel
import LoopSimReport
import LoopSimScenario
import Testing

/// The run report's summary: why a run ended when it did, from its outcome (its last event, its horizon, a crash
/// or a limit: the text report's `ended` row); and the objects alive at the end that are not findings, counted
/// (`objects.alive`) and, when there are at most 20, listed with the path by which the leak analysis reaches each
/// (`alive[]`; in text, `alive at the end, not findings`; docs/scenario-format.md §10.1).
@Suite struct RunSummaryTests {
    /// A scenario and its run under `variant`.
    struct Run {
        var scenario: Scenario
        var run: VariantRun
        var outcome: RunOutcome { run.outcome }
        var text: String { TextReport.render(scenario, [run]) }
        func figure(_ path: String) -> JSONValue? { run.report.value(at: path) }
        /// The text report's row `name`.
        func row(_ name: String) -> String? {
            text.split(separator: "\n").first { $0.hasPrefix("  " + name + " ") }.map(String.init)
        }
    }

    static func run(
        _ scenario: Scenario, _ variant: String, limits: RunLimits = RunLimits(),
        isInterrupted: @escaping () -> Bool = { false }
    ) throws -> Run {
        let runs = try ScenarioRunner.run(scenario, variants: [variant], limits: limits, isInterrupted: isInterrupted)
        return Run(scenario: scenario, run: try #require(runs.first))
    }

    static func run(file path: String, _ variant: String, limits: RunLimits = RunLimits()) throws -> Run {
        try run(try ReportFixtures.scenario(path), variant, limits: limits)
    }

    static func run(yaml: String, _ variant: String) throws -> Run {
        try run(try #require(ScenarioLoader.load(text: yaml, file: "summary.yaml").scenario), variant)
    }

    /// S2: neither variant is stopped; both run out of events before `until: 30s`, iOS 9 after the stale timer-port
    /// wake-up at 4 s, iOS 10 after the pop at 3.5 s. The `ended` row says so, so that the two end times do not
    /// read as two stops.
    @Test(arguments: [("ios9", 4000.0), ("ios10", 3500.0)])
    func s2EndsAtItsLastEvent(_ variant: String, _ endMs: Double) throws {
        let r = try Self.run(file: ReportFixtures.s2, variant)
        #expect(r.outcome.ending == .lastEvent)
        #expect(r.outcome.quiescent && r.outcome.crash == nil && r.outcome.limit == nil)
        #expect(r.outcome.endTime.milliseconds == endMs)
        #expect(r.outcome.endTime < (try ReportFixtures.scenario(ReportFixtures.s2)).until)
        let ended = try #require(r.row("ended"))
        #expect(
            ended.hasPrefix("  ended           at \(Int(endMs)) ms, its last event: nothing was left to happen · "),
            "\(ended)")
    }

    /// A run with work still due at `until:` ends at its horizon: S9's repeating countdown timer.
    @Test func aRunWithWorkStillDueEndsAtItsHorizon() throws {
        let r = try Self.run(file: ReportFixtures.s9, "ios10")
        #expect(r.outcome.ending == .horizon)
        #expect(!r.outcome.quiescent)
        #expect(r.outcome.endTime == r.scenario.until)
        #expect(r.row("ended")?.contains("at 10000 ms, its horizon (until:); more was due later · ") == true)
    }

    /// A crash stops the run where it happens (S8's naive proxy, at the fire after the pop): the `ended` row names
    /// the crash, not the horizon, though nothing else is queued by then.
    @Test func aCrashEndsTheRun() throws {
        let r = try Self.run(file: "scenarios/s08-proxy-nil-target-crash.yaml", "ios10")
        let crash = try #require(r.outcome.crash)
        #expect(r.outcome.ending == .crash)
        #expect(r.outcome.endTime == crash.at)
        #expect(r.row("ended")?.contains("at 2000 ms, the app's crash · ") == true)
        #expect(r.row("CRASHED") != nil)
    }

    /// A limit stops the run: the `ended` row names the limit; an interruption (Ctrl-C) is named as such.
    @Test func aLimitEndsTheRun() throws {
        var limits = RunLimits()
        limits.maxEvents = 40
        let r = try Self.run(file: ReportFixtures.s2, "ios10", limits: limits)
        let limit = try #require(r.outcome.limit)
        #expect(limit.kind == "max-events")
        #expect(r.outcome.ending == .limit)
        #expect(r.outcome.endTime == limit.at)
        #expect(r.row("ended")?.contains("at 1000 ms, the max-events limit · ") == true, "\(r.text)")

        // Asked every 4,096 interpreter steps: a block that re-dispatches itself gets there.
        let loop = try ReportFixtures.scenario("examples/runaway/dispatch-loop.yaml")
        let interrupted = try Self.run(loop, "ios10", isInterrupted: { true })
        #expect(interrupted.outcome.limit?.kind == "interrupted")
        #expect(interrupted.outcome.ending == .limit)
        #expect(interrupted.row("ended")?.contains(", an interruption · ") == true, "\(interrupted.text)")
    }

    /// S2 under iOS 9: every object died, nothing is listed.
    @Test func s2UnderIOS9LeavesNothingAlive() throws {
        let r = try Self.run(file: ReportFixtures.s2, "ios9")
        #expect(r.outcome.alive.count == 0 && r.outcome.alive.listed == [])
        #expect(r.figure("objects.alive") == .int(0))
        #expect(r.figure("alive") == .array([]))
        #expect(r.row("objects")?.hasSuffix(" · delayed 0 · alive 0") == true)
        #expect(!r.text.contains("alive at the end"))
    }

    /// S2 under iOS 10: the button is abandoned, and two more objects are alive but not findings: the block the
    /// parked worker is still running (its frame holds it; no object of the app refers to it) and the timer that
    /// waits in the worker's autorelease pool for that block to return (pending work).
    @Test func s2UnderIOS10ListsTheBlockAndTheTimer() throws {
        let r = try Self.run(file: ReportFixtures.s2, "ios10")
        let o = r.outcome
        #expect(o.alive.count == 2)
        #expect(o.allocated == o.deallocated + o.leaked + o.abandoned + o.alive.count)
        let listed = try #require(o.alive.listed)
        #expect(
            listed.map(\.path) == [
                ["thread worker-1 frame", "block#1"],
                ["thread worker-1 autorelease pool", "NSTimer timer"],
            ])
        #expect(listed.map(\.edges) == [["dispatch block"], ["autoreleased"]])
        #expect(listed.map(\.heldBy) == [.system, .pendingWork])
        #expect(listed.map(\.holder) == ["thread", "thread"])
        #expect(r.figure("objects.alive") == .int(2))
        #expect(r.figure("alive[0].held_by") == .string("system"))
        #expect(r.figure("alive[1].path[1]") == .string("NSTimer timer"))
        #expect(r.figure("alive[1].holder") == .string("thread"))
        #expect(r.row("objects")?.hasSuffix(" · abandoned 1 · delayed 0 · alive 2") == true)
        #expect(
            r.text.contains(
                """
                  alive at the end, not findings
                    block#1 (system; held by a thread root)
                      thread worker-1 frame -> block#1
                    NSTimer timer (pending work; held by a thread root)
                      thread worker-1 autorelease pool -> NSTimer timer

                """), "\(r.text)")
    }

    /// An object the app let go of that only a `dispatch_after` not yet due holds is not a finding yet: listed as
    /// held by pending work, with when it was let go; what the app holds is listed as the app's.
    @Test func anObjectOnlyPendingWorkHoldsIsListedWithItsLetGo() throws {
        let r = try Self.run(file: "Tests/LoopSimReportTests/Fixtures/alive-at-the-end.yaml", "ios10")
        #expect(r.run.failedExpectations.isEmpty)
        let listed = try #require(r.outcome.alive.listed)
        #expect(listed.map(\.object) == ["keep", "page", "block#1"])
        let keep = try #require(listed.first { $0.object == "keep" })
        #expect(keep.heldBy == .app && keep.path == ["app", "Page keep"] && keep.letGo == nil)
        let page = try #require(listed.first { $0.object == "page" })
        #expect(page.heldBy == .pendingWork)
        #expect(page.holder == "queue")
        #expect(page.letGo?.at == .zero)
        #expect(r.figure("alive[1].let_go_at_ms") == .double(0))
        #expect(r.outcome.findings.leaks.isEmpty)
        #expect(
            r.text.contains(
                """
                    Page page (pending work; let go at 0 ms; held by a queue root)
                      dispatch_after pending -> block#1 -> Page page

                """), "\(r.text)")
        #expect(r.text.contains("    Page keep (app; held by an app root)\n      app -> Page keep\n"), "\(r.text)")
    }

    /// More than 20: counted, not listed (`alive` absent from the report; the text gives the count).
    @Test func moreThanTwentyAreCountedNotListed() throws {
        let lets = (1...21).map { "  - let: o\($0) = new Node\n" }.joined()
        let r = try Self.run(yaml: "name: many\nuntil: 1s\nclasses:\n  Node: {}\nmain:\n" + lets, "ios10")
        #expect(r.outcome.alive.count == 21 && r.outcome.alive.listed == nil)
        #expect(r.figure("objects.alive") == .int(21))
        #expect(r.figure("alive") == nil)
        #expect(r.text.contains("\n  alive at the end, not findings: 21, too many to list"), "\(r.text)")
        let twenty = (1...20).map { "  - let: o\($0) = new Node\n" }.joined()
        let listed = try Self.run(yaml: "name: twenty\nuntil: 1s\nclasses:\n  Node: {}\nmain:\n" + twenty, "ios10")
        #expect(listed.outcome.alive.listed?.map(\.object) == (1...20).map { "o\($0)" })
    }

    /// Every scenario object is counted once at the end of every run of the repository's scenarios: freed, leaked,
    /// abandoned or alive; and listed when alive, at most 20 of them.
    @Test func everyObjectIsCountedOnce() throws {
        for report in try FigureSchemaTests.reports() {
            guard case .int(let allocated)? = report.value(at: "objects.allocated"),
                case .int(let deallocated)? = report.value(at: "objects.deallocated"),
                case .int(let leaked)? = report.value(at: "objects.leaked"),
                case .int(let abandoned)? = report.value(at: "objects.abandoned"),
                case .int(let alive)? = report.value(at: "objects.alive")
            else {
                Issue.record("a report without its object counts: \(report.compact.prefix(200))")
                continue
            }
            let name = report.value(at: "variant")?.compact ?? ""
            #expect(allocated == deallocated + leaked + abandoned + alive, "\(name)")
            if case .array(let listed)? = report.value(at: "alive") {
                #expect(alive <= 20 && listed.count == Int(alive), "\(name)")
            } else {
                #expect(alive > 20, "\(name)")
            }
        }
    }

    /// Findings are not listed: a leaked cycle and an abandoned object are counted where they were, not as alive.
    @Test func findingsAreNotAlive() throws {
        let r = try Self.run(file: "scenarios/leaks-cycle.yaml", "ios10")
        let o = r.outcome
        #expect(o.leaked > 0)
        let findings = Set(o.findings.leaks.map(\.serial))
        #expect(o.alive.listed?.allSatisfy { !findings.contains($0.serial) } == true)
        #expect(o.allocated == o.deallocated + o.leaked + o.abandoned + o.alive.count)
    }
}
