// A poller configured by a value: `struct PollConfig` made by its memberwise initializer, the defaulted
// `maxRetries` left out (the Swift book, "Initialization" › "Memberwise Initializers for Structure Types"). A struct
// is a value type, copied when assigned ("Structures and Classes" › "Structures and Enumerations Are Value Types"):
// the screen tunes its own copy (`var fast = poller.config`) without touching the poller's, and
// `poller.config.maxRetries = 4` changes the poller's copy in place. The timer repeats every second and invalidates
// itself after the fourth attempt; its closure holds the poller weakly, so nothing leaks.
import Foundation

let scenario = Scenario(
    "Pasted: a poller configured by a PollConfig struct", until: .seconds(10), variants: [.ios10, .ios13])

struct PollConfig: Equatable {
    var interval: TimeInterval
    var maxRetries = 3
    let endpoint: String
}

final class Poller {
    var config = PollConfig(interval: 1.0, endpoint: "/feed")
    private var timer: Timer?
    private var attempts = 0

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: config.interval, repeats: true) { [weak self] t in
            guard let self = self else { return }
            self.attempts += 1
            print("poll \(self.config.endpoint) \(self.attempts)/\(self.config.maxRetries)")
            if self.attempts >= self.config.maxRetries {
                t.invalidate()
            }
        }
    }
}

let poller = Poller()
var fast = poller.config
fast.maxRetries = 10
poller.config.maxRetries = 4
print("poller \(poller.config.maxRetries) fast \(fast.maxRetries)")
poller.start()

scenario.expect(.all, [
    "logs": 5, "logs[0].text": "poller 4 fast 10", "logs[1].text": "poll /feed 1/4", "logs[1].at_ms": 1000,
    "logs[4].text": "poll /feed 4/4", "logs[4].at_ms": 4000, "timers.fires": 4, "objects.leaked": 0,
])
