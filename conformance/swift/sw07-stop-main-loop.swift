// sw07: a main-queue block stops the main run loop with CFRunLoopStop: the loop UIApplicationMain runs returns
// with kCFRunLoopRunStopped and is entered again, and a later block still runs (CFRunLoopStop, CFRunLoop.c).
import Foundation

let scenario = Scenario(
    "sw07 CFRunLoopStop returns the main loop, which goes on", until: .seconds(2), variants: [.linuxCorelibs])

DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500)) {
    print("stopping the main loop")
    CFRunLoopStop(CFRunLoopGetMain())
}
DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
    print("still running")
}

scenario.expect(.linuxCorelibs, [
    "logs": 2, "logs[1].at_ms": 1000, "runloop_exits[0].result": "stopped", "runloop_exits[0].at_ms": 500,
])
