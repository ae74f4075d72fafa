import LoopSimKernel
import LoopSimScenario
import Testing

/// Suspension, device sleep and background tasks (semantics §6, §7).
@Suite struct AppLifecycleTests {
    @Test func noCalloutRunsWhileSuspended() throws {
        let o = try KernelSemanticsTests.run(
            """
            name: suspended
            until: 20s
            main:
              - scheduledTimer: t
                every: 1s
                repeats: true
                userInfo: {do: [log: tick]}
              - dispatch_async: global
                do:
                  - work: 3s
                  - log: worker done
              - dispatch_after: main
                delay: 4s
                do: [log: after]
            user:
              - at: 2500ms
                app: background
              - at: 10s
                app: foreground
            """)
        let times = o.logs.map { "\($0.at) \($0.text)" }
        // nothing between 2.5 s and 10 s; then the overdue work, the dispatch_after block and one late tick
        #expect(!o.logs.contains { $0.at > .zero + .milliseconds(2500) && $0.at < .zero + .seconds(10) })
        #expect(times.prefix(2) == ["1s tick", "2s tick"])
        #expect(times.contains("10s worker done"))
        #expect(times.contains("10s after"))
        #expect(times.filter { $0.hasPrefix("10s tick") }.count == 1)
    }

    @Test func deviceSleepStopsTheMonotonicClockNotTheWallClock() throws {
        let o = try KernelSemanticsTests.run(
            """
            name: two clocks
            until: 14s
            classes:
              Box: {fields: {wall: strong dispatch_source, up: strong dispatch_source, wallTicks: int, upTicks: int}}
            main:
              - let: box = new Box
              - dispatch_source_timer: box.wall
                wall: true
                start: 1s
                interval: 1s
                captures: [weak box]
                do: [increment: box.wallTicks]
              - dispatch_source_timer: box.up
                start: 1s
                interval: 1s
                captures: [weak box]
                do: [increment: box.upTicks]
            user:
              - at: 2500ms
                app: lock
              - at: 7500ms
                app: unlock
              - at: 7500ms
                app: foreground
              - at: 10500ms
                do:
                  - sample: wall
                    value: box.wallTicks
                  - sample: up
                    value: box.upTicks
            """)
        // wall: fires 1 … 10 (3–7 merged into one call on the return): 6 calls by 10.5 s
        // up: fires 1, 2, then the clock stood still for 5 s: next at 8, 9, 10 → 5 calls
        #expect(o.samples.map(\.value) == [6, 5])
        #expect(o.sources.map { "\($0.label) \($0.fires)" } == ["dispatch_source up 9", "dispatch_source wall 14"])
    }

    @Test func aTaskThatOutlivesItsBudgetGetsTheAppKilled() throws {
        let o = try KernelSemanticsTests.run(
            """
            name: killed
            until: 60s
            main:
              - let: unused = 0
            appDelegate:
              didEnterBackground:
                - beginBackgroundTask: task
                  expiration:
                    do:
                      - log: expiring, but not ending the task
            user:
              - at: 1s
                app: background
            """, "ios13")
        #expect(o.appState == .killed)
        #expect(o.appStateTimeline.last?.at == .zero + .seconds(31))
        #expect(o.logs.map(\.text) == ["expiring, but not ending the task"])
    }

    @Test func aRefusedPresentationLosesTheController() throws {
        let o = try KernelSemanticsTests.run(
            """
            name: refused
            until: 2s
            classes:
              Alert:
                methods:
                  viewDidAppear: [log: appeared]
              Root:
                methods:
                  show:
                    - present: new Alert
                      from: self
            main:
              - let: root = new Root
            user:
              - at: 100ms
                do: [call: root.show]
              - at: 200ms
                do: [call: root.show]
            """)
        #expect(o.presentations.map(\.shown) == [1, 0])
        #expect(o.presentations.map(\.refused) == [0, 1])
        #expect(
            o.logs.map { "\($0.at) \($0.text)" } == [
                "200ms Warning: Attempt to present Alert alert on Root root which is already presenting Alert alert",
                "450ms appeared",
            ])
        // the refused controller had no owner: it was freed at once
        #expect(o.deaths.map { "\($0.at) \($0.className)" } == ["200ms Alert"])
    }
}
