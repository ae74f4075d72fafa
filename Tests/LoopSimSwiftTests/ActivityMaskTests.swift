import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A run-loop observer's activities as a mask (docs/swift-scenarios.md, "Foundation, GCD and CF APIs"):
/// `A.rawValue | B.rawValue`, `CFRunLoopActivity([.a, .b]).rawValue`, or a local holding one.
@Suite struct ActivityMaskTests {
    static func batcher(_ mask: String, local: Bool) -> String {
        let made = local ? "let activities = \(mask)\n        " : ""
        let argument = local ? "activities" : mask
        return """
            import Foundation
            let scenario = Scenario("batcher", until: .seconds(3), variants: [.linuxCorelibs, .ios13])
            final class Batcher {
                var pending = 0
                var observer: CFRunLoopObserver?
                func install() {
                    \(made)observer = CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, \(argument), true, 0) { _, _ in
                        guard self.pending > 0 else { return }
                        print("flushed \\(self.pending)")
                        self.pending = 0
                    }
                    CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .commonModes)
                }
            }
            let batcher = Batcher()
            batcher.install()
            scenario.at(.seconds(1), "three arrive") { batcher.pending = 3 }
            scenario.at(.seconds(2), "two arrive") { batcher.pending = 2 }
            scenario.expect(.all, [
                "logged": ["flushed 3": 1, "flushed 2": 1],
                "first_logged_at_ms": ["flushed 3": 1000, "flushed 2": 2000],
            ])
            """
    }

    @Test func anOrOfRawValuesInALocal() throws {
        try SwiftLanguageTests.passes(
            Self.batcher("CFRunLoopActivity.beforeWaiting.rawValue | CFRunLoopActivity.exit.rawValue", local: true))
    }

    @Test func anOptionSetLiteralInPlace() throws {
        try SwiftLanguageTests.passes(Self.batcher("CFRunLoopActivity([.beforeWaiting, .exit]).rawValue", local: false))
    }

    @Test func theMaskLowersToBothActivities() throws {
        let (node, problems) = SwiftScenarioLoader.lower(
            text: Self.batcher(
                "CFRunLoopActivity.beforeWaiting.rawValue | CFRunLoopActivity.exit.rawValue", local: true),
            file: "B.swift")
        #expect(!problems.contains { $0.severity == .error }, "\(problems)")
        let yaml = SwiftLoweringTests.render(try #require(node))
        #expect(yaml.contains("activities: [beforeWaiting, exit]"), "\(yaml)")
    }

    /// `&` and `~` make no union: refused at the observer (first), never read as the activities they name.
    @Test func anAndOfMasksIsRefused() throws {
        let (_, problems) = SwiftScenarioLoader.lower(
            text: Self.batcher(
                "CFRunLoopActivity.allActivities.rawValue & ~CFRunLoopActivity.exit.rawValue", local: false),
            file: "B.swift")
        let errors = problems.filter { $0.severity == .error }
        #expect(errors.first?.message.contains("this observer") == true, "\(errors)")
        #expect(errors.first?.location.line == 7, "\(errors)")
    }
}
