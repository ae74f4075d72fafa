import LoopSimKernel
import LoopSimScenario
import Testing

/// Thread reads (`current thread.name`, `isMainThread`, `process:`) and `limitDateForMode:`
/// (docs/scenario-format.md §6, §7.4).
@Suite struct ThreadAndLimitDateTests {
    static let logs = StringValueTests.logs
    static let diagnostics = StringValueTests.diagnostics

    static let names = """
        name: names
        until: 1s
        process: PROCESS
        queues: [db]
        main:
          - let: m = current thread.name
          - log: main
          - if: m == "main"
            then: [log: own name]
          - if: m == nil
            then: [log: nil]
          - if: m == "PROCESS"
            then: [log: process name]
          - if: current thread.isMainThread
            then: [log: isMainThread]
          - dispatch_async: global
            do:
              - let: g = current thread.name
              - if: g == nil
                then: [log: worker nil]
              - if: g == "oot.default-qos"
                then: [log: worker default-qos]
              - if: current thread == main thread
                then: [log: wrong]
          - work: 10ms
          - dispatch_async: db
            do:
              - if: current thread.name == "-qos.overcommit"
                then: [log: serial overcommit]
              - if: main thread.name == current thread.name
                then: [log: main thread read on a worker is the worker's]
          - work: 10ms
          - thread: loader
            do:
              - if: current thread.name == "loader"
                then: [log: thread own name]
              - if: current thread.name == "PROCESS"
                then: [log: thread process name]
        """

    /// Darwin answers a thread's own name; Linux the calling thread's OS name.
    @Test func namesFollowTheVariant() throws {
        let yaml = Self.names.replacingOccurrences(of: "PROCESS", with: "Reader")
        #expect(try Self.logs(yaml, "ios13") == ["main", "own name", "isMainThread", "worker nil", "thread own name"])
        #expect(
            try Self.logs(yaml, "linux-corelibs") == [
                "main", "process name", "isMainThread", "worker default-qos",
                "serial overcommit",
                "main thread read on a worker is the worker's",
                "thread process name",
            ])
    }

    /// Linux keeps 15 bytes of the process's name; a cut through a character reads nil, as Foundation's
    /// `String(validating:as:)` does.
    @Test func theProcessNameIsCutTo15Bytes() throws {
        let long = Self.names.replacingOccurrences(of: "m == \"PROCESS\"", with: "m == \"averyveryverylo\"")
            .replacingOccurrences(of: "PROCESS", with: "averyveryverylongname")
        #expect(try Self.logs(long, "linux-corelibs").contains("process name"))
        // 14 ASCII bytes and a two-byte "é": the 15th byte splits it.
        let split = Self.names.replacingOccurrences(of: "PROCESS", with: "abcdefghijklmné")
        #expect(try Self.logs(split, "linux-corelibs").contains("nil"))
    }

    @Test func aThreadHasOnlyNameAndIsMainThread() {
        let yaml = """
            name: bad
            main:
              - let: n = current thread.nam
            """
        #expect(Self.diagnostics(yaml) == ["3:29 expr.type"])
        #expect(Self.diagnostics("name: p\nprocess: a/b\nmain: []\n") == ["2:10 value.invalid"])
    }

    /// A missing mode answers nil; the main thread's default mode distantFuture (the main queue keeps it
    /// non-empty); a mode with a timer its fire date, after the poll fired the due one; another thread's loop nil
    /// without running it.
    @Test func limitDateForMode() throws {
        let yaml = """
            name: limit
            until: 2s
            classes:
              P:
                fields:
                  timer: weak NSTimer
                  ticks: int
                methods:
                  tick:
                    - increment: self.ticks
            main:
              - let: p = new P
              - limitDateForMode: nothing.here
                result: a
              - if: a == nil
                then: [log: missing nil]
              - limitDateForMode: default
                result: b
              - if: b == distantFuture
                then: [log: default distantFuture]
              - scheduledTimer: p.timer
                every: 300ms
                repeats: true
                mode: custom
                block:
                  captures: [strong p]
                  do: [call: p.tick]
              - work: 400ms
              - limitDateForMode: custom
                result: c
              - if: p.ticks == 1
                then: [log: polled]
              - if: c == 600
                then: [log: next at 600]
              - if: c == p.timer.fireDate
                then: [log: the timer's fireDate]
              - thread: other
                captures: [strong p]
                do:
                  - limitDateForMode: custom
                    of: main runloop
                    result: d
                  - if: d == nil
                    then: [log: foreign nil]
                  - if: p.ticks == 1
                    then: [log: not run]
            """
        let expected = [
            "missing nil", "default distantFuture", "polled", "next at 600", "the timer's fireDate",
            "foreign nil", "not run",
        ]
        #expect(try Self.logs(yaml, "ios10") == expected)
        #expect(try Self.logs(yaml, "linux-corelibs") == expected)
    }

    /// A custom mode with only a source has no timer: distantFuture; once the source is gone the mode is empty:
    /// nil.
    @Test func aModeWithoutTimersAnswersDistantFuture() throws {
        let yaml = """
            name: sources
            until: 1s
            main:
              - thread: worker
                do:
                  - addSource: s
                    mode: custom
                    do: [log: performed]
                  - limitDateForMode: custom
                    result: a
                  - if: a == distantFuture
                    then: [log: distantFuture]
                  - limitDateForMode: default
                    result: b
                  - if: b == nil
                    then: [log: empty default nil]
            """
        #expect(try Self.logs(yaml, "ios10") == ["distantFuture", "empty default nil"])
    }
}
