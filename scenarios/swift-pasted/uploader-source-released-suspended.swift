// A retry timer kept in a `var` property of an uploader and left suspended when the uploader goes away: the source
// is made in the property's initial value and configured in `init`, resumed by `start()` and suspended by
// `pause()`. Releasing a dispatch source whose suspensions are not balanced by resumes crashes libdispatch ("BUG IN
// CLIENT OF LIBDISPATCH: Release of a suspended object", its object-disposal check), so dropping the paused
// uploader at 3 s crashes the app. Retries at 1 s and 2 s, paused at 2.5 s.
import Foundation

let scenario = Scenario(
    "Pasted: a paused dispatch timer property released with its owner", until: .seconds(5), variants: [.ios13])

final class Uploader {
    private var retryTimer = DispatchSource.makeTimerSource(flags: [], queue: DispatchQueue.global())
    private var attempts = 0

    init() {
        retryTimer.schedule(deadline: .now() + 1, repeating: 1, leeway: .milliseconds(0))
        retryTimer.setEventHandler { [weak self] in
            self?.retry()
        }
    }

    func start() { retryTimer.resume() }
    func pause() { retryTimer.suspend() }

    private func retry() {
        attempts += 1
        print("retry \(attempts)")
    }
}

var uploader: Uploader? = Uploader()
uploader?.start()
scenario.at(.milliseconds(2500), "pause") { uploader?.pause() }
scenario.at(.seconds(3), "leave") { uploader = nil }
scenario.expect(.all, ["crashed": true, "crash.at_ms": 3000, "logs": 2, "logs[1].text": "retry 2"])
