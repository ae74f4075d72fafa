import Foundation
import LoopSimKernel
import LoopSimScenario
import Testing

/// A block literal that captures nothing is a global block (clang's `_NSConcreteGlobalBlock`): one object per
/// literal, never allocated, counted or freed, and retain and release leave it alone; a block that captures is
/// allocated, and freed with its last reference.
@Suite struct GlobalBlockTests {
    static let yaml = """
        name: global and heap blocks
        until: 250ms
        classes:
          Ticker:
            fields: {n: int}
            methods:
              start:
                - scheduledTimer: ~
                  every: 100ms
                  repeats: true
                  block: {do: [log: tick]}
        main:
          - let: a = new Ticker
          - call: a.start
          - call: a.start
          - dispatch_async: main
            do: [log: async]
          - dispatch_async: main
            captures: [strong a]
            do: [log: captured]
          - release: a
        """

    static func run() throws -> (Kernel, RunOutcome) {
        let loaded = ScenarioLoader.load(text: yaml, file: "inline.yaml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        let config = scenario.configuration(profile: try scenario.profile(for: "ios10"), keepsTrace: true)
        let kernel = Kernel(program: scenario.program, configuration: config)
        return (kernel, kernel.run())
    }

    static func events(_ o: RunOutcome, _ kind: String) -> [[String: Any]] {
        o.traceLines.compactMap { line in
            let obj = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return obj["ev"] as? String == kind ? obj : nil
        }
    }

    @Test func aLiteralWithoutCapturesIsOneGlobalBlockThatRetainAndReleaseLeaveAlone() throws {
        let (kernel, o) = try Self.run()
        let globals = kernel.heap.liveObjects.filter(\.isGlobal).sorted { $0.displayName < $1.displayName }
        // the timer's literal (made twice) and the first dispatch_async's
        #expect(globals.map(\.displayName) == ["__NSGlobalBlock__#1", "__NSGlobalBlock__#2"])
        #expect(globals.map(\.serial) == [0, 0])
        #expect(globals.map(\.retainCount) == [1, 1])
        let timers = kernel.heap.liveObjects.filter { $0.isTimer }
        #expect(timers.count == 2)
        let blockSlots = timers.map { $0[slot: 2] }
        #expect(blockSlots == [.object(globals[0].id), .object(globals[0].id)])
        // both timers fired twice, and the async block ran
        #expect(o.timers.map(\.fires) == [2, 2])
        #expect(Self.events(o, "log").compactMap { $0["text"] as? String }.filter { $0 == "async" } == ["async"])
    }

    @Test func aGlobalBlockIsNeitherAllocatedNorFreedNorLeaked() throws {
        let (_, o) = try Self.run()
        // Only the capturing block is allocated (and freed once it has run); the Ticker, two timers and it counted.
        let blockAllocs = Self.events(o, "obj.alloc").filter { $0["class"] as? String == "block" }
        #expect(blockAllocs.compactMap { $0["object"] as? String } == ["block#1"])
        #expect(o.allocated == 4)
        #expect(o.deaths.map(\.object) == ["block#1", "a"])
        #expect(!o.findings.leaks.contains { $0.object.hasPrefix("__NSGlobalBlock__") })
    }
}
