import Foundation
import LoopSimKernel
import LoopSimScenario
import Testing

/// Queues made at run time (docs/scenario-format.md, "Queues made at run time"): `dispatch_queue_create "label"`
/// makes a new queue each time it is evaluated, a `dispatch_queue` field or local holds it, and every step that
/// names a queue takes an expression yielding one (`dispatch_async: self.queue`).
@Suite struct RuntimeQueueTests {
    func run(_ yaml: String, _ variant: String = "ios10") throws -> RunOutcome {
        try KernelSemanticsTests.run(yaml, variant)
    }

    /// Two objects, each with its own serial queue made in init: each queue runs its two 100 ms blocks in turn,
    /// and the two queues run side by side on two pool threads.
    static let twoWorkers = """
        name: a queue per object
        until: 2s
        classes:
          Worker:
            fields: {queue: dispatch_queue, name: string}
            init:
              - set: self.queue = dispatch_queue_create "com.app.worker"
            methods:
              run:
                - dispatch_async: self.queue
                  captures: [strong self]
                  do: [{work: 100ms}, {log: '\\(self.name) one'}]
                - dispatch_async: self.queue
                  captures: [strong self]
                  do: [{work: 100ms}, {log: '\\(self.name) two'}]
        main:
          - let: a = new Worker
          - set: a.name = "a"
          - let: b = new Worker
          - set: b.name = "b"
          - call: a.run
          - call: b.run
        """

    @Test func eachObjectsQueueIsSerialAndTheTwoRunSideBySide() throws {
        let o = try run(Self.twoWorkers)
        #expect(o.crash == nil)
        #expect(
            o.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" }
                == ["100 a one", "100 b one", "200 a two", "200 b two"])
        #expect(Set(o.logs.map(\.thread)).count == 2)
    }

    /// The second queue with a label is `label#2` in the trace, the first keeps the label.
    @Test func aSecondQueueWithTheSameLabelIsNumbered() throws {
        let o = try run(Self.twoWorkers)
        let queues = o.traceLines.compactMap { line -> String? in
            let event = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard event?["ev"] as? String == "dispatch.async" else { return nil }
            return event?["queue"] as? String
        }
        #expect(queues == ["com.app.worker", "com.app.worker", "com.app.worker#2", "com.app.worker#2"])
    }

    /// `dispatch_sync` onto an object's own queue from that queue's block crashes (iOS 10 and later); onto another
    /// object's queue of the same label it runs.
    @Test func aSyncOntoItsOwnQueueIsCaughtPerObject() throws {
        let o = try run(
            """
            name: sync per object
            until: 2s
            classes:
              Worker:
                fields: {queue: dispatch_queue}
                init: [{set: self.queue = dispatch_queue_create "w"}]
                methods:
                  relay:
                    params: [other: Worker]
                    do:
                      - dispatch_async: self.queue
                        captures: [strong other]
                        do: [{call: other.work}]
                  work:
                    - dispatch_sync: self.queue
                      do: [log: worked]
            main:
              - let: a = new Worker
              - let: b = new Worker
              - call: a.relay
                with: b
              - dispatch_after: main
                delay: 100ms
                captures: [strong a]
                do: [{call: a.relay, with: a}]
            """)
        #expect(o.logs.map(\.text) == ["worked"])
        #expect(
            o.crash?.message
                == "BUG IN CLIENT OF LIBDISPATCH: dispatch_sync called on queue already owned by current thread "
                + "(queue w)")
    }

    /// A concurrent queue made at run time runs its blocks side by side; a barrier waits for them.
    @Test func aConcurrentQueueMadeAtRunTimeTakesBarriers() throws {
        let o = try run(
            """
            name: concurrent made at run time
            until: 2s
            main:
              - let: q = dispatch_queue_create "images" concurrent
              - dispatch_async: q
                do: [{work: 100ms}, {log: one}]
              - dispatch_async: q
                do: [{work: 100ms}, {log: two}]
              - dispatch_barrier_async: q
                do: [log: barrier]
            """)
        #expect(o.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" } == ["100 one", "100 two", "100 barrier"])
    }

    /// A queue made inline in the step that uses it, past the limit: the step cannot finish (it has no queue), and
    /// the run stops at the limit without reporting a crash of the app.
    @Test func aQueueMadeInlinePastTheLimitIsNoCrash() throws {
        let o = try run(
            """
            name: queues made inline
            until: 2s
            main:
              - while: true
                do:
                  - dispatch_async: dispatch_queue_create "q"
                    do: [{log: hi}]
            """)
        #expect(o.crash == nil)
        #expect(o.limit?.kind == "max-queues")
    }

    /// A queue made in a loop stops the run at the limit with a clear reason, not a crash.
    @Test func queuesMadeWithoutEndStopAtTheLimit() throws {
        let o = try run(
            """
            name: queues in a loop
            until: 2s
            main:
              - while: true
                do:
                  - let: q = dispatch_queue_create "leak"
            """)
        #expect(o.crash == nil)
        #expect(o.limit?.kind == "max-queues")
        #expect(o.limit?.message.contains("more than 10000 dispatch queues made at run time") == true)
    }

    /// A step naming something that is not a queue is refused where it is written.
    @Test func aQueueExpressionOfAnotherTypeIsRefused() throws {
        let yaml = """
            name: not a queue
            until: 1s
            main:
              - let: n = 3
              - dispatch_async: n
                do: [log: x]
            """
        let loaded = ScenarioLoader.load(text: yaml, file: "inline.yaml")
        #expect(loaded.scenario == nil)
        #expect(
            loaded.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }.contains {
                $0.hasPrefix("5:") && $0.contains("'n' is int, not a queue")
            }, "\(loaded.diagnostics)")
    }
}
