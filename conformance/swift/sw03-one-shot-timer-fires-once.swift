// sw03: a one-shot block Timer fires once, at its interval, and is invalid afterwards: a check from a later
// main-queue block sees isValid false and the run logs one fire.
import Foundation

let scenario = Scenario(
    "sw03 a one-shot timer fires once and is invalid after", until: .seconds(3), variants: [.linuxCorelibs])

class Holder {
    var timer: Timer?
}

let holder = Holder()
holder.timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false) { _ in
    print("fired")
}
DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
    if holder.timer?.isValid == false {
        print("invalid after its fire")
    }
}

scenario.expect(.linuxCorelibs, [
    "timers.fires": 1, "logs": 2, "logs[0].at_ms": 500, "logs[1].text": "invalid after its fire",
])
