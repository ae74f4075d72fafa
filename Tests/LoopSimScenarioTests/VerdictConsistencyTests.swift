import Foundation
import LoopSimKernel
import LoopSimScenario
import Testing

/// Findings that must agree (docs/scenario-format.md §10 and §10.1): work in a loop nobody runs is abandoned
/// whatever kind of work it is; a stuck thread is waiting while something that will still act holds what can wake
/// it, parked when nothing does; parked reasons name what the app wrote; every crash takes one path and records
/// one `crash` event.
@Suite struct VerdictConsistencyTests {
    static func run(_ yaml: String, _ variant: String = "ios10") throws -> RunOutcome {
        try KernelSemanticsTests.run(yaml, variant)
    }

    // MARK: Work that never runs

    /// A controller that, from a GCD block, asks for `hideSpinner` in 500 ms on the current (pool) thread's loop,
    /// with `request` as the asking step; the app lets it go at 2 s.
    static func spinner(_ request: String) -> String {
        """
        name: work on a loop nobody runs
        until: 5s
        classes:
          SpinnerVC:
            fields:
              timer: weak NSTimer
            methods:
              load:
                - dispatch_async: global
                  captures: [strong self]
                  do:
        \(request)
              hideSpinner:
                - log: spinner hidden
        main:
          - let: vc = new SpinnerVC
          - call: vc.load
        user:
          - at: 2s
            name: pop
            do: [release: vc]
        """
    }

    static let oneShotTimer = """
                    - scheduledTimer: self.timer
                      every: 500ms
                      repeats: false
                      target: self
                      selector: hideSpinner
        """
    static let performRequest = """
                    - performSelector: self
                      selector: hideSpinner
                      afterDelay: 500ms
        """

    @Test(arguments: ["ios9", "ios10", "ios13"])
    func aOneShotTimerAndAPerformRequestOnAnUnrunLoopGetTheSameVerdict(variant: String) throws {
        let timer = try Self.run(Self.spinner(Self.oneShotTimer), variant)
        let perform = try Self.run(Self.spinner(Self.performRequest), variant)
        #expect(timer.logs.isEmpty && perform.logs.isEmpty)
        let t = try #require(timer.findings.leaks.first { $0.className == "SpinnerVC" })
        let p = try #require(perform.findings.leaks.first { $0.className == "SpinnerVC" })
        #expect(t.kind == .abandoned)
        #expect(t.kind == p.kind)
        #expect(t.cause == p.cause)
        #expect(t.holder == p.holder)
        #expect(t.cause == "released by the scenario")
        // neither is "pending work": nothing will ever run it
        for o in [timer, perform] {
            #expect(o.alive.listed?.contains { $0.heldBy == .pendingWork } == false)
        }
    }

    /// While the loop can still run (its thread is still running its own code, and runs the loop next), the same
    /// one-shot timer is pending work: the controller the app let go is not a finding.
    @Test func aOneShotTimerOnALoopItsThreadWillRunIsPendingWork() throws {
        let o = try Self.run(
            """
            name: pending on a dedicated thread
            until: 2500ms
            classes:
              SpinnerVC:
                fields:
                  timer: weak NSTimer
                methods:
                  load:
                    - thread: runner
                      captures: [weak self]
                      do:
                        - scheduledTimer: self.timer
                          every: 500ms
                          repeats: false
                          target: self
                          selector: hideSpinner
                        - work: 3s
                        - runMode: default
                          before: 1s
                  hideSpinner:
                    - log: spinner hidden
            main:
              - let: vc = new SpinnerVC
              - call: vc.load
            user:
              - at: 2s
                name: pop
                do: [release: vc]
            """)
        #expect(o.findings.leaks.isEmpty)
        #expect(o.alive.listed?.contains { $0.className == "SpinnerVC" && $0.heldBy == .pendingWork } == true)
    }

    // MARK: Work whose executor is stuck

    /// A worker's `dispatch_sync: main` block, with main doing `mainWork` meanwhile.
    static func syncOnMain(_ mainWork: String) -> String {
        """
        name: dispatch_sync onto main, main doing something
        until: 3s
        classes: {VC: {}}
        main:
          - let: group = dispatch_group_create
          - let: vc = new VC
          - dispatch_group_async: group
            queue: global
            captures: [strong vc]
            do:
              - dispatch_sync: main
                captures: [strong vc]
                do: [log: ui]
          - \(mainWork)
        """
    }

    /// The main queue is drained only by the main thread (`_dispatch_main_queue_callback_4CF`): with main parked
    /// for ever, the block a `dispatch_sync` put there never runs, so it is held by the system, not pending work.
    @Test(arguments: ["ios9", "ios13"])
    func aMainQueueBlockWhileMainIsParkedIsNotPendingWork(variant: String) throws {
        let o = try Self.run(Self.syncOnMain("dispatch_group_wait: group"), variant)
        #expect(o.findings.parkedThreads.map(\.name) == ["main", "worker-1"])
        let listed = try #require(o.alive.listed)
        let block = try #require(listed.first { $0.path.first == "queue main" })
        #expect(block.heldBy == .system)
        #expect(!listed.contains { $0.heldBy == .pendingWork })
    }

    /// Main merely busy (its `work:` ends after the run does) is no parked executor: the block is pending work (the
    /// worker waiting for it is reported parked: a `dispatch_sync` chain always is, docs/fidelity.md).
    @Test func aMainQueueBlockWhileMainIsBusyIsPendingWork() throws {
        let o = try Self.run(Self.syncOnMain("work: 5s"))
        #expect(!o.findings.parkedThreads.contains { $0.name == "main" })
        let block = try #require(o.alive.listed?.first { $0.path.first == "queue main" })
        #expect(block.heldBy == .pendingWork)
    }

    /// On a queue of width 1, `download` waits in `waitUntilFinished` on `parse`, queued behind it; the app lets
    /// both go. `download`'s thread is parked, so `download` never finishes and `parse` never starts.
    static func opQueue(_ downloadWaits: String) -> String {
        """
        name: an operation waits on one queued behind it
        until: 1s
        operationQueues: {work: 1}
        main:
          - operation: parse
            do: [log: parse]
          - operation: download
            captures: [strong parse]
            do:
              - addOperation: work
                operation: parse
              - \(downloadWaits)
          - addOperation: work
            operation: download
          - release: parse
          - release: download
        """
    }

    @Test(arguments: ["ios10", "linux-corelibs"])
    func twoOperationsInOneDeadlockGetTheSameVerdict(variant: String) throws {
        let o = try Self.run(Self.opQueue("waitUntilFinished: parse"), variant)
        let parse = try #require(o.findings.leaks.first { $0.object == "parse" })
        let download = try #require(o.findings.leaks.first { $0.object == "download" })
        #expect(parse.kind == .abandoned)
        #expect(parse.kind == download.kind)
        #expect(parse.cause == download.cause)
        #expect(parse.holder == download.holder)
        #expect(o.alive.listed?.contains { $0.heldBy == .pendingWork } == false)
        // the reason spells out why parse never finishes, as a dispatch_sync chain does
        let reason = try #require(o.findings.parkedThreads.first?.reason)
        #expect(
            reason.hasSuffix(
                "it is queued behind NSBlockOperation download (running on worker-1, parked) on "
                    + "operation queue work of maxConcurrentOperationCount 1"))
    }

    /// The running operation merely busy (its `work:` ends after the run does): nothing is parked, and the
    /// operation its queue holds is pending work, not a finding (it is let go when it finishes).
    @Test func anOperationWhoseThreadIsBusyIsPendingWork() throws {
        let o = try Self.run(Self.opQueue("work: 5s"))
        #expect(o.findings.parkedThreads.isEmpty)
        #expect(!o.findings.leaks.contains { $0.object == "download" })
        let download = try #require(o.alive.listed?.first { $0.object == "download" })
        #expect(download.heldBy == .pendingWork)
        #expect(download.path == ["operation queue work", "NSBlockOperation download"])
    }

    /// A serial queue runs one block at a time: the block that would signal the semaphore its running block waits
    /// on is queued behind it, so it never runs and cannot wake it. The thread is parked (not waiting), and the
    /// controller the app let go that only that block holds is abandoned (not pending work).
    @Test func aSerialQueueBlockBehindAParkedBlockNeverRuns() throws {
        let o = try Self.run(
            """
            name: serial queue behind a parked block
            until: 1s
            queues: [q]
            classes: {VC: {}}
            main:
              - let: done = dispatch_semaphore_create 0
              - let: vc = new VC
              - dispatch_async: q
                captures: [strong done]
                do:
                  - dispatch_semaphore_wait: done
              - dispatch_async: q
                captures: [strong done, strong vc]
                do:
                  - dispatch_semaphore_signal: done
              - release: vc
              - release: done
            """)
        #expect(o.findings.parkedThreads.map(\.name) == ["worker-1"])
        #expect(o.findings.waitingThreads.isEmpty)
        let vc = try #require(o.findings.leaks.first { $0.object == "vc" })
        #expect(vc.kind == .abandoned)
        #expect(vc.path == ["queue q", "block#2", "VC vc"])
        #expect(o.alive.listed?.contains { $0.heldBy == .pendingWork } == false)
    }

    // MARK: Waiting and parked

    /// A port-kept resident thread whose owner keeps the thread's run loop in a field; `letGo` is the user's
    /// action at 1 s.
    static func resident(_ letGo: String) -> String {
        """
        name: resident thread
        until: 3s
        classes:
          Uploader:
            fields:
              loop: unretained CFRunLoop
            methods:
              start:
                - thread: uploader
                  captures: [strong self]
                  do:
                    - set: self.loop = current runloop
                    - port: keepAlive
                    - addPort: keepAlive
                      mode: default
                    - run
        main:
          - let: uploader = new Uploader
          - call: uploader.start
        user:
          - at: 1s
            name: act
            do: [\(letGo)]
        """
    }

    @Test func aResidentThreadWhoseRunLoopTheAppHoldsIsWaiting() throws {
        let o = try Self.run(Self.resident("log: still here"))
        #expect(o.findings.parkedThreads.isEmpty)
        let w = try #require(o.findings.waitingThreads.first)
        #expect(w.name == "uploader")
        #expect(w.reason.contains("uploader.loop holds its run loop"), "\(w.reason)")
    }

    @Test func itIsParkedOnceTheAppLetsGoOfTheLastReference() throws {
        let o = try Self.run(Self.resident("set: uploader = nil"))
        #expect(o.findings.waitingThreads.isEmpty)
        let p = try #require(o.findings.parkedThreads.first)
        #expect(p.name == "uploader")
        #expect(p.reason.contains("which nothing can send to any more"), "\(p.reason)")
        #expect(p.reason.contains("nothing the app holds can wake it"), "\(p.reason)")
    }

    @Test func aSemaphoreTheAppHoldsKeepsItsWaiterWaiting() throws {
        let yaml = """
            name: semaphore held
            until: 2s
            classes:
              Box:
                fields:
                  done: strong dispatch_semaphore
            main:
              - let: box = new Box
              - set: box.done = dispatch_semaphore_create 0
              - dispatch_async: global
                captures: [box]
                do:
                  - dispatch_semaphore_wait: box.done
            """
        let held = try Self.run(yaml)
        #expect(held.findings.parkedThreads.isEmpty)
        let w = try #require(held.findings.waitingThreads.first)
        #expect(w.reason.contains("which box.done holds and can signal"), "\(w.reason)")
        let dropped = try Self.run(yaml + "\n  - release: box\n")
        let p = try #require(dropped.findings.parkedThreads.first)
        #expect(dropped.findings.waitingThreads.isEmpty)
        // named by the field the app wrote, not only by the object's number
        #expect(p.reason.contains("box.done"), "\(p.reason)")
    }

    @Test func theMainThreadBlockedForEverIsParked() throws {
        let o = try Self.run(
            """
            name: main waits on itself
            until: 2s
            classes:
              VC:
                fields:
                  done: strong dispatch_semaphore
                methods:
                  load:
                    - set: self.done = dispatch_semaphore_create 0
                    - dispatch_async: main
                      captures: [strong self]
                      do: [dispatch_semaphore_signal: self.done]
                    - dispatch_semaphore_wait: self.done
            main:
              - let: vc = new VC
              - call: vc.load
            """)
        // the app holds the semaphore, but only the main thread could act on it, and it waits
        #expect(o.findings.parkedThreads.map(\.name) == ["main"])
        #expect(o.findings.waitingThreads.isEmpty)
    }

    // MARK: Reasons name what the app wrote

    @Test func aWaitForOperationsNamesTheCallAndTheQueue() throws {
        let o = try Self.run(
            """
            name: waits inside its own queue
            until: 2s
            operationQueues:
              importer: 1
            main:
              - addOperation: importer
                do:
                  - waitUntilAllOperationsAreFinished: importer
            """)
        let p = try #require(o.findings.parkedThreads.first)
        #expect(
            p.reason.hasPrefix("waiting for ever in waitUntilAllOperationsAreFinished on operation queue importer"),
            "\(p.reason)")
        #expect(!p.reason.contains("dispatch_semaphore"))
    }

    @Test func aWaitForAPerformNamesTheCallTheMethodAndTheLoop() throws {
        let o = try Self.run(
            """
            name: waits for a perform on a loop nobody runs
            until: 2s
            classes:
              Box:
                fields:
                  loop: unretained CFRunLoop
              T:
                methods:
                  go:
                    - log: performed
            main:
              - let: box = new Box
              - dispatch_async: global
                captures: [box]
                do:
                  - set: box.loop = current runloop
            user:
              - at: 500ms
                do:
                  - performSelectorOnThread: new T
                    selector: go
                    onThread: box.loop
                    waitUntilDone: true
            """)
        // the app holds the loop, but only the main thread could use it, and it waits: parked
        #expect(
            o.findings.parkedThreads.map(\.reason) == [
                "waiting for ever in performSelector:onThread:…waitUntilDone:YES for go on runloop(worker-1), "
                    + "which never performs it"
            ])
        #expect(o.findings.waitingThreads.isEmpty)
    }

    // MARK: One crash path

    /// Scenarios that crash by each known path (inline, or a committed file) with the variant that crashes.
    static let crashes: [(String, String)] = [
        ("over-resume", "ios10"), ("suspended source released", "ios10"), ("overflow", "ios10"),
        ("gcd-group-unbalanced-leave.yaml", "ios10"), ("cookbook/kvo-observer-left-behind.yaml", "ios10"),
        ("cookbook/dispatch-sync-main-from-main.yaml", "ios10"), ("gcd-once-recursive.yaml", "ios10"),
        ("s08-proxy-nil-target-crash.yaml", "ios10"), ("cookbook/observer-block-races-dealloc.yaml", "ios10"),
        ("selector-observer-ios8-vs-ios9.yaml", "ios8"), ("uikit-present-own-presenter-crash.yaml", "ios10"),
    ]

    static let inline: [String: String] = [
        "over-resume": """
        name: over-resume
        until: 2s
        classes:
          Owner: {fields: {source: strong dispatch_source}}
        main:
          - let: owner = new Owner
          - dispatch_source_timer: owner.source
            interval: 1s
            do: [log: tick]
          - dispatch_resume: owner.source
          - log: after
        """,
        "suspended source released": """
        name: suspended source released
        until: 3s
        classes:
          Owner: {fields: {source: strong dispatch_source}}
        main:
          - let: owner = new Owner
          - dispatch_source_timer: owner.source
            interval: 1s
            resume: false
            do: [log: tick]
          - release: owner
        """,
        "overflow": """
        name: overflow
        until: 1s
        main:
          - let: n = 9223372036854775807
          - increment: n
        """,
    ]

    @Test(arguments: crashes)
    func everyCrashRecordsExactlyOneCrashEventLast(source: String, variant: String) throws {
        let o: RunOutcome
        if let yaml = Self.inline[source] {
            o = try Self.run(yaml, variant)
        } else {
            o = try SeedScenarioTests.run(SeedScenarioTests.load(source), variant)
        }
        let crash = try #require(o.crash, "\(source) did not crash on \(variant)")
        let kinds = o.traceLines.map { line in
            (try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any])["ev"] as? String ?? ""
        }
        #expect(kinds.filter { $0 == "crash" }.count == 1, "\(source)")
        // the run stops after the crashing step: nothing the app does follows the crash
        let after = kinds.drop { $0 != "crash" }.dropFirst()
        #expect(!after.contains("log") && !after.contains("crash"), "\(source): \(Array(after))")
        #expect(kinds.last == "run.end")
        #expect(!crash.message.isEmpty)
    }

    // MARK: The census

    /// `allocated = deallocated + leaked + abandoned + alive` (docs/scenario-format.md §10) when a work item kept in
    /// a property leaks in a cycle with its owner: the item's own dispatch group, which libdispatch makes inside it
    /// and the census does not count, is no leak of its own.
    @Test func aLeakedWorkItemsGroupIsNotAFindingOfItsOwn() throws {
        let o = try Self.run(
            """
            name: a work item in a cycle
            until: 2s
            classes:
              Autosave:
                fields: {item: strong id}
                methods:
                  arm:
                    - workItem: self.item
                      captures: [strong self]
                      do: [log: saved]
                    - asyncWorkItem: self.item
                      queue: main
            main:
              - let: a = new Autosave
              - call: a.arm
              - release: a
            """)
        let leaked = o.findings.leaks.filter { $0.kind == .leaked }.count
        let abandoned = o.findings.leaks.filter { $0.kind == .abandoned }.count
        #expect(o.findings.leaks.allSatisfy { $0.className != "dispatch_group" }, "\(o.findings.leaks)")
        #expect(leaked >= 2, "\(o.findings.leaks)")
        #expect(o.allocated == o.deallocated + leaked + abandoned + o.alive.count)
    }
}
