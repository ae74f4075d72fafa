import Testing

@testable import LoopSimScenario

/// ``ScenarioCompiler/stepVerbs`` is what the compiler decides with: every verb in it is known and compiled by its
/// entry's closure, and a verb that is not in it is `step.unknown`.
@Suite struct StepVerbTableTests {
    static func ids(_ text: String) -> [String] {
        ScenarioLoader.load(text: text, file: "t.yaml").diagnostics.map(\.id.rawValue)
    }

    @Test(arguments: ScenarioCompiler.stepVerbs.map(\.name))
    func everyListedVerbIsKnownAndCompiled(verb: String) {
        let ids = Self.ids("name: x\nmain:\n  - \(verb):\n")
        #expect(!ids.contains("step.unknown"), "\(verb): \(ids)")
    }

    @Test func aVerbOutsideTheTableIsUnknown() {
        #expect(ScenarioCompiler.stepVerbsByName["postNotificationName"] == nil)
        #expect(Self.ids("name: x\nmain:\n  - postNotificationName: N\n") == ["step.unknown"])
    }

    @Test func everyVerbIsListedOnce() {
        let names = ScenarioCompiler.stepVerbs.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(ScenarioCompiler.stepVerbsByName.count == names.count)
    }
}
