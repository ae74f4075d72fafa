import LoopSimKernel
import LoopSimScenario
import Testing

/// Durations as values (docs/scenario-format.md §6, "Durations as values"): a `duration` field, local or parameter,
/// its arithmetic, and every verb that takes a duration taking an expression of them, evaluated when the step runs.
/// Each expectation is a fire time that a wrong model (the value read at compile time, a unit slip, a doubling not
/// seen by the next step) would get wrong.
@Suite struct DurationValueTests {
    static func run(_ yaml: String, _ variant: String = "ios10") throws -> RunOutcome {
        try KernelSemanticsTests.run(yaml, variant)
    }

    static func logs(_ o: RunOutcome) -> [String] { o.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" } }

    static func diagnostics(_ yaml: String) -> [String] {
        ScenarioLoader.load(text: yaml, file: "inline.yaml").diagnostics.filter { $0.severity == .error }
            .map { "\($0.location.line):\($0.location.column) \($0.message)" }
    }

    /// `now_date` (Swift's `Date()`) is the wall clock: an interval between dates counts the time the device slept,
    /// where a run-loop timer's does not (section 8.3, `lock`). `int(x)` is a duration's whole seconds toward zero.
    @Test func nowDateIsTheWallClock() throws {
        let o = try Self.run(
            """
            name: wall
            until: 10s
            classes:
              W:
                fields: {start: duration = nil}
            main:
              - let: w = new W
              - if: w.start == nil
                then: [set: w.start = now_date]
            user:
              - at: 1s
                app: lock
              - at: 4s
                app: unlock
              - at: 4500ms
                app: foreground
              - at: 5s
                name: read
                do:
                  - log: elapsed \\(int(now_date - w.start)) \\(int(-1500ms)) \\(int(3))
            """)
        #expect(Self.logs(o) == ["5000 elapsed 5 -1 3"])
        let refused = Self.diagnostics("name: x\nuntil: 1s\nmain:\n  - log: x \\(int(\"s\"))\n")
        #expect(refused.first?.contains("int(…) takes a duration") == true, "\(refused)")
    }

    /// `<<` and `>>` are Swift's smart shifts of `Int`, tighter than `*`: a shift past 64 bits gives 0 (or -1 for
    /// a negative value shifted right), a negative amount shifts the other way; a duration has none.
    @Test func integerShiftsAreSwiftsSmartShifts() throws {
        let o = try Self.run(
            """
            name: shifts
            until: 1s
            main:
              - let: n = 3
              - log: '\\(1 << n) \\(2 * 1 << n) \\(-8 >> 1) \\(1 << 64) \\(-1 >> 70) \\(5 << -1) \\(1 << (n - 1))'
            """)
        #expect(Self.logs(o) == ["0 8 16 -4 0 -1 2 4"])
        let refused = Self.diagnostics("name: x\nuntil: 1s\nmain:\n  - log: 'x \\(1s << 2)'\n")
        #expect(refused.first?.contains("no shifts") == true, "\(refused)")
    }

    /// `now_uptime` (Swift's `CACurrentMediaTime()`) is the monotonic clock: it stands still while the device
    /// sleeps, so across a lock of 3 s, 5 s of wall time are 2 s of uptime, and uptime never goes back.
    @Test func nowUptimeStandsStillWhileTheDeviceSleeps() throws {
        let o = try Self.run(
            """
            name: uptime
            until: 10s
            classes:
              W:
                fields: {wall: duration, up: duration}
            main:
              - let: w = new W
              - set: w.wall = now_date
              - set: w.up = now_uptime
            user:
              - at: 1s
                app: lock
              - at: 4s
                app: unlock
              - at: 4500ms
                app: foreground
              - at: 5s
                name: read
                do:
                  - log: 'wall \\(int(now_date - w.wall)) uptime \\(int(now_uptime - w.up)) \\(now_uptime - w.up)'
            """)
        #expect(Self.logs(o) == ["5000 wall 5 uptime 2 2.0"])
    }

    /// `format("%.1f", d)` writes the duration's seconds as Foundation writes a `Double` (the exact binary value of
    /// the double nearest it, rounded half to even: 0.25 s is `0.2`); `%d` of a duration and `%f` of an int are
    /// refused at the call, as Swift would print what another register holds.
    @Test func aDurationIsFormattedAsADouble() throws {
        let o = try Self.run(
            """
            name: f
            until: 1s
            main:
              - let: d = 250ms
              - log: '\\(format("%.1f|%.3e|%g|%+06.2f", d, d * 3, d - 1s, d))'
            """)
        #expect(Self.logs(o) == ["0 0.2|7.500e-01|-0.75|+00.25"])
        for (expression, fragment) in [
            (#"format("%d", 250ms)"#, "takes an int, not duration"), (#"format("%.1f", 3)"#, "takes a duration"),
            (#"format("%a", 1s)"#, "not modelled"),
        ] {
            let refused = Self.diagnostics("name: x\nuntil: 1s\nmain:\n  - log: 'x \\(\(expression))'\n")
            #expect(refused.first?.contains(fragment) == true, "\(expression): \(refused)")
        }
    }

    /// A timer's interval, tolerance and first fire from a field set by a parameter: fires at the field's value,
    /// read when the timer is made (a later change of the field does not move it, as `Timer` copies its interval).
    @Test func aTimerTakesItsIntervalFromAField() throws {
        let o = try Self.run(
            """
            name: t
            until: 2s
            classes:
              Poller:
                fields: {interval: duration, n: int}
                methods:
                  start:
                    params: [every: duration]
                    do:
                      - set: self.interval = every
                      - scheduledTimer: t
                        every: self.interval * 2
                        tolerance: self.interval / 10
                        firstFire: self.interval - 100ms
                        repeats: true
                        block: {captures: [strong self], do: [increment: self.n, log: 'fire \\(self.n)']}
                      - set: self.interval = 10s
            main:
              - let: p = new Poller
              - call: p.start
                with: [0.25]
            """)
        #expect(o.crash == nil)
        #expect(Self.logs(o) == ["150 fire 1", "650 fire 2", "1150 fire 3", "1650 fire 4"])
    }

    /// An integer literal passed to a `duration` parameter is seconds (Swift's `Poller(interval: 1)`).
    @Test func anIntegerLiteralArgumentIsSeconds() throws {
        let o = try Self.run(
            """
            name: t
            until: 3s
            classes:
              Page:
                methods:
                  later:
                    params: [after: duration]
                    do:
                      - dispatch_after: main
                        delay: after
                        do: [log: later]
            main:
              - let: p = new Page
              - call: p.later
                with: [1]
            """)
        #expect(Self.logs(o) == ["1000 later"])
    }

    /// Exponential back-off: a delay doubled after each `dispatch_after`, which reads the value it had at that step.
    @Test func dispatchAfterWaitsAComputedDelay() throws {
        let o = try Self.run(
            """
            name: t
            until: 10s
            classes:
              Retry:
                fields: {delay: duration = 0.5, n: int}
                methods:
                  attempt:
                    - increment: self.n
                    - log: 'attempt \\(self.n) then \\(self.delay)'
                    - if: self.n < 4
                      then:
                        - dispatch_after: main
                          delay: self.delay
                          captures: [strong self]
                          do: [call: self.attempt]
                        - set: self.delay = self.delay * 2
            main:
              - let: r = new Retry
              - call: r.attempt
            """)
        #expect(
            Self.logs(o) == [
                "0 attempt 1 then 0.5", "500 attempt 2 then 1.0", "1500 attempt 3 then 2.0", "3500 attempt 4 then 4.0",
            ])
    }

    /// performSelector afterDelay, runUntil, work, and a dispatch timer's start, interval and leeway, computed.
    @Test func everyDurationVerbTakesAnExpression() throws {
        let o = try Self.run(
            """
            name: t
            until: 3s
            classes:
              Page:
                fields: {d: duration}
                methods:
                  go:
                    - set: self.d = 200ms
                    - performSelector: self
                      selector: later
                      afterDelay: self.d * 3
                  later: [log: later]
            main:
              - let: p = new Page
              - call: p.go
              - let: d = 0.1
              - work: d + d
              - log: after work
              - dispatch_source_timer: s
                queue: main
                start: d * 10
                interval: d * 5
                leeway: d - d
                do: [log: source]
              - thread: w
                captures: [d]
                do:
                  - scheduledTimer: t
                    every: d * 10
                    block: {do: [log: worker timer]}
                  - runUntil: d * 4
                  - log: worker back
            """)
        #expect(o.crash == nil)
        // a worker's `runUntil` returns at its date while its loop has a timer (at 200 + 400 ms)
        #expect(
            Self.logs(o).sorted()
                == [
                    "200 after work", "600 later", "600 worker back", "1200 source", "1700 source", "2200 source",
                    "2700 source",
                ].sorted())
    }

    /// `dispatch_semaphore_wait` and `dispatch_group_wait` with a computed timeout time out at it; a negative one is
    /// `DISPATCH_TIME_NOW`, a wait that does not block.
    @Test func waitsTimeOutAtAComputedDeadline() throws {
        let o = try Self.run(
            """
            name: t
            until: 2s
            main:
              - let: t = 300ms
              - let: s = dispatch_semaphore_create 0
              - let: g = dispatch_group_create
              - dispatch_group_enter: g
              - thread: w
                captures: [t, s, g]
                do:
                  - dispatch_semaphore_wait: s
                    timeout: t - 1s
                    result: now
                  - log: 'at once \\(now)'
                  - dispatch_semaphore_wait: s
                    timeout: t
                    result: r
                  - log: 'semaphore \\(r)'
                  - dispatch_group_wait: g
                    timeout: t * 2
                    result: q
                  - log: 'group \\(q)'
            """)
        #expect(Self.logs(o) == ["0 at once 1", "300 semaphore 1", "900 group 1"])
    }

    /// Swift's literal typing: an integer literal beside a duration is seconds (`delay > 1`, `delay + 1`); an
    /// integer scales a duration; `n * 1s` converts an integer (Swift's `Double(n)`).
    @Test func integerLiteralsBesideADurationAreSeconds() throws {
        let o = try Self.run(
            """
            name: t
            until: 1s
            main:
              - let: d = 1.5s
              - let: n = 3
              - if: d > 1
                then: [log: 'longer than a second']
              - log: '\\(d + 1) \\(d * 2) \\(2 * d) \\(d / 4) \\(n * 1s) \\(d * 0.1) \\(0 - d) \\(d == 1500ms)'
            """)
        #expect(o.logs.map(\.text) == ["longer than a second", "2.5 3.0 3.0 0.375 3.0 0.15 -1.5 true"])
    }

    /// A negative computed duration does what the API does with a negative literal: a past deadline runs at once,
    /// a negative interval of a repeating timer is 0.1 ms on Darwin; past the clock's range or dividing by zero is a
    /// located run-time fault of the app, never a trap.
    @Test func negativeAndOverflowingDurations() throws {
        let o = try Self.run(
            """
            name: t
            until: 1s
            main:
              - let: d = 0 - 2s
              - dispatch_after: main
                delay: d
                do: [log: at once]
              - scheduledTimer: t
                every: d
                repeats: true
                block: {timer: t, do: [log: tick, invalidate: t]}
            """)
        #expect(Self.logs(o).sorted() == ["0 at once", "0 tick"])
        for (expression, message) in [
            ("1s * 9223372036854775807", "duration overflow: 1.0 * 9223372036854775807"),
            ("1s / 0", "division by zero: 1.0 / 0 is an infinite TimeInterval"),
            ("1000000h", "the duration 3600000000.0 s is longer than 100 years"),
        ] {
            let crashed = try Self.run(
                """
                name: t
                until: 1s
                main:
                  - let: d = \(expression)
                  - work: d
                  - log: not reached
                """)
            #expect(crashed.crash?.message.hasPrefix(message) == true, "\(String(describing: crashed.crash))")
            #expect(crashed.logs.isEmpty)
        }
    }

    /// Wrong types are located errors saying how to write the value.
    @Test func wrongTypesAreLocatedErrors() {
        let errors = Self.diagnostics(
            """
            name: t
            main:
              - let: d = 2s
              - let: n = 3
              - work: n
              - let: a = d + n
              - let: b = d % 2
              - let: c = 1.5ns
              - if: d > n
                then: [log: x]
              - runUntil: nope
            """)
        #expect(errors.count == 6, "\(errors)")
        #expect(errors[0].hasPrefix("5:11 work must be a duration: a literal such as \"250ms\""))
        #expect(errors[1].contains("write the int as a duration, `n * 1s`"))
        #expect(errors[2].contains("% takes integers"))
        #expect(errors[3].contains("more precision than a nanosecond"))
        #expect(errors[4].contains("compares a duration with a duration, not with int"))
        #expect(errors[5].hasPrefix("11:15 'nope' is not defined here"))
    }

    /// The literal path is as before: a literal compiles to a fixed duration, not an expression.
    @Test func literalsStayFixed() throws {
        let loaded = ScenarioLoader.load(
            text: "name: t\nmain:\n  - scheduledTimer: t\n    every: 1.5s\n    block: {do: [log: x]}\n  - work: 0.5",
            file: "inline.yaml")
        #expect(loaded.diagnostics.map(\.id.rawValue) == ["duration.bare-number"])
        let fixed = ScenarioLoader.load(
            text: "name: t\nmain:\n  - scheduledTimer: t\n    every: 1.5s\n    block: {do: [log: x]}",
            file: "inline.yaml")
        let step = try #require(
            fixed.scenario?.program.main.steps.compactMap { step -> MakeTimerStep? in
                if case .perform(let s) = step { return s as? MakeTimerStep }
                return nil
            }.first)
        #expect(step.spec.interval == .milliseconds(1500))
        #expect(step.spec.intervalExpression == nil)
    }
}
