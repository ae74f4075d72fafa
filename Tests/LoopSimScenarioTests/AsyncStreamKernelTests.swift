import LoopSimKernel
import LoopSimScenario
import Testing

/// `asyncStream:`, `streamYield:`, `streamFinish:` and `streamNext:` (docs/scenario-format.md §7.13): Swift's
/// `AsyncStream` with its default `.unbounded` buffering (swift stdlib/public/Concurrency/AsyncStreamBuffer.swift)
/// as the kernel's `Streams` runs it.
@Suite struct AsyncStreamKernelTests {
    static func run(_ yaml: String) throws -> RunOutcome { try SwiftConcurrencyTests.run(yaml) }
    static func logs(_ o: RunOutcome) -> [String] { SwiftConcurrencyTests.logs(o) }

    /// `for await n in numbers { log(n) }; log("ended")` written with the verbs, in a main-actor task.
    static func consumer() -> String {
        """
          - task: consumer
            actor: main
            captures: [numbers]
            do:
              - while: "true"
                do:
                  - streamNext: numbers
                    type: int
                    result: n
                    ended: done
                  - if: done
                    then: [break]
                  - log: "got \\\\(n)"
              - log: ended
        """
    }

    /// Yielded before the consumer asks: the values wait in the buffer and `next()` takes them without suspending,
    /// oldest first, before a main-queue block queued after the task's first job.
    @Test func yieldBeforeNextIsBufferedInOrder() throws {
        let o = try Self.run(
            """
            name: buffered
            until: 1s
            main:
              - asyncStream: numbers
              - streamYield: numbers
                value: 1
              - streamYield: numbers
                value: 2
            \(Self.consumer())
              - dispatch_async: main
                do: [log: queued after the task]
              - runUntil: 100ms
            """)
        #expect(Self.logs(o) == ["0 got 1", "0 got 2", "0 queued after the task"])
        #expect(o.findings.waitingTasks.map(\.name) == ["Task consumer"])
        #expect(o.findings.waitingThreads.isEmpty)
        #expect(o.findings.waitingTasks.first?.reason.contains("for await") == true)
    }

    /// The consumer asks first: it suspends, and a yield from a global-queue block resumes it on its executor (the
    /// main queue), after what was queued there before the yield.
    @Test func nextBeforeYieldSuspendsUntilTheYield() throws {
        let o = try Self.run(
            """
            name: waits
            until: 1s
            main:
              - asyncStream: numbers
            \(Self.consumer())
              - dispatch_after: global
                delay: 300ms
                captures: [numbers]
                do:
                  - dispatch_async: main
                    do: [log: queued before the yield]
                  - log: yielding
                  - streamYield: numbers
                    value: 7
              - runUntil: 900ms
            """)
        #expect(Self.logs(o) == ["300 yielding", "300 queued before the yield", "300 got 7"])
    }

    /// `finish()` while values are buffered: they are delivered, then the loop ends; a yield after it is dropped.
    /// `finish()` while the consumer waits resumes it with the end.
    @Test func finishDeliversTheBufferThenEnds() throws {
        let o = try Self.run(
            """
            name: finish
            until: 1s
            main:
              - asyncStream: numbers
              - streamYield: numbers
                value: 1
              - streamFinish: numbers
              - streamYield: numbers
                value: 2
            \(Self.consumer())
              - asyncStream: later
              - task: second
                actor: main
                captures: [later]
                do:
                  - streamNext: later
                    type: int
                    ended: over
                  - log: "later ended=\\\\(over)"
              - dispatch_after: main
                delay: 100ms
                captures: [later]
                do: [streamFinish: later]
              - runUntil: 500ms
            """)
        #expect(Self.logs(o) == ["0 got 1", "0 ended", "100 later ended=true"])
        #expect(o.findings.waitingThreads.isEmpty)
    }

    /// Cancelling the task waiting in `next()` resumes it with the end at once (its cancellation handler finishes
    /// the stream), and a yield after that is dropped; a task cancelled before it asks gets the end at once too.
    @Test func cancelWhileWaitingEndsTheLoop() throws {
        let o = try Self.run(
            """
            name: cancel
            until: 1s
            main:
              - asyncStream: numbers
            \(Self.consumer())
              - dispatch_after: main
                delay: 100ms
                captures: [numbers]
                do:
                  - streamYield: numbers
                    value: 1
              - dispatch_after: main
                delay: 200ms
                captures: [consumer]
                do:
                  - log: cancelling
                  - cancelTask: consumer
              - dispatch_after: main
                delay: 300ms
                captures: [numbers]
                do:
                  - streamYield: numbers
                    value: 2
                  - log: yielded after the end
              - runUntil: 900ms
            """)
        #expect(Self.logs(o) == ["100 got 1", "200 cancelling", "200 ended", "300 yielded after the end"])
        #expect(o.findings.waitingThreads.isEmpty)
    }

    /// A second task awaiting `next()` while one waits is Swift's `fatalError` (AsyncStream is single-consumer).
    @Test func secondConsumerTraps() throws {
        let o = try Self.run(
            """
            name: two
            until: 1s
            main:
              - asyncStream: numbers
            \(Self.consumer())
              - task: other
                actor: main
                captures: [numbers]
                do:
                  - streamNext: numbers
                    type: int
              - runUntil: 100ms
            """)
        #expect(o.crash?.message == "Fatal error: attempt to await next() on more than one task")
    }

    /// Outside a task there is nothing to suspend: the step is refused, located.
    @Test func nextOutsideATaskIsRefused() {
        let loaded = ScenarioLoader.load(
            text: """
                name: sync
                until: 1s
                main:
                  - asyncStream: numbers
                  - streamNext: numbers
                """, file: "inline.yaml")
        #expect(loaded.scenario == nil)
        #expect(loaded.diagnostics.contains { "\($0)".contains("inline.yaml:5:") })
    }
}
