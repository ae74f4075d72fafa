import LoopSimKernel
import LoopSimScenario
import Testing

/// GCD in the kernel: semaphores, dispatch_after, timer-source merging and lifetime rules (semantics §6).
@Suite struct GCDSemanticsTests {
    func run(_ yaml: String, _ variant: String = "ios10") throws -> RunOutcome {
        try KernelSemanticsTests.run(yaml, variant)
    }

    @Test func semaphoreWaitTimesOutOrIsSignalled() throws {
        let o = try run(
            """
            name: semaphores
            until: 5s
            classes:
              Box: {fields: {sem: strong dispatch_semaphore, got: int}}
            main:
              - let: box = new Box
              - set: box.sem = dispatch_semaphore_create 0
              - thread: A
                captures: [strong box]
                do:
                  - dispatch_semaphore_wait: box.sem
                    timeout: 1s
                    result: r
                  - if: r == 1
                    then: [log: A timed out]
                  - dispatch_semaphore_wait: box.sem
                    result: r
                  - if: r == 0
                    then: [log: A got it]
            user:
              - at: 2s
                do: [dispatch_semaphore_signal: box.sem]
            """)
        #expect(o.logs.map { "\($0.at) \($0.text)" } == ["1s A timed out", "2s A got it"])
        #expect(o.findings.parkedThreads.isEmpty)
    }

    @Test func aThreadWaitingForEverIsParked() throws {
        let o = try run(
            """
            name: never signalled
            until: 3s
            main:
              - let: s = dispatch_semaphore_create 0
              - dispatch_async: global
                captures: [strong s]
                do:
                  - dispatch_semaphore_wait: s
              - set: s = nil                  # the app lets go: only the waiter holds it (else it is waiting)
            """)
        #expect(o.findings.parkedThreads.map(\.name) == ["worker-1"])
        #expect(o.findings.parkedThreads.first?.reason.contains("waiting for ever") == true)
    }

    @Test func dispatchAfterRunsOnItsQueueAtItsDeadline() throws {
        let o = try run(
            """
            name: dispatch_after
            until: 3s
            main:
              - dispatch_after: main
                delay: 1500ms
                do: [log: later]
              - log: now
            """)
        #expect(o.logs.map { "\($0.at) \($0.thread) \($0.text)" } == ["0s main now", "1.5s main later"])
    }

    @Test func releasingASuspendedSourceCrashesLikeLibdispatch() throws {
        let o = try run(
            """
            name: suspended source released
            until: 3s
            classes:
              Owner: {fields: {source: strong dispatch_source}}
            main:
              - let: owner = new Owner
              - dispatch_source_timer: owner.source
                interval: 1s
                resume: false
                do: [log: tick]
              - release: owner
            """)
        // never resumed: still inactive (`dispatch_source_create` sets `DISPATCH_QUEUE_INACTIVE`)
        #expect(o.crash?.message == "BUG IN CLIENT OF LIBDISPATCH: Release of an inactive object")
    }

    /// `dispatch_source_cancel` does not lift a suspension: releasing a resumed, then suspended and cancelled source
    /// crashes (queue.c `_dispatch_queue_xref_dispose`), on every variant, at the release; resumed after the cancel,
    /// the same source is freed cleanly.
    @Test func cancellingASuspendedSourceDoesNotAllowItsRelease() throws {
        func yaml(resumeAfterCancel: Bool) -> String {
            """
            name: suspended cancelled source released
            until: 3s
            classes:
              Owner: {fields: {source: strong dispatch_source}}
            main:
              - let: owner = new Owner
              - dispatch_source_timer: owner.source
                interval: 500ms
                do: [log: tick]
              - work: 1200ms
              - dispatch_suspend: owner.source
              - dispatch_source_cancel: owner.source
            \(resumeAfterCancel ? "  - dispatch_resume: owner.source" : "")
              - release: owner
            """
        }
        for variant in ["ios9", "ios10", "ios13", "linux-corelibs"] {
            let o = try run(yaml(resumeAfterCancel: false), variant)
            #expect(o.crash?.message == "BUG IN CLIENT OF LIBDISPATCH: Release of a suspended object")
            #expect(o.crash?.at == SimInstant(nanoseconds: 1_200_000_000))
            #expect(o.logs.count == 3)  // fires at 0, 500 and 1000 ms
            let fixed = try run(yaml(resumeAfterCancel: true), variant)
            #expect(fixed.crash == nil)
            #expect(fixed.logs.count == 3)
        }
    }

    @Test func anUnretainedSourceIsFreedAndNeverFires() throws {
        // the classic bug: a local dispatch timer that nobody keeps
        let o = try run(
            """
            name: unretained source
            until: 3s
            classes:
              Owner:
                methods:
                  start:
                    - dispatch_source_timer: t
                      interval: 1s
                      do: [log: tick]
            main:
              - let: owner = new Owner
              - call: owner.start
            """)
        #expect(o.logs.isEmpty)
        #expect(o.sources.first?.fires == 0)
    }

    @Test func aHandlerCapturingItsSourceIsACycleUntilCancelled() throws {
        let yaml = """
            name: handler captures source (S13)
            until: 3s
            classes:
              Holder: {fields: {source: strong dispatch_source}}
            main:
              - let: h = new Holder
              - dispatch_source_timer: h.source
                interval: 1s
                captures: [strong h]
                do: [log: tick]
              - release: h
            """
        let o = try run(yaml)
        #expect(o.logs.count == 4)  // targets at 0, 1, 2 and 3 s
        #expect(Set(o.findings.leaks.map(\.kind)) == [.leaked])
    }

    @Test func toleranceMovesTheWakeOnlyOnTheDispatchBuild() throws {
        let yaml = """
            name: tolerance
            until: 2500ms
            set: {timerLeewayFiresAt: end}
            main:
              - thread: T
                do:
                  - scheduledTimer: t
                    every: 1s
                    repeats: true
                    tolerance: 300ms
                    userInfo: {do: [log: tick]}
                  - runUntil: 2500ms
            """
        let at = { (variant: String) throws -> [String] in try self.run(yaml, variant).logs.map { "\($0.at)" } }
        // ios10 hands the window to a GCD timer that (with timerLeewayFiresAt=end) fires at its end; the grid
        // stays on whole seconds. ios9's mk_timer ignores tolerance.
        #expect(try at("ios10") == ["1.3s", "2.3s"])
        #expect(try at("ios9") == ["1s", "2s"])
    }
}
