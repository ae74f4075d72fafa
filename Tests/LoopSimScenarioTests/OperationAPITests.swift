import LoopSimKernel
import LoopSimScenario
import Testing

/// The Operation API's and GCD's work items, `concurrentPerform` and target queues (issue 34 items 5 and 6;
/// docs/scenario-format.md §7.6 and §7.11): each rule as a small scenario, its logs checked.
@Suite struct OperationAPITests: CorelibsScenarioFixture {
    // MARK: Operation queues

    @Test(arguments: [
        (-100, OperationPriority.veryLow), (-8, .veryLow), (-7, .low), (-4, .low), (-3, .normal), (-2, .normal),
        (0, .normal), (3, .normal), (4, .high), (5, .high), (7, .high), (8, .veryHigh), (100, .veryHigh),
    ])
    func aRawPriorityIsRoundedAsCorelibsSetterRoundsIt(value: Int, level: OperationPriority) {
        #expect(OperationPriority.level(of: value) == level)
    }

    @Test(arguments: ["linux-corelibs", "ios10"])
    func aResumedQueueStartsByPriorityThenByOrder(variant: String) throws {
        let o = try run(
            """
            name: priority
            until: 2s
            operationQueues: {q: 1}
            main:
              - setSuspended: q
                to: true
              - operation: a
                do: [{log: a}, {work: 100ms}]
              - operation: b
                do: [{log: b}, {work: 100ms}]
              - operation: c
                do: [{log: c}, {work: 100ms}]
              - setQueuePriority: c
                to: high
              - setQueuePriority: a
                to: veryLow
              - addOperation: q
                operation: a
              - addOperation: q
                operation: b
              - addOperation: q
                operation: c
              - operationCount: q
                into: n
              - if: n == 3
                then: [log: three]
              - dispatch_after: global
                delay: 50ms
                do:
                  - setSuspended: q
                    to: false
            """, variant)
        #expect(msThreadLines(o).map { $0.split(separator: " ").dropFirst(2).joined() } == ["three", "c", "b", "a"])
        #expect(o.logs.map { $0.at.nanoseconds / 1_000_000 } == [0, 50, 150, 250])
    }

    @Test func aPriorityChangedWhileWaitingMovesTheOperationToTheEndOfItsLevel() throws {
        let o = try run(
            """
            name: change while waiting
            until: 2s
            operationQueues: {q: 1}
            main:
              - setSuspended: q
                to: true
              - operation: a
                do: [log: a]
              - operation: b
                do: [log: b]
              - addOperation: q
                operation: a
              - addOperation: q
                operation: b
              - setQueuePriority: a
                to: high
              - setQueuePriority: a
                to: normal
              - setSuspended: q
                to: false
            """)
        #expect(o.logs.map(\.text) == ["b", "a"])
    }

    @Test func aBarrierBlockWaitsForEarlierOperationsAndLaterOnesWaitForIt() throws {
        let o = try run(
            """
            name: barrier
            until: 2s
            operationQueues: {q: default}
            main:
              - addOperation: q
                do: [{work: 200ms}, {log: first}]
              - addBarrierBlock: q
                do: [{work: 100ms}, {log: barrier}]
              - addOperation: q
                do: [log: after]
              - operationCount: q
                into: n
              - if: n == 2
                then: [log: barrier not counted]
            """)
        #expect(
            msThreadLines(o) == [
                "0 main barrier not counted", "200 worker-1 first", "300 worker-1 barrier", "300 worker-1 after",
            ])
    }

    @Test func aBarrierBlockOnAnEmptyQueueRunsAtOnce() throws {
        let o = try run(
            """
            name: barrier on empty
            until: 1s
            operationQueues: {q: 1}
            main:
              - addBarrierBlock: q
                do: [log: barrier]
            """)
        #expect(msThreadLines(o) == ["0 worker-1 barrier"])
    }

    @Test func operationStateAndTheCurrentQueue() throws {
        let o = try run(
            """
            name: state
            until: 1s
            operationQueues: {q: 1}
            main:
              - operation: a
                do:
                  - if: currentOperationQueue == "q"
                    then: [log: on q]
                  - work: 100ms
              - if: a.isReady && not a.isExecuting && not a.isFinished && not a.isCancelled
                then: [log: created]
              - addOperation: q
                operation: a
              - dispatch_after: global
                delay: 50ms
                captures: [a]
                do:
                  - if: a.isExecuting
                    then: [log: executing]
                  - if: currentOperationQueue == nil
                    then: [log: none on a worker]
              - waitUntilFinished: a
              - if: a.isFinished && not a.isExecuting
                then: [log: finished]
            """)
        #expect(
            msThreadLines(o) == [
                "0 main created", "0 worker-1 on q", "50 worker-2 executing", "50 worker-2 none on a worker",
                "100 main finished",
            ])
    }

    @Test func aCancelledOperationNeverExecutes() throws {
        let o = try run(
            """
            name: cancelled
            until: 1s
            operationQueues: {q: 1}
            main:
              - operation: a
                do: [log: never]
              - cancelOperation: a
              - addOperation: q
                operation: a
              - waitUntilFinished: a
              - if: a.isFinished && a.isCancelled && not a.isExecuting
                then: [log: finished without executing]
            """)
        #expect(o.logs.map(\.text) == ["finished without executing"])
    }

    @Test func anOperationQueueOverASerialQueueRunsOneAtATime() throws {
        let o = try run(
            """
            name: underlying
            until: 1s
            queues: [s]
            operationQueues: {q: default}
            main:
              - setUnderlyingQueue: q
                to: s
              - addOperation: q
                do: [{work: 100ms}, {log: one}]
              - addOperation: q
                do: [{work: 100ms}, {log: two}]
            """, "ios10")
        #expect(o.logs.map { $0.at.nanoseconds / 1_000_000 } == [100, 200])
    }

    @Test func settingTheUnderlyingQueueOfAQueueHoldingOperationsCrashes() throws {
        let o = try run(
            """
            name: underlying too late
            until: 1s
            queues: [s]
            operationQueues: {q: 1}
            main:
              - addOperation: q
                do: [work: 100ms]
              - setUnderlyingQueue: q
                to: s
            """)
        #expect(
            o.crash?.message
                == "Fatal error: operation queue must be empty in order to change underlying dispatch queue")
    }

    @Test func executionBlocksRunInTurnAndTheOperationHoldsThem() throws {
        let o = try run(
            """
            name: execution blocks
            until: 1s
            classes: {Box: {}}
            operationQueues: {q: 1}
            main:
              - let: box = new Box
              - operation: op
                do: [{work: 100ms}, {log: one}]
              - addExecutionBlock: op
                captures: [box]
                do: [{work: 100ms}, {log: two}]
              - release: box
              - addOperation: q
                operation: op
              - waitUntilFinished: op
              - log: returned
              - addExecutionBlock: op
                do: [log: never]
            """)
        #expect(msThreadLines(o) == ["100 worker-1 one", "200 worker-1 two", "200 main returned"])
        #expect(
            o.crash?.message
                == "Fatal error: blocks cannot be added after the operation has started executing or finished")
    }

    @Test(arguments: ["linux-corelibs", "ios10"])
    func anAsynchronousOperationHoldsItsSlotUntilItFinishes(variant: String) throws {
        let o = try run(
            """
            name: asynchronous
            until: 1s
            operationQueues: {q: 1}
            main:
              - operation: a
                asynchronous: true
                do: [{log: started}, {work: 50ms}]
              - addOperation: q
                operation: a
              - addOperation: q
                do: [log: next]
              - dispatch_after: global
                delay: 100ms
                captures: [a]
                do:
                  - if: a.isExecuting
                    then: [log: still executing]
                  - finishOperation: a
                  - if: a.isFinished && not a.isExecuting
                    then: [log: finished]
            """, variant)
        // worker-1 is idle once start() returns at 50 ms, so it takes the dispatch_after block, then the next operation
        #expect(
            msThreadLines(o) == [
                "0 worker-1 started", "100 worker-1 still executing", "100 worker-1 finished", "100 worker-1 next",
            ])
    }

    @Test func aCancelledAsynchronousOperationFinishesWithoutRunning() throws {
        let o = try run(
            """
            name: cancelled asynchronous
            until: 1s
            operationQueues: {q: 1}
            main:
              - operation: a
                asynchronous: true
                do: [log: never]
              - cancelOperation: a
              - addOperation: q
                operation: a
              - waitUntilFinished: a
              - log: returned
            """)
        #expect(msThreadLines(o) == ["0 main returned"])
    }

    @Test func suspendingTheMainOperationQueueIsRefused() {
        #expect(ids("name: x\nuntil: 1s\nmain:\n  - setSuspended: main\n    to: true\n") == ["value.invalid"])
    }

    // MARK: Work items

    @Test func aCancelledWorkItemSkipsItsBlockButNotifiesAndEndsWaits() throws {
        let o = try run(
            """
            name: work item
            until: 1s
            queues: [s]
            main:
              - dispatch_async: s
                do: [work: 100ms]
              - workItem: item
                do: [log: never]
              - notifyWorkItem: item
                queue: main
                do: [log: notified]
              - asyncWorkItem: item
                queue: s
              - cancelWorkItem: item
              - waitWorkItem: item
                result: r
              - if: r == 0 && item.isCancelled
                then: [log: waited]
            """)
        #expect(msThreadLines(o) == ["100 main waited", "100 main notified"])
    }

    @Test func aWorkItemFreedWithoutRunningNotifies() throws {
        let o = try run(
            """
            name: freed item
            until: 1s
            main:
              - workItem: item
                do: [log: never]
              - notifyWorkItem: item
                do: [log: notified]
              - release: item
            """)
        #expect(o.logs.map(\.text) == ["notified"])
        #expect(o.findings.leaks.isEmpty)
    }

    @Test func performRunsOnTheCallerAndCounts() throws {
        let o = try run(
            """
            name: perform
            until: 1s
            main:
              - workItem: item
                do: [{work: 50ms}, {log: ran}]
              - performWorkItem: item
              - waitWorkItem: item
                timeout: 0s
                result: r
              - if: r == 0
                then: [log: done at once]
            """)
        #expect(msThreadLines(o) == ["50 main ran", "50 main done at once"])
    }

    @Test func waitingTwiceOnAWorkItemCrashes() throws {
        let o = try run(
            """
            name: wait twice
            until: 1s
            main:
              - workItem: item
                do: [log: ran]
              - performWorkItem: item
              - waitWorkItem: item
              - waitWorkItem: item
            """)
        #expect(o.crash?.message == "BUG IN CLIENT OF LIBDISPATCH: A block object may not be waited for more than once")
    }

    @Test func aWaitWithATimeoutOnAnItemNeverSubmittedTimesOut() throws {
        let o = try run(
            """
            name: never submitted
            until: 1s
            main:
              - workItem: item
                do: [log: never]
              - waitWorkItem: item
                timeout: 200ms
                result: r
              - if: r == 1
                then: [log: timed out]
            """)
        #expect(msThreadLines(o) == ["200 main timed out"])
    }

    // MARK: concurrentPerform and target queues

    static let apply = """
        name: apply
        until: 2s
        main:
          - concurrentPerform: 4
            index: i
            do: [work: 100ms]
          - log: returned
        """

    @Test(arguments: [("linux-corelibs", Int64(200)), ("ios10", Int64(100))])
    func concurrentPerformTakesTheActiveCores(variant: String, returnsAt: Int64) throws {
        let o = try run(Self.apply, variant)
        #expect(o.logs.map { $0.at.nanoseconds / 1_000_000 } == [returnsAt])
    }

    @Test func concurrentPerformHandsOutEveryIndexOnceAndTheCallerTakesPart() throws {
        let o = try run(
            """
            name: apply indices
            until: 2s
            main:
              - concurrentPerform: 3
                index: i
                do:
                  - if: i == 0
                    then: [{log: zero}, {work: 300ms}]
                  - if: i == 1
                    then: [{log: one}, {work: 100ms}]
                  - if: i == 2
                    then: [{log: two}, {work: 100ms}]
              - log: returned
            """)
        #expect(msThreadLines(o) == ["0 main zero", "0 worker-1 one", "100 worker-1 two", "300 main returned"])
    }

    @Test func aNestedConcurrentPerformRunsSerially() throws {
        let o = try run(
            """
            name: nested apply
            until: 2s
            main:
              - concurrentPerform: 2
                do:
                  - concurrentPerform: 2
                    do: [work: 100ms]
              - log: returned
            """)
        #expect(o.logs.map { $0.at.nanoseconds / 1_000_000 } == [200])
    }

    @Test func aQueueTargetingASerialQueueRunsInItsTurn() throws {
        let o = try run(
            """
            name: target
            until: 2s
            queues: [db, {cache: {target: db}}]
            main:
              - dispatch_async: db
                do: [{work: 200ms}, {log: db one}]
              - dispatch_async: cache
                do: [{work: 100ms}, {log: cache}]
              - dispatch_async: db
                do: [{work: 100ms}, {log: db two}]
            """, "ios10")
        #expect(
            msThreadLines(o).map { $0.split(separator: " ").first.map(String.init) ?? "" } == ["200", "300", "400"])
        #expect(o.logs.map(\.text) == ["db one", "cache", "db two"])
    }

    @Test func aTargetMustBeAnEarlierSerialQueue() {
        #expect(
            ids("name: x\nuntil: 1s\nqueues: [{a: {target: b}}, b]\nmain: []\n") == ["name.undefined"])
        #expect(
            ids("name: x\nuntil: 1s\nqueues: [{p: {concurrent: 2}}, {a: {target: p}}]\nmain: []\n")
                == ["name.undefined"])
    }
}
