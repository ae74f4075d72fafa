// models: scenarios/swift/modelled/main-actor-job-behind-nested-wait.swift
// Cookbook in Swift: a main-actor job stalled behind a nested run loop. The async test method runs on the main
// actor and waits with wait(for:timeout:), which spins the main run loop; a run loop run inside the main queue's
// drain does not service the main queue (CFRunLoop.c, conformance c104), so the view model's Task job waits behind
// the wait, which times out after 5 s, and only then runs. The test's wait is written as XCTWaiter runs it
// (swift-corelibs-xctest XCTWaiter.primitiveWait: the run loop in 0.1 s slices); the expectation is `model.done`.
// YAML twin: scenarios/cookbook/main-actor-job-behind-nested-wait.yaml.
let scenario = Scenario(
    "A main-actor job waits behind a nested run-loop wait (cookbook, the bug)", until: .seconds(7), variants: [.ios13])

@MainActor
final class ViewModel {
    var done = false

    func load() {
        Task {
            Thread.sleep(forTimeInterval: 0.01)  // decoding the reply: 10 ms of the main thread
            done = true
            print("loaded")
        }
    }
}

let model = ViewModel()
Task {  // the async test method, on the main actor
    model.load()
    var slices = 0
    while !model.done && slices < 50 {  // wait(for: [loaded], timeout: 5)
        RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.1))
        slices += 1
    }
    if model.done { print("fulfilled") } else { print("expectation timed out") }
}

scenario.expect(.all, ["logs[0].text": "expectation timed out", "logs[0].at_ms": 5000,
                       "logs[1].text": "loaded", "logs[1].at_ms": 5010])
