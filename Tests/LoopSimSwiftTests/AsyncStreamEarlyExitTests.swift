import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Leaving a `for await` over an AsyncStream early (docs/swift-scenarios.md, "AsyncStream and for await" › "Leaving
/// the loop early"; swift stdlib/public/Concurrency/AsyncStream.swift `_Context.deinit` calls the storage's
/// `cancel()`): a stream a method makes is terminated at the loop's exit (the handler with `.cancelled` on the
/// consumer's thread, then later yields dropped); a stream a stored property or a top-level name holds stays open.
@Suite struct AsyncStreamEarlyExitTests {
    static func run(_ text: String) throws -> (logs: [String], crash: String?) { try AsyncStreamTests.run(text) }

    /// The lowering: after the loop, and before a `return` in it, `streamFinish:` of the iterated stream with
    /// `cancelled: true`.
    @Test func cancelsAtEachExitOfALoopOverAMadeStream() throws {
        let text = SwiftConcurrencyTests.file(
            """
            for await n in make() {
                if n == 1 { return }
                if n == 2 { break }
            }
            """, async: true
        )
        .replacingOccurrences(
            of: "func go() {}",
            with: "func go() {}\n func make() -> AsyncStream<Int> { AsyncStream { c in c.yield(1) } }")
        let top = try SwiftConcurrencyTests.lowered(text)
        let feed = try #require(top["classes"]?.mapping?["Feed"]?.mapping?["methods"]?.mapping?["probe"])
        let lowered = SwiftLoweringTests.render(try #require(feed.mapping?["do"]))
        let cancels = lowered.components(separatedBy: "cancelled: true").count - 1
        #expect(cancels == 2, "\(lowered)")
        #expect(lowered.contains("streamFinish: iterated"), "\(lowered)")
    }

    /// A `break` out of a loop over a stream a method makes: the handler runs with `.cancelled` on the main thread
    /// before the statement after the loop, and invalidates the timer that fed it; a `return` from the loop in an
    /// async method: after the returned value is computed, before the caller resumes.
    @Test func breakAndReturnTerminateAMadeStream() throws {
        let o = try Self.run(
            """
            final class Camera {
                func ticks(_ tag: String) -> AsyncStream<Int> {
                    AsyncStream { continuation in
                        var n = 0
                        let timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in
                            n += 1
                            continuation.yield(n)
                        }
                        continuation.onTermination = { termination in
                            print("\\(tag) ended \\(termination) main=\\(Thread.isMainThread)")
                            timer.invalidate()
                        }
                    }
                }
                @MainActor func firstBig() async -> Int {
                    for await n in ticks("B") {
                        if n == 2 { return n * 10 }
                    }
                    return -1
                }
            }
            let camera = Camera()
            Task { @MainActor in
                for await n in camera.ticks("A") {
                    print("A got \\(n)")
                    break
                }
                print("A after loop")
                let big = await camera.firstBig()
                print("B returned \\(big)")
            }
            """)
        #expect(
            o.logs == [
                "A got 1@100", "A ended cancelled main=true@100", "A after loop@100", "B ended cancelled main=true@300",
                "B returned 20@300",
            ])
        #expect(o.crash == nil)
    }

    /// After the loop dropped the stream, a value the producer still yields is dropped at once: its object is
    /// freed at the yield, not kept in a buffer no one reads. The loop's own value is let go first.
    @Test func aYieldAfterTheExitIsDropped() throws {
        let o = try Self.run(
            """
            final class Photo {
                let id: Int
                init(id: Int) { self.id = id }
                deinit { print("photo \\(id) freed") }
            }
            final class Camera {
                var shutter: AsyncStream<Photo>.Continuation?
                func photos() -> AsyncStream<Photo> {
                    AsyncStream(Photo.self) { continuation in
                        self.shutter = continuation
                        continuation.onTermination = { _ in print("photos ended") }
                    }
                }
            }
            let camera = Camera()
            Task { @MainActor in
                for await photo in camera.photos() {
                    print("took \\(photo.id)")
                    break
                }
            }
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(50)) { camera.shutter?.yield(Photo(id: 1)) }
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(80)) {
                camera.shutter?.yield(Photo(id: 2))
                print("yielded")
            }
            """)
        #expect(o.logs == ["took 1@50", "photo 1 freed@50", "photos ended@50", "photo 2 freed@80", "yielded@80"])
    }

    /// A stream a stored property holds stays open after a `break`: no handler is called, values yielded later
    /// are buffered, and a second loop reads them; `finish()` calls the handler with `.finished`.
    @Test func aStreamAPropertyHoldsStaysOpen() throws {
        let o = try Self.run(
            """
            final class Feed {
                let (numbers, input) = AsyncStream.makeStream(of: Int.self)
                init() { input.onTermination = { t in print("feed ended \\(t)") } }
            }
            let feed = Feed()
            feed.input.yield(1)
            feed.input.yield(2)
            Task { @MainActor in
                for await n in feed.numbers {
                    print("got \\(n)")
                    break
                }
                print("after loop")
                feed.input.yield(3)
                feed.input.finish()
                for await n in feed.numbers { print("again \\(n)") }
                print("again ended")
            }
            """)
        #expect(
            o.logs == ["got 1@0", "after loop@0", "feed ended finished@0", "again 2@0", "again 3@0", "again ended@0"])
    }

    /// A top-level stream read by a task that breaks out: the top-level name keeps it, so it is not terminated.
    @Test func aTopLevelStreamStaysOpen() throws {
        let o = try Self.run(
            """
            let (s, c) = AsyncStream.makeStream(of: Int.self)
            c.onTermination = { _ in print("ended") }
            c.yield(1)
            Task { @MainActor in
                for await v in s { print("v \\(v)"); break }
                print("after")
            }
            """)
        #expect(o.logs == ["v 1@0", "after@0"])
    }

    /// Leaving early a loop over a stream a local of the method holds, in a file that sets `onTermination`, is
    /// refused at the `break`: Swift terminates it when the local's scope ends, which LoopSim does not follow.
    @Test func aLocalStreamLeftEarlyIsRefused() throws {
        let loaded = SwiftScenarioLoader.load(
            text: """
                import Foundation
                let scenario = Scenario("s", until: .seconds(1), variants: [.ios13])
                final class F {
                    func f() async {
                        let s = AsyncStream(Int.self) { c in c.onTermination = { _ in print("t") } }
                        for await v in s { if v > 1 { break } }
                    }
                }
                """, file: "C.swift")
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(loaded.diagnostics)")
        #expect(errors.first?.location.line == 6)
        #expect(errors.first?.message.contains("a local, a parameter or a capture") == true)
    }
}
