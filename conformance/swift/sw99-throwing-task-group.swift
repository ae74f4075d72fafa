// sw99: throwing task groups (SE-0304; swift stdlib/public/Concurrency/TaskGroup.swift, `withThrowingTaskGroup`:
// `catch { group.cancelAll(); await group.awaitAllRemainingTasks(); throw error }`). Children 3, 1 and 2 load in
// 300, 100 and 200 ms: `for try await` takes 10 at 100 ms, child 2's error at 200 ms leaves the body, child 3's
// sleep is cancelled at once and the group waits for it before the `catch` prints the error. A child's error
// nobody takes is dropped: the group waits for it (400 ms) and ends normally. `cancelAll()` wakes a sleeping
// child, `isCancelled` turns true, and `waitForAll()` rethrows the child's error. A body that throws waits for a
// child that ignores cancellation (a blocking 300 ms sleep) before the error reaches the caller at 800 ms. Real and
// simulated on Linux.
import Foundation

let scenario = Scenario("sw97 throwing task group", until: .seconds(2), variants: [.linuxCorelibs])

enum LoadError: Error {
    case notFound
    case offline
}

final class Loader {
    let ids = [3, 1, 2]

    func load(_ id: Int) async throws -> Int {
        try await Task.sleep(nanoseconds: UInt64(id) * 100_000_000)
        if id == 2 { throw LoadError.notFound }
        return id * 10
    }

    func loadAll() async throws -> Int {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for id in ids {
                group.addTask {
                    do {
                        return try await self.load(id)
                    } catch is CancellationError {
                        print("child \(id) cancelled")
                        throw LoadError.offline
                    }
                }
            }
            var total = 0
            for try await size in group {
                print("got \(size)")
                total += size
            }
            return total
        }
    }

    func first() async throws -> Int {
        return try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask {
                Thread.sleep(forTimeInterval: 0.3)
                print("slow child ends")
                return 3
            }
            try await Task.sleep(nanoseconds: 100_000_000)
            if !Task.isCancelled { throw LoadError.offline }
            return 0
        }
    }
}

let loader = Loader()
Task { @MainActor in
    do {
        let total = try await loader.loadAll()
        print("total \(total)")
    } catch {
        print("failed \(error)")
    }
    do {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { _ = try await loader.load(2) }
            group.addTask {
                let n = try await loader.load(1)
                print("other \(n)")
            }
        }
        print("group done")
    } catch {
        print("not reached \(error)")
    }
    do {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    try await Task.sleep(nanoseconds: 1_000_000_000)
                } catch is CancellationError {
                    throw LoadError.offline
                }
            }
            try await Task.sleep(nanoseconds: 100_000_000)
            print("before \(group.isCancelled)")
            group.cancelAll()
            print("after \(group.isCancelled)")
            try await group.waitForAll()
            print("not reached")
        }
    } catch {
        print("waited \(error)")
    }
    do {
        let n = try await loader.first()
        print("first \(n)")
    } catch LoadError.offline {
        print("offline")
    } catch {
        print("other \(error)")
    }
}

scenario.expect(.linuxCorelibs, [
    "logs": 10,
    "logs[0].text": "got 10", "logs[0].at_ms": 100,
    "logs[1].text": "child 3 cancelled", "logs[1].at_ms": 200,
    "logs[2].text": "failed notFound", "logs[2].at_ms": 200,
    "logs[3].text": "other 10", "logs[3].at_ms": 300,
    "logs[4].text": "group done", "logs[4].at_ms": 400,
    "logs[5].text": "before false", "logs[5].at_ms": 500,
    "logs[6].text": "after true", "logs[6].at_ms": 500,
    "logs[7].text": "waited offline", "logs[7].at_ms": 500,
    "logs[8].text": "slow child ends", "logs[8].at_ms": 800,
    "logs[9].text": "offline", "logs[9].at_ms": 800,
])
