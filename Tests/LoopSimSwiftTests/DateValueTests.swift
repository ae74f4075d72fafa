import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Dates as values (SwiftLowering+Dates.swift, docs/swift-scenarios.md "Dates"): `Date()` is the wall clock's time
/// since the start, so the intervals between dates are the run's own; `Int(x)` of a `TimeInterval` truncates.
@Suite struct DateValueTests {
    /// The logs of a scenario with class `W` (`members`) whose top level runs `top`.
    static func logs(_ members: String, _ top: String, until: Int = 5) throws -> [String] {
        let scenario = try SwiftLanguageTests.load(
            """
            import Foundation
            let scenario = Scenario("dates", until: .seconds(\(until)), variants: [.ios13])
            final class W {
            \(members)
            }
            \(top)
            """)
        let run = try #require(try ScenarioRunner.run(scenario).first)
        return run.outcome.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" }
    }

    @Test func elapsedTimeIsTheIntervalBetweenDates() throws {
        let logs = try Self.logs(
            """
                private var start: Date?
                private var timer: Timer?
                func begin() {
                    start = Date()
                    timer = Timer.scheduledTimer(withTimeInterval: 0.75, repeats: true) { [weak self] _ in
                        guard let self, let start = self.start else { return }
                        let elapsed = Date().timeIntervalSince(start)
                        print("s \\(Int(elapsed)) ms \\(Int(elapsed * 1000)) over \\(elapsed > 1)")
                    }
                }
            """, "let w = W()\nw.begin()", until: 2)
        #expect(logs == ["750 s 0 ms 750 over false", "1500 s 1 ms 1500 over true"])
    }

    /// A local made by `Int(_:)` of a product or a quotient is an `Int` (the initializer that cannot fail); one of
    /// anything else might be `Int(String)`'s optional as far as the syntax says, and is logged as written.
    @Test func aLocalMadeByIntOfAProductPrintsItsValue() throws {
        let logs = try Self.logs(
            """
                private let start = Date()
                private var timer: Timer?
                func begin() {
                    timer = Timer.scheduledTimer(withTimeInterval: 0.25, repeats: false) { [weak self] _ in
                        guard let self else { return }
                        let ms = Int(Date().timeIntervalSince(self.start) * 1000)
                        let tenths = Int(Date().timeIntervalSince(self.start) / 0.1)
                        let secs = Int(Date().timeIntervalSince(self.start))
                        print("ms \\(ms) tenths \\(tenths) secs \\(secs)")
                    }
                }
            """, "let w = W()\nw.begin()", until: 1)
        #expect(logs == ["250 ms 250 tenths 2 secs \\(secs)"])
    }

    @Test func optionalPropertiesStartNil() throws {
        let logs = try Self.logs(
            """
                var start: Date?
                var last: TimeInterval?
                var name: String?
                var count: Int?
                func check() {
                    if start == nil, last == nil, name == nil, count == nil { print("all nil") }
                    start = Date()
                    last = 2
                    name = "n"
                    if let last, start != nil { print("set \\(Int(last)) \\(name ?? "none")") }
                }
            """, "let w = W()\nw.check()")
        #expect(logs == ["0 all nil", "0 set 2 n"])
    }

    @Test func deadlinesFromNow() throws {
        let logs = try Self.logs(
            """
                var deadline = Date()
                var timer: Timer?
                func begin() {
                    deadline = Date(timeIntervalSinceNow: 1).addingTimeInterval(0.5)
                    let later = Date(timeInterval: 2, since: deadline)
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] t in
                        guard let self else { return }
                        if self.deadline.timeIntervalSinceNow <= 0 { t.invalidate(); print("past") }
                        if Date() < later { print("before later") }
                        print("left \\(Int(-Date.now.timeIntervalSince(later)))")
                    }
                }
            """, "let w = W()\nw.begin()")
        #expect(logs == ["1000 before later", "1000 left 2", "2000 past", "2000 before later", "2000 left 1"])
    }

    /// The absolute clocks: `Date().timeIntervalSince1970` and `CFAbsoluteTimeGetCurrent()` read the wall clock
    /// from a fixed start (2026-01-01T00:00:00Z), `CACurrentMediaTime()` and `systemUptime` the monotonic clock from
    /// 1000 s, so elapsed times are exact; a date made from an absolute value is that instant again.
    @Test func absoluteClocksDifferByTheElapsedTime() throws {
        let logs = try Self.logs(
            """
                private var started: TimeInterval = 0
                private var mediaStart: CFTimeInterval = 0
                private var timer: Timer?
                func begin() {
                    started = Date().timeIntervalSince1970
                    mediaStart = CACurrentMediaTime()
                    timer = Timer.scheduledTimer(withTimeInterval: 0.75, repeats: true) { [weak self] t in
                        guard let self else { return }
                        let wall = Date().timeIntervalSince1970 - self.started
                        let media = CACurrentMediaTime() - self.mediaStart
                        let uptime = ProcessInfo.processInfo.systemUptime
                        let reference = CFAbsoluteTimeGetCurrent() - Date.timeIntervalSinceReferenceDate
                        let deadline = Date(timeIntervalSince1970: self.started + 2)
                        print(Int(wall * 1000), Int(media * 1000), Int(uptime), Int(reference), deadline < Date())
                        print(String(format: "%.2f", Date().timeIntervalSince1970))
                        if wall > 1 { t.invalidate() }
                    }
                }
            """, "let w = W()\nw.begin()")
        #expect(
            logs == [
                "750 750 750 1000 0 false", "750 1767225600.75", "1500 1500 1500 1001 0 false", "1500 1767225601.50",
            ])
    }

    @Test func absoluteDatesOutsideTheClocksAreRefused() throws {
        for code in ["let d = Date.distantFuture", "let d = Date(timeIntervalSinceReferenceDate: 0, x: 1)"] {
            let (_, diagnostics) = SwiftScenarioLoader.lower(
                text: """
                    let scenario = Scenario("dates", until: .seconds(1), variants: [.ios13])
                    final class W {
                        func f() {
                            \(code)
                        }
                    }
                    """, file: "D.swift")
            let message = try #require(diagnostics.first { $0.id == .swiftUnsupported }, "\(code)")
            #expect(message.message.contains("intervals between dates"), "\(message.message)")
            #expect(message.location.line == 4)
        }
    }
}
