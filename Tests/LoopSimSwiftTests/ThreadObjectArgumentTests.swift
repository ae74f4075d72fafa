import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `Thread(target:selector:object:)` whose method takes the object (the AFNetworking network-thread idiom,
/// `@objc func threadEntry(_ arg: Any?)`), and `perform(_:on:with:waitUntilDone:)` of a one-parameter method with
/// `with: nil`: the method receives the object, nil for `nil` (Apple, `-[NSThread initWithTarget:selector:object:]`:
/// "The objects target and argument are retained during the execution of the detached thread").
@Suite struct ThreadObjectArgumentTests {
    /// `object: nil` is the entry point's argument: the thread runs `threadEntry(nil)`, keeps its run loop alive
    /// with a port, and a later `perform(#selector(flush(_:)), on: thread, with: nil, …)` runs there with nil.
    @Test func aNilObjectIsTheEntryPointsArgument() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("network thread", until: .seconds(3), variants: [.ios10, .ios13])
            final class Client: NSObject {
                var thread: Thread?
                func start() {
                    let thread = Thread(target: self, selector: #selector(threadEntry(_:)), object: nil)
                    thread.name = "net"
                    self.thread = thread
                    thread.start()
                }
                @objc func threadEntry(_ arg: Any?) {
                    print("entry nil=\\(arg == nil)")
                    RunLoop.current.add(NSMachPort(), forMode: .default)
                    RunLoop.current.run()
                }
                func send() {
                    guard let thread = thread else { return }
                    perform(#selector(flush(_:)), on: thread, with: nil, waitUntilDone: false)
                }
                @objc func flush(_ arg: Any?) {
                    print("flush nil=\\(arg == nil)")
                }
            }
            let client = Client()
            client.start()
            scenario.at(.seconds(1), "send") {
                client.send()
            }
            scenario.expect(.all, [
                "logged_in_order": ["entry nil=true", "flush nil=true"], "logs": 2,
                "first_logged_at_ms": ["flush nil=true": 1000],
            ])
            """)
    }

    /// `object: job` is passed to `run(_:)` and retained by the thread until it exits: the creating method's
    /// local lets go first, and the job is freed when the thread's method returns, 500 ms later.
    @Test func anObjectIsPassedAndRetainedUntilTheThreadExits() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("thread object", until: .seconds(3), variants: [.ios10, .ios13])
            final class Job {
                let name: String
                init(name: String) { self.name = name }
                deinit { print("job deinit") }
            }
            final class Worker: NSObject {
                func start() {
                    let job = Job(name: "upload")
                    let thread = Thread(target: self, selector: #selector(run(_:)), object: job)
                    thread.start()
                    print("started")
                }
                @objc func run(_ job: Job) {
                    Thread.sleep(forTimeInterval: 0.5)
                    print("run \\(job.name)")
                }
            }
            let worker = Worker()
            worker.start()
            scenario.expect(.all, [
                "logged_in_order": ["started", "run upload", "job deinit"],
                "first_logged_at_ms": ["run upload": 500, "job deinit": 500],
            ])
            """)
    }

    /// A selector whose method takes nothing ignores the object (it is still retained while the thread runs).
    @Test func aMethodWithoutParametersIgnoresTheObject() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("no parameter", until: .seconds(2), variants: [.ios13])
            final class Worker: NSObject {
                func start() {
                    let thread = Thread(target: self, selector: #selector(run), object: nil)
                    thread.start()
                }
                @objc func run() { print("ran") }
            }
            let worker = Worker()
            worker.start()
            scenario.expect(.all, ["logs": 1, "logs[0].text": "ran"])
            """)
    }
}
