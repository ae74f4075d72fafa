import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `String(format:)` (SwiftLowering+Format.swift): the countdown label's `%02d:%02d` and the stopwatch's `%.1f`,
/// printed or kept as a value.
@Suite struct StringFormatTests {
    @Test func aCountdownLabelFormatsMinutesAndSeconds() throws {
        let logs = try DateValueTests.logs(
            """
                var remaining = 62
                var text = ""
                var timer: Timer?
                let unit = "s"
                func start() {
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] t in
                        guard let self else { return }
                        self.remaining -= 1
                        self.text = String(format: "%02d:%02d", self.remaining / 60, self.remaining % 60)
                        print(self.text, String(format: "%d%@ %+d", self.remaining, self.unit, -3))
                        if self.remaining == 59 { t.invalidate() }
                    }
                }
            """, "let w = W()\nw.start()")
        #expect(logs == ["1000 01:01 61s -3", "2000 01:00 60s -3", "3000 00:59 59s -3"])
    }

    /// A `TimeInterval` (the model's exact nanoseconds) reaches `%f` as the `Double` nearest its seconds: what
    /// Foundation writes for the app's own double when its sums are exact (0.25 steps are; measured with swiftc 6.3.1:
    /// `String(format: "%.1f|%5.2f|%.0f%%|%g", 0.25, 0.25, 12.5, 0.25)` is `0.2| 0.25|12%|0.25`).
    @Test func aStopwatchFormatsItsElapsedTime() throws {
        let logs = try DateValueTests.logs(
            """
                var elapsed: TimeInterval = 0
                var timer: Timer?
                func start() {
                    timer = Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { [weak self] t in
                        guard let self else { return }
                        self.elapsed += 0.25
                        let percent = self.elapsed / 2 * 100
                        print(String(format: "%.1f|%5.2f|%.0f%%|%g", self.elapsed, self.elapsed, percent, self.elapsed))
                        if self.elapsed >= 0.5 { t.invalidate() }
                    }
                }
            """, "let w = W()\nw.start()")
        #expect(logs == ["250 0.2| 0.25|12%|0.25", "500 0.5| 0.50|25%|0.5"])
    }

    @Test func whatFoundationWritesOtherwiseIsRefused() throws {
        for (code, fragment) in [
            (#"let s = String(format: "%a", 0.5)"#, "not modelled"),
            (#"let n = 3; let s = String(format: "%.1f", n)"#, "write `Double(n)`"),
            (#"let x: TimeInterval = 0.5; let s = String(format: "%d", x)"#, "write `Int(x)`"),
            (#"let f = "%d"; let s = String(format: f, 1)"#, "string literal"),
            (#"let s = String(format: "%d %d", 1)"#, "2 conversion(s) and 1 argument(s)"),
            (#"let s = String(format: "%d", "x")"#, "written with `%@`"),
        ] {
            let loaded = SwiftScenarioLoader.load(
                text: """
                    let scenario = Scenario("format", until: .seconds(1), variants: [.ios13])
                    final class W {
                        func f() {
                            \(code)
                            print(s)
                        }
                    }
                    let w = W()
                    w.f()
                    """, file: "F.swift")
            let messages = loaded.diagnostics.filter { $0.severity == .error }.map(\.message)
            #expect(messages.contains { $0.contains(fragment) }, "\(code): \(messages)")
        }
    }
}
