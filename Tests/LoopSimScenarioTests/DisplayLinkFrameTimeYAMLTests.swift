import LoopSimKernel
import LoopSimScenario
import Testing

/// `LINK.timestamp`, `targetTimestamp` and `duration` in the scenario language (docs/scenario-format.md §6):
/// durations a `CADisplayLink` reads and an `NSTimer` has not.
@Suite struct DisplayLinkFrameTimeYAMLTests {
    @Test func aLinkReadsItsSlotsAndAnNSTimerStopsTheRun() throws {
        let o = try KernelSemanticsTests.run(
            """
            name: frame times
            until: 1s
            classes:
              View:
                fields: {link: strong NSTimer, timer: strong NSTimer}
                methods:
                  step:
                    - log: frame \\(int(self.link.timestamp * 1000)) next \\(int(self.link.targetTimestamp * 1000))
                    - invalidate: self.link
                    - log: timer \\(int(self.timer.timestamp * 1000))
            main:
              - let: v = new View
              - displayLink: v.link
                target: v
                selector: step
                fps: 20
              - addTimer: v.link
              - scheduledTimer: v.timer
                every: 100ms
                block: {do: [log: tick]}
            """, "ios13")
        #expect(o.logs.map(\.text) == ["frame 50 next 100"])
        #expect(o.crash?.message.contains("'timestamp' read from an NSTimer") == true, "\(String(describing: o.crash))")
    }
}
