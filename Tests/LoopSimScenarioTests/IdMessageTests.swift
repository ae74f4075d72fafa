import LoopSimKernel
import LoopSimScenario
import Testing

/// `call:` on an `id` (docs/scenario-format.md §7.1): the message runs the method of that name in the class of the
/// object held when the call runs; a class without it raises, as `doesNotRecognizeSelector:` does.
@Suite struct IdMessageTests {
    static let delegates = """
        name: id delegate
        until: 3s
        classes:
          Clock:
            methods:
              tick: {params: [n: int], do: [log: 'clock \\(n)']}
          Badge:
            methods:
              tick: {params: [n: int], do: [log: 'badge \\(n)']}
          Plain:
            fields: {}
          Ticker:
            fields:
              delegate: weak id
            methods:
              fire:
                - call: self.delegate.tick
                  with: [7]
        main:
          - let: ticker = new Ticker
          - let: clock = new Clock
          - let: badge = new Badge
          - let: plain = new Plain
          - set: ticker.delegate = clock
          - call: ticker.fire
          - set: ticker.delegate = badge
          - call: ticker.fire
          - set: ticker.delegate = nil
          - call: ticker.fire
          - set: ticker.delegate = plain
          - call: ticker.fire
        """

    @Test func theHeldObjectsClassChoosesTheMethod() throws {
        let o = try KernelSemanticsTests.run(Self.delegates)
        #expect(o.logs.map(\.text) == ["clock 7", "badge 7"])
        #expect(
            o.crash?.message == "-[Plain tick]: unrecognized selector sent to instance (NSInvalidArgumentException)")
    }

    @Test func classesThatDisagreeOnTheParametersAreRefused() {
        let yaml = Self.delegates.replacingOccurrences(
            of: "tick: {params: [n: int], do: [log: 'badge \\(n)']}", with: "tick: [log: badge]")
        let loaded = ScenarioLoader.load(text: yaml, file: "inline.yaml")
        #expect(loaded.scenario == nil)
        #expect(
            loaded.diagnostics.contains { $0.message.contains("'tick' takes different parameters in Clock and Badge") })
    }

    @Test func aMethodNoClassHasIsNamed() {
        let yaml = Self.delegates.replacingOccurrences(
            of: "- call: self.delegate.tick", with: "- call: self.delegate.tock")
        let loaded = ScenarioLoader.load(text: yaml, file: "inline.yaml")
        #expect(
            loaded.diagnostics.contains { $0.message.contains("no class has a method 'tock' for an id to receive") })
    }
}
