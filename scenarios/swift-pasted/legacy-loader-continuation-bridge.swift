// A legacy completion-handler loader brought into async code with `withCheckedContinuation` (SE-0300), as an
// engineer writes it: the closure runs at once on the calling task, the task suspends, and the completion —
// called on a global queue 0.3 s later — resumes it; the main-actor task then goes on on the main thread, the
// value being the await's (swift stdlib/public/Concurrency/CheckedContinuation.swift: "The body of the closure
// executes synchronously on the calling task, and once it returns the calling task is suspended"). A location
// provider keeps its continuation in a property until a Timer delivers the fix (`pending?.resume(returning:)`,
// then `pending = nil`), and a throwing one fails with the loader's error, caught by the `do`. The completion
// closure holds the continuation until it runs: nothing is left alive or suspended at the end.
import UIKit

let scenario = Scenario("A completion handler bridged to async with a checked continuation",
                        until: .seconds(1), variants: [.ios13])

enum LoadError: Error {
    case offline
}

final class LegacyLoader {
    var online = true

    func fetch(completion: @escaping (Int) -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) {
            completion(42)
        }
    }

    func fetchProfile(completion: @escaping (Bool) -> Void) {
        let ok = online
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
            completion(ok)
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
                    continuation.resume(returning: 7)
                } else {
                    continuation.resume(throwing: LoadError.offline)
                }
            }
        }
    }
}

final class LocationProvider {
    var pending: CheckedContinuation<Int, Never>?

    @MainActor func nextFix() async -> Int {
        return await withCheckedContinuation { continuation in
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

let loader = LegacyLoader()
let provider = LocationProvider()

Task { @MainActor in
    let value = await loader.load()
    print("loaded \(value)")
    let fix = await provider.nextFix()
    print("fix \(fix)")
    loader.online = false
    do {
        let profile = try await loader.loadProfile()
        print("profile \(profile)")
    } catch {
        print("profile failed: \(error)")
    }
}

scenario.expect(.all, [
    "logs": 3,
    "logs[0].text": "loaded 42", "logs[0].at_ms": 300, "logs[0].thread": "main",
    "logs[1].text": "fix 5", "logs[1].at_ms": 500, "logs[1].thread": "main",
    "logs[2].text": "profile failed: offline", "logs[2].at_ms": 600,
    "threads.parked": 0,
    "tasks.suspended": 0,
    "tasks.waiting": 0,
    "objects.leaked": 0,
])
