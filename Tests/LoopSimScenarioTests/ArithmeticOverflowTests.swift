import LoopSimKernel
import LoopSimScenario
import Testing

/// Scenario arithmetic never traps the simulator: past the 64-bit integers an `increment`, a `decrement`, `+`
/// or `-` is the modelled app's crash (Swift's arithmetic traps; docs/fidelity.md), and a semaphore signalled
/// past `LONG_MAX` crashes as libdispatch's `dispatch_semaphore_signal` does. Up to the limits nothing happens.
@Suite struct ArithmeticOverflowTests {
    static func run(_ steps: String) throws -> RunOutcome {
        try KernelSemanticsTests.run(
            """
            name: overflow
            until: 1s
            main:
            \(steps)
              - log: after
            """)
    }

    @Test(arguments: [
        ("  - let: n = 9223372036854775807\n  - increment: n", "9223372036854775807 + 1"),
        ("  - let: n = -9223372036854775808\n  - decrement: n", "-9223372036854775808 - 1"),
        ("  - let: n = 9223372036854775807\n  - let: m = n + 1", "9223372036854775807 + 1"),
        ("  - let: n = -9223372036854775807\n  - let: m = n - 2", "-9223372036854775807 - 2"),
    ])
    func overflowIsACrashNotATrap(steps: String, operation: String) throws {
        let o = try Self.run(steps)
        let crash = try #require(o.crash)
        #expect(crash.message.hasPrefix("arithmetic overflow: \(operation) is outside the 64-bit integers"))
        #expect(o.logs.isEmpty)
    }

    @Test func upToTheLimitsArithmeticIsExact() throws {
        let o = try Self.run(
            """
              - let: n = 9223372036854775806
              - increment: n
              - sample: top
                value: n
              - let: m = -9223372036854775807
              - let: m = m - 1
              - sample: bottom
                value: m
            """)
        #expect(o.crash == nil)
        #expect(o.samples.map(\.value) == [Int.max, Int.min])
    }

    @Test func aSemaphoreSignalledPastLongMaxCrashesAsLibdispatchDoes() throws {
        let o = try Self.run(
            """
              - let: s = dispatch_semaphore_create 9223372036854775807
              - dispatch_semaphore_signal: s
            """)
        #expect(
            o.crash?.message.hasPrefix("BUG IN CLIENT OF LIBDISPATCH: Unbalanced call to dispatch_semaphore_signal()")
                == true)
        #expect(o.logs.isEmpty)
    }

    /// `_dispatch_semaphore_dispose`: a semaphore let go below the value it was made with crashes; balanced, or
    /// above it (signalled more than waited), it goes quietly.
    @Test func aSemaphoreDeallocatedWhileInUseCrashesAsLibdispatchDoes() throws {
        let o = try Self.run(
            """
              - let: s = dispatch_semaphore_create 2
              - dispatch_semaphore_wait: s
              - release: s
            """)
        #expect(
            o.crash?.message.hasPrefix("BUG IN CLIENT OF LIBDISPATCH: Semaphore object deallocated while in use")
                == true, "\(String(describing: o.crash))")
        #expect(o.logs.isEmpty)
        let balanced = try Self.run(
            """
              - let: s = dispatch_semaphore_create 2
              - dispatch_semaphore_wait: s
              - dispatch_semaphore_signal: s
              - dispatch_semaphore_signal: s
              - release: s
            """)
        #expect(balanced.crash == nil)
        #expect(balanced.logs.map(\.text) == ["after"])
    }
}
