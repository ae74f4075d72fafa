import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `switch (state, event)` over a tuple written in place (SwiftLowering+TupleSwitch.swift): the cases are tried in
/// order and the first whose every element pattern matches runs (the Swift book, "Control Flow" › "Tuples"). Each
/// expectation is a state a wrong model reaches: a wildcard case taken before an earlier exact one, the second of
/// two patterns ignored, a `where` clause read without its pattern, a binding read after the body changed the value.
@Suite struct TupleSwitchTests {
    static func logs(_ text: String) throws -> [String] {
        let scenario = try SwiftLanguageTests.load(text)
        let run = try #require(try ScenarioRunner.run(scenario).first)
        return run.outcome.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" }
    }

    static let machine = """
        import Foundation
        let scenario = Scenario("machine", until: .seconds(2), variants: [.ios13])
        enum State { case idle, running, paused, done }
        enum Event { case start, pause, resume, stop, reset }
        final class Machine {
            var state: State = .idle
            var count = 0
            func handle(_ event: Event) {
                switch (state, event) {
                case (.idle, .start):
                    state = .running
                case (.running, .pause):
                    state = .paused
                case (.paused, .resume):
                    state = .running
                case (.running, .stop), (.paused, .stop):
                    state = .done
                case (_, .reset):
                    state = .idle
                case (.running, _):
                    print("ignored while running")
                default:
                    print("ignored")
                }
                print("now \\(state)")
            }
            func tick(_ loading: Bool) {
                switch (loading, count) {
                case (true, 0): print("first load")
                case (true, let n) where n > 2: print("slow \\(n)")
                case (true, let n):
                    count = 10
                    print("loading \\(n)")
                    count = n
                case (false, 5...): print("idle late")
                case (false, _): print("idle")
                }
                count += 1
            }
        }
        let m = Machine()
        m.handle(.start)
        m.handle(.start)
        m.handle(.pause)
        m.handle(.stop)
        m.handle(.resume)
        m.handle(.reset)
        m.handle(.pause)
        m.tick(true)
        m.tick(true)
        m.tick(true)
        m.tick(true)
        m.tick(false)
        m.tick(false)
        """

    @Test func casesAreTriedInOrderAndTheFirstMatchRuns() throws {
        #expect(
            try Self.logs(Self.machine) == [
                "0 now running", "0 ignored while running", "0 now running", "0 now paused", "0 now done",
                "0 ignored", "0 now done", "0 now idle", "0 ignored", "0 now idle", "0 first load", "0 loading 1",
                "0 loading 2", "0 slow 3", "0 idle", "0 idle late",
            ])
    }

    /// A case ending in `return` at the end of a method ends it; the other cases, and no case matching, run the
    /// statements after the `switch`.
    @Test func aReturningCaseSkipsTheStatementsAfterTheSwitch() throws {
        let logs = try Self.logs(
            """
            import Foundation
            let scenario = Scenario("returns", until: .seconds(1), variants: [.ios13])
            enum Mode { case on, off }
            final class Gate {
                func check(_ mode: Mode, _ n: Int) {
                    switch (mode, n) {
                    case (.off, _):
                        print("off")
                        return
                    case (.on, 0):
                        print("on zero")
                    case (.on, let k) where k > 5:
                        print("big \\(k)")
                        return
                    default:
                        break
                    }
                    print("after \\(n)")
                }
            }
            let g = Gate()
            g.check(.off, 1)
            g.check(.on, 0)
            g.check(.on, 9)
            g.check(.on, 3)
            """)
        #expect(logs == ["0 off", "0 on zero", "0 after 0", "0 big 9", "0 after 3"])
    }

    @Test func tupleSwitchesLowerToNestedTests() {
        let (program, problems) = SwiftScenarioLoader.lower(text: Self.machine, file: "M.swift")
        #expect(problems.isEmpty, "\(problems)")
        let text = program.map { SwiftLoweringTests.render($0) } ?? ""
        #expect(text.contains(#"self.state == "idle" && event == "start""#), "\(text)")
        #expect(text.contains(#"(self.state == "running" && event == "stop") || (self.state == "paused""#), "\(text)")
        #expect(text.contains("(loading == true && self.count >= 5)") == false)
    }
}
