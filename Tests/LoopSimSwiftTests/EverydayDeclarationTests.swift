import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Declarations engineers write around the modelled code: a trailing closure for an init's closure parameter,
/// `@unchecked Sendable` and `Sendable` on a class, a `CGFloat` property, a conditional stored into a dictionary,
/// `contains` on a range written in place, an enum made from its raw value.
@Suite struct EverydayDeclarationTests {
    @Test func aTrailingClosureIsTheInitsLastParameter() throws {
        let report = try SwiftUIKitTests.report(
            """
            final class Throttler {
                private let interval: TimeInterval
                private let action: () -> Void
                init(interval: TimeInterval, action: @escaping () -> Void) {
                    self.interval = interval
                    self.action = action
                }
                func call() {
                    DispatchQueue.main.asyncAfter(deadline: .now() + interval) { self.action() }
                }
            }
            final class Feed {
                var saves = 0
                lazy var throttler = Throttler(interval: 0.25) { [weak self] in
                    self?.saves += 1
                    print("saved \\(self?.saves ?? 0)")
                }
                deinit { print("feed deinit") }
            }
            var feed: Feed? = Feed()
            feed?.throttler.call()
            scenario.at(.seconds(1), "leave") { feed = nil }
            """)
        #expect(SwiftUIKitTests.logs(report) == ["saved 1", "feed deinit"])
        #expect(report.value(at: "logs[0].at_ms")?.compact == "250")
    }

    @Test func markerConformancesACGFloatAndAConditionalIntoADictionary() throws {
        let report = try SwiftUIKitTests.report(
            """
            final class Scores: @unchecked Sendable {
                private var last: [String: Int] = [:]
                var inset: CGFloat = 0
                var polls = 0
                func poll() {
                    polls += 1
                    let home = last["home", default: 0]
                    last["home"] = polls % 2 == 0 ? home + 1 : home
                    inset = inset + 12.5
                    print("home \\(last["home", default: 0])")
                }
            }
            final class Box: Sendable {}
            let scores = Scores()
            let box = Box()
            Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in scores.poll() }
            """, until: 4)
        #expect(SwiftUIKitTests.logs(report) == ["home 0", "home 1", "home 1", "home 2"])
    }

    @Test func containsOnARangeWrittenInPlace() throws {
        let report = try SwiftUIKitTests.report(
            """
            final class Rating {
                let maximum = 5
                func set(_ index: Int) {
                    guard (1...maximum).contains(index) else { print("\\(index) refused"); return }
                    if (0..<maximum).contains(index) { print("\\(index) in") } else { print("\\(index) at the top") }
                }
            }
            let rating = Rating()
            rating.set(0)
            rating.set(5)
            rating.set(6)
            rating.set(3)
            """)
        #expect(SwiftUIKitTests.logs(report) == ["0 refused", "5 at the top", "6 refused", "3 in"])
    }

    @Test func anEnumFromItsRawValueIsTheCaseOrNil() throws {
        let report = try SwiftUIKitTests.report(
            """
            enum Theme: String { case light, dark = "Dark" }
            enum Level: Int { case low = 1, high }
            final class Settings {
                var theme = Theme.light
                func apply(_ name: String, _ n: Int) {
                    theme = Theme(rawValue: name) ?? .light
                    print("theme \\(theme.rawValue)")
                    if let level = Level(rawValue: n) { print("level \\(level.rawValue)") } else { print("no level \\(n)") }
                }
            }
            let settings = Settings()
            settings.apply("Dark", 2)
            settings.apply("dark", 3)
            """)
        #expect(SwiftUIKitTests.logs(report) == ["theme Dark", "level 2", "theme light", "no level 3"])
    }
}
