// sw72: absolute clocks. A progress screen notes `Date().timeIntervalSince1970` and
// `ProcessInfo.processInfo.systemUptime` when it starts and, at each tick of a 300 ms timer, prints the time since
// in tenths of a second from each clock, stopping after 900 ms. Apple, `ProcessInfo.systemUptime`
// and `Date`: both are seconds as a TimeInterval; their differences are the elapsed time, which LoopSim's fixed
// start instants (2026-01-01 and 1000 s of uptime) keep exact while a real run's absolute readings are whenever it
// runs. The device does not sleep here, so the two clocks agree.
import Foundation

let scenario = Scenario(
    "sw72 absolute clocks: elapsed time from timeIntervalSince1970 and systemUptime", until: .milliseconds(1400),
    variants: [.linuxCorelibs])

final class ProgressClock {
    private var wallStart: TimeInterval = 0
    private var uptimeStart: TimeInterval = 0
    private var timer: Timer?

    func start() {
        wallStart = Date().timeIntervalSince1970
        uptimeStart = ProcessInfo.processInfo.systemUptime
        timer = Timer.scheduledTimer(withTimeInterval: 0.3, repeats: true) { [weak self] timer in
            guard let self else { return }
            let wall = Date().timeIntervalSince1970 - self.wallStart
            let uptime = ProcessInfo.processInfo.systemUptime - self.uptimeStart
            print("wall \(Int(wall * 10)) tenths, uptime \(Int(uptime * 10)) tenths")
            if wall >= 0.85 { timer.invalidate() }
        }
    }
}

let clock = ProgressClock()
clock.start()

scenario.expect(.linuxCorelibs, [
    "logs": 3, "logs[0].text": "wall 3 tenths, uptime 3 tenths", "logs[0].at_ms": 300,
    "logs[2].text": "wall 9 tenths, uptime 9 tenths", "logs[2].at_ms": 900,
])
