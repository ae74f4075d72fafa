import LoopSimKernel
import LoopSimScenario
import Testing

/// NSObject's perform requests (docs/scenario-format.md §7.5, docs/fidelity.md "Perform requests").
@Suite struct PerformTests {
    static let target = """
        classes:
          T: {methods: {go: [log: go ran]}}
        """

    /// Each perform verb crashes the run on linux-corelibs, naming the API to use; the run stops at that step.
    @Test(arguments: [
        "performSelector: t\n    selector: go\n    afterDelay: 1s",
        "performSelectorOnThread: t\n    selector: go\n    onThread: main runloop",
        "cancelPreviousPerformRequests: t",
    ])
    func theVerbsDoNotExistOnLinux(step: String) throws {
        let yaml = "name: x\nuntil: 2s\n\(Self.target)\nmain:\n  - let: t = new T\n  - \(step)\n"
        let o = try KernelSemanticsTests.run(yaml, "linux-corelibs")
        #expect(o.crash?.message.contains("does not exist in swift-corelibs-foundation") == true)
        #expect(o.logs.isEmpty)
        #expect(try KernelSemanticsTests.run(yaml, "ios10").crash == nil)
    }

    /// A request queued on a thread's loop while that loop is not running waits (the wake-up is dropped) and runs
    /// in the first pass once the thread runs its loop; the signalled source makes that pass a handled source.
    @Test func aRequestToALoopNotYetRunningWaitsForIt() throws {
        let o = try KernelSemanticsTests.run(
            """
            name: later
            until: 3s
            classes:
              T:
                fields: {loop: unretained CFRunLoop}
                methods:
                  go: [log: go ran]
            main:
              - let: t = new T
              - thread: late
                captures: [strong t]
                do:
                  - set: t.loop = current runloop
                  - work: 1s
                  - runMode: default
                    before: 2s
                  - log: runMode returned
            user:
              - at: 500ms
                do:
                  - performSelectorOnThread: t
                    selector: go
                    onThread: t.loop
            """)
        #expect(o.logs.map { "\($0.at) \($0.thread) \($0.text)" } == ["1s late go ran", "1s late runMode returned"])
        #expect(o.runLoopExits.map(\.result) == [.handledSource])
    }

    /// A request for a mode the loop does not run stays queued, and a caller waiting for such a request stays
    /// blocked for ever (parked). Once main is parked nothing can wake the worker asleep in `default` either: it is
    /// parked, its loop never performs the request, so what the request holds and the app let go is abandoned, not
    /// pending work (docs/scenario-format.md §10.1, "Work that never runs").
    @Test func aRequestForAnotherModeWaitsAndBlocksItsCaller() throws {
        let o = try KernelSemanticsTests.run(
            """
            name: other mode
            until: 3s
            classes:
              Box: {fields: {loop: unretained CFRunLoop}}
              T: {methods: {go: [log: go ran]}}
            main:
              - let: box = new Box
              - let: t = new T
              - thread: worker
                captures: [strong box]
                do:
                  - set: box.loop = current runloop
                  - addSource: ~
                    to: current runloop
                    do: []
                  - run
            user:
              - at: 500ms
                do:
                  - performSelectorOnThread: t
                    selector: go
                    onThread: box.loop
                    modes: [custom]
                  - release: t
              - at: 1s
                do:
                  - performSelectorOnThread: new T
                    selector: go
                    onThread: box.loop
                    waitUntilDone: true
                    modes: [custom]
                  - log: main resumed
            """)
        #expect(o.logs.isEmpty)
        #expect(o.threads.first { $0.name == "main" }?.state == "parked")  // blocked, with nothing to wake it
        #expect(o.findings.parkedThreads.map(\.name) == ["worker", "main"])
        #expect(
            o.findings.leaks.map { "\($0.object) \($0.kind) \($0.path)" }
                == [#"t abandoned ["runloop(worker) perform requests", "NSThreadPerform go", "T t"]"#])
        #expect(o.deallocated == 0)
    }

    /// A perform request made on a thread that is running its loop, left there when the thread stops running it,
    /// makes its target abandoned once the app lets it go; cancelling it first frees the target.
    @Test(arguments: [false, true])
    func aRequestLeftOnALoopNobodyRunsKeepsItsTarget(cancels: Bool) throws {
        let cancel = cancels ? "\n      - cancelPreviousPerformRequests: t" : ""
        let o = try KernelSemanticsTests.run(
            """
            name: left behind
            until: 3s
            classes:
              T: {methods: {go: [log: go ran]}}
            main:
              - let: t = new T
              - dispatch_async: global
                captures: [strong t]
                do:
                  - performSelector: t
                    selector: go
                    afterDelay: 1s\(cancel)
              - release: t
            """)
        #expect(o.logs.isEmpty)
        if cancels {
            #expect(o.findings.leaks.isEmpty)
            #expect(o.deallocated == o.allocated)
        } else {
            let leak = try #require(o.findings.leaks.first)
            #expect(leak.className == "T")
            #expect(leak.kind == .abandoned)
        }
    }

    /// A negative delay is a date in the past: the request is due at once, and still runs in the loop's timer
    /// pass, after the code that made it (DOC: "Specifying a delay of 0 does not necessarily cause the selector
    /// to be performed immediately").
    @Test func aPastDelayRunsInTheNextTimerPass() throws {
        let o = try KernelSemanticsTests.run(
            """
            name: past
            until: 1s
            classes:
              T: {methods: {go: [log: go ran]}}
            main:
              - let: t = new T
              - performSelector: t
                selector: go
                afterDelay: -1s
              - log: caller goes on
            """)
        #expect(o.logs.map { "\($0.at) \($0.text)" } == ["0s caller goes on", "0s go ran"])
    }

    @Test func badPerformStepsAreErrorsAtTheirPlace() throws {
        func firstError(_ steps: String) -> (String, Int, Int)? {
            let text = "name: x\n\(Self.target)\nmain:\n  - let: t = new T\n\(steps)"
            let d = ScenarioLoader.load(text: text, file: "t.yaml").diagnostics.first { $0.severity == .error }
            return d.map { ($0.id.rawValue, $0.location.line, $0.location.column) }
        }
        #expect(firstError("  - performSelector: t\n    selector: go\n")! == ("key.missing", 6, 5))
        #expect(
            firstError("  - performSelector: t\n    selector: gone\n    afterDelay: 1s\n")!
                == ("name.undefined", 7, 15))
        #expect(
            firstError("  - performSelector: t\n    selector: go\n    afterDelay: 1\n")!
                == ("duration.bare-number", 8, 17))
        #expect(firstError("  - performSelectorOnThread: t\n    selector: go\n")! == ("key.missing", 6, 5))
        #expect(firstError("  - cancelPreviousPerformRequests: t\n    object: t\n")! == ("key.missing", 7, 13))
        #expect(firstError("  - performSelector: 3\n    selector: go\n    afterDelay: 1s\n")! == ("expr.type", 6, 22))
    }
}
