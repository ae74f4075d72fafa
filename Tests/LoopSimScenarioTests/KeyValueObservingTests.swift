import LoopSimKernel
import LoopSimScenario
import Testing

/// Key-value observing (docs/scenario-format.md §7.10): who is told, and the crashes Foundation raises.
@Suite struct KeyValueObservingTests {
    static func run(_ yaml: String, _ variant: String = "ios10") throws -> RunOutcome {
        let loaded = ScenarioLoader.load(text: yaml, file: "inline.yaml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        return Kernel(
            program: scenario.program,
            configuration: scenario.configuration(
                profile: try scenario.profile(for: variant))
        ).run()
    }

    static func scenario(_ steps: String, observerMethod: Bool = true) -> String {
        """
        name: kvo
        until: 1s
        classes:
          Model: {fields: {value: int}}
          Watcher:
            fields: {seen: int}
            methods:
        \(observerMethod ? "      observeValueForKeyPath: [increment: self.seen]" : "      other: [log: x]")
        main:
          - let: model = new Model
          - let: watcher = new Watcher
        \(steps)
        """
    }

    @Test func removingAnObserverThatIsNotRegisteredIsFoundationsRangeException() throws {
        let o = try Self.run(
            Self.scenario(
                """
                  - removeKeyPathObserver: model.value
                    observer: watcher
                """))
        #expect(
            o.crash?.message.contains(
                "'NSRangeException', reason: 'Cannot remove an observer <Watcher watcher> "
                    + "for the key path \"value\" from <Model model> because it is not registered as an observer.'")
                == true,
            "\(o.crash?.message ?? "no crash")")
    }

    @Test func anObserverWithoutTheMethodCrashesAtTheFirstChange() throws {
        let o = try Self.run(
            Self.scenario(
                """
                  - addKeyPathObserver: model.value
                    observer: watcher
                  - set: model.value = 1
                """, observerMethod: false))
        #expect(
            o.crash?.message.contains(
                "An -observeValueForKeyPath:ofObject:change:context: message was received "
                    + "but not handled. Key path: value") == true, "\(o.crash?.message ?? "no crash")")
    }

    @Test func anObserverFreedWhileRegisteredIsMessagedAnywayOnEveryVersion() throws {
        for variant in ["ios10", "ios13"] {
            let o = try Self.run(
                Self.scenario(
                    """
                      - addKeyPathObserver: model.value
                        observer: watcher
                      - release: watcher
                      - set: model.value = 1
                    """), variant)
            #expect(
                o.crash?.message.hasPrefix("message sent to deallocated instance Watcher watcher") == true,
                "\(variant): \(o.crash?.message ?? "no crash")")
        }
    }

    @Test func theObservedObjectsDeallocCrashesBeforeIOS11AndRemovesAfter() throws {
        let steps = """
              - addKeyPathObserver: model.value
                observer: watcher
              - release: model
              - log: after
            """
        let ios10 = try Self.run(Self.scenario(steps), "ios10")
        #expect(
            ios10.crash?.message.contains("was deallocated while key value observers were still registered") == true)
        let ios13 = try Self.run(Self.scenario(steps), "ios13")
        #expect(ios13.crash == nil)
        #expect(ios13.logs.map(\.text) == ["after"])
        let linux = try Self.run(Self.scenario(steps), "linux-corelibs")
        #expect(linux.crash?.message.contains("swift-corelibs-foundation has no key-value observing") == true)
    }

    @Test func droppingTheTokenEndsABlockObservation() throws {
        let o = try Self.run(
            Self.scenario(
                """
                  - observeKeyPath: model.value
                    token: t
                    captures: [strong watcher]
                    do: [increment: watcher.seen]
                  - set: model.value = 1
                  - set: t = nil
                  - set: model.value = 2
                  - sample: seen
                    value: watcher.seen
                """))
        #expect(o.crash == nil)
        #expect(o.samples.map(\.value) == [1])
        #expect(o.deallocated == 2)  // the token, and the block it held
    }
}
