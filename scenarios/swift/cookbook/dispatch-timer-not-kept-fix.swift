// models: scenarios/cookbook/objc/dispatch-timer-not-kept.m
// The fix of dispatch-timer-not-kept.swift: the poller keeps its timer in a property, so it fires every second
// until stop() cancels it. YAML twin: scenarios/cookbook/dispatch-timer-not-kept-fix.yaml.
import Foundation

let scenario = Scenario(
    "A dispatch timer kept in a property fires (cookbook, the fix, Swift)",
    until: .seconds(3), variants: [.ios9, .ios10])

class Poller {
    var timer: DispatchSourceTimer?
    var polls = 0

    func start() {
        timer = DispatchSource.makeTimerSource(queue: .main)  // FIX: kept in a property
        timer?.schedule(deadline: .now() + 1, repeating: 1)
        timer?.setEventHandler { [weak self] in
            self?.polls += 1
        }
        timer?.resume()
    }

    func stop() {
        timer?.cancel()
    }
}

let poller = Poller()
poller.start()

scenario.at(.milliseconds(2500)) {
    scenario.sample("polls", poller.polls)
    poller.stop()
}

scenario.expect(.all, ["samples[0].value": 2, "dispatch_sources[0].fires": 2])  // at 1 and 2 s
