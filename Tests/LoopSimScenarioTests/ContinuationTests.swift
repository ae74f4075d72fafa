import LoopSimKernel
import LoopSimScenario
import Testing

/// `withContinuation:` and `resume:` (docs/scenario-format.md §7.13): Swift's continuations (SE-0300, swift
/// stdlib/public/Concurrency/CheckedContinuation.swift) as the kernel's `Continuations` runs them.
@Suite struct ContinuationTests {
    static func run(_ yaml: String) throws -> RunOutcome { try SwiftConcurrencyTests.run(yaml) }
    static func logs(_ o: RunOutcome) -> [String] { SwiftConcurrencyTests.logs(o) }

    /// A main-actor task suspends at the body's end; a block on the global queue resumes it 300 ms later with a
    /// value, and the task goes on with it on the main queue (its executor), after what was queued there before.
    @Test func resumedFromAnotherQueueGoesOnOnTheTasksExecutor() throws {
        let o = try Self.run(
            """
            name: bridge
            until: 1s
            main:
              - task:
                actor: main
                do:
                  - withContinuation: continuation
                    function: "load()"
                    type: int
                    result: value
                    do:
                      - dispatch_after: global
                        delay: 300ms
                        captures: [continuation]
                        do:
                          - log: resuming
                          - resume: continuation
                            returning: 42
                          - dispatch_async: main
                            do: [log: queued on main after the resume]
                  - log: "loaded \\\\(value) main=\\\\(current thread.isMainThread)"
              - runUntil: 900ms
            """)
        #expect(
            Self.logs(o) == ["300 resuming", "300 loaded 42 main=true", "300 queued on main after the resume"])
        #expect(o.findings.parkedThreads.isEmpty && o.findings.waitingThreads.isEmpty)
        #expect(o.allocated == o.deallocated, "\(o.allocated) allocated, \(o.deallocated) deallocated")
    }

    /// A continuation the body resumes does not suspend the task (`swift_continuation_await` finds it resumed):
    /// the steps after it run before a block queued on the main queue before it.
    @Test func resumedInTheBodyTheTaskDoesNotSuspend() throws {
        let o = try Self.run(
            """
            name: sync
            until: 1s
            main:
              - task:
                actor: main
                do:
                  - dispatch_async: main
                    do: [log: queued before]
                  - withContinuation: c
                    type: string
                    result: s
                    do:
                      - resume: c
                        returning: '"at once"'
                  - log: "\\\\(s)"
                  - withContinuation: d
                    do:
                      - dispatch_async: main
                        captures: [d]
                        do: [resume: d]
                  - log: after a real suspension
              - runUntil: 100ms
            """)
        #expect(Self.logs(o) == ["0 at once", "0 queued before", "0 after a real suspension"])
    }

    /// Never resumed: the checked continuation's last reference goes at the body's end, Swift logs the misuse,
    /// and the task is suspended for ever, reported with the function and the line — apart from the threads: it
    /// holds none, so no thread is parked.
    @Test func neverResumedIsLoggedAndTheTaskIsSuspendedForEver() throws {
        let o = try Self.run(
            """
            name: leak
            until: 1s
            main:
              - task: loader
                actor: main
                do:
                  - withContinuation: c
                    function: "load()"
                    do:
                      - log: forgot to resume
                  - log: not reached
              - runUntil: 100ms
            """)
        #expect(
            Self.logs(o) == [
                "0 forgot to resume",
                "0 SWIFT TASK CONTINUATION MISUSE: load() leaked its continuation without resuming it. This may "
                    + "cause tasks waiting on it to remain suspended forever.",
            ])
        #expect(o.findings.parkedThreads.isEmpty)
        #expect(o.findings.suspendedTasks.map(\.name) == ["Task loader"])
        #expect(o.findings.suspendedTasks.first?.reason.contains("withCheckedContinuation of load()") == true)
    }

    /// An unsafe continuation checks nothing: no log, the task is suspended for ever all the same. One held by a
    /// field but never resumed makes the task a waiting one (something the app holds can still resume it).
    @Test func uncheckedLeakIsSilentAndAHeldOneIsWaiting() throws {
        let o = try Self.run(
            """
            name: unsafe
            until: 1s
            classes:
              Loader:
                fields:
                  pending: id
                methods:
                  wait:
                    async: true
                    do:
                      - withContinuation: c
                        do:
                          - set: self.pending = c
            main:
              - let: box = new Loader
              - task: first
                detached: true
                do:
                  - withContinuation: c
                    checked: false
                    do: [log: dropped]
              - task: second
                detached: true
                captures: [box]
                do:
                  - await: box.wait
              - runUntil: 100ms
            """)
        #expect(Self.logs(o) == ["0 dropped"])
        #expect(o.findings.suspendedTasks.map(\.name) == ["Task first"])
        #expect(o.findings.waitingTasks.map(\.name) == ["Task second"])
        #expect(o.findings.parkedThreads.isEmpty && o.findings.waitingThreads.isEmpty)
    }

    /// A second resume of a checked continuation is Swift's fatalError, with the value.
    @Test func resumedTwiceCrashes() throws {
        let o = try Self.run(
            """
            name: twice
            until: 1s
            main:
              - task:
                detached: true
                do:
                  - withContinuation: c
                    function: "fetch(id:)"
                    type: int
                    result: n
                    do:
                      - resume: c
                        returning: 1
                      - resume: c
                        returning: 2
              - runUntil: 100ms
            """)
        #expect(
            o.crash?.message
                == "Fatal error: SWIFT TASK CONTINUATION MISUSE: fetch(id:) tried to resume its continuation more "
                + "than once, returning 2!")
    }

    /// The completion block holds the continuation, and what it captured, until it runs: the object lives until the
    /// resume, the resumed object is the awaiting task's, and everything is freed once the task ends.
    @Test func capturesLiveUntilTheResume() throws {
        let o = try Self.run(
            """
            name: lifetimes
            until: 1s
            classes:
              Page: {}
              Request: {}
            main:
              - task:
                detached: true
                do:
                  - let: request = new Request
                  - withContinuation: c
                    type: Page
                    result: page
                    do:
                      - dispatch_after: global
                        delay: 200ms
                        captures: [c, request]
                        do:
                          - resume: c
                            returning: new Page
                  - release: request
                  - log: "page \\\\(page != nil)"
              - runUntil: 100ms
              - check: waiting
              - runUntil: 500ms
            """)
        #expect(Self.logs(o) == ["200 page true"])
        #expect(o.allocated == o.deallocated, "\(o.allocated) allocated, \(o.deallocated) deallocated")
        let deaths = o.deaths.map(\.className)
        #expect(deaths.contains("CheckedContinuation") && deaths.contains("Request") && deaths.contains("Page"))
        #expect(o.deaths.first { $0.className == "CheckedContinuation" }.map { $0.at.nanoseconds / 1_000_000 } == 200)
    }

    /// `resume:` of something that is not a continuation, a body with an await, and a `withContinuation:` outside a
    /// task are refused or fault.
    @Test func misuseIsRefused() {
        #expect(
            SwiftConcurrencyAwaitTests.ids("name: x\nmain:\n  - withContinuation: c\n    do: [log: a]")
                == [.taskNotAsync])
        #expect(
            SwiftConcurrencyAwaitTests.ids(
                "name: x\nmain:\n  - task:\n    do:\n      - withContinuation: c\n        do: [taskYield: ]")
                == [.taskNotAsync])
        #expect(SwiftConcurrencyAwaitTests.ids("name: x\nmain:\n  - resume: 3") == [.exprType])
    }
}
