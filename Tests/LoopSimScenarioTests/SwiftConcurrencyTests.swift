import LoopSimKernel
import LoopSimScenario
import Testing

/// Swift concurrency on the run loop (docs/scenario-format.md §7.13, docs/fidelity.md "Swift concurrency"): a
/// main-actor job is a main-queue block, a global job takes a cooperative pool thread, `taskSleep:` suspends
/// without holding a thread, a cancel wakes a sleeping task, and a task holds its closure until it finishes.
@Suite struct SwiftConcurrencyTests {
    /// The times (ms), threads and texts of a run's logs.
    static func logs(_ o: RunOutcome) -> [String] {
        o.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" }
    }

    static func run(_ yaml: String, _ variant: String = "linux-corelibs") throws -> RunOutcome {
        try KernelSemanticsTests.run(yaml, variant)
    }

    /// Main-actor jobs and main-queue blocks share one FIFO queue, drained by the main loop: nothing of a task
    /// runs before the step that made it returns.
    @Test func mainActorJobsAreMainQueueBlocksInOrder() throws {
        let o = try Self.run(
            """
            name: order
            until: 1s
            main:
              - task:
                do: [log: A]
              - dispatch_async: main
                do: [log: B]
              - task:
                actor: main
                do: [log: C]
              - log: made
              - runMode: default
                before: 500ms
              - log: returned
            """)
        #expect(Self.logs(o) == ["0 made", "0 A", "0 B", "0 C", "0 returned"])
    }

    /// A task made off the main thread without `actor: main` runs on the pool; one with it on the main thread.
    @Test func aTaskInheritsTheMainActorOnlyOnTheMainThread() throws {
        let o = try Self.run(
            """
            name: inherit
            until: 1s
            main:
              - thread: worker
                do:
                  - task:
                    do:
                      - if: current thread.isMainThread
                        then: [log: inherited on main]
                        else: [log: inherited off main]
                  - task:
                    actor: main
                    do:
                      - if: current thread.isMainThread
                        then: [log: explicit on main]
              - runUntil: 500ms
            """)
        #expect(Self.logs(o).sorted() == ["0 explicit on main", "0 inherited off main"])
    }

    /// The pool runs `cooperativePoolWidth` jobs at once: 2 under linux-corelibs, and the flag decides.
    @Test(arguments: [
        (2, ["100", "100", "200", "200"]), (1, ["100", "200", "300", "400"]), (4, ["100", "100", "100", "100"]),
    ])
    func theCooperativePoolHasAWidth(width: Int, ends: [String]) throws {
        let o = try Self.run(
            """
            name: width
            until: 1s
            set: {cooperativePoolWidth: \(width)}
            main:
              - for: i in 0..<4
                do:
                  - task:
                    detached: true
                    do:
                      - work: 100ms
                      - log: done
              - runUntil: 900ms
            """)
        #expect(o.logs.map { "\($0.at.nanoseconds / 1_000_000)" } == ends)
    }

    /// `taskSleep:` frees the thread: the main loop goes on (its runMode times out) while a main-actor task
    /// sleeps, and the task resumes on the main thread at its deadline.
    @Test func sleepSuspendsWithoutHoldingTheThread() throws {
        let o = try Self.run(
            """
            name: sleep
            until: 2s
            main:
              - task:
                do:
                  - log: before
                  - taskSleep: 300ms
                  - if: current thread.isMainThread
                    then: [log: after on main]
              - runMode: default
                before: 100ms
              - log: first
              - runUntil: 1s
            """)
        #expect(Self.logs(o) == ["0 before", "0 first", "300 after on main"])
    }

    /// A cancel wakes a sleeping task at once; `throwing: true` then ends it, `Task.isCancelled` reads true, and
    /// `checkCancellation:` ends a cancelled task.
    @Test func cancelWakesASleepingTask() throws {
        let o = try Self.run(
            """
            name: cancel
            until: 3s
            classes:
              Holder: {fields: {a: Task, b: Task, c: Task}}
            main:
              - let: h = new Holder
              - task: h.a
                do:
                  - taskSleep: 1s
                  - if: Task.isCancelled
                    then: [log: a woke cancelled]
              - task: h.b
                do:
                  - taskSleep: 1s
                    throwing: true
                  - log: b never
              - task: h.c
                do:
                  - taskSleep: 500ms
                  - checkCancellation:
                  - log: c never
              - runUntil: 200ms
              - cancelTask: h.a
              - cancelTask: h.b
              - cancelTask: h.c
              - runUntil: 2s
            """)
        #expect(Self.logs(o) == ["200 a woke cancelled"])
        #expect(o.findings.leaks.isEmpty)
    }

    /// A task loop capturing its owner strongly keeps it: the owner is abandoned, held by the Swift runtime
    /// through the task and its closure; with `[weak self]` checked each turn it is freed at the release.
    @Test func aTaskLoopKeepsItsOwnerThroughTheRuntime() throws {
        let yaml = """
            name: owner
            until: 2s
            classes:
              Owner:
                fields: {task: Task}
                methods:
                  start:
                    - task: self.task
                      captures: [strong self]
                      do:
                        - while: not Task.isCancelled
                          do:
                            - if: self == nil
                              then: [break]
                            - taskSleep: 100ms
                dealloc:
                  - cancelTask: self.task
            main:
              - let: o = new Owner
              - call: o.start
              - runUntil: 250ms
              - release: o
            """
        let strong = try Self.run(yaml)
        let owner = try #require(strong.findings.leaks.first { $0.className == "Owner" })
        #expect(owner.kind == .abandoned)
        #expect(owner.path.prefix(3) == ["Swift concurrency runtime", "Task task", "block#1"])
        #expect(owner.edges.prefix(3) == ["task", "closure", "self"])
        let weak = try Self.run(yaml.replacingOccurrences(of: "[strong self]", with: "[weak self]"))
        #expect(weak.findings.leaks.isEmpty)
        #expect(weak.deallocated == weak.allocated)
    }

    /// `mainActorRun:` hops to the main queue and back: the body waits for a busy main-queue block, the code
    /// after it runs off the main thread again.
    @Test func mainActorRunHopsAndComesBack() throws {
        let o = try Self.run(
            """
            name: hop
            until: 1s
            main:
              - task:
                detached: true
                do:
                  - mainActorRun:
                      - if: current thread.isMainThread
                        then: [log: body on main]
                  - if: not current thread.isMainThread
                    then: [log: back off main]
              - dispatch_async: main
                do: [work: 200ms]
              - runUntil: 500ms
            """)
        #expect(Self.logs(o) == ["200 body on main", "200 back off main"])
    }

    /// An await outside a task's closure is refused: `task.not-async`, at the step.
    @Test func anAwaitOutsideATaskIsRefused() {
        let loaded = ScenarioLoader.load(
            text: """
                name: x
                main:
                  - taskSleep: 1s
                """, file: "inline.yaml")
        #expect(loaded.scenario == nil)
        #expect(loaded.diagnostics.map(\.id) == [.taskNotAsync])
    }
}
