import LoopSimKernel
import LoopSimScenario
import Testing

/// `trap: MESSAGE` (docs/scenario-format.md §7.1): the modelled program's own runtime trap — a Swift force unwrap
/// of nil, `fatalError` — crashes the run at its step with the message, on the thread that runs it; nothing after
/// it runs, on any thread.
@Suite struct TrapStepTests {
    @Test func aTrapCrashesTheRunWithItsMessage() throws {
        let o = try KernelSemanticsTests.run(
            """
            name: trap
            until: 5s
            main:
              - log: before
              - dispatch_after: main
                delay: 2s
                do:
                  - trap: "F.swift:3: Fatal error: boom"
                  - log: not reached
              - scheduledTimer: t
                every: 1s
                repeats: true
                block: {do: [log: tick]}
            """)
        let crash = try #require(o.crash)
        #expect(crash.message == "F.swift:3: Fatal error: boom")
        #expect(crash.at == SimInstant(nanoseconds: 2_000_000_000))
        #expect(crash.thread == "main")
        // The timer fired at 1 s and 2 s (its 2 s fire ran before the block due at the same instant, or not): no
        // fire after the crash.
        #expect(o.logs.map(\.text).filter { $0 == "not reached" }.isEmpty)
        #expect(o.logs.filter { $0.text == "tick" }.count <= 2)
        #expect(o.logs.first?.text == "before")
    }

    @Test func aTrapInABranchNotTakenDoesNothing() throws {
        let o = try KernelSemanticsTests.run(
            """
            name: trap not taken
            until: 1s
            main:
              - let: x = 1
              - if: x == 2
                then: [trap: never]
              - log: after
            """)
        #expect(o.crash == nil)
        #expect(o.logs.map(\.text) == ["after"])
    }
}
