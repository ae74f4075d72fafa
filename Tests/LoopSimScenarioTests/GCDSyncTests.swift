import LoopSimKernel
import LoopSimScenario
import Testing

/// `dispatch_sync`, dispatch groups, `dispatch_once` and barriers: the cases the scenarios in `scenarios/gcd-*`
/// do not cover (docs/scenario-format.md §7.6).
@Suite struct GCDSyncTests {
    func run(_ yaml: String, _ variant: String = "ios10") throws -> RunOutcome {
        try KernelSemanticsTests.run(yaml, variant)
    }

    static let reentrantSerial = """
        name: dispatch_sync onto the serial queue from its own block
        until: 2s
        queues: [db]
        main:
          - dispatch_async: db
            do:
              - log: outer
              - dispatch_sync: db
                do: [log: inner]
              - log: after
        """

    @Test func aDispatchSyncOntoItsOwnSerialQueueCrashesFromIOS10() throws {
        let o = try run(Self.reentrantSerial, "ios10")
        #expect(
            o.crash?.message == "BUG IN CLIENT OF LIBDISPATCH: dispatch_sync called on queue already owned by "
                + "current thread (queue db)")
        #expect(o.crash?.thread == "worker-1")
        #expect(o.logs.map(\.text) == ["outer"])
    }

    @Test func aDispatchSyncOntoItsOwnSerialQueueParksBeforeIOS10() throws {
        let o = try run(Self.reentrantSerial, "ios9")
        #expect(o.crash == nil)
        #expect(o.logs.map(\.text) == ["outer"])
        #expect(
            o.findings.parkedThreads.map(\.reason)
                == [
                    "worker-1 waits in dispatch_sync onto queue db, held by worker-1 itself → deadlock: worker-1 waits for itself"
                ])
    }

    @Test func anIdleSerialQueueRunsTheSyncBlockAtOnceAndItsDrainWaitsForIt() throws {
        // main takes the idle queue at 0 and keeps it 300 ms; a block queued at 100 ms (by worker-1, idle again by
        // then and so reused) runs after the sync block
        let o = try run(
            """
            name: sync on an idle queue
            until: 2s
            queues: [db]
            main:
              - dispatch_after: global
                delay: 100ms
                do:
                  - dispatch_async: db
                    do: [log: queued block]
              - dispatch_sync: db
                do: [{log: sync block}, {work: 300ms}, {log: sync block done}]
              - log: back
            """)
        #expect(
            o.logs.map { "\($0.at) \($0.thread) \($0.text)" }
                == [
                    "0s main sync block", "300ms main sync block done", "300ms main back",
                    "300ms worker-1 queued block",
                ])
    }

    @Test func aDispatchSyncOntoAConcurrentQueueFromItsOwnBlockRuns() throws {
        let o = try run(
            """
            name: nested sync on a concurrent queue
            until: 2s
            queues: [{pool: {concurrent: 2}}]
            main:
              - dispatch_async: pool
                do:
                  - dispatch_sync: pool
                    do: [log: inner]
                  - log: outer done
            """)
        #expect(o.crash == nil)
        #expect(o.logs.map(\.text) == ["inner", "outer done"])
        #expect(o.findings.parkedThreads.isEmpty)
    }

    @Test func aGroupWaitPollsWithAZeroTimeoutAndReturnsAtOnceWhenEmpty() throws {
        let o = try run(
            """
            name: group polls
            until: 2s
            main:
              - let: g = dispatch_group_create
              - dispatch_group_wait: g
                result: empty
              - dispatch_group_enter: g
              - dispatch_group_wait: g
                timeout: 0ms
                result: polled
              - if: empty == 0
                then: [log: empty returns 0]
              - if: polled == 1
                then: [log: entered polls 1]
              - dispatch_group_leave: g
            """)
        #expect(o.logs.map { "\($0.at) \($0.text)" } == ["0s empty returns 0", "0s entered polls 1"])
    }

    @Test func aSemaphoreVerbOnAGroupIsRejectedOrCrashes() throws {
        let typed = ScenarioLoader.load(
            text: """
                name: a group is no semaphore
                main:
                  - let: g = dispatch_group_create
                  - dispatch_semaphore_signal: g
                """, file: "t.yaml")
        #expect(typed.diagnostics.map(\.id.rawValue) == ["expr.type"])
        // through an `id` field the compiler cannot tell: libdispatch would misread the object
        let o = try run(
            """
            name: a group is no semaphore
            until: 1s
            classes:
              Box: {fields: {s: strong id}}
            main:
              - let: box = new Box
              - set: box.s = dispatch_group_create
              - dispatch_semaphore_signal: box.s
            """)
        #expect(o.crash?.message == "dispatch_semaphore_signal on nil (EXC_BAD_ACCESS)")
    }

    @Test func anEnteredGroupOutlivesItsLastNameUntilTheLeave() throws {
        let o = try run(
            """
            name: the group holds itself
            until: 2s
            main:
              - let: g = dispatch_group_create
              - dispatch_group_enter: g
              - dispatch_after: global
                delay: 500ms
                captures: [g]
                do: [dispatch_group_leave: g]
              - dispatch_group_notify: g
                queue: main
                do: [log: notified]
              - release: g
              - check: entered
            """)
        #expect(o.logs.map { "\($0.at) \($0.text)" } == ["500ms notified"])
        #expect(o.findings.leaks.isEmpty)
        #expect(o.deallocated == o.allocated)
    }

    /// A completion that returns before its `leave()` (h19-08's shape): nothing can leave the group any more, so
    /// the group, its notify block and the owner the block captured are a leaked cycle — no pending work.
    @Test func aGroupNothingCanLeaveLeaksWithItsNotifyBlock() throws {
        let o = try run(
            """
            name: a leave skipped
            until: 2s
            classes:
              Loader: {fields: {g: strong dispatch_group}}
            main:
              - let: loader = new Loader
              - set: loader.g = dispatch_group_create
              - dispatch_group_enter: loader.g
              - dispatch_group_enter: loader.g
              - dispatch_after: global
                delay: 100ms
                captures: [loader]
                do: [dispatch_group_leave: loader.g]
              - dispatch_group_notify: loader.g
                queue: main
                captures: [loader]
                do: [log: notified]
              - release: loader
            """)
        #expect(o.logs.isEmpty)
        #expect(o.findings.leaks.map(\.className) == ["Loader", "dispatch_group", "block"])
        #expect(o.findings.leaks.map(\.cause) == ["cycle", "cycle", "cycle"])
        #expect(o.findings.leaks.first?.edges == ["g", "notify", "loader"])
    }

    /// A queued `dispatch_group_async` item holds its group until its leave: the group and its notify block are
    /// pending work while the item waits behind a busy serial queue, not a leak.
    @Test func aQueuedGroupItemKeepsItsGroupAndNotifyBlockPending() throws {
        let o = try run(
            """
            name: a group item waits
            until: 2s
            queues: [db]
            classes:
              Loader: {fields: {g: strong dispatch_group}}
            main:
              - let: loader = new Loader
              - set: loader.g = dispatch_group_create
              - dispatch_async: db
                do: [work: 300ms]
              - dispatch_group_async: loader.g
                queue: db
                do: [log: saved]
              - dispatch_group_notify: loader.g
                queue: main
                captures: [loader]
                do: [log: notified]
              - release: loader
              - check: queued
            """)
        #expect(o.checks.map(\.findings.leaks.count) == [0])
        #expect(o.logs.map { "\($0.at) \($0.text)" } == ["300ms saved", "300ms notified"])
        #expect(o.findings.leaks.isEmpty)
        #expect(o.deallocated == o.allocated)
    }

    @Test func badQueueDeclarationsAndTokensAreErrorsWithTheirPlace() throws {
        let text = """
            name: x
            queues: [db, {img: {concurrent: 1}}, {x: 3}]
            classes:
              A: {fields: {t: strong A}}
            main:
              - let: a = new A
              - dispatch_once: a.t
                do: [log: x]
            """
        let errors = ScenarioLoader.load(text: text, file: "t.yaml").diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.id.rawValue) == ["value.invalid", "type.mismatch", "expr.type"])
        #expect(errors.map { "\($0.location.line):\($0.location.column)" } == ["2:33", "2:38", "7:20"])
    }
}
