// sw109: a class's methods that return a struct (the Swift book, "Structures and Enumerations Are Value Types": the
// caller gets a copy). A poller asks its planner for a `Plan` each time it schedules: the first plan is made by the
// memberwise initializer in a `return`, a later one is the planner's stored `fallback` returned as it is, and the
// poller keeps the value it got in a property (`self.plan = planner.next()`). A repeating Timer whose interval is
// the plan's fires, prints the plan, and after its last fire asks for the next plan; two calls in one print each
// give their own value. Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw109 struct returns and a timer plan", until: .seconds(2), variants: [.linuxCorelibs])

enum Mode { case fast, slow }

struct Plan {
    let label: String
    let interval: TimeInterval
    let fires: Int
    var mode: Mode = .fast
}

final class Planner {
    private var asked = 0
    private let fallback = Plan(label: "slow", interval: 0.3, fires: 2, mode: .slow)

    func next() -> Plan {
        asked += 1
        if asked == 1 {
            return Plan(label: "fast", interval: 0.1, fires: 3)
        }
        return fallback
    }

    func peek() -> Plan {
        asked += 1
        return Plan(label: "peek", interval: 0, fires: asked)
    }
}

final class Poller {
    private let planner = Planner()
    private var plan = Plan(label: "none", interval: 1, fires: 0)
    private var timer: Timer?
    private var fired = 0

    func schedule() {
        self.plan = planner.next()
        fired = 0
        print("plan \(plan.label) fires \(plan.fires)")
        timer = Timer.scheduledTimer(withTimeInterval: plan.interval, repeats: true) { [weak self] _ in
            self?.tick()
        }
    }

    private func tick() {
        fired += 1
        print("tick \(plan.label) \(fired)")
        guard fired == plan.fires else { return }
        timer?.invalidate()
        timer = nil
        if plan.mode == .fast {
            schedule()
        } else {
            print("peeks \(planner.peek().fires) \(planner.peek().fires)")
        }
    }
}

let poller = Poller()
poller.schedule()

scenario.expect(.linuxCorelibs, [
    "logs": 8,
    "logs[0].text": "plan fast fires 3", "logs[0].at_ms": 0,
    "logs[1].text": "tick fast 1", "logs[1].at_ms": 100,
    "logs[2].text": "tick fast 2", "logs[2].at_ms": 200,
    "logs[3].text": "tick fast 3", "logs[3].at_ms": 300,
    "logs[4].text": "plan slow fires 2", "logs[4].at_ms": 300,
    "logs[5].text": "tick slow 1", "logs[5].at_ms": 600,
    "logs[6].text": "tick slow 2", "logs[6].at_ms": 900,
    "logs[7].text": "peeks 3 4", "logs[7].at_ms": 900,
])
