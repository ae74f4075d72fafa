// sw02: blocks queued with DispatchQueue.main.asyncAfter run on the main thread at their deadlines, in deadline
// order whatever the order they were queued in; one queued with async runs first, at once.
import Foundation

let scenario = Scenario(
    "sw02 main-queue blocks run at their deadlines", until: .seconds(3), variants: [.linuxCorelibs])

DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(1500)) {
    print("late")
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500)) {
    print("early")
}
DispatchQueue.main.async {
    print("now")
}

scenario.expect(.linuxCorelibs, [
    "logs": 3, "logs[0].text": "now", "logs[0].at_ms": 0, "logs[1].text": "early", "logs[1].at_ms": 500,
    "logs[2].text": "late", "logs[2].at_ms": 1500,
])
