import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `AsyncThrowingStream`, `for try await` and `onTermination` in Swift source (docs/swift-scenarios.md, "AsyncStream
/// and for await"; SE-0314; swift stdlib/public/Concurrency/AsyncStreamBuffer.swift): a method returning the stream
/// its build closure feeds from a Timer, `finish(throwing:)`, `makeStream(of:throwing:)` into a local pair,
/// `_ = continuation.yield(…)`, a `do`/`catch` around the loop (`catch E.c`, `catch let e as E`, `catch is
/// CancellationError`), a `throws` method that loops, and the termination handler on either stream: at finish, at
/// the consumer's cancellation and when the stream is released with no consumer, `[weak self]` in it.
@Suite struct AsyncThrowingStreamTests {
    static func run(_ text: String) throws -> (logs: [String], crash: String?) { try AsyncStreamTests.run(text) }

    /// The lowering: `asyncStream:` with `throwing: true`, `streamFinish:` with `error:`, `streamNext:` with `error:`
    /// and the error passed to the `do`'s flag, `streamOnTermination:` with the handler block.
    @Test func lowersToTheThrowingStreamSteps() throws {
        let lowered = try SwiftConcurrencyTests.probe(
            """
            let (s, c) = AsyncThrowingStream.makeStream(of: Int.self)
            c.onTermination = { _ in print("t") }
            c.finish()
            do { for try await n in s { print(n) } } catch { print(error) }
            """, async: true)
        #expect(lowered.contains("asyncStream: "), "\(lowered)")
        #expect(lowered.contains("throwing: true"), "\(lowered)")
        #expect(lowered.contains("streamOnTermination: c"), "\(lowered)")
        #expect(lowered.contains("{streamFinish: c}"), "\(lowered)")
        #expect(lowered.contains("error: streamError"), "\(lowered)")
    }

    /// The callback wrapper engineers write: a method returns the stream, its build closure schedules a Timer that
    /// yields twice then calls `finish(throwing:)`, and `onTermination` invalidates the timer. The task's loop gets
    /// the values, then the handler runs (before the consumer resumes), then the `catch UploadError.stalled`.
    @Test func methodReturningAStreamFedByATimer() throws {
        let o = try Self.run(
            """
            enum UploadError: Error { case stalled }
            final class Uploader {
                func progress(of id: Int) -> AsyncThrowingStream<Int, Error> {
                    AsyncThrowingStream { continuation in
                        var step = 0
                        let timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { t in
                            step += 1
                            if step == 3 { continuation.finish(throwing: UploadError.stalled) } else { continuation.yield(step) }
                        }
                        continuation.onTermination = { _ in
                            timer.invalidate()
                            print("invalidated")
                        }
                    }
                }
            }
            let uploader = Uploader()
            Task { @MainActor in
                do {
                    for try await p in uploader.progress(of: 7) { print("p \\(p)") }
                    print("done")
                } catch UploadError.stalled {
                    print("stalled")
                } catch {
                    print("failed \\(error)")
                }
            }
            """)
        #expect(o.logs == ["p 1@500", "p 2@1000", "invalidated@1500", "stalled@1500"])
        #expect(o.crash == nil)
    }

    /// `makeStream(of:throwing:)` into a local pair: values yielded (one through `_ =`) and the failure before the
    /// loop starts come out in order, the error last, into `catch let e as UploadError`; the second finish changes
    /// nothing, and a second loop over the failed stream ends without an error.
    @Test func bufferedValuesThenTheErrorOnce() throws {
        let o = try Self.run(
            """
            enum UploadError: Error { case stalled, offline }
            func drain() async {
                let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self, throwing: Error.self)
                continuation.yield(1)
                _ = continuation.yield(2)
                continuation.finish(throwing: UploadError.offline)
                continuation.finish()
                do {
                    for try await n in stream { print("n \\(n)") }
                    print("done")
                } catch let e as UploadError {
                    print("caught \\(e)")
                } catch {
                    print("other")
                }
                do {
                    for try await n in stream { print("again \\(n)") }
                    print("again done")
                } catch {
                    print("again failed")
                }
            }
            Task { await drain() }
            """)
        #expect(o.logs == ["n 1@0", "n 2@0", "caught offline@0", "again done@0"])
    }

    /// `for try await` over an AsyncStream, cancelled while it waits: the handler (a `switch` on the termination)
    /// runs on the cancelling thread with `.cancelled`, and the loop ends without an error: `catch is
    /// CancellationError` is not taken. A `finish()` after that calls nothing.
    @Test func cancelEndsTheLoopWithoutAnError() throws {
        let o = try Self.run(
            """
            let (words, input) = AsyncStream.makeStream(of: String.self)
            input.onTermination = { termination in
                switch termination {
                case .finished: print("words finished")
                case .cancelled: print("words cancelled")
                @unknown default: print("unknown")
                }
            }
            let listener = Task {
                do {
                    for try await word in words { print("word \\(word)") }
                    print("ended cancelled=\\(Task.isCancelled)")
                } catch is CancellationError {
                    print("cancellation error")
                } catch {
                    print("other")
                }
            }
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { input.yield("a") }
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { listener.cancel() }
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) {
                input.finish()
                print("finished after")
            }
            """)
        #expect(o.logs == ["word a@100", "words cancelled@200", "ended cancelled=true@200", "finished after@300"])
    }

    /// A stream and its continuation both released when a method returns, with no consumer: the storage's deinit
    /// calls the handler with `.cancelled` (`[weak self]` in it), before the caller goes on.
    @Test func releasedStreamCallsTheHandler() throws {
        let o = try Self.run(
            """
            final class Probe {
                var log: [String] = []
                func open() {
                    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
                    continuation.onTermination = { [weak self] termination in
                        if case .cancelled = termination { print("released cancelled") }
                        self?.log.append("x")
                    }
                    continuation.yield(1)
                    print("leaving")
                }
            }
            let probe = Probe()
            probe.open()
            print("after")
            """)
        #expect(o.logs == ["leaving@0", "released cancelled@0", "after@0"])
    }

    /// A `throws` async method that loops with `for try await` passes the stream's error on to its caller's `catch`.
    @Test func throwsMethodPassesTheErrorOn() throws {
        let o = try Self.run(
            """
            enum FeedError: Error { case offline }
            final class Reader {
                func sum(_ s: AsyncThrowingStream<Int, Error>) async throws -> Int {
                    var total = 0
                    for try await n in s { total += n }
                    return total
                }
            }
            let reader = Reader()
            let (feed, feeder) = AsyncThrowingStream<Int, Error>.makeStream()
            feeder.yield(4)
            Task {
                do {
                    let total = try await reader.sum(feed)
                    print("total \\(total)")
                } catch FeedError.offline {
                    print("offline")
                }
            }
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { feeder.finish(throwing: FeedError.offline) }
            """)
        #expect(o.logs == ["offline@200"])
    }
}
