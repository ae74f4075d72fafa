// sw101: a Task whose closure throws (SE-0304; swift stdlib/public/Concurrency/Task.swift: `Task<Success, Error>`'s
// `value` is `get async throws`, `try await _taskFutureGetThrowing(_task)`). The task's error is its result:
// `try await task.value` rethrows it to the awaiting task's `catch`, at every await; a task that returns gives
// its value. A task cancelled in its throwing sleep ends with `CancellationError`, which `value` rethrows. A
// throwing task nobody awaits drops its error silently. Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw101 throwing task value", until: .seconds(2), variants: [.linuxCorelibs])

enum LoadError: Error {
    case notFound
    case offline
}

final class Loader {
    func load(_ id: Int) async throws -> Int {
        try await Task.sleep(nanoseconds: UInt64(id) * 100_000_000)
        if id == 2 { throw LoadError.notFound }
        return id * 10
    }
}

let loader = Loader()
Task { @MainActor in
    let good = Task { () -> Int in try await loader.load(1) }
    let bad = Task<Int, Error> { try await loader.load(2) }
    do {
        let n = try await good.value
        print("good \(n)")
        let m = try await bad.value
        print("not reached \(m)")
    } catch {
        print("bad \(error)")
    }
    do {
        _ = try await bad.value
    } catch LoadError.notFound {
        print("again notFound")
    } catch {
        print("other \(error)")
    }
    let slow = Task {
        try await Task.sleep(nanoseconds: 1_000_000_000)
        print("not reached: slept")
    }
    try? await Task.sleep(nanoseconds: 100_000_000)
    slow.cancel()
    do {
        try await slow.value
        print("not reached: slow ended")
    } catch is CancellationError {
        print("slow cancelled")
    } catch {
        print("other \(error)")
    }
    Task {
        try await Task.sleep(nanoseconds: 100_000_000)
        print("unread throws")
        throw LoadError.offline
    }
    try? await Task.sleep(nanoseconds: 300_000_000)
    print("done")
}

scenario.expect(.linuxCorelibs, [
    "logs": 6,
    "logs[0].text": "good 10", "logs[0].at_ms": 100,
    "logs[1].text": "bad notFound", "logs[1].at_ms": 200,
    "logs[2].text": "again notFound", "logs[2].at_ms": 200,
    "logs[3].text": "slow cancelled", "logs[3].at_ms": 300,
    "logs[4].text": "unread throws", "logs[4].at_ms": 400,
    "logs[5].text": "done", "logs[5].at_ms": 600,
])
