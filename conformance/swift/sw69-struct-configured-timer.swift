// sw69: a timer configured by a struct. `PollConfig` is a value type (the Swift book, "Structures and Classes" ›
// "Structures and Enumerations Are Value Types": a struct is copied when it is assigned or passed), made by its
// memberwise initializer with the defaulted `maxPolls` omitted ("Memberwise Initializers for Structure Types").
// The poller keeps a copy: changing the caller's `settings` after handing it over changes nothing the poller does,
// while `poller.config.maxPolls = 3` changes the poller's own copy in place. The timer repeats every 250 ms
// (`scheduledTimer(withTimeInterval:repeats:block:)`) and invalidates itself after the third poll.
import Foundation

let scenario = Scenario(
    "sw69 a struct-configured timer: the holder's copy decides", until: .seconds(2), variants: [.linuxCorelibs])

struct PollConfig: Equatable {
    var interval: TimeInterval
    var maxPolls = 5
    let name: String
}

final class Poller {
    var config = PollConfig(interval: 1, name: "none")
    private var polls = 0
    private var timer: Timer?

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: config.interval, repeats: true) { [weak self] t in
            guard let self = self else { return }
            self.polls += 1
            print("\(self.config.name) \(self.polls)")
            if self.polls >= self.config.maxPolls {
                t.invalidate()
            }
        }
    }
}

var settings = PollConfig(interval: 0.25, name: "feed")
let poller = Poller()
poller.config = settings
settings.maxPolls = 1
settings.interval = 2
poller.config.maxPolls = 3
print("settings \(settings.maxPolls) poller \(poller.config.maxPolls)")
poller.start()

scenario.expect(.linuxCorelibs, [
    "logs": 4, "logs[0].text": "settings 1 poller 3", "logs[1].text": "feed 1", "logs[1].at_ms": 250,
    "logs[2].text": "feed 2", "logs[2].at_ms": 500, "logs[3].text": "feed 3", "logs[3].at_ms": 750,
])
