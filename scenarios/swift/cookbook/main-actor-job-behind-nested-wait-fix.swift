// models: scenarios/swift/modelled/main-actor-job-behind-nested-wait-fix.swift
// Cookbook in Swift, the fix of main-actor-job-behind-nested-wait.swift: the test awaits the expectation
// (`await fulfillment(of: [loaded], timeout: 5)`) instead of spinning the run loop. The await suspends the test's
// job, so the main actor is free and the view model's task runs at once. Written as a Task.sleep poll every 10 ms:
// like fulfillment(of:), it suspends the waiting job instead of nesting a run loop in it.
// YAML twin: scenarios/cookbook/main-actor-job-behind-nested-wait-fix.yaml.
let scenario = Scenario(
    "Awaiting instead of spinning lets the main-actor job run (cookbook, the fix)", until: .seconds(7),
    variants: [.ios13])

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
    while !model.done && slices < 500 {  // await fulfillment(of: [loaded], timeout: 5)
        try? await Task.sleep(for: .milliseconds(10))  // FIX
        slices += 1
    }
    if model.done { print("fulfilled") } else { print("expectation timed out") }
}

scenario.expect(.all, ["logs[0].text": "loaded", "logs[0].at_ms": 10, "logs[1].text": "fulfilled",
                       "logs[1].at_ms": 10])
