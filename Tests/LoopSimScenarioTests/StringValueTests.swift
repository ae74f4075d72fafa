import LoopSimKernel
import LoopSimScenario
import Testing

/// String values and run-loop reads (docs/scenario-format.md §6): string literals, `string` locals and fields,
/// `currentMode` and `allModes.count`.
@Suite struct StringValueTests {
    static func logs(_ yaml: String, _ variant: String = "ios10") throws -> [String] {
        let loaded = ScenarioLoader.load(text: yaml, file: "inline.yaml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        return Kernel(
            program: scenario.program,
            configuration: scenario.configuration(profile: try scenario.profile(for: variant))
        ).run()
            .logs.map(\.text)
    }

    static func diagnostics(_ yaml: String) -> [String] {
        ScenarioLoader.load(text: yaml, file: "inline.yaml").diagnostics
            .map { "\($0.location.line):\($0.location.column) \($0.id.rawValue)" }
    }

    @Test func stringsCompareByTextAndFieldsTakeAnInitialValue() throws {
        let yaml = """
            name: strings
            until: 1s
            classes:
              P:
                fields:
                  a: string = alpha
                  b: string = "alpha"
                  c: string
            main:
              - let: p = new P
              - if: p.a == p.b
                then: [log: equal]
              - if: p.c == nil
                then: [log: nil field]
              - let: m = "alpha"
              - if: m == p.a
                then: [log: local equal]
              - set: p.c = "beta"
              - if: p.c != m
                then: [log: different]
            """
        #expect(try Self.logs(yaml) == ["equal", "nil field", "local equal", "different"])
    }

    /// Outside a run there is no current mode; in a timer's callout it is CF's name for the mode, and a nested
    /// run's mode while it runs, restored when it returns.
    @Test func currentModeAndAllModes() throws {
        let yaml = """
            name: modes
            until: 1s
            main:
              - if: current runloop.currentMode == nil
                then: [log: not running]
              - scheduledTimer: t
                every: 100ms
                block:
                  do:
                    - if: current runloop.currentMode == "kCFRunLoopDefaultMode"
                      then: [log: default]
                    - if: main runloop.currentMode == "default"
                      then: [log: the short name is another string]
                    - scheduledTimer: u
                      every: 10ms
                      mode: custom
                      block:
                        do:
                          - if: current runloop.currentMode == "custom"
                            then: [log: custom]
                    - runMode: custom
                      before: 50ms
                    - if: current runloop.currentMode == "kCFRunLoopDefaultMode"
                      then: [log: restored]
            """
        #expect(try Self.logs(yaml) == ["not running", "default", "custom", "restored"])
    }

    @Test func allModesCountsTheModesAddFunctionsCreated() throws {
        let yaml = """
            name: all modes
            until: 1s
            main:
              - thread: probe
                do:
                  - if: current runloop.allModes.count == 1
                    then: [log: only default]
                  - scheduledTimer: t
                    every: 100ms
                    mode: one
                    block: {do: []}
                  - runMode: two
                    before: 10ms
                  - if: current runloop.allModes.count == 2
                    then: [log: one more]
            """
        #expect(try Self.logs(yaml) == ["only default", "one more"])
    }

    /// A mode in a string variable is resolved when the step runs; a short name stands for CF's; a name that is no
    /// string variable stays a mode's own name.
    @Test func modeNamesInVariables() throws {
        let yaml = """
            name: mode variables
            until: 1s
            main:
              - let: panel = "panel"
              - let: short = "default"
              - timer: t
                every: 100ms
                block:
                  do:
                    - if: current runloop.currentMode == "panel"
                      then: [log: fired in panel]
              - addTimer: t
                mode: panel
              - CFRunLoopPerformBlock: current runloop
                mode: short
                do: [log: block]
              - runMode: panel
                before: 300ms
              - log: returned
              - runMode: short
                before: 10ms
            """
        #expect(try Self.logs(yaml) == ["fired in panel", "returned", "block"])
    }

    /// A nil mode crashes (CF hashes the name); a near-miss of a well-known name is a fault that names it.
    @Test func aNilOrMisspelledModeVariableCrashesTheRun() throws {
        let cases = [("nil", "the mode is nil"), ("\"defualt\"", "unknown mode 'defualt'; did you mean `default`?")]
        for (value, message) in cases {
            let yaml = """
                name: bad mode
                until: 1s
                classes:
                  P:
                    fields: {mode: string}
                main:
                  - let: p = new P
                  - set: p.mode = \(value)
                  - runMode: p.mode
                    before: 10ms
                """
            let loaded = ScenarioLoader.load(text: yaml, file: "inline.yaml")
            let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
            let profile = try scenario.profile(for: "ios10")
            let outcome = Kernel(program: scenario.program, configuration: scenario.configuration(profile: profile))
                .run()
            #expect(outcome.crash?.message.contains(message) == true, "\(String(describing: outcome.crash))")
        }
    }

    @Test func badStringsAndRunLoopReadsAreDiagnosed() {
        #expect(
            Self.diagnostics(
                """
                name: bad
                until: 1s
                main:
                  - if: current runloop.mode == 1
                    then: []
                  - let: s = "open
                """) == ["4:25 expr.type", "6:14 expr.syntax"])
    }
}
