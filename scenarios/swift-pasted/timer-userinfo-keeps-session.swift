// A selector timer that carries its upload session in `userInfo` and reads it back in the handler
// (`timer.userInfo as? UploadSession`). Foundation's timer retains its userInfo until it is invalidated (Apple,
// NSTimer `userInfo`: "The receiver maintains a strong reference to this object until it (the timer) is
// invalidated"): the controller lets go of the session at once, yet the session lives — and is polled — until
// `stop()` invalidates the timer at 3.5 s, when it is freed. The pre-iOS 10 target/selector API, so every iOS
// variant runs it.
import Foundation

let scenario = Scenario(
    "Pasted: a timer's userInfo keeps the upload session alive until invalidate", until: .seconds(6),
    variants: [.ios9, .ios10, .ios13])

final class UploadSession {
    var sent = 0
    deinit { print("session freed") }
}

final class UploadController: NSObject {
    private var pollTimer: Timer?

    func begin() {
        let session = UploadSession()
        pollTimer = Timer.scheduledTimer(
            timeInterval: 1.0, target: self, selector: #selector(poll(_:)), userInfo: session, repeats: true)
    }

    @objc func poll(_ timer: Timer) {
        guard let session = timer.userInfo as? UploadSession else { return }
        session.sent += 1
        print("poll")
    }

    func stop() {
        pollTimer?.invalidate()
        pollTimer = nil
    }
}

let controller = UploadController()
controller.begin()

scenario.at(.milliseconds(3500), "cancel the upload") {
    controller.stop()
}

scenario.expect(.all, [
    "logs": 4, "logs[2].at_ms": 3000, "logs[3].text": "session freed", "logs[3].at_ms": 3500,
    "timers.fires": 3, "objects.leaked": 0,
])
