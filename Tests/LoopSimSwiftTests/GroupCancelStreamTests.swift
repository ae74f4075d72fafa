import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `group.cancelAll()` cancelling a child that waits in a stream's `for await`: the stream's `onTermination` runs
/// on the cancelling thread, then the child's loop ends (ThrowingStreams+Steps.swift, `StreamTerminationCall`).
@Suite struct GroupCancelStreamTests {
    @Test func cancelAllTerminatesAChildsStream() throws {
        let report = try SwiftUIKitTests.report(
            """
            final class Feed {
                var continuation: AsyncStream<Int>.Continuation?
                func run() async {
                    let stream = AsyncStream<Int> { c in
                        self.continuation = c
                        c.onTermination = { _ in print("terminated") }
                    }
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask {
                            for await v in stream { print("got \\(v)") }
                            print("loop ended")
                        }
                        try? await Task.sleep(nanoseconds: 100_000_000)
                        group.cancelAll()
                    }
                    print("group done")
                }
            }
            let feed = Feed()
            Task { await feed.run() }
            """, until: 1)
        #expect(SwiftUIKitTests.logs(report) == ["terminated", "loop ended", "group done"])
        #expect(report.value(at: "logs[2].at_ms")?.compact == "100")
    }
}
