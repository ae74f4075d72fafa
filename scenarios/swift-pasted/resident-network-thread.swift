// A resident network thread: its entry adds a port to the run loop kept in a local and runs it, so the loop
// waits for work instead of returning at once (Apple, "Run Loops": a loop with no input source or timer
// exits); each perform(_:on:with:waitUntilDone:) is handled on it.
import Foundation

let scenario = Scenario("A resident network thread kept alive by a port", until: .seconds(5),
                        variants: [.ios10, .ios13])

final class NetworkThread: NSObject {
    static let shared = NetworkThread()
    private var thread: Thread?

    func start() {
        let thread = Thread(target: self, selector: #selector(threadMain), object: nil)
        thread.name = "network"
        thread.start()
        self.thread = thread
    }

    @objc private func threadMain() {
        let runLoop = RunLoop.current
        runLoop.add(NSMachPort(), forMode: .default)
        runLoop.run()
    }

    func send() {
        guard let thread = thread else { return }
        perform(#selector(handleSend), on: thread, with: nil, waitUntilDone: false)
    }

    @objc private func handleSend() {
        print("sent on \(Thread.current.name ?? "")")
    }
}

NetworkThread.shared.start()

scenario.at(.seconds(1), "tap send") {
    NetworkThread.shared.send()
}

scenario.at(.seconds(2), "tap send again") {
    NetworkThread.shared.send()
}

scenario.expect(.all, ["logs": 2, "threads.parked": 0, "objects.leaked": 0])
