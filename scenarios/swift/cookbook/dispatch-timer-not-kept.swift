// models: scenarios/cookbook/objc/dispatch-timer-not-kept.m
// Cookbook in Swift: a repeating DispatchSourceTimer kept only in a local. When start() returns, the source is
// released, and nothing else keeps an active source alive: it is cancelled before its first fire.
// YAML twin: scenarios/cookbook/dispatch-timer-not-kept.yaml.
import Foundation

let scenario = Scenario(
    "A dispatch timer kept only by a local never fires (cookbook, the bug, Swift)",
    until: .seconds(3), variants: [.ios9, .ios10])

class Poller {
    var polls = 0

    func start() {
        let source = DispatchSource.makeTimerSource(queue: .main)  // a local: released when start returns
        source.schedule(deadline: .now() + 1, repeating: 1)
        source.setEventHandler { [weak self] in
            self?.polls += 1
        }
        source.resume()
    }
}

let poller = Poller()
poller.start()

scenario.at(.milliseconds(2500)) {
    scenario.sample("polls", poller.polls)
}

scenario.expect(.all, ["samples[0].value": 0, "dispatch_sources[0].fires": 0])  // it never fired
