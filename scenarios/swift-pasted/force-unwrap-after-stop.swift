// A force unwrap that meets nil: `stop()` clears the timer, then a late retry force-unwraps it, as the code was pasted:
// `timer!.invalidate()`. Swift traps: "Fatal error: Unexpectedly found nil while unwrapping
// an Optional value" (The Swift Programming Language, "Forced Unwrapping"), and the app stops there. Before the
// crash the timer fired twice (1 s, 2 s); the stop is at 2.5 s and the crash at 3 s.
import Foundation

let scenario = Scenario(
    "Pasted: a force unwrap of a cleared timer crashes the app", until: .seconds(6), variants: [.ios10, .ios13])

final class UploadProgress {
    var timer: Timer?

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
            print("progress")
        }
    }

    func stop() {
        timer?.invalidate()
        timer = nil
    }

    func restartNow() {
        timer!.invalidate()
        start()
    }
}

let progress = UploadProgress()
progress.start()

scenario.at(.milliseconds(2500), "upload done") { progress.stop() }
scenario.at(.seconds(3), "retry tapped") { progress.restartNow() }

scenario.expect(.all, ["crashed": true, "crash.at_ms": 3000, "crash.thread": "main", "timers.fires": 2])
