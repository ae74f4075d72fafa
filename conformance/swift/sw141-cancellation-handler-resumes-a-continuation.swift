// sw141: `withTaskCancellationHandler` (SE-0304, "Cancellation handlers"; swift stdlib/public/Concurrency/
// TaskCancellation.swift: the handler is added to the task, the operation runs, the handler is removed by a
// `defer`). A task waits in a continuation a 1 s completion would resume; `task.cancel()` at 300 ms from the main
// queue runs the handler at once, on the main thread, inside the cancel: it cancels the work item and resumes the
// continuation with an error, so the task goes on at 300 ms and the work item never runs. A second task's handler
// invalidates a repeating Timer that keeps the main run loop ticking; a task cancelled before it starts runs its
// handler before the operation. Real and simulated on Linux.
import Foundation

let scenario = Scenario(
    "sw141 cancellation handler resumes a continuation", until: .seconds(2), variants: [.linuxCorelibs])

enum FetchError: Error {
    case cancelled
}

final class Request: @unchecked Sendable {
    var item: DispatchWorkItem?
    var completion: ((Bool) -> Void)?

    func start(completion: @escaping (Bool) -> Void) {
        self.completion = completion
        let work = DispatchWorkItem {
            print("request finished")
            self.finish(true)
        }
        item = work
        DispatchQueue.global().asyncAfter(deadline: .now() + 1, execute: work)
    }

    func cancel() {
        item?.cancel()
        print("request cancelled")
        finish(false)
    }

    func finish(_ ok: Bool) {
        let done = completion
        completion = nil
        done?(ok)
    }
}

final class Fetcher: @unchecked Sendable {
    func fetch() async throws -> Bool {
        let request = Request()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Bool, Error>) in
                request.start { ok in
                    if ok {
                        continuation.resume(returning: true)
                    } else {
                        continuation.resume(throwing: FetchError.cancelled)
                    }
                }
            }
        } onCancel: {
            request.cancel()
        }
    }
}

final class Ticker: @unchecked Sendable {
    var timer: Timer?
    var ticks = 0

    func run() async {
        await withTaskCancellationHandler {
            await MainActor.run {
                timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in
                    self.ticks += 1
                }
            }
            try? await Task.sleep(nanoseconds: 2_000_000_000)
            print("ticker woke")
        } onCancel: {
            print("ticker handler")
            self.timer?.invalidate()
        }
    }
}

let fetcher = Fetcher()
let ticker = Ticker()
let fetching = Task {
    do {
        let ok = try await fetcher.fetch()
        print("fetched \(ok)")
    } catch {
        print("fetch failed: \(error)")
    }
}
let ticking = Task {
    await ticker.run()
    print("ticks \(ticker.ticks)")
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) {
    print("cancel fetch")
    fetching.cancel()
    print("cancel returned")
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(550)) {
    ticking.cancel()
}
RunLoop.current.run(until: Date(timeIntervalSinceNow: 1.5))
print("done")

scenario.expect(.linuxCorelibs, [
    "logs": 8,
    "logs[0].text": "cancel fetch", "logs[0].at_ms": 300,
    "logs[1].text": "request cancelled", "logs[1].at_ms": 300, "logs[1].thread": "main",
    "logs[2].text": "cancel returned",
    "logs[3].text": "fetch failed: cancelled", "logs[3].at_ms": 300,
    "logs[4].text": "ticker handler", "logs[4].at_ms": 550, "logs[4].thread": "main",
    "logs[5].text": "ticker woke", "logs[5].at_ms": 550,
    "logs[6].text": "ticks 5",
    "logs[7].text": "done", "logs[7].at_ms": 1500,
])
