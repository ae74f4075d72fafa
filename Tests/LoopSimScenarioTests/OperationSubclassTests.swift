import LoopSimKernel
import LoopSimScenario
import Testing

/// A scenario class declared `superclass: Operation` (issue 34 item 5; docs/scenario-format.md §4 and §7.11): its
/// `start` and `main` overrides as swift-corelibs-foundation's `Operation.start()` and `OperationQueue._schedule(_:)`
/// call them (conformance c147), its fields holding what it needs while its queue holds it.
@Suite struct OperationSubclassTests: CorelibsScenarioFixture {
    static let classes = """
        classes:
          Delegate:
            fields: {n: int}
          Download:
            superclass: Operation
            isAsynchronous: true
            fields:
              delegate: strong Delegate
            methods:
              start:
                - log: start
                - if: self.isCancelled
                  then: [{log: start sees cancel}, {finishOperation: self}]
                - if: not self.isCancelled
                  then:
                    - dispatch_after: global
                      delay: 100ms
                      captures: [self]
                      do: [{log: finishing}, {finishOperation: self}]
          Parse:
            superclass: NSOperation
            methods:
              main:
                - log: main
                - work: 50ms
                - if: self.isCancelled
                  then: [log: main sees cancel]
        """

    @Test(arguments: ["linux-corelibs", "ios10"])
    func anOverriddenStartHoldsTheSlotUntilTheOperationMarksItselfFinished(variant: String) throws {
        let o = try run(
            """
            name: start holds the slot
            until: 1s
            operationQueues: {q: 1}
            \(Self.classes)
            main:
              - let: d = new Download
              - let: p = new Parse
              - addOperation: q
                operation: d
              - addOperation: q
                operation: p
              - dispatch_after: global
                delay: 50ms
                captures: [d]
                do:
                  - if: d.isExecuting && not d.isFinished && d.isAsynchronous
                    then: [log: executing]
            """, variant)
        #expect(msLines(o) == ["0 start", "50 executing", "100 finishing", "100 main"])
    }

    @Test func anOverriddenStartRunsForACancelledOperationAndMainDoesNot() throws {
        let o = try run(
            """
            name: cancelled before start
            until: 1s
            operationQueues: {q: 1}
            \(Self.classes)
            main:
              - let: d = new Download
              - let: p = new Parse
              - cancelOperation: d
              - cancelOperation: p
              - addOperation: q
                operation: d
              - addOperation: q
                operation: p
              - dispatch_after: global
                delay: 10ms
                do:
                  - operationCount: q
                    into: n
                  - if: n == 0
                    then: [log: both finished]
            """)
        #expect(msLines(o) == ["0 start", "0 start sees cancel", "10 both finished"])
    }

    @Test func mainReadsItsOwnCancelWhileItRuns() throws {
        let o = try run(
            """
            name: cancel while main runs
            until: 1s
            operationQueues: {q: 1}
            \(Self.classes)
            main:
              - let: p = new Parse
              - addOperation: q
                operation: p
              - dispatch_after: global
                delay: 20ms
                captures: [p]
                do: [cancelOperation: p]
            """)
        #expect(msLines(o) == ["0 main", "50 main sees cancel"])
    }

    /// A start that never marks the operation finished: the queue holds the operation for ever, and the operation
    /// its delegate; the path to the delegate goes through both.
    @Test func aQueueHoldsAnUnfinishedSubclassAndItsDelegate() throws {
        let o = try run(
            """
            name: never finished
            until: 1s
            operationQueues: {q: 1}
            classes:
              Delegate:
                fields: {n: int}
              Stuck:
                superclass: Operation
                fields:
                  delegate: strong Delegate
                methods:
                  start: [log: started]
            main:
              - let: s = new Stuck
              - set: s.delegate = new Delegate
              - addOperation: q
                operation: s
              - release: s
            """)
        #expect(msLines(o) == ["0 started"])
        let delegate = try #require(o.alive.listed?.first { $0.object == "delegate" })
        #expect(delegate.path == ["operation queue q", "Stuck s", "Delegate delegate"])
    }

    /// The completion block of a subclass is the operation's own (not one of its fields): queued on the global queue
    /// once it finishes, after which nothing is left alive.
    @Test func aSubclassCompletionBlockRunsAfterItFinishes() throws {
        let o = try run(
            """
            name: completion
            until: 1s
            operationQueues: {q: 1}
            \(Self.classes)
            main:
              - let: p = new Parse
              - let: box = new Delegate
              - setCompletionBlock: p
                captures: [box]
                do: [log: completion]
              - release: box
              - addOperation: q
                operation: p
              - release: p
            """)
        #expect(msLines(o) == ["0 main", "50 completion"])
        #expect(o.findings.leaks.isEmpty)
        #expect(o.alive.listed?.isEmpty ?? true)
    }

    @Test func badSuperclassesAndOverridesAreRefused() {
        #expect(
            ids(
                """
                name: bad
                until: 1s
                classes:
                  A:
                    superclass: UIView
                  B:
                    isAsynchronous: true
                  C:
                    superclass: Operation
                    methods:
                      start: {params: [x: int], do: [log: x]}
                main: []
                """) == ["value.invalid", "value.invalid", "value.invalid"])
    }
}

/// An operation queue's properties and quality of service (issue 34 item 5; docs/scenario-format.md §7.11; c148).
@Suite struct OperationQualityOfServiceTests: CorelibsScenarioFixture {
    func texts(_ o: RunOutcome) -> [String] { o.logs.map(\.text) }

    /// Four operations on a suspended queue, each with the given QoS (nil: none), resumed: the order they start in.
    func order(width: Int, qos: [String?], priority: String? = nil) throws -> [String] {
        var steps = "  - setSuspended: q\n    to: true\n"
        for (i, level) in qos.enumerated() {
            steps += "  - operation: o\(i)\n    do: [{log: o\(i)}, {work: 100ms}]\n"
            if let level { steps += "  - setQualityOfService: o\(i)\n    to: \(level)\n" }
            if i == 0, let priority { steps += "  - setQueuePriority: o0\n    to: \(priority)\n" }
            steps += "  - addOperation: q\n    operation: o\(i)\n"
        }
        steps += "  - setSuspended: q\n    to: false\n"
        return texts(try run("name: qos\nuntil: 2s\noperationQueues: {q: \(width)}\nmain:\n" + steps))
    }

    @Test func onAWideQueueAnOperationsQualityOfServiceChoosesItsPriorityList() throws {
        #expect(
            try order(width: 2, qos: [nil, "background", "userInitiated", "userInteractive", "utility"])
                == ["o3", "o2", "o0", "o4", "o1"])
    }

    @Test func onAQueueOfWidthOneQualityOfServiceOrdersNothing() throws {
        #expect(try order(width: 1, qos: [nil, "userInteractive"]) == ["o0", "o1"])
    }

    @Test func anOwnQueuePriorityOutranksTheQualityOfService() throws {
        #expect(try order(width: 2, qos: ["background", nil, "userInteractive"], priority: "veryHigh")[0] == "o0")
    }

    @Test func theMainQueueReadsAsCorelibsAnswersAndIgnoresItsQualityOfServiceSetter() throws {
        let o = try run(
            """
            name: main queue
            until: 1s
            operationQueues: {work: 3}
            main:
              - setQueueQualityOfService: main
                to: background
              - setQueueQualityOfService: work
                to: utility
              - queueProperty: main
                property: qualityOfService
                into: a
              - queueProperty: work
                property: qualityOfService
                into: b
              - queueProperty: main
                property: name
                into: c
              - queueProperty: work
                property: maxConcurrentOperationCount
                into: d
              - queueProperty: work
                property: isSuspended
                into: e
              - operation: op
                do: [log: x]
              - operationQualityOfService: op
                into: f
              - if: a == "userInteractive" && b == "utility" && c == "NSOperationQueue Main Queue" && d == 3
                then: [log: reads]
              - if: not e && f == "default"
                then: [log: defaults]
            """)
        #expect(texts(o) == ["reads", "defaults"])
    }

    @Test func badPropertiesAndLevelsAreRefused() {
        let ids = ScenarioLoader.load(
            text: """
                name: bad
                until: 1s
                operationQueues: {q: 2}
                main:
                  - queueProperty: q
                    property: isPaused
                    into: x
                  - setQueueQualityOfService: q
                    to: fast
                  - queueProperty: q
                    property: name
                    into: y
                  - set: y = 3
                """, file: "t.yaml"
        ).diagnostics.map(\.id.description)
        #expect(ids.prefix(2) == ["value.invalid", "value.invalid"])
    }
}
