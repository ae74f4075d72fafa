import LoopSimKernel
import LoopSimScenario
import Testing

/// Five behaviours where swift-corelibs-foundation differs from Darwin, each a variant flag (docs/fidelity.md,
/// "Variant flags and their evidence"; conformance c62–c65): a zero-interval repeating timer, an invalid timer's
/// `fireDate`, an operation queue's default width, `cancelAllOperations` on the main queue, and the APIs Linux
/// does not have (target/selector and NSInvocation timers, NSMachPort).
@Suite struct CorelibsDifferencesTests {
    /// The texts and times of a run's logs.
    static func logs(_ o: RunOutcome) -> [String] { o.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" } }

    static let zeroInterval = """
        name: zero interval
        until: 10ms
        classes:
          Probe: {fields: {t: weak NSTimer, ticks: int}}
        main:
          - let: p = new Probe
          - scheduledTimer: p.t
            every: 0ms
            repeats: true
            block:
              captures: [strong p]
              do: [increment: p.ticks]
          - scheduledTimer: check
            every: 5ms
            block:
              captures: [strong p]
              do:
                - if: p.ticks == 1
                  then: [log: once]
                - if: p.ticks > 1
                  then: [log: many]
                - if: p.t.isValid
                  then: [log: valid]
                  else: [log: invalid]
        """

    /// corelibs hands CF the interval as it is: CF fires a 0-interval timer once and invalidates it; Darwin makes
    /// it 0.1 ms, so by 5 ms it has fired about 50 times and is still valid.
    @Test func aZeroIntervalRepeatingTimerFiresOnceOnLinuxAndEvery100MicrosecondsOnDarwin() throws {
        let linux = try KernelSemanticsTests.run(Self.zeroInterval, "linux-corelibs")
        #expect(Self.logs(linux) == ["5 once", "5 invalid"])
        #expect(Self.logs(try KernelSemanticsTests.run(Self.zeroInterval, "ios10")) == ["5 many", "5 valid"])
    }

    /// The flag, not the variant's name, decides: `repeatingTimerZeroInterval` set on either side swaps them.
    @Test func theZeroIntervalFlagDecides() throws {
        let oneShot = Self.zeroInterval.replacingOccurrences(
            of: "until: 10ms", with: "until: 10ms\nset: {repeatingTimerZeroInterval: oneShot}")
        #expect(Self.logs(try KernelSemanticsTests.run(oneShot, "ios13")) == ["5 once", "5 invalid"])
        let clamped = Self.zeroInterval.replacingOccurrences(
            of: "until: 10ms", with: "until: 10ms\nset: {repeatingTimerZeroInterval: clamped}")
        #expect(Self.logs(try KernelSemanticsTests.run(clamped, "linux-corelibs")) == ["5 many", "5 valid"])
    }

    static let fireDate = """
        name: fire date
        until: 1s
        classes:
          Probe: {fields: {t: strong NSTimer}}
        main:
          - let: p = new Probe
          - scheduledTimer: p.t
            every: 100ms
            block: {do: [log: fired]}
          - scheduledTimer: check
            every: 300ms
            block:
              captures: [strong p]
              do:
                - if: p.t.fireDate == referenceDate
                  then: [log: reference date]
                - if: p.t.fireDate == 100
                  then: [log: last fire]
        """

    /// CFRunLoopTimerGetNextFireDate answers 0 for an invalid timer (corelibs reads it); Apple documents the last
    /// fire date, which the iOS variants keep.
    @Test func anInvalidTimersFireDateIsTheReferenceDateOnLinuxAndTheLastFireOnDarwin() throws {
        let linux = try KernelSemanticsTests.run(Self.fireDate, "linux-corelibs")
        #expect(Self.logs(linux) == ["100 fired", "300 reference date"])
        #expect(Self.logs(try KernelSemanticsTests.run(Self.fireDate, "ios10")) == ["100 fired", "300 last fire"])
    }

    /// `referenceDate` is before every instant a run has, and no valid timer reads it.
    @Test func theReferenceDateIsBeforeEveryInstant() throws {
        let yaml = """
            name: reference date
            until: 1s
            main:
              - if: referenceDate < 0 && referenceDate < now_s
                then: [log: before]
            """
        #expect(Self.logs(try KernelSemanticsTests.run(yaml, "linux-corelibs")) == ["0 before"])
    }

    static func operations(width: String, count: Int) -> String {
        var yaml = "name: width\nuntil: 2s\noperationQueues: {work: \(width)}\nmain:\n"
        for i in 0..<count { yaml += "  - operation: o\(i)\n    do: [{work: 100ms}, {log: done}]\n" }
        for i in 0..<count { yaml += "  - addOperation: work\n    operation: o\(i)\n  - release: o\(i)\n" }
        return yaml
    }

    /// `default` has no limit of its own: on Darwin four operations run at once; on Linux the pool's width (2)
    /// bounds it, and an explicit width above the pool's as well.
    @Test(arguments: ["default", "~", "8"])
    func anOperationQueueRunsAtMostThePoolsWidthOnLinux(width: String) throws {
        let yaml = Self.operations(width: width, count: 4)
        #expect(
            Self.logs(try KernelSemanticsTests.run(yaml, "linux-corelibs"))
                == ["100 done", "100 done", "200 done", "200 done"])
        #expect(Self.logs(try KernelSemanticsTests.run(yaml, "ios10")) == Array(repeating: "100 done", count: 4))
        let three = yaml.replacingOccurrences(of: "until: 2s", with: "until: 2s\nset: {operationQueuePoolWidth: 3}")
        #expect(
            Self.logs(try KernelSemanticsTests.run(three, "linux-corelibs"))
                == ["100 done", "100 done", "100 done", "200 done"])
    }

    /// A width below the pool's is the queue's own.
    @Test func aNarrowQueueKeepsItsOwnWidth() throws {
        let yaml = Self.operations(width: "1", count: 3)
        #expect(
            Self.logs(try KernelSemanticsTests.run(yaml, "linux-corelibs")) == ["100 done", "200 done", "300 done"])
    }

    /// A width that is neither a count nor `default` is an error at its place.
    @Test func aBadWidthIsAnError() throws {
        let loaded = ScenarioLoader.load(
            text: "name: x\nuntil: 1s\noperationQueues: {work: wide}\nmain: []\n", file: "inline.yaml")
        let error = try #require(loaded.diagnostics.first { $0.severity == .error })
        #expect(error.message.contains("maxConcurrentOperationCount"))
        #expect(error.location.line == 3)
    }

    static let cancelMain = """
        name: cancel main
        until: 1s
        main:
          - operation: a
            do: [log: a ran]
          - addOperation: main
            operation: a
          - release: a
          - cancelAllOperations: main
        """

    /// corelibs' `cancelAllOperations` begins `if !__mainQ`: the main queue's operations still run.
    @Test func cancelAllOperationsOnTheMainQueueDoesNothingOnLinux() throws {
        #expect(Self.logs(try KernelSemanticsTests.run(Self.cancelMain, "linux-corelibs")) == ["0 a ran"])
        #expect(Self.logs(try KernelSemanticsTests.run(Self.cancelMain, "ios10")).isEmpty)
    }

    /// What Linux cannot compile crashes the run naming the API, as the selector performs do; Darwin runs it.
    @Test(arguments: [
        (
            "scheduledTimer: t\n    every: 1s\n    target: o\n    selector: go",
            "scheduledTimer(timeInterval:target:selector:userInfo:repeats:)"
        ),
        (
            "timer: t\n    every: 1s\n    target: o\n    selector: go",
            "Timer(timeInterval:target:selector:userInfo:repeats:)"
        ),
        (
            "timer: t\n    every: 1s\n    invocation: {target: o, selector: go}",
            "Timer(timeInterval:invocation:repeats:)"
        ),
        ("port: p", "NSMachPort"),
    ])
    func whatLinuxLacksCrashesNamingTheAPI(step: String, api: String) throws {
        let yaml = """
            name: missing API
            until: 2s
            classes:
              O: {methods: {go: [log: go]}}
            main:
              - let: o = new O
              - log: before
              - \(step)
              - log: after
            """
        let linux = try KernelSemanticsTests.run(yaml, "linux-corelibs")
        let crash = try #require(linux.crash)
        #expect(crash.message.contains(api))
        #expect(crash.message.contains("does not exist in swift-corelibs-foundation"))
        #expect(linux.logs.map(\.text) == ["before"])
        let darwin = try KernelSemanticsTests.run(yaml, "ios9")
        #expect(darwin.crash == nil)
        #expect(darwin.logs.map(\.text).starts(with: ["before", "after"]))
    }

    /// The flags' values per profile, as `loopsim variants` lists them.
    @Test func theProfilesGiveTheFlagsTheirValues() throws {
        let linux = try #require(VariantProfile.builtIn("linux-corelibs"))
        #expect(!linux.zeroIntervalClamped && !linux.invalidTimerKeepsFireDate && linux.operationPoolWidth == 2)
        #expect(!linux.mainQueueCancelsAll && !linux.selectorTimerAPI && !linux.machPortAPI)
        for name in ["ios8", "ios9", "ios10", "ios13"] {
            let ios = try #require(VariantProfile.builtIn(name))
            #expect(ios.zeroIntervalClamped && ios.invalidTimerKeepsFireDate && ios.operationPoolWidth == nil)
            #expect(ios.mainQueueCancelsAll && ios.selectorTimerAPI && ios.machPortAPI)
        }
        #expect(throws: VariantError.self) { try linux.setting("operationQueuePoolWidth", to: "0") }
        #expect(throws: VariantError.self) { try linux.setting("repeatingTimerZeroInterval", to: "never") }
        #expect(throws: VariantError.self) { try linux.setting("invalidTimerFireDate", to: "zero") }
    }
}
