import LoopSimKernel
import LoopSimScenario
import Testing

/// `setMaxConcurrentOperationCount:`, an operation queue's width changed while the app runs (corelibs' setter stores
/// the count and schedules: Operation.swift at 761b621).
@Suite struct OperationQueueWidthTests {
    private func logs(_ yaml: String) throws -> [String] {
        try KernelSemanticsTests.run(yaml, "linux-corelibs").logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" }
    }

    /// Four 100 ms operations on a queue of width 1: widening it to 2 at 150 ms starts the next one at once, and
    /// the last when one finishes; narrowing it back to 1 lets the two running finish first.
    @Test func aWiderQueueStartsItsReadyOperationsAtOnce() throws {
        let yaml = """
            name: width
            until: 2s
            operationQueues: {work: 1}
            main:
              - addOperation: work
                do: [{work: 100ms}, {log: a}]
              - addOperation: work
                do: [{work: 100ms}, {log: b}]
              - addOperation: work
                do: [{work: 100ms}, {log: c}]
              - addOperation: work
                do: [{work: 100ms}, {log: d}]
            user:
              - {at: 150ms, name: widen, do: [{setMaxConcurrentOperationCount: work, to: 2}, {queueProperty: work, property: maxConcurrentOperationCount, into: n}, {log: 'width \\(n)'}]}
            """
        #expect(try logs(yaml) == ["100 a", "150 width 2", "200 b", "250 c", "300 d"])
        // A negative count but -1 is corelibs' `fatalError`, refused where it is written; so is 0 (nothing would start).
        for bad in ["-3", "0"] {
            let ids = ScenarioLoader.load(
                text: yaml.replacingOccurrences(of: "to: 2}", with: "to: \(bad)}"), file: "t.yaml"
            )
            .diagnostics.map(\.id.description)
            #expect(ids == ["value.invalid"], "\(bad): \(ids)")
        }
    }
}
