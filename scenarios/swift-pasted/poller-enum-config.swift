// A poller configured by an enum of constants: a half-second block timer that invalidates itself after four
// polls, with the SE-0345 `guard let self` shorthand.
import Foundation

enum Config {
    static let pollInterval: TimeInterval = 0.5
    static let maxPolls = 4
}

let scenario = Scenario("A poller that stops itself after a number of polls", until: .seconds(5),
                        variants: [.ios10, .linuxCorelibs])

final class StatusPoller {
    private var timer: Timer?
    private var polls = 0

    func begin() {
        timer = Timer.scheduledTimer(withTimeInterval: Config.pollInterval, repeats: true) { [weak self] t in
            guard let self else { t.invalidate(); return }
            self.polls += 1
            print("poll \(self.polls)")
            if self.polls >= Config.maxPolls {
                t.invalidate()
            }
        }
    }
}

let poller = StatusPoller()
poller.begin()

scenario.expect(.all, ["timers.fires": 4, "logs": 4, "logs[3].text": "poll 4", "objects.leaked": 0])
