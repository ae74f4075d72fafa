import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A `let` holding the main queue or a global queue (`private let queue = DispatchQueue.main`, `let work:
/// DispatchQueue = .global(qos: .utility)`) is that queue at every use (SwiftLowering+PropertyQueues.swift).
@Suite struct SharedQueuePropertyTests {
    @Test func aPropertyHoldingTheMainQueueOrAGlobalOne() throws {
        let report = try SwiftUIKitTests.report(
            """
            final class Loader {
                private let callbackQueue = DispatchQueue.main
                private let work: DispatchQueue = .global(qos: .utility)
                func load() {
                    work.asyncAfter(deadline: .now() + 0.5) {
                        print("worker on main: \\(Thread.isMainThread)")
                        self.callbackQueue.async { print("back on main: \\(Thread.isMainThread)") }
                    }
                }
            }
            let a = Loader()
            let b = Loader()
            a.load()
            b.load()
            """)
        #expect(
            SwiftUIKitTests.logs(report) == [
                "worker on main: false", "worker on main: false", "back on main: true", "back on main: true",
            ])
        #expect(report.value(at: "logs[2].at_ms")?.compact == "500")
    }

    /// A `var` may be replaced by another queue: refused, as any `DispatchQueue` value is.
    @Test func aVarOfTheMainQueueIsRefused() {
        let (_, diagnostics) = SwiftScenarioLoader.lower(
            text: SwiftUIKitTests.file(
                """
                final class Loader {
                    var queue = DispatchQueue.main
                }
                """), file: "Q.swift")
        #expect(diagnostics.contains { $0.location.line == 4 }, "\(diagnostics)")
    }
}
