// sw91: one class declares `load(completion:)`, its async bridge `load() async` and `load(id:completion:)` — Swift
// tells the overloads apart by the call's labels and, where only `async` differs, by the `await` (SE-0296,
// "Overloading and overload resolution"). The async `load()` resumes its continuation from the completion
// `load { }` it calls; the completion arrives 300 ms after each call on a global queue, then on the main queue.
// Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw91 overloads by labels and async", until: .seconds(2), variants: [.linuxCorelibs])

final class ProfileLoader {
    private var calls = 0

    func load(completion: @escaping (Int) -> Void) {
        load(id: 7, completion: completion)
    }

    func load(id: Int, completion: @escaping (Int) -> Void) {
        calls += 1
        let n = calls
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
            DispatchQueue.main.async { completion(id * 10 + n) }
        }
    }

    func load() async -> Int {
        await withCheckedContinuation { continuation in
            load { value in
                continuation.resume(returning: value)
            }
        }
    }
}

let loader = ProfileLoader()
loader.load(id: 4) { value in
    print("completion \(value)")
}
Task { @MainActor in
    try? await Task.sleep(nanoseconds: 500_000_000)
    let value = await loader.load()
    print("async \(value)")
}

scenario.expect(.linuxCorelibs, [
    "logs": 2, "logs[0].text": "completion 41", "logs[0].at_ms": 300, "logs[1].text": "async 72",
    "logs[1].at_ms": 800,
])
