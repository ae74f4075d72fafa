import LoopSimKernel
import LoopSimScenario
import Testing

/// The end of a local's scope lets its object go exactly as `release:` of the same name at the same point does
/// (docs/scenario-format.md §10.1, "Letting go"; clang's ARC specification, §7.1 "Precise lifetime semantics"):
/// a user action's, a method's, a block's and a loop body's locals. What the app still refers to lets nothing go.
@Suite struct ScopeEndLetGoTests {
    /// A helper that schedules a repeating timer targeting itself: the run loop keeps it once the app lets go.
    static let classes = """
        classes:
          ShareHelper:
            methods:
              prepare:
                - scheduledTimer:
                  every: 1s
                  repeats: true
                  target: self
                  selector: tick
              tick: [log: tick]
          Owner:
            fields:
              kept: strong ShareHelper
              timer: weak NSTimer
            methods:
              start:
                - let: helper = new ShareHelper
                - call: helper.prepare
                - RELEASE
              startKept:
                - scheduledTimer: t
                  every: 1s
                  repeats: true
                  target: self
                  selector: tick
                - KEEP
              tick: [log: owner tick]
        """

    /// Runs `yaml` with `RELEASE` replaced by `release: helper` or by nothing, and `KEEP` by `keep`.
    static func run(_ yaml: String, releasing: Bool, keep: String = "log: kept") throws -> RunOutcome {
        let text = yaml.replacingOccurrences(of: "RELEASE", with: releasing ? "release: helper" : "log: returns")
            .replacingOccurrences(of: "KEEP", with: keep)
        return try KernelSemanticsTests.run(text)
    }

    /// A leak as the two runs compare it: everything but the reason of its let-go.
    struct Verdict: Equatable {
        var object: String, kind: Leak.Kind, path: [String], holder: String?, letGoAt: SimInstant?
    }

    static func verdicts(_ o: RunOutcome) -> [Verdict] {
        o.findings.leaks.map {
            Verdict(object: $0.object, kind: $0.kind, path: $0.path, holder: $0.holder, letGoAt: $0.letGo?.at)
        }
    }

    /// Both runs find the same helper abandoned, let go at `at`; the reasons are the scope's end and `release:`.
    static func expectSameVerdict(_ yaml: String, letGoAt at: SimInstant) throws {
        let scope = try run(yaml, releasing: false)
        let released = try run(yaml, releasing: true)
        #expect(verdicts(scope) == verdicts(released))
        let leak = try #require(scope.findings.leaks.first)
        #expect(scope.findings.leaks.count == 1)
        #expect(leak.object == "helper")
        #expect(leak.kind == .abandoned)
        #expect(leak.cause == "went out of scope")
        #expect(leak.letGo?.at == at)
        #expect(released.findings.leaks.first?.cause == "released by the scenario")
    }

    @Test func anActionLocalIsLetGoWhenTheActionReturns() throws {
        try Self.expectSameVerdict(
            """
            name: action local
            until: 4s
            \(Self.classes)
            main: []
            user:
              - at: 1s
                do:
                  - let: helper = new ShareHelper
                  - call: helper.prepare
                  - RELEASE
            """, letGoAt: .zero + .seconds(1))
    }

    @Test func aMethodLocalIsLetGoWhenTheMethodReturns() throws {
        try Self.expectSameVerdict(
            """
            name: method local
            until: 4s
            \(Self.classes)
            main:
              - let: owner = new Owner
              - call: owner.start
            """, letGoAt: .zero)
    }

    @Test func aBlockLocalIsLetGoWhenTheBlockReturns() throws {
        try Self.expectSameVerdict(
            """
            name: block local
            until: 4s
            \(Self.classes)
            main:
              - dispatch_after: main
                delay: 500ms
                do:
                  - let: helper = new ShareHelper
                  - call: helper.prepare
                  - RELEASE
            """, letGoAt: .zero + .milliseconds(500))
    }

    @Test func aLoopBodyLocalIsLetGoAtTheEndOfEachTurn() throws {
        let yaml = """
            name: loop body local
            until: 4s
            \(Self.classes)
            main:
              - for: i in 1...2
                do:
                  - let: helper = new ShareHelper
                  - call: helper.prepare
                  - RELEASE
            """
        let scope = try Self.run(yaml, releasing: false)
        let released = try Self.run(yaml, releasing: true)
        #expect(Self.verdicts(scope) == Self.verdicts(released))
        #expect(scope.findings.leaks.map(\.kind) == [.abandoned, .abandoned])  // one helper a turn
        #expect(scope.findings.leaks.map(\.cause) == ["went out of scope", "went out of scope"])
    }

    @Test func aLocalThatBorrowedAnAppHeldObjectLetsNothingGo() throws {
        let o = try KernelSemanticsTests.run(
            """
            name: borrowed
            until: 4s
            \(Self.classes.replacingOccurrences(of: "RELEASE", with: "log: returns")
                .replacingOccurrences(of: "KEEP", with: "log: kept"))
            main:
              - let: owner = new Owner
              - set: owner.kept = new ShareHelper
            user:
              - at: 1s
                do:
                  - let: helper = owner.kept
                  - call: helper.prepare
            """)
        #expect(o.findings.leaks.isEmpty)
        #expect(!o.traceLines.contains { $0.contains("obj.let-go") })
    }

    @Test func aParameterHandsBackItsCallersReference() throws {
        // The helper is the caller's local, passed on: the callee's return (its parameter, and a local copying it)
        // lets nothing go while the caller's scope holds it; the caller's return does.
        let o = try KernelSemanticsTests.run(
            """
            name: parameter
            until: 3s
            classes:
              ShareHelper:
                methods:
                  prepare:
                    - scheduledTimer:
                      every: 1s
                      repeats: true
                      target: self
                      selector: tick
                  tick: [log: tick]
              Owner:
                methods:
                  use:
                    params: [h: ShareHelper]
                    do:
                      - let: copy = h
                      - call: copy.prepare
                  start:
                    - let: helper = new ShareHelper
                    - call: self.use
                      with: [helper]
                    - check: after use
            main:
              - let: owner = new Owner
              - call: owner.start
            """)
        let check = try #require(o.checks.first)
        #expect(check.findings.leaks.isEmpty)
        let leak = try #require(o.findings.leaks.first)
        #expect(o.findings.leaks.count == 1)
        #expect(leak.object == "helper")
        #expect(leak.cause == "went out of scope")
    }

    @Test func aTimerKeptOnlyInALocalIsLostButOneKeptWeaklyIsNot() throws {
        let yaml = """
            name: timer local
            until: 3s
            \(Self.classes)
            main:
              - let: owner = new Owner
              - call: owner.startKept
            """
        // Referred to by the method's local, then by nothing the app holds: a timer the app lost track of.
        let lost = try Self.run(yaml, releasing: false)
        #expect(lost.findings.leaks.map(\.object) == ["t"])
        #expect(lost.findings.leaks.first?.cause == "went out of scope")
        // Kept weakly (NSTimer's documented pattern: the run loop owns it): still the app's.
        let kept = try Self.run(yaml, releasing: false, keep: "set: self.timer = t")
        #expect(kept.findings.leaks.isEmpty)
    }
}
