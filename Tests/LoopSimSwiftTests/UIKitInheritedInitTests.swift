import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `LevelMeterView(frame: .zero)` of a `UIView` subclass that declares no init: Swift inherits UIKit's designated
/// init (the Swift book, "Automatic Initializer Inheritance", rule 1), so the object is made and no init of the file
/// runs. A class that declares an init of its own does not inherit it: the call is refused as before.
@Suite struct UIKitInheritedInitTests {
    @Test func anInheritedDesignatedInitMakesTheObject() throws {
        let scenario = try SwiftLanguageTests.load(
            """
            import UIKit
            let scenario = Scenario("meter", until: .seconds(2), variants: [.ios13])
            final class LevelMeterView: UIView {
                private var link: CADisplayLink?
                func start() {
                    let link = CADisplayLink(target: self, selector: #selector(step))
                    link.add(to: .main, forMode: .common)
                    self.link = link
                }
                @objc private func step() {}
                deinit { print("meter deinit") }
            }
            final class Screen: UIViewController {}
            var meter: LevelMeterView? = LevelMeterView(frame: .zero)
            let screen = Screen(nibName: nil, bundle: nil)
            meter?.start()
            scenario.at(.seconds(1), "close") { meter = nil }
            """)
        let run = try #require(try ScenarioRunner.run(scenario).first)
        #expect(run.outcome.logs.isEmpty)  // the display link holds the meter: no deinit
        #expect(run.outcome.findings.leaks.map(\.className).contains("LevelMeterView"))
    }

    @Test func aClassWithItsOwnInitDoesNotInheritIt() {
        let loaded = SwiftScenarioLoader.load(
            text: """
                import UIKit
                let scenario = Scenario("meter", until: .seconds(1), variants: [.ios13])
                final class Meter: UIView {
                    var level = 0
                    init(level: Int) {
                        self.level = level
                        super.init(frame: .zero)
                    }
                    required init?(coder: NSCoder) { fatalError() }
                }
                let meter = Meter(frame: .zero)
                """, file: "M.swift")
        #expect(loaded.scenario == nil)
    }
}
