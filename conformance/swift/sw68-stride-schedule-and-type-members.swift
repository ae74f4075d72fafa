// sw68: a stride-driven schedule and type members. A pinger schedules one `asyncAfter` at each value of
// `stride(from: 0.2, through: 0.8, by: 0.2)` (Swift's floating stride: 0.2, 0.4, 0.6, 0.8 — `through:` includes
// the end) and counts down with `stride(from: 3, to: 0, by: -1)`; its pings are counted in a `static var` through a
// `static func`, and a `static var` counts live instances in `init` and `deinit` (the Swift book, "Properties" ›
// "Type Properties": one storage per type, initialized on first access; "Methods" › "Type Methods"). The second
// pinger is released at 500 ms: its pending blocks capture it weakly, so the pings after that are its first's only.
import Foundation

let scenario = Scenario(
    "sw68 a stride-driven schedule counted in type members", until: .seconds(2), variants: [.linuxCorelibs])

final class Pinger {
    static var live = 0
    private static var pings = 0
    let name: String

    static func ping(_ from: String) {
        pings += 1
        print("ping \(pings) " + from)
    }

    init(name: String) {
        self.name = name
        Pinger.live += 1
    }

    func schedule() {
        for i in stride(from: 3, to: 0, by: -1) {
            print(name + " count \(i)")
        }
        for delay in stride(from: 0.2, through: 0.8, by: 0.2) {
            DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in
                guard let self = self else { return }
                Self.ping(self.name)
            }
        }
    }

    deinit {
        Self.live -= 1
        print("live \(Pinger.live)")
    }
}

let first = Pinger(name: "a")
first.schedule()
var second: Pinger? = Pinger(name: "b")
second?.schedule()

scenario.at(.milliseconds(500), "release the second") {
    second = nil
}

scenario.expect(.linuxCorelibs, [
    "logs": 13, "logs[0].text": "a count 3", "logs[2].text": "a count 1", "logs[5].text": "b count 1",
    "logs[6].text": "ping 1 a", "logs[6].at_ms": 200, "logs[7].text": "ping 2 b", "logs[7].at_ms": 200,
    "logs[9].text": "ping 4 b", "logs[9].at_ms": 400, "logs[10].text": "live 1", "logs[10].at_ms": 500,
    "logs[11].text": "ping 5 a", "logs[11].at_ms": 600, "logs[12].text": "ping 6 a", "logs[12].at_ms": 800,
])
