import Foundation
import LoopSimKernel
import LoopSimReport
import LoopSimScenario
import Testing

/// What a big run keeps (issue 39): nothing of a replication once it ends, a bounded report however many timers
/// were freed, and a `--max-objects` stop that says what it counted.
@Suite struct BigRunTests {
    static func scenario(_ yaml: String, file: String = "big.yaml") throws -> Scenario {
        try #require(ScenarioLoader.load(text: yaml, file: file).scenario)
    }

    /// A repeating timer and random drags: benchmarks/scale.yaml, the workload of benchmarks/scale.sh's
    /// replications (its sweeps append a grid), read from the one file so that the two cannot drift. A run that ends
    /// at its horizon inside the main thread's activation, with a tracking-mode activation on the stack now and then.
    static func dragging() throws -> String {
        try String(
            contentsOf: CLIEndToEndTests.root.appendingPathComponent("benchmarks/scale.yaml"), encoding: .utf8)
    }

    /// scale.sh writes no scenario of its own: it runs benchmarks/scale.yaml, to which its sweeps append a grid of
    /// the file's parameters.
    @Test func theScaleBenchmarkRunsTheSameWorkload() throws {
        let script = try String(
            contentsOf: CLIEndToEndTests.root.appendingPathComponent("benchmarks/scale.sh"), encoding: .utf8)
        #expect(script.contains("WORKLOAD=\"$ROOT/benchmarks/scale.yaml\""))
        #expect(!script.contains("scheduledTimer") && !script.contains("gestures:"), "a second copy of the workload")
        let scenario = try Self.scenario(try Self.dragging())
        #expect(scenario.sweep == nil && scenario.variants == ["ios10"] && scenario.gestures != nil)
    }

    /// The run loops, their modes and their activations go with the run: before, an activation left running at the
    /// horizon held its loop, which held it, so every replication kept about 1.3 KB (heaptrack) and
    /// `run --replications` grew with its count.
    @Test func aRunKeepsNoRunLoopAfterItEnds() throws {
        let scenario = try Self.scenario(try Self.dragging())
        let profile = try scenario.profile(for: "ios10")
        weak var loop: SimRunLoop?
        do {
            let kernel = Kernel(program: scenario.program, configuration: scenario.configuration(profile: profile))
            _ = kernel.run()
            loop = kernel.runLoops[0]
            #expect(loop != nil)
        }
        #expect(loop == nil, "the main run loop (and its modes and activations) outlived its run")
    }

    /// A `performSelector:afterDelay:` loop: a new one-shot timer every millisecond, each freed when it has fired.
    static func performLoop(until: String) -> String {
        """
        name: perform loop
        until: \(until)
        variants: [ios13]
        classes:
          Poller:
            fields: {n: int}
            methods:
              tick:
                - increment: self.n
                - performSelector: self
                  selector: tick
                  afterDelay: 1ms
        main:
          - let: p = new Poller
          - call: p.tick
        """
    }

    static func report(_ yaml: String) throws -> (JSONValue, RunOutcome) {
        let runs = try ScenarioRunner.run(
            try scenario(yaml),
            limits: RunLimits(maxEvents: 100_000_000, maxTime: .never, maxObjects: 10_000, maxDepth: 512))
        return (runs[0].report, runs[0].outcome)
    }

    /// The report lists at most ``RunReport/perTimerLimit`` timers and counts the rest; the totals cover all.
    @Test func theReportListsAThousandTimersAndCountsTheRest() throws {
        let (report, outcome) = try Self.report(Self.performLoop(until: "3s"))
        let timers = outcome.timers.count
        #expect(timers > 2_900)
        guard case .array(let rows)? = report.value(at: "timers.per_timer") else {
            Issue.record("no per_timer")
            return
        }
        #expect(rows.count == RunReport.perTimerLimit)
        #expect(report.value(at: "timers.per_timer_omitted") == .int(Int64(timers - RunReport.perTimerLimit)))
        // Every fire is in the total, those of the timers left out included (the last timer is still pending).
        #expect(report.value(at: "timers.fires") == .int(Int64(outcome.timers.pooledLatency.count)))
        #expect(outcome.timers.pooledLatency.count >= timers - 1)
    }

    /// Ten times the freed timers, about the same report: before, each freed timer added a row (about 2 KB while
    /// the report was built; 100,000 of them took 223 MB against 146 MB for the text report).
    @Test func theReportDoesNotGrowWithFreedTimers() throws {
        let small = try Self.report(Self.performLoop(until: "2s")).0.pretty.utf8.count
        let big = try Self.report(Self.performLoop(until: "20s")).0.pretty.utf8.count
        #expect(Double(big) < 1.05 * Double(small), "\(small) bytes for 2,000 timers, \(big) for 20,000")
    }

    /// 6,000 capturing operations queued behind one that works for 10 s: each is an operation and its block.
    static let queuedOperations = """
        name: six thousand queued operations
        until: 5s
        variants: [ios13]
        classes:
          Item: {}
        operationQueues:
          work: 1
        main:
          - let: item = new Item
          - addOperation: work
            do: [{work: 10s}]
          - for: i in 0..<6000
            do:
              - addOperation: work
                captures: [item]
                do: [{log: hi}]
        """

    /// `--max-objects` counts every live object (each one is memory), and its message tells apart the scenario's,
    /// which the report counts, from the system's, naming their classes: the "counts every NSOperation twice" of
    /// issue 39 is an operation and its block, and the report's count is the message's.
    @Test func theObjectLimitSaysWhatItCounted() throws {
        let runs = try ScenarioRunner.run(
            try Self.scenario(Self.queuedOperations),
            limits: RunLimits(maxEvents: 1_000_000, maxTime: .never, maxObjects: 10_000, maxDepth: 512))
        let outcome = runs[0].outcome
        let limit = try #require(outcome.limit)
        #expect(limit.kind == "max-objects")
        let counted = outcome.leaked + outcome.abandoned + outcome.alive.count
        #expect(counted == 10_000)
        #expect(
            limit.message.hasPrefix(
                "more than 10000 live objects (10002 live: \(counted) made by the scenario, the report's leaked + "
                    + "abandoned + alive: 5000 NSBlockOperation, 4999 block, 1 Item; 2 of the system's: "),
            "\(limit.message)")
    }
}
