import LoopSimKernel
import LoopSimScenario
import Testing

/// `asyncStream:` with `throwing: true`, `streamFinish:` with `error:`, `streamNext:` with `error:` and
/// `streamOnTermination:` (docs/scenario-format.md §7.13): Swift's `AsyncThrowingStream` and a stream's termination
/// handler as swift stdlib/public/Concurrency/AsyncStreamBuffer.swift runs them (`_Storage`, `_ThrowingStorage`).
@Suite struct AsyncThrowingStreamKernelTests {
    static func run(_ yaml: String) throws -> RunOutcome { try SwiftConcurrencyTests.run(yaml) }
    static func logs(_ o: RunOutcome) -> [String] { SwiftConcurrencyTests.logs(o) }
    /// Each log as `MS THREAD TEXT`.
    static func threadLogs(_ o: RunOutcome) -> [String] {
        o.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.thread) \($0.text)" }
    }

    /// `do { for try await n in numbers { log(n) }; log("ended") } catch { log("failed") }` written with the verbs,
    /// in a main-actor task named `name`.
    static func consumer(_ name: String = "consumer") -> String {
        """
          - task: \(name)
            actor: main
            captures: [numbers]
            do:
              - while: "true"
                do:
                  - streamNext: numbers
                    type: int
                    result: n
                    ended: done
                    error: failure
                  - if: failure != nil
                    then:
                      - log: "\(name) failed \\\\(failure)"
                      - break
                  - if: done
                    then:
                      - log: "\(name) ended"
                      - break
                  - log: "\(name) got \\\\(n)"
        """
    }

    /// A termination handler that logs its reason and the thread it runs on.
    static let handler = """
          - block: onEnd
            params: [reason: string]
            do:
              - log: "terminated \\\\(reason)"
          - streamOnTermination: numbers
            handler: onEnd
          - release: onEnd
        """

    /// `finish(throwing:)` with values buffered before it: the consumer gets them, oldest first, then the error
    /// once; a second loop over the failed stream ends without one (`_ThrowingStorage.next`: `terminal =
    /// .finished` once the error is thrown). A later finish changes nothing, and a yield after it is dropped.
    @Test func failureComesAfterTheBufferedValuesOnce() throws {
        let o = try Self.run(
            """
            name: failed
            until: 1s
            main:
              - asyncStream: numbers
                throwing: true
              - streamYield: numbers
                value: 1
              - streamYield: numbers
                value: 2
              - streamFinish: numbers
                error: "\\"stalled\\""
              - streamFinish: numbers
                error: "\\"offline\\""
              - streamYield: numbers
                value: 3
            \(Self.consumer())
              - dispatch_after: main
                delay: 100ms
                captures: [numbers]
                do:
                  - task: again
                    actor: main
                    captures: [numbers]
                    do:
                      - streamNext: numbers
                        type: int
                        ended: over
                        error: second
                      - log: "again ended=\\\\(over) error=\\\\(second == nil)"
              - runUntil: 500ms
            """)
        #expect(
            Self.logs(o) == [
                "0 consumer got 1", "0 consumer got 2", "0 consumer failed stalled", "100 again ended=true error=true",
            ])
        #expect(o.findings.waitingThreads.isEmpty)
    }

    /// A consumer waiting in `next()` when `finish(throwing:)` comes is resumed with the error; the handler runs
    /// first, once, on the finishing thread (a global-queue worker), with `finished`; the second finish calls
    /// nothing.
    @Test func handlerRunsOnceAtFinishOnTheFinishingThread() throws {
        let o = try Self.run(
            """
            name: finish
            until: 1s
            main:
              - asyncStream: numbers
                throwing: true
            \(Self.handler)
            \(Self.consumer())
              - dispatch_after: global
                delay: 200ms
                captures: [numbers]
                do:
                  - streamFinish: numbers
                    error: "\\"stalled\\""
                  - log: finished once
                  - streamFinish: numbers
                  - log: finished twice
              - runUntil: 500ms
            """)
        let logs = Self.threadLogs(o)
        #expect(logs.count == 4)
        let worker = o.logs.first?.thread ?? ""
        #expect(worker != "main")
        #expect(
            logs == [
                "200 \(worker) terminated finished", "200 \(worker) finished once", "200 \(worker) finished twice",
                "200 main consumer failed stalled",
            ])
    }

    /// Cancelling the consumer waiting in `next()`: the handler runs on the cancelling thread with `cancelled`,
    /// before the consumer resumes; the loop then ends without an error (`cancel()` finishes the stream with no
    /// failure), and a later `finish(throwing:)` calls nothing and throws nothing.
    @Test func handlerRunsAtCancelBeforeTheConsumerEnds() throws {
        let o = try Self.run(
            """
            name: cancel
            until: 1s
            main:
              - asyncStream: numbers
                throwing: true
            \(Self.handler)
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
                  - log: cancelled
              - dispatch_after: main
                delay: 300ms
                captures: [numbers]
                do:
                  - streamFinish: numbers
                    error: "\\"stalled\\""
                  - log: finished after the end
              - runUntil: 900ms
            """)
        #expect(
            Self.logs(o) == [
                "100 consumer got 1", "200 cancelling", "200 terminated cancelled", "200 cancelled",
                "200 consumer ended", "300 finished after the end",
            ])
    }

    /// A consumer whose task is already cancelled when it asks: `withTaskCancellationHandler` runs `cancel()` at
    /// once, on the consumer's thread, so the handler runs there with `cancelled` before the ask; the value
    /// buffered before still comes out, then the end.
    @Test func handlerRunsAtAnAskInACancelledTask() throws {
        let o = try Self.run(
            """
            name: precancelled
            until: 1s
            main:
              - asyncStream: numbers
                throwing: true
            \(Self.handler)
              - streamYield: numbers
                value: 5
              - task: late
                actor: main
                captures: [numbers]
                do:
                  - taskSleep: 200ms
                  - while: "true"
                    do:
                      - streamNext: numbers
                        type: int
                        result: n
                        ended: done
                        error: failure
                      - if: done
                        then:
                          - log: "late ended failed=\\\\(failure != nil)"
                          - break
                      - log: "late got \\\\(n)"
              - dispatch_after: main
                delay: 100ms
                captures: [late]
                do: [cancelTask: late]
              - runUntil: 500ms
            """)
        #expect(Self.logs(o) == ["100 terminated cancelled", "100 late got 5", "100 late ended failed=false"])
    }

    /// The storage freed with its handler still set (no finish, no consumer): its deinit calls it with
    /// `cancelled`; the block the handler captured dies after the call.
    @Test func handlerRunsWhenTheStreamIsFreed() throws {
        let o = try Self.run(
            """
            name: freed
            until: 1s
            main:
              - asyncStream: numbers
            \(Self.handler)
              - log: dropping
              - release: numbers
              - log: dropped
              - runUntil: 100ms
            """)
        #expect(Self.logs(o) == ["0 dropping", "0 terminated cancelled", "0 dropped"])
        #expect(o.findings.leaks.isEmpty)
    }

    /// A handler that captures a timer keeps it for as long as the stream lives: a stream never finished holds
    /// it, and the retain graph shows the path through the storage's `onTermination`.
    @Test func handlerKeepsWhatItCaptures() throws {
        let o = try Self.run(
            """
            name: kept
            until: 1s
            classes:
              Feed:
                fields:
                  stream: strong id
            main:
              - let: feed = new Feed
              - asyncStream: numbers
              - set: feed.stream = numbers
              - let: ticker = new Feed
              - block: onEnd
                params: [reason: string]
                captures: [ticker]
                do:
                  - log: "ended \\\\(reason)"
              - streamOnTermination: numbers
                handler: onEnd
              - release: onEnd
              - release: numbers
              - release: ticker
              - runUntil: 100ms
            """)
        #expect(Self.logs(o).isEmpty)
        let ticker = o.alive.listed?.first { $0.object == "ticker" }
        #expect(
            ticker?.path == ["app", "Feed feed", "AsyncStream numbers", "block#1", "Feed ticker"],
            "\(String(describing: ticker))")
        #expect(ticker?.edges.dropFirst().elementsEqual(["stream", "onTermination", "ticker"]) == true)
    }
}
