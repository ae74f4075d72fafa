// sw135: an optional struct property that a repeating Timer fills, clears and fills again (`var last: Fix?`, read
// through `?.` and `??`, tested by a computed `last != nil`, bound with `if let`), a completion handed a `Result`
// chosen by `?:` on the main queue, and an async method whose body is one `await withCheckedContinuation { … }`
// resumed, from a main-queue `asyncAfter`, with a struct. Real and simulated on Linux.
import Foundation

let scenario = Scenario(
    "sw135 optional struct on a timer, struct continuation", until: .seconds(2), variants: [.linuxCorelibs])

enum FetchError: Error { case timeout }

struct Fix {
    let latitude: Double
    var label: String
    var count = 0
}

final class Tracker {
    var last: Fix?
    var timer: Timer?
    var ticks = 0
    var hasFix: Bool { last != nil }

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.2, repeats: true) { [weak self] t in
            guard let self else { return }
            self.ticks += 1
            if self.ticks == 3 {
                self.last = nil
            } else {
                self.last = Fix(latitude: 52.5, label: "tick", count: self.ticks)
            }
            print("tick \(self.ticks) \(self.hasFix) \(self.last?.count ?? -1)")
            if self.ticks == 4 {
                t.invalidate()
            }
        }
    }

    func fetch(failed: Bool, completion: @escaping (Result<String, FetchError>) -> Void) {
        DispatchQueue.main.async {
            completion(failed ? .failure(.timeout) : .success("ada"))
        }
    }

    func nextFix() async -> Fix {
        await withCheckedContinuation { continuation in
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                continuation.resume(returning: Fix(latitude: 1.5, label: "resumed"))
            }
        }
    }
}

let tracker = Tracker()
tracker.start()
tracker.fetch(failed: true) { result in
    switch result {
    case .success(let name):
        print("loaded \(name)")
    case .failure:
        print("failed")
    }
}
tracker.fetch(failed: false) { result in
    switch result {
    case .success(let name):
        print("loaded \(name)")
    case .failure:
        print("failed")
    }
}
Task { @MainActor in
    let fix = await tracker.nextFix()
    print("fix \(fix.label) \(fix.count)")
    if let last = tracker.last {
        print("last \(last.label) \(last.count)")
    }
}

scenario.expect(.linuxCorelibs, [
    "logs": 8, "logs[0].text": "failed", "logs[1].text": "loaded ada",
    "logs[2].text": "tick 1 true 1", "logs[2].at_ms": 200,
    "logs[3].text": "tick 2 true 2", "logs[3].at_ms": 400,
    "logs[4].text": "fix resumed 0", "logs[4].at_ms": 500,
    "logs[5].text": "last tick 2", "logs[5].at_ms": 500,
    "logs[6].text": "tick 3 false -1", "logs[6].at_ms": 600,
    "logs[7].text": "tick 4 true 4", "logs[7].at_ms": 800,
])
