import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `response.status` where `response` is a struct with a `status` field reads the field, even when a class of the
/// file has a method `status(jobID:)`: a method reference of another object (SwiftMethodReferences.swift) is only a
/// name no struct, enum, protocol or actor of the file declares as a property.
@Suite struct StructFieldOverMethodNameTests {
    static let poller = """
        enum Phase { case waiting, done }
        struct Reply {
            let status: Phase
            let count: Int
        }
        final class Backend {
            private var calls = 0
            func status(jobID: String) async -> Reply {
                try? await Task.sleep(nanoseconds: 100_000_000)
                calls += 1
                return Reply(status: calls >= 2 ? .done : .waiting, count: calls)
            }
        }
        @MainActor
        final class Poller {
            private let backend = Backend()
            private var finished = false
            func start() {
                Task {
                    while !finished {
                        let reply = await backend.status(jobID: "a")
                        finished = reply.status == .done
                        print("count \\(reply.count) finished \\(finished)")
                        if reply.status == .done { print("done") }
                    }
                }
            }
        }
        let poller = Poller()
        poller.start()
        """

    @Test func aStructFieldReadWinsOverAnotherClassesMethodOfThatName() throws {
        let report = try SwiftUIKitTests.report(Self.poller)
        #expect(SwiftUIKitTests.logs(report) == ["count 1 finished false", "count 2 finished true", "done"])
        #expect(report.value(at: "logs[0].at_ms")?.compact == "100")
        #expect(report.value(at: "logs[2].at_ms")?.compact == "200")
    }

    @Test func aMethodOfAnotherObjectNamedWithoutACallIsStillRefused() {
        let code = SwiftUIKitTests.file(
            """
            final class Backend {
                func status(_ n: Int) { print(n) }
            }
            final class Poller {
                let backend = Backend()
                var handler: ((Int) -> Void)?
                func start() { handler = backend.status }
            }
            let p = Poller()
            p.start()
            """)
        let problems = SwiftScenarioLoader.lower(text: code, file: "U.swift").1.map(\.message)
        #expect(problems.contains { $0.contains("a reference to `status` of another object") }, "\(problems)")
    }
}
