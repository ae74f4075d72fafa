import LoopSimKernel
import LoopSimScenario
import Testing

/// `__block` variables (docs/scenario-format.md §5): a block shares the variable with its scope, so it can hold the
/// object the step taking the block makes, and writes through it are seen by everyone.
@Suite struct ByrefVariableTests {
    static func run(_ yaml: String, _ variant: String = "ios10") throws -> RunOutcome {
        let loaded = ScenarioLoader.load(text: yaml, file: "inline.yaml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        return Kernel(
            program: scenario.program,
            configuration: scenario.configuration(profile: try scenario.profile(for: variant))
        ).run()
    }

    static func diagnostics(_ yaml: String) -> [String] {
        ScenarioLoader.load(text: yaml, file: "inline.yaml").diagnostics
            .map { "\($0.location.line):\($0.location.column) \($0.id.rawValue)" }
    }

    /// A dispatch source whose handler uses the source: the source, its handler and the variable's storage keep
    /// each other alive with no other owner, and the handler cancelling the source frees all three.
    static let selfCancelling = """
        name: a source that cancels itself
        until: 10s
        classes:
          M:
            fields: {ticks: int}
            methods:
              start:
                - let: __block timer = nil
                - dispatch_source_timer: timer
                  interval: 1s
                  captures: [strong self, __block timer]
                  do:
                    - increment: self.ticks
                    - if: self.ticks == 3
                      then:
                        - dispatch_source_cancel: timer
                        - log: cancelled
        main:
          - let: m = new M
          - call: m.start
          - check: started
        """

    @Test func aHandlerThatCapturesItsSourceKeepsItUntilItCancelsIt() throws {
        let o = try Self.run(Self.selfCancelling)
        #expect(o.logs.map(\.at) == [.zero + .seconds(2)])  // fires at 0, 1 and 2 s: nothing freed the source
        let started = try #require(o.checks.first).findings.leaks
        #expect(started.map(\.kind) == [.leaked, .leaked, .leaked])
        let source = try #require(started.first { $0.className == "dispatch_source" })
        #expect(source.path == ["dispatch_source timer", "block#1", "__block timer", "dispatch_source timer"])
        #expect(source.edges == ["handler", "timer", "timer"])
        #expect(o.findings.leaks.isEmpty)  // the cancellation callout released the handler: everything freed
        #expect(o.deaths.map(\.className).sorted() == ["__block", "block", "dispatch_source"])
    }

    @Test func aWriteInsideABlockIsSeenByTheScopeAndByOtherBlocks() throws {
        let o = try Self.run(
            """
            name: shared counter
            until: 1s
            main:
              - let: __block n = 5
              - dispatch_async: main
                captures: [__block n]
                do:
                  - increment: n
                  - dispatch_async: main
                    captures: [__block n]
                    do: [set: n = n + 10]
              - dispatch_after: main
                delay: 100ms
                captures: [__block n]
                do:
                  - sample: inBlock
                    value: n
              - sample: atOnce
                value: n
            user:
              - at: 500ms
                do:
                  - sample: later
                    value: n
            """)
        #expect(o.samples.map { "\($0.name)=\($0.value)" } == ["atOnce=5", "inBlock=16", "later=16"])
        #expect(o.findings.leaks.isEmpty)
    }

    @Test func aStoreIntoTheVariableReplacesTheValueForTheBlocks() throws {
        // the expiration-handler idiom: the block forgets the task through the variable
        let o = try Self.run(
            """
            name: forget
            until: 1s
            classes:
              Box: {fields: {n: int}}
            main:
              - let: __block box = new Box
              - dispatch_async: main
                captures: [__block box]
                do: [set: box = nil]
            """)
        let box = try #require(o.deaths.first { $0.className == "Box" })
        #expect(box.object == "box")
        #expect(o.findings.leaks.isEmpty)
    }

    @Test func aBlockMustShareABlockVariableAndOnlyABlockVariable() {
        let scenario = { (captures: String) in
            """
            name: bad capture
            main:
              - let: __block t = nil
              - let: plain = 1
              - dispatch_async: main
                captures: [\(captures)]
                do: [log: x]
            """
        }
        #expect(Self.diagnostics(scenario("strong t")) == ["6:23 expr.type"])
        #expect(Self.diagnostics(scenario("__block plain")) == ["6:24 expr.type"])
        #expect(Self.diagnostics(scenario("__block nothing")) == ["6:24 name.undefined"])
        #expect(
            Self.diagnostics(
                """
                name: bad declaration
                main:
                  - let: __block = 3
                """) == ["3:18 step.shape"])
    }
}
