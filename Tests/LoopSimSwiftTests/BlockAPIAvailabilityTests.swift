import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Foundation's iOS 10 block APIs beside the block timers: `RunLoop.perform(_:)` and `perform(inModes:block:)`
/// (`-[NSRunLoop performBlock:]`, `performInModes:block:`), `Thread { … }` (`-[NSThread initWithBlock:]`) and
/// `Thread.detachNewThread { … }` (`+[NSThread detachNewThreadWithBlock:]`), all `API_AVAILABLE(macosx(10.12),
/// ios(10.0))` in NSRunLoop.h and NSThread.h. On ios8 and ios9 (`blockBasedTimerAPI: false`) the message is not
/// understood and the app crashes there; `CFRunLoopPerformBlock` (CF, iOS 4) and the target/selector thread run.
@Suite struct BlockAPIAvailabilityTests {
    /// The crash message of each form on ios9, and the logs on ios13 (where every form runs).
    static func outcome(_ body: String) throws -> (ios9: String?, ios13: [String]) {
        let scenario = try SwiftLanguageTests.load(
            """
            import Foundation
            let scenario = Scenario("block API", until: .seconds(1), variants: [.ios9, .ios13])
            final class Worker: NSObject {
                @objc func run() { print("selector thread") }
                func go() {
                    print("before")
            \(body)
                    print("after")
                }
            }
            let w = Worker()
            w.go()
            """, file: "B.swift")
        var crash: String?
        var logs: [String] = []
        for run in try ScenarioRunner.run(scenario, variants: ["ios9", "ios13"]) {
            if run.variant == "ios9" {
                crash = run.outcome.crash?.message
                #expect(run.outcome.logs.map(\.text) == ["before"], "\(body)")
            } else {
                #expect(run.outcome.crash == nil, "\(body)")
                logs = run.outcome.logs.map(\.text)
            }
        }
        return (crash, logs)
    }

    @Test func runLoopPerformNeedsIOS10() throws {
        let o = try Self.outcome("        RunLoop.main.perform { print(\"performed\") }")
        #expect(
            o.ios9
                == "-[NSRunLoop performBlock:]: unrecognized selector sent to instance (the block API needs iOS 10; use target/selector, or CFRunLoopPerformBlock)"
        )
        #expect(o.ios13 == ["before", "after", "performed"])
        let modes = try Self.outcome("        RunLoop.main.perform(inModes: [.common]) { print(\"performed\") }")
        #expect(modes.ios9?.hasPrefix("-[NSRunLoop performInModes:block:]: unrecognized selector") == true)
    }

    @Test func blockThreadsNeedIOS10() throws {
        let detached = try Self.outcome("        Thread.detachNewThread { print(\"detached\") }")
        #expect(
            detached.ios9?.hasPrefix("+[NSThread detachNewThreadWithBlock:]: unrecognized selector sent to class")
                == true)
        #expect(detached.ios13 == ["before", "after", "detached"])
        let made = try Self.outcome(
            """
                    let t = Thread { print("block thread") }
                    t.start()
            """)
        #expect(made.ios9?.hasPrefix("-[NSThread initWithBlock:]: unrecognized selector sent to instance") == true)
        #expect(made.ios13 == ["before", "after", "block thread"])
    }

    /// CF's own `CFRunLoopPerformBlock` and the target/selector thread are older than iOS 9: they run there.
    @Test func theOlderFormsRunOnIOS9() throws {
        let scenario = try SwiftLanguageTests.load(
            """
            import Foundation
            let scenario = Scenario("old API", until: .seconds(1), variants: [.ios9])
            final class Worker: NSObject {
                @objc func run() { print("selector thread") }
                func go() {
                    CFRunLoopPerformBlock(CFRunLoopGetMain(), CFRunLoopMode.defaultMode.rawValue) { print("cf") }
                    let t = Thread(target: self, selector: #selector(run), object: nil)
                    t.start()
                }
            }
            let w = Worker()
            w.go()
            """, file: "O.swift")
        let run = try #require(try ScenarioRunner.run(scenario, variants: ["ios9"]).first)
        #expect(run.outcome.crash == nil)
        #expect(run.outcome.logs.map(\.text).sorted() == ["cf", "selector thread"])
    }
}
