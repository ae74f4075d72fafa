import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `String(format:)` (SwiftLowering+Format.swift): the countdown label's `%02d:%02d`, printed or kept as a value.
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

    @Test func whatFoundationWritesOtherwiseIsRefused() throws {
        for (code, fragment) in [
            (#"let s = String(format: "%.1f", 0.5)"#, "Int(x)"),
            (#"let f = "%d"; let s = String(format: f, 1)"#, "string literal"),
            (#"let s = String(format: "%d %d", 1)"#, "2 conversion(s) and 1 argument(s)"),
            (#"let s = String(format: "%d", "x")"#, "takes an int"),
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
