import LoopSimReport
import LoopSimScenario
import Testing

/// `expect:` ranges, log checks by text, and texts made of digits (docs/scenario-format.md section 9).
@Suite struct ExpectationCheckTests {
    /// Logs `start`, `0` (twice), `tick` at 1 s, 2 s and 3 s, then `done`; one timer with three fires.
    static func scenario(expect: String) -> String {
        """
        name: expectations
        until: 4s
        variants: [ios10]
        main:
          - log: start
          - log: "0"
          - log: 0
          - scheduledTimer: t
            every: 1s
            repeats: true
            userInfo: {do: [log: tick]}
        user:
          - at: 3500ms
            do:
              - invalidate: t
              - log: done
        expect:
          all:
        \(expect.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
        """
    }

    /// Each expectation's explanation (the text, and for a failure the actual value), in file order.
    static func results(_ expect: String) throws -> [(passed: Bool, explanation: String)] {
        let loaded = ScenarioLoader.load(text: scenario(expect: expect), file: "inline.yaml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        let run = try #require(try ScenarioRunner.run(scenario).first)
        return run.expectations.map { ($0.passed, $0.explanation) }
    }

    /// The diagnostics of a file whose `expect:` is `expect`.
    static func diagnostics(_ expect: String) -> [Diagnostic] {
        ScenarioLoader.load(text: scenario(expect: expect), file: "inline.yaml").diagnostics
    }

    @Test func aRangePassesInsideAndNamesTheBoundItFails() throws {
        let r = try Self.results(
            """
            timers.fires: {min: 3, max: 3}
            logs: {min: 1, max: 7}
            objects.allocated: {min: 100}
            events: {max: 2}
            timers.latency_ms.max: {min: 0, max: 0.5}
            """)
        #expect(r.map(\.passed) == [true, true, false, false, true])
        #expect(r[0].explanation == "timers.fires within {min: 3, max: 3}")
        #expect(r[2].explanation.hasPrefix("objects.allocated within {min: 100} (actual: "))
        #expect(r[2].explanation.hasSuffix(", below min: 100)"))
        #expect(r[3].explanation.hasSuffix(", above max: 2)"))
    }

    @Test func aRangeOfAnAbsentOrTextFigureFails() throws {
        let r = try Self.results(
            """
            crash.at_ms: {min: 0}
            logs[0].text: {max: 5}
            """)
        #expect(r.map(\.passed) == [false, false])
        #expect(r[0].explanation == "crash.at_ms within {min: 0} (actual: absent)")
        #expect(r[1].explanation.hasSuffix("not a number)"))
    }

    @Test func logChecksByTextPassAndFail() throws {
        let r = try Self.results(
            """
            logged:
              tick: 3
              done: ">= 1"
              never: 0
              tick 9: 1
            first_logged_at_ms:
              done: 3500
              tick: {min: 1000, max: 1000}
              never: null
              start: 5
            logged_in_order: [start, tick, done]
            """)
        #expect(r.map(\.passed) == [true, true, true, false, true, true, true, false, true])
        #expect(r[3].explanation == #"logged["tick 9"] == 1 (actual: 0)"#)
        #expect(r[7].explanation == #"first_logged_at_ms["start"] == 5 (actual: 0)"#)
    }

    @Test func aWrongOrderNamesTheOrderSeen() throws {
        let r = try Self.results("logged_in_order: [done, start, never]")
        #expect(r.map(\.passed) == [false])
        #expect(r[0].explanation == #"logged_in_order == [done, start, never] (actual: ["start","done"])"#)
    }

    @Test func aTextListedTwiceStandsForItsSecondLine() throws {
        // The log: start, 0, 0, tick (1 s), tick (2 s), tick (3 s), done (3.5 s).
        let r = try [
            "[start, tick, tick, tick, done]", "[0, start, 0]", "[tick, done, tick]", "[tick, tick, tick, tick]",
        ].map { try #require(try Self.results("logged_in_order: \($0)").first) }
        #expect(r.map(\.passed) == [true, false, false, false])
        // The second `0` is the third line: after `start`, so the actual order puts `start` first.
        #expect(r[1].explanation == #"logged_in_order == [0, start, 0] (actual: ["start","0","0"])"#)
        #expect(r[2].explanation == #"logged_in_order == [tick, done, tick] (actual: ["tick","tick","done"])"#)
        // A fourth `tick` was never logged: left out of the actual value.
        #expect(
            r[3].explanation == #"logged_in_order == [tick, tick, tick, tick] (actual: ["tick","tick","tick"])"#)
    }

    @Test func textsMadeOfDigitsMatchQuotedOrNot() throws {
        // `log: "0"` and `log: 0` both log the text 0; a text figure compares with the expected text as written.
        let doubleQuoted = try Self.results(
            """
            logs[1].text: "0"
            logs[2].text: 0
            logs[0].text: "!= 0"
            logged: {"0": 2, "00": 0}
            objects.leaked: "0"
            """)
        #expect(doubleQuoted.map(\.passed) == [true, true, true, true, true, true])
        let singleQuoted = try Self.results(
            """
            logs[1].text: '0'
            logs[2].text: "== 0.0"
            logs[0].text: 0
            """)
        // `0.0` is not the text 0; `start` is not 0.
        #expect(singleQuoted.map(\.passed) == [true, false, false])
        #expect(singleQuoted[1].explanation == #"logs[2].text == 0.0 (actual: "0")"#)
    }

    @Test func badRangesAndLogChecksAreDiagnosed() {
        let cases: [(String, String)] = [
            ("timers.fires: {min: 5, max: 1}", "this range is empty"),
            ("timers.fires: {}", "a range has min:, max: or both"),
            ("timers.fires: {min: many}", "min: of a range is a number"),
            ("timers.fires: {least: 1}", "least"),
            ("logged: tick", "logged: is a mapping of a log text"),
            ("logged: {tick: yes please}", "logged: expects a number"),
            ("logged_in_order: tick", "logged_in_order: is a list of log texts"),
            ("first_logged_at_ms: {tick: true}", "first_logged_at_ms: expects a number"),
            ("loged: {tick: 1}", "did you mean `logged`"),
        ]
        for (expect, message) in cases {
            let d = Self.diagnostics(expect)
            #expect(d.contains { $0.severity == .error && $0.message.contains(message) }, "\(expect): \(d)")
            #expect(d.allSatisfy { $0.location.line >= 19 }, "\(expect): \(d)")
        }
    }
}
