// Work handed to a global queue with a quality of service, then back to the main queue to publish the result: the
// pattern of every "don't block the main thread" answer. The background block runs on a pool worker (Apple,
// `global(qos:)`: a global concurrent queue), takes 300 ms, and hops back with `DispatchQueue.main.async`; the
// main-queue block logs on the main thread. `debugPrint` writes its items as `print` does.
import Foundation

let scenario = Scenario(
    "Pasted: global(qos:) work hops back to the main queue", until: .seconds(2), variants: [.ios10, .ios13])

final class ThumbnailStore {
    private(set) var ready = false

    func warmUp() {
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            debugPrint("decoding")
            Thread.sleep(forTimeInterval: 0.3)
            DispatchQueue.main.async {
                self?.ready = true
                print("thumbnails ready")
            }
        }
    }
}

let store = ThumbnailStore()
store.warmUp()

scenario.expect(.all, [
    "logs": 2, "logs[0].thread": "worker-1", "logs[1].thread": "main", "logs[1].text": "thumbnails ready",
    "objects.leaked": 0,
])
