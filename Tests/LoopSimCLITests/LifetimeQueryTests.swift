import Foundation
import LoopSimKernel
import LoopSimReport
import LoopSimScenario
import Testing

/// `why` and `graph`: time-travel queries over the object graph.
@Suite struct LifetimeQueryTests {
    static func scenario(_ name: String) throws -> Scenario {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scenarios").appendingPathComponent(name)
        return try #require(
            ScenarioLoader.load(text: try String(contentsOf: url, encoding: .utf8), file: name).scenario)
    }

    @Test func beforeItsDeallocEveryRootPathShortestFirst() throws {
        let kernel = try LifetimeQuery.kernel(
            try Self.scenario("s02-timerbutton-worker-loop.yaml"), variant: "ios9",
            at: .zero + .seconds(3))
        let button = try #require(kernel.liveObjects(named: "button").first)
        let paths = kernel.rootPaths(to: button)
        #expect(
            paths.map(\.root) == [
                "app", "thread worker-1 frame", "thread worker-1 autorelease pool",
                "runloop(worker-1) mode default",
            ])
        #expect(paths[0].path == ["app", "RegisterPage page", "TimerButton button"])
        #expect(paths[0].edges == ["page", "button"])
        #expect(paths.map(\.path.count) == paths.map(\.path.count).sorted())
    }

    @Test func afterItsDeallocWhenAndWhere() throws {
        let kernel = try LifetimeQuery.kernel(
            try Self.scenario("s02-timerbutton-worker-loop.yaml"), variant: "ios9", at: nil)
        let answer = LifetimeQuery.why("button", in: kernel, variant: "ios9")
        #expect(answer.text.contains("TimerButton button (#3) was deallocated at 4s on thread worker-1"))
        #expect(answer.json.value(at: "objects[0].alive") == .bool(false))
        #expect(answer.json.value(at: "objects[0].deallocated_at_ms") == .double(4000))
    }

    /// A dispatch_after that frees the controller at 10 s: at 5 s it is let go and held only by pending work (not
    /// a leak); once freed, a delayed release, 9 s late. Never "LEAKED".
    @Test func aDelayedDeallocIsNeverCalledLeaked() throws {
        let scenario = try Self.scenario("leaks-dispatch-after-delayed.yaml")
        let at5 = try LifetimeQuery.kernel(scenario, variant: "ios10", at: .zero + .seconds(5))
        let pending = LifetimeQuery.why("vc", in: at5, variant: "ios10")
        #expect(!pending.text.contains("LEAKED") && !pending.text.contains("ABANDONED"), "\(pending.text)")
        #expect(pending.text.contains("let go at 1s (released by the scenario); held only by pending work"))
        #expect(pending.json.value(at: "objects[0].leak") == .null)
        #expect(pending.json.value(at: "objects[0].held_by") == .string("pending work"))
        let end = try LifetimeQuery.kernel(scenario, variant: "ios10", at: nil)
        let freed = LifetimeQuery.why("vc", in: end, variant: "ios10")
        #expect(freed.text.contains("was deallocated at 10s on thread main — DELAYED: let go at 1s"), "\(freed.text)")
        #expect(freed.json.value(at: "objects[0].delayed_ms") == .double(9000))
    }

    @Test func aRetainedLeakNamesItsHolderPath() throws {
        let kernel = try LifetimeQuery.kernel(
            try Self.scenario("s15-block-observer-shadowed-token.yaml"), variant: "ios10",
            at: nil)
        let answer = LifetimeQuery.why("detail", in: kernel, variant: "ios10")
        #expect(answer.json.value(at: "objects[0].leak") == .string("abandoned"))
        #expect(
            answer.json.value(at: "objects[0].paths[0].path")
                == .array([
                    .string("notification center"), .string("block#1"), .string("DetailVC detail"),
                ]))
    }

    @Test func aCycleHasNoRootPath() throws {
        let yaml = """
            name: cycle
            until: 1s
            classes:
              A: {fields: {b: strong B}}
              B: {fields: {a: strong A}}
            main:
              - let: a = new A
              - set: a.b = new B
              - set: a.b.a = a
              - release: a
            """
        let scenario = try #require(ScenarioLoader.load(text: yaml, file: "c.yaml").scenario)
        let kernel = try LifetimeQuery.kernel(scenario, variant: "ios10", at: nil)
        let answer = LifetimeQuery.why("a", in: kernel, variant: "ios10")
        #expect(answer.text.contains("LEAKED (cycle)"))
        #expect(answer.text.contains("only a reference cycle keeps it alive"))
    }

    @Test func theGraphMarksLeaksAndDotParsesIt() throws {
        let kernel = try LifetimeQuery.kernel(
            try Self.scenario("s06-timer-target-self.yaml"), variant: "ios10", at: nil)
        let dot = LifetimeQuery.dot(kernel.objectGraph(), title: "S6")
        #expect(dot.contains("o2 [label=\"TimerVC vc\\n#2\", shape=ellipse, style=filled, fillcolor=\"#f4b6b6\""))
        #expect(dot.contains("o3 -> o2 [label=\"target\", style=solid];"))
        #expect(dot.contains("r0 -> o3 [label=\"timers\", style=solid];"))
        // The setup script installs Graphviz; the check runs wherever `dot` is on PATH.
        guard
            let dotTool = ["/usr/bin/dot", "/usr/local/bin/dot"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dotTool)
        process.arguments = ["-Tsvg"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(dot.utf8))
        try input.fileHandleForWriting.close()
        let svg = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(svg.contains("<svg"))
        #expect(svg.contains(">abandoned<"))
    }

    @Test func weakEdgesAreDashed() throws {
        let kernel = try LifetimeQuery.kernel(
            try Self.scenario("s08-weak-proxy.yaml"), variant: "ios10",
            at: .zero + .seconds(1))
        let dot = LifetimeQuery.dot(kernel.objectGraph(), title: "S8")
        #expect(dot.contains("[label=\"aTarget\", style=dashed]"))
    }
}
