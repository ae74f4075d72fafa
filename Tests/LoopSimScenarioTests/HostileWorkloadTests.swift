import LoopSimKernel
import LoopSimScenario
import Testing

/// Generated workloads are made as virtual time reaches them, so a few lines can ask for more gestures than
/// memory holds and the run still stops at its limits.
@Suite struct HostileWorkloadTests {
    static func run(_ yaml: String, limits: RunLimits) throws -> RunOutcome {
        let loaded = ScenarioLoader.load(text: yaml, file: "hostile.yaml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        var config = scenario.configuration(profile: try scenario.profile(for: "ios10"), keepsTrace: true)
        config.limits = limits
        return Kernel(program: scenario.program, configuration: config).run()
    }

    /// A gesture every nanosecond for 100 years: drawn one at a time, so the events limit stops the run.
    @Test func gesturesWithoutAGapStopAtTheEventsLimit() throws {
        var limits = RunLimits()
        limits.maxEvents = 5_000
        let o = try Self.run(
            """
            name: gestures without a gap
            until: 876000h
            main: []
            gestures:
              every: 0s
              drag: 1ms
            """, limits: limits)
        #expect(o.limit?.kind == "max-events")
        #expect(o.endTime < .zero + .milliseconds(1), "stopped a microsecond or so in, not after 100 years of drawing")
    }

    /// A scroll longer than CF's TIMER_INTERVAL_LIMIT (504911232 s, beyond which a run-loop timeout is none at all)
    /// still ends when the touch does: it is tracked in activations of at most the limit, and the default mode
    /// runs again after it (before, the tracking run had no timeout and the default-mode timer never fired again).
    @Test func aScrollLongerThanCFsTimeoutLimitEnds() throws {
        let o = try Self.run(
            """
            name: a scroll of 19 years
            until: 600000010s
            main:
              - scheduledTimer: t
                every: 100000000s
                repeats: true
                block:
                  do: [log: tick]
            user:
              - at: 1s
                do:
                  - scroll: 600000000s
            """, limits: RunLimits())
        let end = SimInstant.zero + .seconds(600_000_001)
        let firstLimit = SimInstant.zero + .seconds(504_911_233)
        let ticks: [SimInstant] = o.logs.map(\.at)
        #expect(ticks == [end], "the default-mode timer fires when the scroll ends")
        let tracking: [SimInstant] = o.runLoopExits.filter { $0.mode == "tracking" }.map(\.at)
        #expect(tracking == [firstLimit, end])
    }

    /// A limit met in the instant that let an object go: the drop is decided before the `limit` line, which stays
    /// the trace's last line before `run.end` (the fuzzer's extremes found a let-go written after it).
    @Test func aDropInTheLimitsInstantIsDecidedBeforeTheLimitLine() throws {
        var limits = RunLimits()
        limits.maxEvents = 200
        let o = try Self.run(
            """
            name: drop then runaway
            until: 1s
            classes:
              P: {}
            main:
              - let: p = new P
              - addObserver:
                activities: [beforeWaiting]
                captures: [strong p]
                do:
                  - CFRunLoopWakeUp: main runloop
              - release: p
            """, limits: limits)
        #expect(o.limit?.kind == "max-events")
        let tail = o.eventLog.suffix(2).map { "\($0.body)" }
        #expect(tail.first?.hasPrefix("limit(") == true, "\(tail)")
        #expect(tail.last?.hasPrefix("runEnd(") == true, "\(tail)")
        #expect(o.eventLog.contains { if case .letGo = $0.body { true } else { false } }, "the drop is still traced")
    }

    /// Gestures drawn lazily are the same gestures: the first scrolls of a long run are those of a short one.
    @Test func lazyGesturesAreTheSameGestures() throws {
        func yaml(_ until: String) -> String {
            """
            name: scrolls
            seed: 7
            until: \(until)
            main: []
            gestures:
              every: {exponential: 8s}
              drag: {lognormal: {median: 1.2s, sigma: 0.6}}
            """
        }
        var limits = RunLimits()
        limits.maxTime = .zero + .seconds(60)
        let short = try Self.run(yaml("60s"), limits: RunLimits())
        let long = try Self.run(yaml("876000h"), limits: limits)
        #expect(long.limit?.kind == "max-time")
        // every event before the end, but the first (run.start names the horizon), is the same in both, as text
        let cut = SimInstant.zero + .seconds(50)  // the short run ends (run.end) before 60 s
        let early = { (o: RunOutcome) in
            zip(o.eventLog, o.traceLines).dropFirst().filter { $0.0.instant < cut }.map(\.1)
        }
        #expect(early(short).count > 20)
        #expect(early(short) == early(long))
    }

    /// A check after each of a growing heap of leaks lists every leak so far: the snapshots together list at most
    /// as many objects as the objects limit, and the check that would pass it stops the run at that limit (before,
    /// at the default limits, a few seconds of such checks kept several gigabytes of leak records).
    @Test func checkSnapshotsListAtMostTenTimesTheObjectsLimit() throws {
        var limits = RunLimits()
        limits.maxObjects = 100
        let o = try Self.run(
            """
            name: a check per leak
            until: 1s
            classes:
              Leaky:
                fields:
                  me: Leaky
                methods:
                  leak:
                    - let: a = new Leaky
                    - set: a.me = a
                    - check: now
                    - dispatch_async: main
                      captures: [strong self]
                      do: [call: self.leak]
            main:
              - let: l = new Leaky
              - call: l.leak
            """, limits: limits)
        #expect(o.limit?.kind == "max-objects")
        #expect(o.limit?.message == "check: snapshots listing more than 100 objects and threads in all")
        let listed = o.checks.map(\.findings).map { $0.leaks.count + $0.parkedThreads.count + $0.delayed.count }
        #expect(listed.reduce(0, +) <= 100)
        // The object just made is still held by `a` at its check: check k lists the k - 1 leaks before it, so 14
        // checks list 0 + 1 + … + 13 = 91, and the 15th, with 14 more, would pass 100.
        #expect(listed == Array(0..<14))
        #expect(o.eventLog.suffix(2).first.map { "\($0.body)" }?.hasPrefix("limit(") == true)
    }

    /// Threads forking threads, each nesting calls a few frames deep and waiting there for ever: the frames of all
    /// threads together stop the run at 64 × the depth limit (before, a dozen lines of this kept millions of frames
    /// and passed 4 GiB within the other limits).
    @Test func allThreadsTogetherHoldAtMost64TimesTheDepthLimit() throws {
        var limits = RunLimits()
        limits.maxDepth = 8
        let o = try Self.run(
            """
            name: deep threads
            until: 1s
            classes:
              F:
                fields:
                  s: id
                methods:
                  spawn:
                    - thread: t
                      captures: [strong self]
                      do:
                        - call: self.spawn
                        - call: self.dive
                          with: 2
                  dive:
                    params: [n: int]
                    do:
                      - if: n > 0
                        then:
                          - call: self.dive
                            with: n - 1
                        else:
                          - dispatch_semaphore_wait: self.s
            main:
              - let: f = new F
              - set: f.s = dispatch_semaphore_create 0
              - call: f.spawn
            """, limits: limits)
        #expect(o.limit?.kind == "max-depth")
        #expect(o.limit?.message == "more than 512 frames on all threads' stacks together (64 × --max-depth)")
        #expect(o.threads.count > 64, "no thread nests more than 8: only all of them together pass 512")
    }
}
