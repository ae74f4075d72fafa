import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A display link's `preferredFramesPerSecond` (SwiftLowering+FireDate.swift's `frameRateStore`): the kernel's
/// `setPreferredFramesPerSecond:`, the factor of 60 Hz nearest to it.
@Suite struct DisplayLinkRateTests {
    @Test func aSpinnerAt30FpsFires30TimesASecond() throws {
        let scenario = try SwiftLanguageTests.load(
            """
            import UIKit
            let scenario = Scenario("rate", until: .seconds(1), variants: [.ios10, .ios13])
            final class SpinnerView: UIView {
                private var link: CADisplayLink?
                var frames = 0
                func startAnimating() {
                    link = CADisplayLink(target: self, selector: #selector(step))
                    link?.preferredFramesPerSecond = 30
                    link?.add(to: .main, forMode: .common)
                }
                @objc private func step(_ link: CADisplayLink) { frames += 1 }
                func slowDown() { link?.preferredFramesPerSecond = 10 }
            }
            let spinner = SpinnerView()
            spinner.startAnimating()
            scenario.at(.milliseconds(500), "slow") { spinner.slowDown() }
            """)
        for run in try ScenarioRunner.run(scenario) {
            #expect(run.outcome.timers.first?.fires == 15 + 5, "\(run.outcome.timers)")  // 30 fps to 500 ms, then 10
        }
    }

    @Test func aRateThatIsNotAnIntIsRefused() throws {
        let loaded = SwiftScenarioLoader.load(
            text: """
                import UIKit
                let scenario = Scenario("rate", until: .seconds(1), variants: [.ios13])
                final class V: UIView {
                    var link: CADisplayLink?
                    func go() {
                        link = CADisplayLink(target: self, selector: #selector(step))
                        link?.preferredFramesPerSecond = "fast"
                    }
                    @objc func step() {}
                }
                let v = V()
                v.go()
                """, file: "D.swift")
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        #expect(errors.contains { $0.message.contains("frames per second") && $0.location.line == 7 }, "\(errors)")
    }
}
