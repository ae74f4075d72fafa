import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Tuples held in properties and locals (SwiftLowering+Tuples.swift): each shape a struct without a declaration,
/// its elements by label or position. Each expectation is a value a wrong model gets wrong: a shared tuple instead
/// of a copy, an element read from the wrong position, a store that misses one element.
@Suite struct TupleTests {
    /// A rate limiter's window `(count: 0, limit: 2)` counts in place, is replaced whole (`window = (count: 0,
    /// limit: …)`), copied into a local that changes alone, and an unlabelled pair `(0, 10)` counts by `.0`/`.1`.
    @Test func aLabelledWindowCountsAndIsReplacedWhole() throws {
        let logs = try DateValueTests.logs(
            """
                private var window = (count: 0, limit: 2)
                private var pair: (Int, Int) = (0, 10)
                private var timer: Timer?
                func start() {
                    timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { [weak self] t in
                        guard let self else { return }
                        self.pair.0 += 1
                        self.pair.1 -= 1
                        var copy = self.window
                        copy.count += 10
                        if self.window.count < self.window.limit {
                            self.window.count += 1
                            print("allowed \\(self.window.count) copy \\(copy.count) pair \\(self.pair.0) \\(self.pair.1)")
                        } else {
                            self.window = (count: 0, limit: self.window.limit + 1)
                            print("reset to \\(self.window.limit)")
                        }
                        if self.pair.0 == 4 { t.invalidate() }
                    }
                }
            """, "let w = W()\nw.start()")
        #expect(
            logs == [
                "500 allowed 1 copy 10 pair 1 9", "1000 allowed 2 copy 11 pair 2 8", "1500 reset to 3",
                "2000 allowed 1 copy 10 pair 4 6",
            ])
    }

    /// `let (count, limit) = window` copies the elements (a later change of the window leaves them), `_` skips one,
    /// a tuple written in place gives each element to its name, and `print(window)` writes `(count: 1, limit: 2)`
    /// as Swift's `print` does.
    @Test func destructuringCopiesAndPrintWritesTheLabels() throws {
        let logs = try DateValueTests.logs(
            """
                private var window = (count: 1, limit: 2)
                private var flags = (true, false)
                func show() {
                    let (count, limit) = window
                    window.count = 9
                    var (a, _) = (5, 6)
                    a += 1
                    print("count \\(count) of \\(limit) a \\(a)")
                    print(window)
                    print("flags \\(flags)")
                }
            """, "let w = W()\nw.show()")
        #expect(logs == ["0 count 1 of 2 a 6", "0 (count: 9, limit: 2)", "0 flags (true, false)"])
    }

    /// A struct printed whole is written as Swift's default description writes it: its name, each field's label and
    /// debugDescription (a string quoted, a `Double` as `0.5`); a field of a struct property reads as its value; a
    /// String's `count` is its characters. A struct with an optional field is logged as written.
    @Test func aStructPrintsAsSwiftWritesIt() throws {
        let logs = try DateValueTests.logs(
            """
                private var config = Config(interval: 0.5, name: "poll")
                private var maybe = Maybe()
                func show() {
                    let code = "123456"
                    let left = config.retries - code.count
                    print(config)
                    print("left \\(left) \\(config.name) \\(maybe)")
                }
            """,
            "struct Config { var interval: TimeInterval; var retries = 3; let name: String }\n"
                + "struct Maybe { var n: Int? }\nlet w = W()\nw.show()")
        #expect(logs == ["0 Config(interval: 0.5, retries: 3, name: \"poll\")", "0 left -3 poll \\(maybe)"])
    }

    @Test func whatIsNotModelledIsRefusedWhereItIsWritten() throws {
        let go = "\n    func go() { print(\"go\") }"
        for (code, fragment) in [
            ("private var last: (ok: Bool, n: Int)?" + go, "optional tuple property"),
            ("private var w = (start: Thread.current, n: 0)" + go, "element types LoopSim cannot infer"),
            ("private var w = (a: 1, 2)" + go, "element types LoopSim cannot infer"),
            ("func go() { let (a, b) = (1, 2, 3) }", "tuple of 2 elements"),
            ("func go() { let (a, (b, c)) = (1, 2) }", "element of a tuple pattern"),
            ("var n = 0\n    func go() { n = (1, 2).0 }", "a tuple here"),
        ] {
            let loaded = SwiftScenarioLoader.load(
                text: """
                    let scenario = Scenario("tuples", until: .seconds(1), variants: [.ios13])
                    final class W {
                        \(code)
                    }
                    let w = W()
                    w.go()
                    """, file: "T.swift")
            let messages = loaded.diagnostics.filter { $0.severity == .error }.map(\.message)
            #expect(messages.contains { $0.contains(fragment) }, "\(code): \(messages)")
        }
    }
}
