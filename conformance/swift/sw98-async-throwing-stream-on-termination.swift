// sw98: AsyncThrowingStream (SE-0314) wrapping a Timer callback as engineers write it: a method returns the stream,
// its build closure (run at once, inside the initializer) schedules a repeating Timer that yields a step each
// 200 ms and on the third calls `finish(throwing:)`, and `continuation.onTermination` invalidates the timer. The
// main-actor task's `for try await` gets the two values, then the error in its `catch`; the handler runs first,
// once, on the finishing thread (the timer's, main), with `.finished`. A second stream made with
// `makeStream(of:throwing:)` is fed two values before its reader asks, then finished with an error: the values come
// out first, then the error (swift stdlib/public/Concurrency/AsyncStreamBuffer.swift, `_ThrowingStorage`). A third
// reader is cancelled while it waits: the handler runs on the cancelling thread with `.cancelled`, and the loop
// ends without an error (no `CancellationError`). Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw98 AsyncThrowingStream and onTermination", until: .seconds(2), variants: [.linuxCorelibs])

enum UploadError: Error { case stalled, offline }

final class Uploader {
    func progress(of id: Int) -> AsyncThrowingStream<Int, Error> {
        AsyncThrowingStream { continuation in
            var step = 0
            let timer = Timer.scheduledTimer(withTimeInterval: 0.2, repeats: true) { _ in
                step += 1
                if step == 3 {
                    continuation.finish(throwing: UploadError.stalled)
                } else {
                    continuation.yield(step * id)
                }
            }
            continuation.onTermination = { termination in
                if case .cancelled = termination { print("progress cancelled") } else { print("progress finished") }
                timer.invalidate()
            }
        }
    }
}

let uploader = Uploader()
Task { @MainActor in
    do {
        for try await p in uploader.progress(of: 7) {
            print("p \(p)")
        }
        print("done")
    } catch UploadError.stalled {
        print("stalled")
    } catch {
        print("failed \(error)")
    }
}

let (feed, feeder) = AsyncThrowingStream.makeStream(of: Int.self, throwing: Error.self)
feeder.yield(1)
feeder.yield(2)
feeder.finish(throwing: UploadError.offline)
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) {
    Task { @MainActor in
        do {
            for try await n in feed {
                print("n \(n)")
            }
            print("feed done")
        } catch {
            print("feed failed \(error)")
        }
    }
}

let (words, input) = AsyncThrowingStream.makeStream(of: String.self)
input.onTermination = { termination in
    if case .cancelled = termination { print("words cancelled") } else { print("words finished") }
}
let listener = Task { @MainActor in
    do {
        for try await word in words {
            print("word \(word)")
        }
        print("listener ended cancelled=\(Task.isCancelled)")
    } catch is CancellationError {
        print("cancellation error")
    } catch {
        print("listener failed")
    }
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) {
    input.yield("hello")
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(700)) {
    listener.cancel()
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(800)) {
    input.finish(throwing: UploadError.offline)
    print("finished after the end")
}

scenario.expect(.linuxCorelibs, [
    "logs": 11,
    "logs[0].text": "n 1", "logs[0].at_ms": 100,
    "logs[1].text": "n 2", "logs[1].at_ms": 100,
    "logs[2].text": "feed failed offline", "logs[2].at_ms": 100,
    "logs[3].text": "p 7", "logs[3].at_ms": 200,
    "logs[4].text": "word hello", "logs[4].at_ms": 300,
    "logs[5].text": "p 14", "logs[5].at_ms": 400,
    "logs[6].text": "progress finished", "logs[6].at_ms": 600,
    "logs[7].text": "stalled", "logs[7].at_ms": 600,
    "logs[8].text": "words cancelled", "logs[8].at_ms": 700,
    "logs[9].text": "listener ended cancelled=true", "logs[9].at_ms": 700,
    "logs[10].text": "finished after the end", "logs[10].at_ms": 800,
])
