import LoopSimKernel
import LoopSimScenario
import Testing

/// A +1 temporary passed to a call (`new C`, `dispatch_semaphore_create N`, `dispatch_group_create` written where
/// the step only borrows its argument) lives until the call returns, as ARC releases it after the call
/// (`ProgramFrame.temporaries`). Before, it was released as it was evaluated: a wait on it trapped ("a yielding
/// step must not release objects"), and a controller pushed or made a root was freed under the stack holding it.
@Suite struct TemporaryArgumentTests {
    func run(_ yaml: String, _ variant: String = "ios10") throws -> RunOutcome {
        try KernelSemanticsTests.run(yaml, variant)
    }

    /// `"<ms> <text>"` for each log line.
    static func logs(_ o: RunOutcome) -> [String] {
        o.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" }
    }

    /// `dispatch_semaphore_wait(dispatch_semaphore_create(0), DISPATCH_TIME_FOREVER)` parks the thread for ever,
    /// on `main:` and on a pool thread alike; the wait holds the semaphore, which is alive at the end, not freed.
    @Test(arguments: [("main", ""), ("worker-1", "  - dispatch_async: global\n    do:\n")])
    func aWaitForEverOnATemporarySemaphoreParksTheThread(thread: String, prefix: String) throws {
        let indent = prefix.isEmpty ? "" : "    "
        let o = try run(
            """
            name: temporary semaphore
            until: 1s
            main:
            \(prefix)\(indent)  - dispatch_semaphore_wait: dispatch_semaphore_create 0
            \(indent)  - log: never
            """)
        #expect(o.crash == nil)
        #expect(o.logs.isEmpty)
        #expect(o.findings.parkedThreads.map(\.name) == [thread])
        #expect(
            o.findings.parkedThreads.first?.reason
                .contains("waiting for ever in dispatch_semaphore_wait on dispatch_semaphore#") == true)
        #expect(!o.deaths.contains { $0.className == "dispatch_semaphore" }, "the waiting thread holds it")
    }

    /// With a timeout the wait returns 1 at the deadline; the semaphore is freed then, once the call returned.
    @Test func aTimedWaitOnATemporarySemaphoreTimesOut() throws {
        let o = try run(
            """
            name: temporary semaphore, timed
            until: 1s
            main:
              - dispatch_semaphore_wait: dispatch_semaphore_create 0
                timeout: 100ms
                result: r
              - if: r == 1
                then: [log: timed out]
            """)
        #expect(o.crash == nil)
        #expect(Self.logs(o) == ["100 timed out"])
        #expect(o.findings.parkedThreads.isEmpty)
        let death = try #require(o.deaths.first { $0.className == "dispatch_semaphore" })
        #expect(death.at == .zero + .milliseconds(100))
    }

    /// A temporary semaphore with a unit is taken at once (0) and let go at once, its unit never given back: the
    /// release disposes of it below its starting value, and libdispatch's `_dispatch_semaphore_dispose` crashes
    /// ("Semaphore object deallocated while in use").
    @Test func aWaitOnATemporarySemaphoreWithAUnitTakesItThenItsDisposeCrashes() throws {
        let o = try run(
            """
            name: temporary semaphore with a unit
            until: 1s
            main:
              - dispatch_semaphore_wait: dispatch_semaphore_create 1
                result: r
              - if: r == 0
                then: [log: taken]
            """)
        #expect(o.crash?.message.contains("Semaphore object deallocated while in use") == true)
        #expect(Self.logs(o).isEmpty)
    }

    /// `dispatch_group_wait(dispatch_group_create(), …)`: an empty group, 0 at once, then freed.
    @Test func aWaitOnATemporaryGroupReturnsAtOnce() throws {
        let o = try run(
            """
            name: temporary group
            until: 1s
            main:
              - dispatch_group_wait: dispatch_group_create
                timeout: 1s
                result: r
              - if: r == 0
                then: [log: empty]
            """)
        #expect(o.crash == nil)
        #expect(Self.logs(o) == ["0 empty"])
        #expect(o.deaths.filter { $0.className == "dispatch_group" }.map(\.at) == [.zero])
    }

    /// A post's temporary sender lives through the synchronous deliveries and is freed after the post returns.
    @Test func aPostsTemporarySenderLivesThroughItsDeliveries() throws {
        let o = try run(
            """
            name: post with a temporary sender
            until: 1s
            classes:
              Sender:
                fields: {}
                dealloc:
                  - log: sender freed
            main:
              - addObserverForName: Ping
                token: tok
                do:
                  - log: delivered
              - postNotification: Ping
                object: new Sender
              - log: after post
            """)
        #expect(o.crash == nil)
        #expect(Self.logs(o) == ["0 delivered", "0 sender freed", "0 after post"])
    }

    /// A post that waits for its queued delivery (swift-corelibs-foundation, `notificationQueuedObserverPosterWaits`)
    /// keeps its temporary sender through the wait: freed on the poster once the main queue ran the block.
    @Test func aWaitingPostKeepsItsTemporarySenderThroughTheWait() throws {
        let o = try run(
            """
            name: a waiting post with a temporary sender
            until: 3s
            classes:
              Sender:
                fields: {}
                dealloc:
                  - log: sender freed
            main:
              - addObserverForName: Ping
                queue: main
                token: tok
                do:
                  - log: delivered
              - thread: poster
                do:
                  - postNotification: Ping
                    object: new Sender
                  - log: posted
              - run: current runloop
            """, "linux-corelibs")
        #expect(o.crash == nil)
        #expect(o.logs.map { "\($0.thread) \($0.text)" } == ["main delivered", "poster sender freed", "poster posted"])
    }

    /// `if ([Probe new] != nil)`: true, and the temporary goes at the end of the condition, before the branch.
    @Test func aConditionsTemporaryIsFreedBeforeTheBranch() throws {
        let o = try run(
            """
            name: if with a temporary
            until: 1s
            classes:
              Probe:
                fields: {}
                dealloc:
                  - log: probe freed
            main:
              - if: new Probe != nil
                then: [log: branch]
              - log: after
            """)
        #expect(o.crash == nil)
        #expect(Self.logs(o) == ["0 probe freed", "0 branch", "0 after"])
    }
}
