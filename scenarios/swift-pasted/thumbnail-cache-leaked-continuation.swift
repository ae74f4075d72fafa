// A leaked continuation: the cache's completion-handler API returns early on a cache hit without calling its
// completion, so the `withCheckedContinuation` that bridges it is never resumed. When the completion closure —
// the continuation's last holder — is released, Swift's checked continuation logs "SWIFT TASK CONTINUATION
// MISUSE: thumbnail(id:) leaked its continuation without resuming it. This may cause tasks waiting on it to
// remain suspended forever." (`CheckedContinuationCanary.deinit`, swift
// stdlib/public/Concurrency/CheckedContinuation.swift), and the awaiting task stays suspended for ever: the
// second thumbnail is never shown. No thread is blocked (a suspended task holds none): the task is counted in
// tasks.suspended, not threads.parked. The fix (thumbnail-cache-leaked-continuation-fix.swift) calls the completion
// on the cached path too.
import UIKit

let scenario = Scenario("A completion never called leaks its checked continuation",
                        until: .seconds(1), variants: [.ios13])

final class ThumbnailCache {
    var cachedID = 2

    func lookup(id: Int, completion: @escaping (Int) -> Void) {
        if id == cachedID {
            print("thumb \(id) cached")
            return
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) {
            completion(id * 10)
        }
    }

    func thumbnail(id: Int) async -> Int {
        await withCheckedContinuation { continuation in
            lookup(id: id) { size in
                continuation.resume(returning: size)
            }
        }
    }
}

let cache = ThumbnailCache()

Task { @MainActor in
    let first = await cache.thumbnail(id: 1)
    print("thumb 1: \(first)")
    let second = await cache.thumbnail(id: 2)
    print("thumb 2: \(second)")
}

scenario.expect(.all, [
    "logs": 3,
    "logs[0].text": "thumb 1: 10", "logs[0].at_ms": 200,
    "logs[1].text": "thumb 2 cached", "logs[1].at_ms": 200,
    "logs[2].text": "SWIFT TASK CONTINUATION MISUSE: thumbnail(id:) leaked its continuation without resuming it. This may cause tasks waiting on it to remain suspended forever.",
    "logs[2].at_ms": 200,
    "threads.parked": 0,
    "threads.waiting": 0,
    "tasks.suspended": 1,
    "tasks.suspended_names[0]": "Task task",
    "tasks.waiting": 0,
])
