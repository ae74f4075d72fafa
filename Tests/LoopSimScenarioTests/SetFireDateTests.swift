import LoopSimKernel
import LoopSimScenario
import Testing

/// `setFireDate:` (`-[NSTimer setFireDate:]`, `CFRunLoopTimerSetNextFireDate`; docs/scenario-format.md §7.3).
@Suite struct SetFireDateTests {
    static func timerScenario(_ actions: String, extra: String = "") -> String {
        """
        name: fire date
        until: 6s
        classes:
          Holder:
            fields:
              timer: weak NSTimer
              other: strong NSTimer
        main:
          - let: holder = new Holder
          - scheduledTimer: holder.timer
            every: 1s
            repeats: true
            block:
              do: [log: tick]
        \(extra)
        user:
        \(actions)
        """
    }

    static func ticks(_ o: RunOutcome) -> [String] { o.logs.map { "\($0.at)" } }

    @Test func distantFuturePausesAndNowResumesOnTheNewGrid() throws {
        let o = try KernelSemanticsTests.run(
            Self.timerScenario(
                """
                  - at: 2500ms
                    do: [{setFireDate: holder.timer, at: distantFuture}]
                  - at: 4200ms
                    do: [{setFireDate: holder.timer, after: 0s}]
                """))
        #expect(Self.ticks(o) == ["1s", "2s", "4.2s", "5.2s"])
    }

    @Test func aPastDateFiresAtOnceAndAFarOneIsClampedToSixteenYears() throws {
        let o = try KernelSemanticsTests.run(
            Self.timerScenario(
                """
                  - at: 1500ms
                    do:
                      - setFireDate: holder.timer
                        at: referenceDate
                  - at: 3100ms
                    do:
                      - setFireDate: holder.timer
                        at: distantFuture
                      - if: holder.timer.fireDate == 3100 + 504911232000
                        then: [log: clamped]
                """))
        #expect(o.logs.map { "\($0.at) \($0.text)" } == ["1s tick", "1.5s tick", "2.5s tick", "3.1s clamped"])
    }

    @Test func anInvalidTimerIsLeftAloneAndAnUnscheduledOneKeepsTheDate() throws {
        let o = try KernelSemanticsTests.run(
            Self.timerScenario(
                """
                  - at: 1500ms
                    do:
                      - invalidate: holder.timer
                      - setFireDate: holder.timer
                        after: 0s
                      - setFireDate: holder.other
                        after: 2s
                      - addTimer: holder.other
                        to: main runloop
                """,
                extra: """
                      - timer: holder.other
                        every: 10s
                        block:
                          do: [log: other]
                    """))
        #expect(o.logs.map { "\($0.at) \($0.text)" } == ["1s tick", "3.5s other"])
    }

    @Test func settingFromAnotherThreadWakesTheTimersLoop() throws {
        let o = try KernelSemanticsTests.run(
            Self.timerScenario(
                """
                  - at: 1500ms
                    do:
                      - dispatch_async: global
                        captures: [strong holder]
                        do:
                          - setFireDate: holder.timer
                            after: 200ms
                """))
        #expect(Self.ticks(o).prefix(3) == ["1s", "1.7s", "2.7s"])
        #expect(KernelSemanticsTests.lines(o, "worker-1", ["wakeup.send"]).count == 1)
    }

    @Test func itTakesExactlyOneOfAtAndAfter() {
        let loaded = ScenarioLoader.load(
            text: Self.timerScenario("  - at: 1s\n    do: [{setFireDate: holder.timer}]"), file: "inline.yaml")
        #expect(loaded.scenario == nil)
        #expect(loaded.diagnostics.contains { $0.message.contains("setFireDate takes at:") })
    }
}
