import LoopSimKernel
import LoopSimScenario
import Testing

/// The second layer of Swift concurrency (docs/scenario-format.md §7.13, docs/fidelity.md "Swift concurrency"):
/// `await:` of async, `@MainActor` and actor methods on their executors, actors as serial executors and their
/// reentrancy, `taskYield:` and `awaitTask:`.
@Suite struct SwiftConcurrencyAwaitTests {
    static func logs(_ o: RunOutcome) -> [String] { SwiftConcurrencyTests.logs(o) }

    static func run(_ yaml: String) throws -> RunOutcome { try SwiftConcurrencyTests.run(yaml) }

    static func ids(_ yaml: String) -> [DiagnosticID] {
        ScenarioLoader.load(text: yaml, file: "inline.yaml").diagnostics.map(\.id)
    }

    /// A nonisolated async method awaited from a main-actor task runs on the pool (SE-0338); its sleep suspends
    /// the task, and the task resumes on the main thread after it.
    @Test func aNonisolatedAsyncMethodRunsOnThePoolAndTheCallerComesBack() throws {
        let o = try Self.run(
            """
            name: plain
            until: 1s
            classes:
              Model:
                methods:
                  refresh:
                    async: true
                    do:
                      - if: current thread.isMainThread
                        then: [log: refresh on main]
                        else: [log: refresh off main]
                      - taskSleep: 100ms
                      - log: refresh slept
            main:
              - let: m = new Model
              - task:
                captures: [m]
                do:
                  - await: m.refresh
                  - if: current thread.isMainThread
                    then: [log: caller on main]
              - runUntil: 500ms
            """)
        #expect(Self.logs(o) == ["0 refresh off main", "100 refresh slept", "100 caller on main"])
    }

    /// An actor runs one job at a time: three awaits of a method that blocks 200 ms end 200 ms apart, although
    /// the pool has two threads.
    @Test func anActorRunsOneJobAtATime() throws {
        let yaml = """
            name: serial
            until: 2s
            classes:
              Store:
                actor: true
                methods:
                  save: [work: 200ms, log: saved]
            main:
              - let: s = new Store
              - for: i in 0..<3
                do:
                  - task:
                    detached: true
                    captures: [s]
                    do: [await: s.save]
              - runUntil: 1s
            """
        #expect(Self.logs(try Self.run(yaml)) == ["200 saved", "400 saved", "600 saved"])
        // The same class without `actor: true` (its sync method could not be awaited: made async instead) runs
        // two at once on the pool: the serialization is the actor's.
        let plain = yaml.replacingOccurrences(of: "actor: true", with: "root: false")
            .replacingOccurrences(
                of: "save: [work: 200ms, log: saved]", with: "save: {async: true, do: [work: 200ms, log: saved]}")
        #expect(Self.logs(try Self.run(plain)) == ["200 saved", "200 saved", "400 saved"])
    }

    /// Reentrancy: while one call of an actor's async method sleeps, the actor runs the next call.
    @Test func anActorRunsOtherJobsWhileOneSleeps() throws {
        let o = try Self.run(
            """
            name: reentrant
            until: 2s
            classes:
              Cache:
                actor: true
                methods:
                  load: {async: true, do: [log: start, taskSleep: 200ms, log: end]}
            main:
              - let: c = new Cache
              - task:
                detached: true
                captures: [c]
                do: [await: c.load]
              - runUntil: 50ms
              - task:
                detached: true
                captures: [c]
                do: [await: c.load]
              - runUntil: 1s
            """)
        #expect(Self.logs(o) == ["0 start", "50 start", "200 end", "250 end"])
    }

    /// An actor's job that blocks its thread keeps the actor: a second job queued on the actor waits for it,
    /// and then runs on the pool, FIFO behind the jobs queued before it.
    @Test func anActorThatSleepsIsFreeButOneThatWorksIsNot() throws {
        let o = try Self.run(
            """
            name: busy
            until: 2s
            classes:
              A:
                actor: true
                methods:
                  slow: {async: true, do: [work: 100ms, taskSleep: 100ms, log: slow done]}
                  quick: [log: quick]
            main:
              - let: a = new A
              - task:
                detached: true
                captures: [a]
                do: [await: a.slow]
              - task:
                detached: true
                captures: [a]
                do: [await: a.quick]
              - runUntil: 1s
            """)
        #expect(Self.logs(o) == ["100 quick", "200 slow done"])
    }

    /// A `@MainActor` class's methods, awaited from the pool, run on the main thread after the main thread's busy
    /// block; the caller comes back to the pool.
    @Test func aMainActorClassMethodHopsToTheMainQueue() throws {
        let o = try Self.run(
            """
            name: main actor
            until: 1s
            classes:
              Screen:
                mainActor: true
                methods:
                  mark:
                    - if: current thread.isMainThread
                      then: [log: mark on main]
            main:
              - let: s = new Screen
              - task:
                detached: true
                captures: [s]
                do:
                  - await: s.mark
                  - if: not current thread.isMainThread
                    then: [log: back on the pool]
              - dispatch_async: main
                do: [work: 300ms]
              - runUntil: 600ms
            """)
        #expect(Self.logs(o) == ["300 mark on main", "300 back on the pool"])
    }

    /// `taskYield:` puts a main-actor task's job behind the main queue's other blocks, and behind a block queued
    /// after the yield: the task comes back through the pool.
    @Test func taskYieldGoesToTheBackOfTheMainQueue() throws {
        let o = try Self.run(
            """
            name: yield
            until: 1s
            main:
              - task:
                do: [log: A1, taskYield: , log: A2]
              - dispatch_async: main
                do:
                  - log: block
                  - dispatch_async: main
                    do: [log: block2]
              - runUntil: 100ms
            """)
        #expect(Self.logs(o) == ["0 A1", "0 block", "0 block2", "0 A2"])
    }

    /// `taskYield:` on the main actor needs a pool thread (Task.yield is nonisolated, SE-0338): with the pool's
    /// threads blocked, the task goes on when one is free, after a later main-queue timer.
    @Test func taskYieldOnTheMainActorWaitsForAPoolThread() throws {
        let o = try Self.run(
            """
            name: yield
            until: 2s
            variants: [linux-corelibs]
            main:
              - task:
                do:
                  - taskGroup:
                      - do: [work: 500ms]
                      - do: [work: 500ms]
              - task:
                do: [log: A1, taskYield: , log: A2]
              - dispatch_after: main
                delay: 200ms
                do: [log: tick]
              - runUntil: 1s
            """)
        #expect(Self.logs(o) == ["0 A1", "200 tick", "500 A2"])
    }

    /// A detached task's `taskYield:` stays on the pool: it goes on at once, off the main thread.
    @Test func taskYieldOnThePoolStaysOnThePool() throws {
        let o = try Self.run(
            """
            name: yield
            until: 1s
            main:
              - task:
                detached: true
                do:
                  - taskYield:
                  - if: current thread.isMainThread
                    then: [log: on main]
                    else: [log: on the pool]
              - runUntil: 100ms
            """)
        #expect(Self.logs(o) == ["0 on the pool"])
    }

    /// `await:` with `result:`: the method's returned value, stored when the await ends (after the method's sleep,
    /// back on the main thread); a method that returns nothing refuses `result:`.
    @Test func awaitTakesTheReturnedValue() throws {
        let o = try Self.run(
            """
            name: await result
            until: 1s
            classes:
              Loader:
                methods:
                  load:
                    async: true
                    params: [n: int]
                    returns: int
                    do:
                      - taskSleep: 200ms
                      - return: n * 2
            main:
              - let: loader = new Loader
              - task:
                captures: [loader]
                do:
                  - await: loader.load
                    with: [21]
                    result: total
                  - if: current thread.isMainThread
                    then: [log: total \\(total) on main]
              - runUntil: 500ms
            """)
        #expect(Self.logs(o) == ["200 total 42 on main"])
        let refused = Self.ids(
            """
            name: no value
            until: 1s
            classes:
              Loader:
                methods:
                  poke: {async: true, do: []}
            main:
              - let: loader = new Loader
              - task:
                captures: [loader]
                do:
                  - await: loader.poke
                    result: x
            """)
        #expect(
            refused.contains("method.return-value") || refused.map(\.description).contains { $0.contains("return") },
            "\(refused)")
    }

    /// `awaitTask:` waits for the task to finish, and a finished task is not waited for.
    @Test func awaitTaskWaitsForTheTaskToFinish() throws {
        let o = try Self.run(
            """
            name: value
            until: 1s
            main:
              - task: t
                detached: true
                do: [work: 200ms]
              - task:
                captures: [t]
                do: [awaitTask: t, log: first, awaitTask: t, log: second]
              - runUntil: 500ms
            """)
        #expect(Self.logs(o) == ["200 first", "200 second"])
    }

    /// A task suspended inside an actor's method holds the actor through its frames: released by the app, the
    /// actor lives on, and the leak path goes through the runtime and the task's suspended frame.
    @Test func aSuspendedActorMethodKeepsTheActor() throws {
        let o = try Self.run(
            """
            name: holds
            until: 2s
            classes:
              Poller:
                actor: true
                methods:
                  poll:
                    async: true
                    do:
                      - while: "true"
                        do: [taskSleep: 100ms]
            main:
              - let: p = new Poller
              - task:
                detached: true
                captures: [p]
                do: [await: p.poll]
              - runUntil: 250ms
              - release: p
            """)
        let poller = try #require(o.findings.leaks.first { $0.className == "Poller" })
        #expect(poller.path.first == "suspended Task task")
    }

    /// A task group's children run on the pool, two at a time here (the third starts at 100 ms, when the second's
    /// thread is free), and the parent waits for the last; a cancel of the parent wakes the sleeping child.
    @Test func aTaskGroupWaitsForItsChildrenAndPassesACancelOn() throws {
        let yaml = """
            name: group
            until: 1s
            main:
              - task: parent
                detached: true
                do:
                  - taskGroup:
                      - do: [work: 200ms, log: a]
                      - do: [work: 100ms, log: b]
                      - do: [taskSleep: 300ms, log: c]
                  - log: group ended
              - runUntil: 800ms
            """
        #expect(Self.logs(try Self.run(yaml)) == ["100 b", "200 a", "400 c", "400 group ended"])
        let cancelled = yaml.replacingOccurrences(
            of: "  - runUntil: 800ms", with: "  - runUntil: 150ms\n  - cancelTask: parent\n  - runUntil: 800ms")
        #expect(Self.logs(try Self.run(cancelled)) == ["100 b", "150 c", "200 a", "200 group ended"])
    }

    /// The bad inputs: `await:` of a plain sync method, `call:` of an async or an actor's method, `await:`
    /// outside a task, an actor that is also `@MainActor`.
    @Test func badAwaitsAreRefused() {
        let classes = """
            classes:
              M:
                methods:
                  sync: [log: s]
                  go: {async: true, do: [log: a]}
              S:
                actor: true
                methods:
                  save: [log: saved]
            """
        let awaitSync = "  - task:\n    captures: [m]\n    do: [await: m.sync]"
        #expect(Self.ids("name: x\n\(classes)\nmain:\n  - let: m = new M\n" + awaitSync) == [.awaitNotAsync])
        #expect(Self.ids("name: x\n\(classes)\nmain:\n  - let: m = new M\n  - call: m.go") == [.awaitMissing])
        #expect(Self.ids("name: x\n\(classes)\nmain:\n  - let: s = new S\n  - call: s.save") == [.awaitMissing])
        #expect(Self.ids("name: x\n\(classes)\nmain:\n  - let: m = new M\n  - await: m.go") == [.taskNotAsync])
        #expect(
            Self.ids("name: x\nclasses:\n  B:\n    actor: true\n    mainActor: true\nmain: []") == [.valueInvalid])
        // `nonisolated: true` (SE-0313, an actor's sync init by SE-0327): called with `call:` from outside; not also
        // `mainActor:`.
        let nonisolated =
            "classes:\n  S:\n    actor: true\n    methods:\n      label: {nonisolated: true, do: [log: l]}"
        #expect(Self.ids("name: x\n\(nonisolated)\nmain:\n  - let: s = new S\n  - call: s.label").isEmpty)
        let both = nonisolated.replacingOccurrences(of: "nonisolated: true", with: "nonisolated: true, mainActor: true")
        #expect(Self.ids("name: x\n\(both)\nmain: []") == [.valueInvalid])
    }

    /// A nonisolated method of an actor runs where it is called: on main from `main:`, and an async one on the
    /// global executor when a main-actor task awaits it.
    @Test func aNonisolatedActorMethodRunsWhereItIsCalled() throws {
        let yaml = """
            name: nonisolated
            until: 1s
            classes:
              S:
                actor: true
                methods:
                  label: {nonisolated: true, do: [log: label]}
                  fetch: {nonisolated: true, async: true, do: [log: fetch]}
            main:
              - let: s = new S
              - call: s.label
              - task:
                actor: main
                captures: [s]
                do: [await: s.fetch]
            """
        let run = try Self.run(yaml)
        #expect(run.logs.map(\.text) == ["label", "fetch"], "\(run.logs)")
        #expect(run.logs.map(\.thread) == ["main", "worker-1"], "\(run.logs)")
    }
}
