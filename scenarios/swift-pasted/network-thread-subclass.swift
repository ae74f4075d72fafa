// A resident network thread written as a Thread subclass: its main() keeps the run loop alive with a port and runs
// it until the thread is cancelled; requests are performed on it with perform(_:on:with:waitUntilDone:). Apple,
// Thread.main(): "The default implementation of this method invokes the target and selector used to initialize
// the receiver" — the override replaces it, and start() runs it on a new thread named in init. cancel() only sets
// isCancelled, so the owner performs one more (empty) request to make run(mode:before:) return ("Runs the loop
// once … returns after either the first input source is processed"), and main() sees the flag and returns.
import Foundation

let scenario = Scenario(
    "Pasted: a Thread subclass serving performed requests", until: .seconds(4), variants: [.ios10, .ios13])

final class NetworkThread: Thread {
    private(set) var handled = 0

    override init() {
        super.init()
        name = "network"
    }

    override func main() {
        RunLoop.current.add(NSMachPort(), forMode: .default)
        while !isCancelled {
            RunLoop.current.run(mode: .default, before: .distantFuture)
        }
        print("network thread exits")
    }

    @objc func handleRequest() {
        handled += 1
        print("request")
    }

    @objc func wake() {}
}

let network = NetworkThread()
network.start()

scenario.at(.seconds(1), "request") {
    network.perform(#selector(NetworkThread.handleRequest), on: network, with: nil, waitUntilDone: false)
}
scenario.at(.seconds(2), "request") {
    network.perform(#selector(NetworkThread.handleRequest), on: network, with: nil, waitUntilDone: false)
}
scenario.at(.seconds(3), "log out") {
    network.cancel()
    network.perform(#selector(NetworkThread.wake), on: network, with: nil, waitUntilDone: false)
}

scenario.expect(.all, [
    "logs": 3, "logs[0].thread": "network", "logs[0].at_ms": 1000, "logs[1].at_ms": 2000,
    "logs[2].text": "network thread exits", "logs[2].at_ms": 3000, "threads.parked": 0, "objects.abandoned": 0,
    "objects.leaked": 0,
])
