import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `timer.fireDate = …` in Swift: `setFireDate:` (SwiftLowering+FireDate.swift, docs/swift-scenarios.md).
@Suite struct SwiftFireDateTests {
    @Test func theDateFormsLowerToAtOrAfter() throws {
        let forms: [(String, String)] = [
            ("timer?.fireDate = .distantFuture", "{setFireDate: self.timer, at: distantFuture}"),
            ("timer?.fireDate = Date.distantPast", "{setFireDate: self.timer, at: referenceDate}"),
            ("timer?.fireDate = Date()", "{setFireDate: self.timer, after: 0s}"),
            ("timer?.fireDate = Date(timeIntervalSinceNow: 0.5)", "{setFireDate: self.timer, after: 0.5s}"),
            ("timer?.fireDate = Date().addingTimeInterval(2)", "{setFireDate: self.timer, after: 2s}"),
            ("timer?.fireDate = Date() + 1.5", "{setFireDate: self.timer, after: 1.5s}"),
        ]
        for (code, lowered) in forms {
            #expect(try SwiftLanguageTests.steps(code) == "[\(lowered)]", "\(code)")
        }
    }

    @Test func aSlideshowPausesAndResumesByItsFireDate() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("slideshow", until: .seconds(6), variants: [.ios10, .linuxCorelibs])
            final class Slideshow {
                private var timer: Timer?
                private var slide = 0
                func start() {
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
                        self?.slide += 1
                        print("slide")
                    }
                }
                func pause() {
                    guard let timer = timer, timer.isValid else { return }
                    timer.fireDate = .distantFuture
                }
                func resume() { timer?.fireDate = Date() }
                func stop() {
                    timer?.invalidate()
                    timer = nil
                }
            }
            let show = Slideshow()
            show.start()
            scenario.at(.milliseconds(2500), "pause") { show.pause() }
            scenario.at(.milliseconds(4200), "resume") { show.resume() }
            scenario.at(.milliseconds(5700), "stop") { show.stop() }
            scenario.expect(.all, [
                "logs": 4, "logs[1].at_ms": 2000, "logs[2].at_ms": 4200, "logs[3].at_ms": 5200, "objects.leaked": 0,
            ])
            """)
    }

    @Test func aDateItCannotSayIsRefusedAtTheValue() throws {
        let (_, diagnostics) = SwiftScenarioLoader.lower(
            text: SwiftLoweringTests.file("timer?.fireDate = someDate()"), file: "P.swift")
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(diagnostics.first?.message.contains("this fire date") == true, "\(diagnostics)")
        #expect(diagnostics.first?.location.line == 8 && diagnostics.first?.location.column == 19)
    }

    @Test func aDisplayLinkPausesByIsPaused() throws {
        #expect(try SwiftLanguageTests.steps("timer?.isPaused = true") == "[{setPaused: self.timer, to: true}]")
        try SwiftLanguageTests.passes(
            """
            import UIKit
            let scenario = Scenario("spinner", until: .seconds(2), variants: [.ios13])
            final class Spinner: UIView {
                private(set) var frames = 0
                private lazy var link: CADisplayLink = {
                    let link = CADisplayLink(target: self, selector: #selector(step))
                    link.add(to: .main, forMode: .common)
                    return link
                }()
                func start() { link.isPaused = false }
                func stop() { link.isPaused = true }
                @objc private func step() { frames += 1 }
            }
            let spinner = Spinner()
            spinner.start()
            scenario.at(.seconds(1), "stop") {
                spinner.stop()
                scenario.sample("frames", spinner.frames)
            }
            scenario.at(.milliseconds(1900), "later") { scenario.sample("frames", spinner.frames) }
            scenario.expect(.all, ["samples[0].value": 59, "samples[1].value": 59])
            """)
    }
}
