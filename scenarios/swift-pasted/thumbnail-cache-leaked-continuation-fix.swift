// The fix of thumbnail-cache-leaked-continuation.swift: the cache calls its completion on every path, the
// cached one included (at once, on the calling thread), so each `withCheckedContinuation` is resumed exactly once
// ("You must invoke the continuation's resume method exactly once", swift
// stdlib/public/Concurrency/CheckedContinuation.swift). A continuation resumed before its body returns does not
// suspend the task: the cached thumbnail is there at once, and nothing is left suspended or alive.
import UIKit

let scenario = Scenario("A completion called on every path resumes its continuation once",
                        until: .seconds(1), variants: [.ios13])

final class ThumbnailCache {
    var cachedID = 2

    func lookup(id: Int, completion: @escaping (Int) -> Void) {
        if id == cachedID {
            print("thumb \(id) cached")
            completion(id * 10)
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
    "logs[2].text": "thumb 2: 20", "logs[2].at_ms": 200,
    "threads.parked": 0,
    "threads.waiting": 0,
    "tasks.suspended": 0,
    "tasks.waiting": 0,
    "objects.leaked": 0,
])
