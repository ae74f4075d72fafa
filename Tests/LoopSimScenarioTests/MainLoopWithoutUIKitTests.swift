import LoopSimKernel
import LoopSimScenario
import Testing

/// The main run loop with and without UIKit (`uikitMainRunLoop`): UIKit's event source keeps the Darwin main
/// loop's common modes non-empty; on Linux only the main queue does, and not inside a main-queue block
/// (`__CFRunLoopModeIsEmpty`), and input comes through the main queue (docs/fidelity.md, D6 and "User input
/// without UIKit").
@Suite struct MainLoopWithoutUIKitTests {
    static let nestedRun = """
        name: nested run in a main-queue block
        until: 5s
        main:
          - thread: worker
            do:
              - work: 1s
              - dispatch_async: main
                do:
                  - runMode: default
                    before: 1s
                  - log: runMode returned
          - runMode: default
            before: 500ms
          - log: launch runMode returned
        """

    @Test func aNestedRunInAMainQueueBlockReturnsAtOnceOnlyWithoutUIKit() throws {
        let linux = try KernelSemanticsTests.run(Self.nestedRun, "linux-corelibs")
        #expect(
            KernelSemanticsTests.lines(
                linux, "main", ["log", "rl.exit", "nsrunloop.runmode.empty"], ["text", "result"]) == [
                    // The main queue counts at launch, but not inside its own drain.
                    "500 rl.exit result=timed-out", "500 log text=launch runMode returned",
                    "1000 nsrunloop.runmode.empty", "1000 log text=runMode returned",
                ])
        for variant in ["ios9", "ios13"] {  // UIKit's event source keeps the mode non-empty: the run goes to its limit
            let ios = try KernelSemanticsTests.run(Self.nestedRun, variant)
            #expect(
                KernelSemanticsTests.lines(
                    ios, "main", ["log", "rl.exit", "nsrunloop.runmode.empty"], ["text", "result"]) == [
                        "500 rl.exit result=timed-out", "500 log text=launch runMode returned",
                        "2000 rl.exit result=timed-out", "2000 log text=runMode returned",
                    ], "\(variant)")
        }
    }

    /// A timer keeps the nested run going for its 1 s limit; two taps arrive meanwhile.
    static let tapsDuringANestedRun = """
        name: taps during a nested run in a main-queue block
        until: 5s
        main:
          - scheduledTimer: t
            every: 3s
            repeats: false
            block: {do: [log: fired]}
          - dispatch_async: main
            do:
              - runMode: default
                before: 1s
              - log: block ends
        user:
          - at: 500ms
            name: tap 1
            do: [log: tap 1]
          - at: 600ms
            name: tap 2
            do: [log: tap 2]
        """

    @Test func withoutUIKitInputWaitsForTheMainQueueBlockAndComesInOneHandler() throws {
        let events: Set<String> = ["log", "rl.exit", "user.deliver", "source.callout", "mainqueue.drain"]
        let linux = try KernelSemanticsTests.run(Self.tapsDuringANestedRun, "linux-corelibs")
        #expect(
            KernelSemanticsTests.lines(linux, "main", events, ["text", "result", "label", "blocks"]) == [
                "0 mainqueue.drain blocks=1",
                "1000 rl.exit result=timed-out", "1000 log text=block ends",
                "1000 mainqueue.drain blocks=1",  // one input handler for both taps, queued once
                "1000 user.deliver label=tap 1", "1000 log text=tap 1", "1000 user.deliver label=tap 2",
                "1000 log text=tap 2",
                "3000 log text=fired",
            ])
        #expect(linux.leaked == 0)
        let ios = try KernelSemanticsTests.run(Self.tapsDuringANestedRun, "ios13")
        #expect(
            KernelSemanticsTests.lines(ios, "main", events, ["text", "result", "label", "blocks", "source"]) == [
                "0 mainqueue.drain blocks=1",
                "500 source.callout source=UIKit event source",  // UIKit's source0 runs inside the nested run
                "500 user.deliver label=tap 1", "500 log text=tap 1",
                "500 rl.exit result=handled-source", "500 log text=block ends",
                "600 source.callout source=UIKit event source", "600 user.deliver label=tap 2", "600 log text=tap 2",
                "3000 log text=fired",
            ])
    }
}
