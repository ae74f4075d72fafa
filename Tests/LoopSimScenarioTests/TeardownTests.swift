import LoopSimKernel
import LoopSimScenario
import Testing

/// Observers that see their activity, and tearing down what a run loop holds (docs/scenario-format.md §7.3, §7.5,
/// §7.5.1, §7.6, §7.11): CFRunLoopRemoveObserver, CFRunLoopObserverInvalidate, CFRunLoopRemoveSource,
/// CFRunLoopSourceInvalidate, a display link's `paused`, a connection that finishes or is cancelled,
/// `waitUntilFinished`, `addOperations:waitUntilFinished:`, and `performSelector:onThread:` with an NSThread.
@Suite struct TeardownTests {
    func run(_ yaml: String, _ variant: String = "ios10") throws -> RunOutcome {
        try KernelSemanticsTests.run(yaml, variant)
    }

    /// The run's logs as `INSTANT THREAD TEXT`.
    func logs(_ o: RunOutcome) -> [String] { o.logs.map { "\($0.at) \($0.thread) \($0.text)" } }

    /// When each object of `className` was freed.
    func deaths(_ o: RunOutcome, _ className: String) -> [Int64] {
        o.deaths.filter { $0.className == className }.map { $0.at.nanoseconds / 1_000_000 }
    }

    /// One observer for a mask gets each activity in its `activity:` parameter, comparable with CF's constants
    /// (`_runLoopObserverWithBlockContext` passes the activity to the block).
    @Test func anObserverForAMaskSeesEachActivity() throws {
        let o = try run(
            """
            name: activities
            until: 250ms
            classes:
              Screen:
                fields: {observer: CFRunLoopObserver}
                methods:
                  tick: [log: tick]
            main:
              - let: s = new Screen
              - addObserver: main runloop
                activities: [kCFRunLoopBeforeWaiting, afterWaiting]
                activity: act
                into: s.observer
                captures: [weak s]
                do:
                  - if: act == kCFRunLoopBeforeWaiting
                    then: [log: before waiting]
                    else: [log: after waiting]
              - scheduledTimer: ~
                every: 100ms
                target: s
                selector: tick
                repeats: false
              - performSelector: s
                selector: tick
                afterDelay: 200ms
                inModes: tracking
            """)
        #expect(
            logs(o) == [
                "0s main before waiting", "100ms main after waiting", "100ms main tick",
                "100ms main before waiting",
            ])
    }

    /// An observer added for the common modes and removed from the default mode stays in the tracking mode: it
    /// fires only during the scroll (CFRunLoopRemoveObserver removes it from one mode's list).
    @Test func anObserverRemovedFromOneModeStillFiresInAnother() throws {
        let o = try run(
            """
            name: removed from one mode
            until: 1s
            classes:
              Screen:
                fields: {observer: CFRunLoopObserver}
            main:
              - let: s = new Screen
              - addObserver: main runloop
                mode: common
                activities: beforeWaiting
                into: s.observer
                do: [log: before waiting]
              - CFRunLoopRemoveObserver: s.observer
                from: main runloop
                mode: default
            user:
              - at: 200ms
                do: [scroll: 300ms]
            """)
        #expect(logs(o) == ["200ms main before waiting"])
    }

    /// Removing the observer from its mode keeps its block while the app holds the observer; invalidating it frees
    /// the block at once, and what the block captured with it (CFRunLoopObserverInvalidate calls the context's
    /// release).
    @Test func anInvalidatedObserverFreesItsBlockAndCaptures() throws {
        let o = try run(
            """
            name: invalidate frees the block
            until: 1s
            classes:
              Helper: {}
              Screen:
                fields: {observer: CFRunLoopObserver}
            main:
              - let: s = new Screen
              - let: h = new Helper
              - addObserver: main runloop
                activities: beforeWaiting
                into: s.observer
                captures: [strong h]
                do: [log: before waiting]
              - release: h
            user:
              - at: 100ms
                do:
                  - CFRunLoopRemoveObserver: s.observer
                    from: main runloop
                  - log: removed
              - at: 200ms
                do:
                  - CFRunLoopObserverInvalidate: s.observer
                  - log: invalidated
            """)
        #expect(logs(o) == ["0s main before waiting", "100ms main removed", "200ms main invalidated"])
        #expect(deaths(o, "Helper") == [200])
        #expect(deaths(o, "block") == [200])
        #expect(o.alive.count == 2)  // the screen and its (invalid) observer, which the screen still holds
    }

    /// A connection calls its delegate once per chunk, then `connectionDidFinishLoading:`, then lets go of the
    /// delegate: the loader dies at the finish. One started on a GCD worker, whose loop nobody runs, never calls
    /// and keeps its delegate: abandoned once the block that made it returns (its local went out of scope), with
    /// the connection and its blocks.
    @Test func aConnectionThatFinishesFreesItsDelegate() throws {
        let o = try run(
            """
            name: connection finishes
            until: 1s
            classes:
              Loader:
                fields: {connection: NSURLConnection, chunks: int}
                methods:
                  start:
                    - connection: self.connection
                      deliveries: [100ms, 200ms]
                      captures: [strong self]
                      do: [increment: self.chunks, log: chunk]
                      didFinish: [log: finished]
            main:
              - let: l = new Loader
              - call: l.start
              - release: l
              - dispatch_async: global
                do:
                  - let: g = new Loader
                  - call: g.start
            """)
        #expect(logs(o) == ["100ms main chunk", "200ms main chunk", "200ms main finished"])
        #expect(deaths(o, "Loader") == [200])
        #expect(deaths(o, "NSURLConnection") == [200])
        #expect(o.alive.count == 0)
        // the worker's loader, its connection and the connection's two blocks
        #expect(o.findings.leaks.map(\.kind) == [.abandoned, .abandoned, .abandoned, .abandoned])
        #expect(o.findings.leaks.first { $0.className == "Loader" }?.cause == "went out of scope")
    }

    /// `cancel` lets go of the delegate at once; the chunks still on their way are dropped.
    @Test func aCancelledConnectionMakesNoMoreCalls() throws {
        let o = try run(
            """
            name: cancel
            until: 1s
            classes:
              Loader:
                fields: {connection: NSURLConnection}
            main:
              - let: l = new Loader
              - connection: l.connection
                deliveries: [100ms, 300ms]
                captures: [strong l]
                do: [log: chunk]
                didFinish: [log: finished]
            user:
              - at: 200ms
                do:
                  - cancelConnection: l.connection
                  - set: l.connection = nil
                  - release: l
            """)
        #expect(logs(o) == ["100ms main chunk"])
        #expect(deaths(o, "Loader") == [200])
        #expect(o.alive.count == 0)
    }

    /// `waitUntilFinished` blocks the caller until the operation has finished; an operation of a width-1 queue that
    /// adds another to its own queue and waits for it (`addOperations:waitUntilFinished:YES`) waits for ever.
    @Test func waitUntilFinishedBlocksUntilTheOperationEnds() throws {
        let o = try run(
            """
            name: wait until finished
            until: 2s
            operationQueues:
              q: 1
            main:
              - thread: waiter
                do:
                  - operation: op
                    do: [work: 300ms, log: op done]
                  - addOperation: q
                    operation: op
                  - waitUntilFinished: op
                  - log: waited
                  - addOperation: q
                    do:
                      - operation: inner
                        do: [log: inner ran]
                      - addOperations: q
                        operations: [inner]
                        waitUntilFinished: true
                      - log: never
            """)
        #expect(logs(o) == ["300ms worker-1 op done", "300ms waiter waited"])
        #expect(
            o.findings.parkedThreads.map(\.reason) == [
                "waiting for ever in waitUntilFinished on NSBlockOperation inner, which never finishes: it is queued "
                    + "behind NSBlockOperation#4 (running on worker-1, parked) on operation queue q of "
                    + "maxConcurrentOperationCount 1"
            ])
    }

    /// `performSelector:onThread:` with an NSThread kept by `thread:`'s `into:` runs on that thread's run loop; to a
    /// thread that has exited it never runs.
    @Test func performOnAnNSThreadRunsOnThatThread() throws {
        let o = try run(
            """
            name: perform on an NSThread
            until: 1s
            classes:
              Net:
                fields: {thread: NSThread, gone: NSThread}
                methods:
                  go: [log: go ran]
            main:
              - let: n = new Net
              - thread: network
                into: n.thread
                do:
                  - port: p
                  - addPort: p
                    to: current runloop
                  - run
              - thread: shortlived
                into: n.gone
                do: [log: short]
            user:
              - at: 100ms
                do:
                  - performSelectorOnThread: n
                    selector: go
                    onThread: n.thread
                  - performSelectorOnThread: n
                    selector: go
                    onThread: n.gone
            """)
        #expect(logs(o) == ["0s shortlived short", "100ms network go ran"])
    }

    /// An invalidated source is not run when signalled, and is out of its modes; its handler (and what it
    /// captures) lives until the source itself is freed, not at the invalidation.
    @Test func anInvalidatedSourceKeepsItsHandlerUntilFreed() throws {
        let o = try run(
            """
            name: source invalidate
            until: 1s
            classes:
              Helper: {}
              Box: {fields: {src: CFRunLoopSource}}
            main:
              - let: b = new Box
              - let: h = new Helper
              - addSource: b.src
                to: main runloop
                captures: [strong h]
                do: [log: handled]
              - release: h
              - signal: b.src
              - CFRunLoopWakeUp: main runloop
            user:
              - at: 100ms
                do:
                  - CFRunLoopSourceInvalidate: b.src
                  - signal: b.src
                  - CFRunLoopWakeUp: main runloop
                  - log: invalidated
              - at: 200ms
                do:
                  - set: b.src = nil
                  - log: released
            """)
        #expect(logs(o) == ["0s main handled", "100ms main invalidated", "200ms main released"])
        #expect(deaths(o, "Helper") == [200])
    }

    /// CFRunLoopRemoveSource takes a version-0 source out of its mode: signalled, it no longer runs.
    @Test func aRemovedSourceNoLongerRuns() throws {
        let o = try run(
            """
            name: remove source
            until: 1s
            main:
              - addSource: src
                to: main runloop
                do: [log: handled]
              - CFRunLoopRemoveSource: src
                from: main runloop
              - signal: src
              - CFRunLoopWakeUp: main runloop
              - log: removed
            """)
        #expect(logs(o) == ["0s main removed"])
    }

    /// A paused display link keeps its target and calls nobody; unpaused, it fires on its grid again.
    @Test func aPausedDisplayLinkDoesNotFire() throws {
        let o = try run(
            """
            name: paused link
            until: 1s
            classes:
              V:
                fields: {link: CADisplayLink, frames: int}
                methods:
                  step: [increment: self.frames]
            main:
              - let: v = new V
              - displayLink: v.link
                target: v
                selector: step
                fps: 10
              - addTimer: v.link
                to: main runloop
                mode: common
            user:
              - at: 250ms
                do:
                  - setPaused: v.link
                    to: true
                  - if: v.link.paused
                    then: [log: paused]
              - at: 650ms
                do:
                  - setPaused: v.link
                    to: false
            """)
        #expect(logs(o) == ["250ms main paused"])
        #expect(o.timers.first?.fires == 6)  // 100, 200, then 700, 800, 900, 1000 ms
        #expect(o.alive.count == 2)
    }

    /// `preferredFramesPerSecond`: the link goes onto the new rate's grid from the next boundary after now; the rate
    /// is the factor of 60 Hz nearest to the one asked for (0 and more than 60: 60).
    @Test func aDisplayLinksFrameRateChangesItsGrid() throws {
        let o = try run(
            """
            name: frame rate
            until: 1s
            classes:
              V:
                fields: {link: CADisplayLink, frames: int}
                methods:
                  step: [increment: self.frames]
            main:
              - let: v = new V
              - displayLink: v.link
                target: v
                selector: step
              - setPreferredFramesPerSecond: v.link
                to: 24
              - addTimer: v.link
                to: main runloop
                mode: common
            user:
              - at: 500ms
                do:
                  - log: frames \\(v.frames)
                  - setPreferredFramesPerSecond: v.link
                    to: 0
            """)
        #expect(logs(o) == ["500ms main frames 10"])  // 20 fps: 50, 100, … 500 ms
        #expect(o.timers.first?.fires == 10 + 30)  // then 60 fps: 516.7 … 1000 ms
        #expect(SetFrameRateStep.frameRate(preferred: 30) == 30)
        #expect(SetFrameRateStep.frameRate(preferred: 45) == 60)  // a tie: the larger
        #expect(SetFrameRateStep.frameRate(preferred: 7) == 6)
        #expect(SetFrameRateStep.frameRate(preferred: 120) == 60)
        #expect(SetFrameRateStep.frameRate(preferred: -5) == 60)
    }

    /// `activity:` cannot take a constant's name, and `CFRunLoopRemoveObserver` needs an observer.
    @Test func badTeardownInputIsADiagnostic() {
        let ids = HostileInputTests.ids(
            """
            name: bad
            until: 1s
            main:
              - addObserver: main runloop
                activity: kCFRunLoopExit
                do: []
              - addSource: src
                to: main runloop
                do: []
              - CFRunLoopRemoveObserver: src
            """)
        #expect(ids == ["type.mismatch", "expr.type"])
    }

    /// `onThread: main thread` (what `performSelectorOnMainThread:` passes) runs on the main thread's run loop.
    @Test func performOnTheMainThreadValueRunsOnMain() throws {
        let o = try run(
            """
            name: main thread
            until: 1s
            classes:
              T: {methods: {go: [log: go ran]}}
            main:
              - let: t = new T
              - dispatch_async: global
                captures: [strong t]
                do:
                  - performSelectorOnThread: t
                    selector: go
                    onThread: main thread
            """)
        #expect(logs(o) == ["0s main go ran"])
    }

    /// `thread:`'s `into:` keeps an NSThread: a place of another type is `expr.type`.
    @Test func aThreadIsKeptOnlyInAnNSThreadPlace() {
        let ids = HostileInputTests.ids(
            """
            name: bad
            until: 1s
            classes:
              Box: {fields: {loop: CFRunLoop}}
            main:
              - let: b = new Box
              - thread: worker
                into: b.loop
                do: []
            """)
        #expect(ids == ["expr.type"])
    }
}
