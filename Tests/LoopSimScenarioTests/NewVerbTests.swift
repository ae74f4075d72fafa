import Testing

@testable import LoopSimKernel
@testable import LoopSimScenario

/// A step verb takes three places: its ``StepVerb`` entry (with the closure that compiles it), its
/// ``ExecutableStep`` type beside the part that runs it, and its docs row. This suite defines a verb in the
/// first two alone, outside the compiler's table and the kernel, and runs a scenario with it: if a verb needed
/// a fourth place (a `Step` case, an interpreter case, a family switch), this would not compile or not run.
@Suite struct NewVerbTests {
    /// `- timerIsValid: t` with `into: local`: reads `-[NSTimer isValid]` into a boolean local.
    struct TimerIsValidStep: ExecutableStep {
        var verb: String { "timerIsValid" }
        var timer: Expr
        var into: LValue

        func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
            let valid = try c.object(timer, expecting: "a timer").map { $0.isTimer && $0.timer.isValid } ?? false
            try c.kernel.interpreter.store(.bool(valid), owned: false, into: into, in: c.frame, on: c.thread, c.kernel)
            return .next
        }
    }

    static let timerIsValid = StepVerb("timerIsValid", keys: ["into"]) { c, s in
        guard let (timer, type) = c.expression(s.arg, scope: s.scope) else { return [] }
        if type != .timer { c.bag.error(.exprType, "timerIsValid needs an NSTimer, not \(type)", at: s.arg.location) }
        guard let node = s.map["into"] else {
            c.bag.error(.keyMissing, "timerIsValid needs into: (a local)", at: s.at)
            return []
        }
        guard let (place, _) = c.lvalue(node, scope: s.scope, declare: .bool) else { return [] }
        return [.perform(TimerIsValidStep(timer: timer, into: place))]
    }

    static let scenario = """
        name: a verb from outside the table
        until: 1s
        main:
          - scheduledTimer: t
            every: 100ms
            repeats: true
            block: {do: []}
          - timerIsValid: t
            into: before
          - invalidate: t
          - timerIsValid: t
            into: after
          - if: before
            then: [log: valid before invalidate]
          - if: after
            then: [log: valid after invalidate]
            else: [log: invalid after invalidate]
        """

    @Test func aVerbInItsEntryAndItsStepRuns() throws {
        let loaded = ScenarioLoader.load(
            text: Self.scenario, file: "verb.yaml", parameters: [],
            extraVerbs: [Self.timerIsValid])
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        let config = scenario.configuration(profile: try scenario.profile(for: "ios10"), keepsTrace: false)
        let outcome = Kernel(program: scenario.program, configuration: config).run()
        #expect(outcome.logs.map(\.text) == ["valid before invalidate", "invalid after invalidate"])
    }

    @Test func itsCompileClosureReportsWithTheFileLocation() {
        let bad = Self.scenario.replacingOccurrences(
            of: "  - timerIsValid: t\n    into: before\n",
            with: "  - timerIsValid: 3\n    into: before\n")
        let loaded = ScenarioLoader.load(text: bad, file: "verb.yaml", parameters: [], extraVerbs: [Self.timerIsValid])
        #expect(loaded.scenario == nil)
        #expect(
            loaded.diagnostics.map { "\($0.id.rawValue) \($0.location.line):\($0.location.column)" }
                == ["expr.type 8:19"])
    }

    @Test func withoutItsEntryTheVerbIsUnknown() {
        let loaded = ScenarioLoader.load(text: Self.scenario, file: "verb.yaml")
        let unknown = loaded.diagnostics.filter { $0.id.rawValue == "step.unknown" }
        #expect(unknown.map { "\($0.location.line):\($0.location.column)" } == ["8:5", "11:5"])
    }
}
