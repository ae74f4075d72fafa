import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `for (i, x) in array.enumerated()` and `for … where …` (SwiftLowering+Arrays.swift `enumeratedForLoop`,
/// `loopBody`). Each expectation is a value a wrong model gets wrong: an offset that does not count from 0, a loop
/// over the array as it changes rather than the copy `enumerated()` was given, a `where` tested once, a `continue`
/// that skips the next element's test.
@Suite struct ForLoopFormTests {
    @Test func enumeratedCountsACopyAndWhereFiltersEachElement() throws {
        let logs = try DateValueTests.logs(
            """
                var values: [Int] = [3, 1, 2]
                var timers: [Timer] = []
                func go() {
                    for (i, v) in values.enumerated() {
                        if i == 0 { values.append(9) }
                        print("\\(i)=\\(v)")
                    }
                    for (_, v) in values.enumerated() where v > 2 { print("big \\(v)") }
                    for v in values where v < 3 { print("small \\(v)") }
                    for i in 0..<6 where i % 2 == 0 {
                        if i == 2 { continue }
                        print("even \\(i)")
                    }
                    timers.append(Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in print("fired") })
                    for (index, timer) in timers.enumerated() where timer.isValid {
                        print("valid \\(index)")
                        timer.invalidate()
                    }
                }
            """, "let w = W()\nw.go()")
        #expect(
            logs == [
                "0 0=3", "0 1=1", "0 2=2", "0 big 3", "0 big 9", "0 small 1", "0 small 2", "0 even 0", "0 even 4",
                "0 valid 0",
            ])
    }

    @Test func otherPatternsAreRefusedAtThePattern() throws {
        for (code, fragment) in [
            ("for (i, v, w) in values.enumerated() { }", "name the offset and the element"),
            ("for i in values.enumerated() { }", "name the offset and the element"),
        ] {
            let loaded = SwiftScenarioLoader.load(
                text: """
                    let scenario = Scenario("loops", until: .seconds(1), variants: [.ios13])
                    final class W {
                        var values: [Int] = [1]
                        func go() { \(code) }
                    }
                    let w = W()
                    w.go()
                    """, file: "L.swift")
            let messages = loaded.diagnostics.filter { $0.severity == .error }.map(\.message)
            #expect(messages.contains { $0.contains(fragment) }, "\(code): \(messages)")
        }
    }
}
