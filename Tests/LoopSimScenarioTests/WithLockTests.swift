import LoopSimKernel
import LoopSimScenario
import Testing

/// `withLock:` (NSLocking.withLock) and a lock's `name` (issue 34 item 4; docs/scenario-format.md §7.14; c136, c137).
@Suite struct WithLockTests: CorelibsScenarioFixture {
    static let box = """
        classes:
          Box: {fields: {lock: strong id, other: strong id, n: int}}
        """

    @Test(arguments: ["linux-corelibs", "ios10"])
    func withLockHoldsTheLockForItsBodyOnly(variant: String) throws {
        let o = try run(
            """
            name: with lock
            until: 1s
            \(Self.box)
            main:
              - let: box = new Box
              - newLock: box.lock
                name: accounts
              - thread: worker
                captures: [strong box]
                do:
                  - withLock: box.lock
                    do: [{increment: box.n}, {work: 100ms}, {log: worker out}]
                  - log: worker after
              - work: 20ms
              - withLock: box.lock
                do: [{increment: box.n}, {log: main in}]
              - if: box.n == 2
                then: [log: counted twice]
            """, variant)
        #expect(
            msThreadLines(o) == [
                "100 worker worker out", "100 worker worker after", "100 main main in", "100 main counted twice",
            ])
    }

    @Test func withLockNestsOnARecursiveLockAndDeadlocksOnAPlainOne() throws {
        let o = try run(
            """
            name: nested
            until: 1s
            \(Self.box)
            main:
              - let: box = new Box
              - newLock: box.lock
                class: NSRecursiveLock
              - withLock: box.lock
                do:
                  - withLock: box.lock
                    do: [log: nested in]
              - tryLock: box.lock
                result: free
              - if: free
                then: [log: free after both]
              - newLock: box.other
                name: ledger
              - thread: t
                captures: [strong box]
                do:
                  - withLock: box.other
                    do:
                      - withLock: box.other
                        do: [log: never]
            """)
        #expect(o.logs.map(\.text) == ["nested in", "free after both"])
        let reason = try #require(o.findings.parkedThreads.first { $0.name == "t" }?.reason)
        #expect(reason.contains("box.other (NSLock other) named \"ledger\""))
    }

    @Test func aLockNameShowsInTheParkedChain() throws {
        let o = try run(
            """
            name: inversion
            until: 2s
            \(Self.box)
            main:
              - let: box = new Box
              - newLock: box.lock
                name: accounts
              - newLock: box.other
              - thread: one
                captures: [strong box]
                do: [lock: box.lock, work: 10ms, lock: box.other]
              - thread: two
                captures: [strong box]
                do: [lock: box.other, work: 10ms, lock: box.lock]
            """)
        #expect(
            o.findings.parkedThreads.first?.reason
                == "one waits for lock box.other (NSLock other), held by two → two waits for lock box.lock "
                + "(NSLock lock) named \"accounts\", held by one → deadlock: one waits for itself")
    }

    @Test func breakCannotLeaveAWithLockBody() {
        let ids = ScenarioLoader.load(
            text: """
                name: bad
                until: 1s
                main:
                  - newLock: l
                  - for: i in 0..<3
                    do:
                      - withLock: l
                        do: [break]
                """, file: "t.yaml"
        ).diagnostics.map(\.id.description)
        #expect(ids == ["loop.control"])
    }
}
