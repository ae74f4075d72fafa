// sw82: `withCheckedContinuation` bridging completion handlers into a main-actor task (SE-0300; swift
// stdlib/public/Concurrency/CheckedContinuation.swift). The closure runs at once on the calling task; a
// completion on a global queue 300 ms later resumes it, and the task goes on on the main thread with the value.
// A continuation kept in a property is resumed by a main-run-loop Timer 200 ms later; a throwing one fails with
// the loader's error, caught by the `do`. A continuation resumed inside its closure does not suspend the task: a
// block queued on the main queue before it runs after the task's next print.
import Foundation

let scenario = Scenario(
    "sw82 continuation bridges a completion", until: .seconds(2), variants: [.linuxCorelibs])

enum LoadError: Error {
    case offline
}

final class Loader {
    func fetch(completion: @escaping (Int) -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) {
            completion(42)
        }
    }

    func fetchProfile(completion: @escaping (Bool) -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
            completion(false)
        }
    }

    func load() async -> Int {
        await withCheckedContinuation { continuation in
            fetch { value in
                continuation.resume(returning: value)
            }
        }
    }

    func loadProfile() async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            fetchProfile { ok in
                if ok {
                    continuation.resume(returning: 1)
                } else {
                    continuation.resume(throwing: LoadError.offline)
                }
            }
        }
    }
}

final class Provider {
    var pending: CheckedContinuation<Int, Never>?

    @MainActor func nextFix() async -> Int {
        await withCheckedContinuation { continuation in
            pending = continuation
            Timer.scheduledTimer(withTimeInterval: 0.2, repeats: false) { _ in
                self.deliver(5)
            }
        }
    }

    func deliver(_ fix: Int) {
        pending?.resume(returning: fix)
        pending = nil
    }
}

let loader = Loader()
let provider = Provider()

Task { @MainActor in
    DispatchQueue.main.async {
        print("queued before")
    }
    let now: Int = await withCheckedContinuation { c in
        c.resume(returning: 1)
    }
    print("at once \(now)")
    let value = await loader.load()
    print("loaded \(value)")
    let fix = await provider.nextFix()
    print("fix \(fix)")
    do {
        let profile = try await loader.loadProfile()
        print("profile \(profile)")
    } catch {
        print("profile failed: \(error)")
    }
}
RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.8))
print("done")

scenario.expect(.linuxCorelibs, [
    "logs[0].text": "at once 1", "logs[1].text": "queued before",
    "logs[2].text": "loaded 42", "logs[2].at_ms": 300, "logs[2].thread": "main",
    "logs[3].text": "fix 5", "logs[3].at_ms": 500, "logs[3].thread": "main",
    "logs[4].text": "profile failed: offline", "logs[4].at_ms": 600,
    "logs[5].text": "done",
])
