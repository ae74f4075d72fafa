import Foundation
import LoopSimKernel
import LoopSimScenario
import Testing

/// Run-loop and lifetime rules from runloop-semantics.md, each as a small scenario with its trace checked.
@Suite struct KernelSemanticsTests {
    static func run(_ yaml: String, _ variant: String = "ios10") throws -> RunOutcome {
        let loaded = ScenarioLoader.load(text: yaml, file: "inline.yaml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        let config = scenario.configuration(profile: try scenario.profile(for: variant), keepsTrace: true)
        return Kernel(program: scenario.program, configuration: config).run()
    }

    /// `"<ms> <ev> k=v"` for the trace lines of `events` on `thread`.
    static func lines(_ o: RunOutcome, _ thread: String, _ events: Set<String>, _ keys: [String] = []) -> [String] {
        o.traceLines.compactMap { line in
            let obj = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            guard obj["thread"] as? String == thread, let ev = obj["ev"] as? String, events.contains(ev) else {
                return nil
            }
            var s = "\((obj["t"] as! NSNumber).int64Value / 1_000_000) \(ev)"
            for k in keys { if let v = obj[k] { s += " \(k)=\(v)" } }
            return s
        }
    }

    @Test func aSourceEndsRunModeWithHandledSourceButATimerDoesNot() throws {
        let o = try Self.run(
            """
            name: handled source
            until: 5s
            classes:
              Box: {fields: {s: strong CFRunLoopSource, rl: unretained CFRunLoop}}
            main:
              - let: box = new Box
              - thread: T
                captures: [strong box]
                do:
                  - set: box.rl = current runloop
                  - addSource: box.s
                    do: [log: source ran]
                  - scheduledTimer: t
                    every: 100ms
                    repeats: true
                    block: {do: [log: tick]}
                  - runMode: default
                    before: 10s
                  - log: runMode returned
            user:
              - at: 250ms
                do:
                  - signal: box.s
                  - CFRunLoopWakeUp: box.rl
            """)
        // timers fire at 100 and 200 ms without ending the activation; the source at 250 ms does
        #expect(
            Self.lines(o, "T", ["log", "rl.exit"], ["text", "result"]) == [
                "100 log text=tick", "200 log text=tick", "250 log text=source ran",
                "250 rl.exit result=handled-source", "250 log text=runMode returned",
            ])
    }

    @Test func theMainQueueDrainsOnlyWhatWasThereAtEntry() throws {
        let o = try Self.run(
            """
            name: drain snapshot
            until: 1s
            main:
              - dispatch_async: main
                do:
                  - log: first
                  - dispatch_async: main
                    do: [log: enqueued during the drain]
              - dispatch_async: main
                do: [log: second]
            """)
        #expect(
            Self.lines(o, "main", ["mainqueue.drain", "log"], ["blocks", "text"]) == [
                "0 mainqueue.drain blocks=2", "0 log text=first", "0 log text=second",
                "0 mainqueue.drain blocks=1", "0 log text=enqueued during the drain",
            ])
        // the main thread idles in its loop for ever, but it is never parked
        #expect(o.findings.parkedThreads.isEmpty)
    }

    @Test func aTargetSelectorTimerKeepsItsTargetUntilInvalidated() throws {
        let yaml = """
            name: S6-like
            until: 3s
            classes:
              VC:
                fields: {timer: strong NSTimer, ticks: int}
                methods:
                  start:
                    - scheduledTimer: self.timer
                      every: 1s
                      repeats: true
                      target: self
                      selector: tick
                  tick:
                    - increment: self.ticks
            main:
              - let: vc = new VC
              - call: vc.start
            user:
              - at: 1500ms
                do: [release: vc]
            """
        let o = try Self.run(yaml)
        let leak = try #require(o.findings.leaks.first)
        #expect(o.findings.leaks.map(\.object) == ["vc", "timer"])  // the timer's only owner is abandoned
        #expect(leak.kind == .abandoned)
        #expect(leak.path == ["runloop(main) mode default", "NSTimer timer", "VC vc"])
        #expect(leak.edges == ["timers", "target"])
        #expect(o.timers.first?.fires == 3)
    }

    /// A singleton that keeps a screen's block (so the screen stays alive): the path starts at the singleton's root, named once, and goes on
    /// from the singleton's field that holds the block (`singleton Hub -> block#1 -> VC vc`, not `singleton Hub ->
    /// Hub Hub -> …`); its first edge is that field.
    @Test func aSingletonsPathNamesItOnce() throws {
        let yaml = """
            name: a singleton keeps a screen's block
            until: 2s
            classes:
              Hub:
                root: true
                fields:
                  handler: block
              VC:
                methods:
                  listen:
                    - block: shared Hub.handler
                      captures: [strong self]
                      do: [{log: changed}]
            main:
              - let: vc = new VC
              - call: vc.listen
            user:
              - at: 1s
                do: [release: vc]
            """
        let o = try Self.run(yaml)
        let vc = try #require(o.alive.listed?.first { $0.object == "vc" })
        #expect(vc.path == ["singleton Hub", "block#1", "VC vc"])
        #expect(vc.edges == ["handler", "self"])
        let hub = try #require(o.alive.listed?.first { $0.className == "Hub" })
        #expect(hub.path == ["singleton Hub", "Hub Hub"])
    }

    /// A popped controller that only its timer (and so the run loop) still holds is abandoned by its lifecycle end,
    /// with its timer (MLeaksFinder's rule reaches it through the system's roots, not only the app's).
    @Test func aPoppedControllerHeldByItsTimerIsAbandoned() throws {
        let o = try Self.run(
            """
            name: popped
            until: 3s
            classes:
              Home: {fields: {}}
              Page:
                fields: {timer: weak NSTimer}
                methods:
                  start:
                    - scheduledTimer: self.timer
                      every: 1s
                      repeats: true
                      target: self
                      selector: tick
                  tick: [log: tick]
            main:
              - let: home = new Home
              - navigationController: nav
                root: home
              - let: page = new Page
              - call: page.start
              - push: page
                on: nav
                animated: false
              - release: page
            user:
              - at: 1500ms
                do: [pop: nav]
            """)
        let page = try #require(o.findings.leaks.first { $0.className == "Page" })
        #expect(page.kind == .abandoned)
        #expect(page.cause == "popped")
        #expect(page.path.first == "runloop(main) mode default")
        #expect(o.findings.leaks.contains { $0.className == "NSTimer" && $0.kind == .abandoned })
    }

    /// A run stopped by --max-depth while a dealloc cascade is queued: what the dying head still holds goes when its
    /// dealloc ends; none of it is a finding (it was listed as seven cycle leaks).
    @Test func aStopDuringADeallocCascadeReportsNothing() throws {
        let loaded = ScenarioLoader.load(
            text: """
                name: cascade
                until: 1s
                classes:
                  Node: {fields: {next: strong Node}}
                main:
                  - let: head = new Node
                  - set: head.next = new Node
                  - set: head.next.next = new Node
                  - set: head.next.next.next = new Node
                  - release: head
                """, file: "inline.yaml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        var config = scenario.configuration(profile: try scenario.profile(for: "ios10"))
        config.limits.maxDepth = 2
        let o = Kernel(program: scenario.program, configuration: config).run()
        #expect(o.limit?.kind == "max-depth")
        #expect(o.deallocated == 0)
        #expect(o.findings.leaks.isEmpty, "\(o.findings.leaks)")
    }

    @Test func anUnreachableCycleIsReportedAsACycle() throws {
        let o = try Self.run(
            """
            name: cycle
            until: 1s
            classes:
              A: {fields: {b: strong B}}
              B: {fields: {a: strong A}}
            main:
              - let: a = new A
              - set: a.b = new B
              - set: a.b.a = a
              - release: a
            """)
        #expect(o.findings.leaks.map(\.kind) == [.leaked, .leaked])
        #expect(o.findings.leaks.first?.path == ["A a", "B b", "A a"])
        #expect(o.findings.leaks.first?.edges == ["b", "a"])
    }

    @Test func weakZeroesAndUnretainedDanglesIntoACrash() throws {
        let o = try Self.run(
            """
            name: weak and unretained
            until: 1s
            classes:
              Obj: {fields: {n: int}}
              Holder: {fields: {w: weak Obj, u: unretained Obj}}
            main:
              - let: h = new Holder
              - let: o = new Obj
              - set: h.w = o
              - set: h.u = o
              - release: o
              - if: h.w == nil
                then: [log: weak is nil]
              - increment: h.u.n
              - log: not reached
            """)
        #expect(o.logs.map(\.text) == ["weak is nil"])
        let crash = try #require(o.crash)
        // Named by class and label, with when and where it died, not by its heap slot.
        #expect(
            crash.message.hasPrefix("message sent to deallocated instance Obj o (#3, deallocated at 0s on main)"),
            "\(crash.message)")
        #expect(crash.thread == "main")
    }

    @Test func aCommonModesTimerFiresInTrackingAndADefaultOneDoesNot() throws {
        let o = try Self.run(
            """
            name: tracking
            until: 3s
            main:
              - thread: T
                do:
                  - scheduledTimer: d
                    every: 1s
                    repeats: true
                    block: {do: [log: default]}
                  - timer: c
                    every: 1s
                    repeats: true
                    block: {do: [log: common]}
                  - CFRunLoopAddCommonMode: tracking
                  - addTimer: c
                    mode: common
                  - CFRunLoopRunInMode: tracking
                    seconds: 2500ms
            """)
        #expect(Self.lines(o, "T", ["log"], ["text"]) == ["1000 log text=common", "2000 log text=common"])
    }

    @Test func performBlockRunsOnlyInItsModeAndEmptinessIsNotCheckedBeforeSleep() throws {
        let o = try Self.run(
            """
            name: perform block
            until: 2s
            main:
              - thread: T
                do:
                  - CFRunLoopPerformBlock: current runloop
                    mode: custom
                    do: [log: custom block]
                  - scheduledTimer: t
                    every: 500ms
                    block: {do: [log: timer]}
                  - CFRunLoopRunInMode: default
                    seconds: 1s
                  - CFRunLoopRunInMode: custom
                    seconds: 1s
            """)
        // The custom-mode block waits through the default run. In the custom mode it alone keeps the mode
        // non-empty at entry and runs in the first pass; emptiness is not checked before sleeping (§1.6), so
        // the thread sleeps until its 1 s timeout and returns timed-out, not finished.
        #expect(
            Self.lines(o, "T", ["log", "rl.exit"], ["text", "mode", "result"]) == [
                "500 log text=timer", "500 rl.exit mode=default result=finished",
                "500 log text=custom block", "1500 rl.exit mode=custom result=timed-out",
            ])
    }

    @Test func theBlockTimerAPIIsMissingOnIOS9() throws {
        let yaml = """
            name: block API
            until: 2s
            main:
              - scheduledTimer: t
                every: 1s
                block: {do: [log: tick]}
            """
        #expect(try Self.run(yaml, "ios9").crash?.message.contains("unrecognized selector") == true)
        #expect(try Self.run(yaml, "ios10").logs.map(\.text) == ["tick"])
    }

    @Test func aPastFireDateFiresOnceAtOnceThenKeepsTheNewGrid() throws {
        let o = try Self.run(
            """
            name: past fire date
            until: 2500ms
            main:
              - thread: T
                do:
                  - scheduledTimer: t
                    every: 1s
                    repeats: true
                    firstFire: -5s
                    block: {do: [log: tick]}
                  - runUntil: 2500ms
            """)
        #expect(Self.lines(o, "T", ["log"]) == ["0 log", "1000 log", "2000 log"])
    }

    @Test func linuxCorelibsNeverFreesATimer() throws {
        let yaml = """
            name: corelibs timer
            until: 2s
            main:
              - thread: T
                do:
                  - scheduledTimer: t
                    every: 500ms
                    block: {do: [log: once]}
                  - run
            """
        #expect(try Self.run(yaml, "ios10").timers.isEmpty == false)
        let linux = try Self.run(yaml, "linux-corelibs")
        #expect(linux.deallocated < linux.allocated)
        #expect(linux.findings.parkedThreads.isEmpty)
    }

    /// `CFRunLoopPerformBlock`, `CFRunLoopAddObserver` and a source added to a nil run loop do nothing, and the
    /// block literal made for the call is freed with what it captured: nothing is left to report as a leak.
    @Test(arguments: ["CFRunLoopPerformBlock: h.loop", "addObserver: h.loop", "addSource: s\n    to: h.loop"])
    func aBlockMadeForANilRunLoopIsFreed(call: String) throws {
        let o = try Self.run(
            """
            name: nil run loop
            until: 1s
            classes:
              Holder:
                fields:
                  loop: unretained CFRunLoop
              Payload: {}
            main:
              - let: h = new Holder
              - let: p = new Payload
              - \(call)
                captures: [p]
                do: [log: never]
              - release: p
              - check: after
            """)
        #expect(o.checks.map(\.findings.leaks.count) == [0])
        #expect(o.deaths.contains { $0.className == "Payload" })
    }

    /// `[nil invalidate]` and `[nil fire]` do nothing, as every message to nil: written with a literal `nil`
    /// they compile (they were `expr.type` errors) and the run goes on.
    @Test func invalidateAndFireOnNilDoNothing() throws {
        let o = try Self.run(
            """
            name: messages to nil
            until: 1s
            main:
              - invalidate: nil
              - fire: nil
              - log: done
            """)
        #expect(o.crash == nil)
        #expect(o.logs.map(\.text) == ["done"])
    }
}
