import LoopSimKernel
import LoopSimScenario
import Testing

/// Thread reads (`current thread.name`, `isMainThread`, `process:`; docs/scenario-format.md §6).
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
        #expect(try Self.logs(yaml, "linux-corelibs") == ["main", "process name", "isMainThread", "worker default-qos",
                                                          "serial overcommit",
                                                          "main thread read on a worker is the worker's",
                                                          "thread process name"])
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
}
