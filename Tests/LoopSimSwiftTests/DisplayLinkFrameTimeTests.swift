import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A display link's `timestamp`, `targetTimestamp` and `duration` (TimerProperty.frameTime): the frame slot at or
/// before now on the link's grid, the next one and the period, on `CACurrentMediaTime()`'s clock.
@Suite struct DisplayLinkFrameTimeTests {
    static let ring = """
        import UIKit
        let scenario = Scenario("frame times", until: .seconds(2), variants: [.ios10, .ios13])
        final class ProgressRing: NSObject {
            var link: CADisplayLink?
            var startTime: CFTimeInterval = 0
            var frames = 0
            func start() {
                link = CADisplayLink(target: self, selector: #selector(step(_:)))
                link?.add(to: .main, forMode: .common)
            }
            @objc func step(_ link: CADisplayLink) {
                if startTime == 0 { startTime = link.timestamp }
                frames += 1
                let elapsed = link.timestamp - startTime
                if frames <= 2 || frames == 31 || frames == 32 {
                    print("frame \\(frames) at \\(Int(elapsed * 1000)) ms, late \\(Int((CACurrentMediaTime() - link.timestamp) * 1000)) ms")
                }
                if elapsed >= 1.0 {
                    print("done after \\(frames) frames, \\(Int((link.targetTimestamp - link.timestamp) * 1000000)) us a frame")
                    print("period \\(Int(link.duration * 1000000)) us, media time \\(Int(startTime))")
                    link.invalidate()
                }
            }
        }
        let ring = ProgressRing()
        ring.start()
        scenario.at(.milliseconds(490), "a stall on the main thread") {
            Thread.sleep(forTimeInterval: 0.1)
        }
        """

    @Test func aCalloutReadsItsFrameAndAStalledOneTheLastFramePassed() throws {
        let scenario = try SwiftLanguageTests.load(Self.ring)
        for run in try ScenarioRunner.run(scenario) {
            // Frames at k × 16.666667 ms; the first, at 16.67 ms, is the start. The stall from 490 ms to 590 ms
            // holds frame 30's callout (due at 500 ms) until the next frame after it, 600 ms, which reads its own
            // slot (583 ms of elapsed time), not the one it was due at; the slots between are skipped.
            #expect(
                run.outcome.logs.map(\.text) == [
                    "frame 1 at 0 ms, late 0 ms", "frame 2 at 16 ms, late 0 ms",
                    "frame 31 at 583 ms, late 0 ms", "frame 32 at 600 ms, late 0 ms",
                    "done after 56 frames, 16666 us a frame", "period 16666 us, media time 1000",
                ], "\(run.variant)")
        }
    }
}
