import LoopSimKernel
import LoopSimScenario
import Testing

/// Foundation's locks in the kernel (docs/scenario-format.md §7.14): contention, timed waits, recursion, conditions,
/// condition locks, what an unlock by another thread does per variant, and the parked-thread chain of a deadlock.
@Suite struct LockSemanticsTests: CorelibsScenarioFixture {
    /// Each log as `instant thread text`.
    func lines(_ o: RunOutcome) -> [String] { o.logs.map { "\($0.at) \($0.thread) \($0.text)" } }

    static let box = """
        classes:
          Box: {fields: {lock: strong id, other: strong id, ok: bool, n: int}}
        """

    @Test func aWaiterTakesTheLockWhenItsHolderUnlocksAndWaitersGoInOrder() throws {
        let o = try run(
            """
            name: contention
            until: 2s
            \(Self.box)
            main:
              - let: box = new Box
              - newLock: box.lock
              - thread: holder
                captures: [strong box]
                do: [lock: box.lock, work: 500ms, unlock: box.lock]
              - thread: late
                captures: [strong box]
                do: [work: 200ms, lock: box.lock, log: late, unlock: box.lock]
              - thread: early
                captures: [strong box]
                do: [work: 100ms, lock: box.lock, log: early, work: 100ms, unlock: box.lock]
            """)
        #expect(lines(o) == ["500ms early early", "600ms late late"])
        #expect(o.findings.parkedThreads.isEmpty)
    }

    @Test func theUnlockingThreadRelocksFirst() throws {
        // First fit: the holder that unlocks and locks again at the same instant keeps the lock from its woken
        // waiter, which gets it only at the last unlock.
        let o = try run(
            """
            name: first fit
            until: 2s
            \(Self.box)
            main:
              - let: box = new Box
              - newLock: box.lock
              - thread: holder
                captures: [strong box]
                do: [lock: box.lock, work: 100ms, unlock: box.lock, lock: box.lock, work: 100ms, unlock: box.lock]
              - thread: waiter
                captures: [strong box]
                do: [work: 50ms, lock: box.lock, log: got it]
            """)
        #expect(lines(o) == ["200ms waiter got it"])
    }

    @Test func lockBeforeADateTimesOutAndAPastDateFailsAtOnce() throws {
        let o = try run(
            """
            name: lock before
            until: 2s
            \(Self.box)
            main:
              - let: box = new Box
              - newLock: box.lock
              - thread: holder
                captures: [strong box]
                do: [lock: box.lock, work: 1s, unlock: box.lock]
              - thread: other
                captures: [strong box]
                do:
                  - work: 100ms
                  - lock: box.lock
                    before: 0s
                    result: box.ok
                  - if: "!box.ok"
                    then: [log: past]
                  - lock: box.lock
                    before: 250ms
                    result: box.ok
                  - if: "!box.ok"
                    then: [log: timed out]
                  - tryLock: box.lock
                    result: box.ok
                  - if: "!box.ok"
                    then: [log: busy]
                  - lock: box.lock
                    before: 5s
                    result: box.ok
                  - if: box.ok
                    then: [log: taken]
            """)
        #expect(lines(o) == ["100ms other past", "350ms other timed out", "350ms other busy", "1s other taken"])
    }

    @Test func anNSLockIsNotRecursiveAndAnNSRecursiveLockIs() throws {
        let o = try run(
            """
            name: relock
            until: 2s
            \(Self.box)
            main:
              - let: box = new Box
              - newLock: box.lock
              - newLock: box.other
                class: NSRecursiveLock
              - thread: t
                captures: [strong box]
                do:
                  - lock: box.other
                  - lock: box.other
                  - log: recursive twice
                  - unlock: box.other
                  - unlock: box.other
                  - lock: box.lock
                  - lock: box.lock
                  - log: never
            """)
        #expect(lines(o) == ["0s t recursive twice"])
        #expect(o.findings.parkedThreads.map(\.name) == ["t"])
        let reason = o.findings.parkedThreads.first?.reason ?? ""
        #expect(reason.hasSuffix("held by t itself → deadlock: t waits for itself"))
    }

    @Test(arguments: [("linux-corelibs", true), ("ios10", false)])
    func anUnlockByAnotherThreadFollowsTheVariant(variant: String, releases: Bool) throws {
        let o = try run(
            """
            name: foreign unlock
            until: 2s
            \(Self.box)
            main:
              - let: box = new Box
              - newLock: box.lock
              - thread: owner
                captures: [strong box]
                do: [lock: box.lock, work: 1s]
              - thread: stranger
                captures: [strong box]
                do:
                  - work: 100ms
                  - unlock: box.lock
                  - tryLock: box.lock
                    result: box.ok
                  - if: box.ok
                    then: [log: released]
            """, variant)
        #expect(lines(o) == (releases ? ["100ms stranger released"] : []))
    }

    @Test func aConditionWaiterRelocksTheMutexBeforeItReturns() throws {
        let o = try run(
            """
            name: condition
            until: 2s
            \(Self.box)
            main:
              - let: box = new Box
              - newLock: box.lock
                class: NSCondition
              - thread: consumer
                captures: [strong box]
                do:
                  - lock: box.lock
                  - waitCondition: box.lock
                    until: 100ms
                    result: box.ok
                  - if: "!box.ok"
                    then: [log: timed out]
                  - waitCondition: box.lock
                    result: box.ok
                  - if: box.ok
                    then: [log: signalled]
                  - unlock: box.lock
              - thread: producer
                captures: [strong box]
                do: [work: 300ms, lock: box.lock, signalCondition: box.lock, work: 200ms, unlock: box.lock]
            """)
        #expect(lines(o) == ["100ms consumer timed out", "500ms consumer signalled"])
    }

    @Test func aConditionLockHandsOverByItsCondition() throws {
        let o = try run(
            """
            name: condition lock
            until: 2s
            \(Self.box)
            main:
              - let: box = new Box
              - newLock: box.lock
                class: NSConditionLock
                condition: 1
              - thread: second
                captures: [strong box]
                do:
                  - lock: box.lock
                    whenCondition: 2
                    before: 5s
                  - lockCondition: box.lock
                    into: box.n
                  - if: box.n == 2
                    then: [log: stage 2]
                  - unlock: box.lock
              - thread: first
                captures: [strong box]
                do:
                  - lock: box.lock
                    whenCondition: 1
                    before: 5s
                  - work: 100ms
                  - unlock: box.lock
                    withCondition: 2
            """)
        #expect(lines(o) == ["100ms second stage 2"])
    }

    @Test(arguments: [("linux-corelibs", true), ("ios10", false)])
    func aConditionLockWaitForEverTrapsOnLinux(variant: String, traps: Bool) throws {
        let o = try run(
            """
            name: condition lock for ever
            until: 2s
            \(Self.box)
            main:
              - let: box = new Box
              - newLock: box.lock
                class: NSConditionLock
              - thread: t
                captures: [strong box]
                do: [lock: box.lock, log: took]
              - thread: u
                captures: [strong box]
                do: [work: 100ms, lock: box.lock, log: never]
            """, variant)
        #expect(lines(o) == ["0s t took"])
        #expect((o.crash != nil) == traps)
        #expect(o.crash?.message.contains("distantFuture") ?? !traps)
    }

    @Test func aLockOrderInversionParksBothThreadsWithTheChain() throws {
        let o = try run(
            """
            name: inversion
            until: 2s
            \(Self.box)
            main:
              - let: box = new Box
              - newLock: box.lock
              - newLock: box.other
              - thread: one
                captures: [strong box]
                do: [lock: box.lock, work: 10ms, lock: box.other]
              - thread: two
                captures: [strong box]
                do: [lock: box.other, work: 10ms, lock: box.lock]
            """)
        let reasons = o.findings.parkedThreads.map(\.reason)
        #expect(o.findings.parkedThreads.map(\.name) == ["one", "two"])
        #expect(
            reasons.first
                == "one waits for lock box.other (NSLock other), held by two → two waits for lock box.lock "
                + "(NSLock lock), held by one → deadlock: one waits for itself")
    }

    @Test func aWaiterWhoseHolderCanStillUnlockIsWaitingNotParked() throws {
        // The holder sleeps in its run loop with a timer due: it will run, so the lock's waiter is not parked.
        let o = try run(
            """
            name: holder sleeps
            until: 1s
            \(Self.box)
            main:
              - let: box = new Box
              - newLock: box.lock
              - lock: box.lock
              - thread: waiter
                captures: [strong box]
                do: [lock: box.lock, log: never]
              - check: while the main thread holds it
            """)
        #expect(o.findings.parkedThreads.isEmpty)
        #expect(lines(o).isEmpty)
    }

    @Test func aMessageToAnotherObjectCrashesAsAnUnrecognizedSelector() throws {
        let o = try run(
            """
            name: not a condition
            until: 1s
            \(Self.box)
            main:
              - let: box = new Box
              - newLock: box.lock
              - signalCondition: box.lock
            """)
        #expect(o.crash?.message == "-[NSLock signal]: unrecognized selector sent to instance")
    }

    @Test func aBadLockClassIsADiagnostic() {
        let loaded = ScenarioLoader.load(
            text: """
                name: bad class
                until: 1s
                \(Self.box)
                main:
                  - let: box = new Box
                  - newLock: box.lock
                    class: NSSpinLock
                """, file: "inline.yaml")
        #expect(loaded.scenario == nil)
        #expect(loaded.diagnostics.map(\.id.rawValue) == ["value.invalid"])
    }
}
