// models: scenarios/swift/modelled/task-loop-keeps-owner.swift
// Cookbook in Swift: a Task loop that keeps its owner alive, today's NSTimer retain cycle. The Task's closure uses
// self (implicitly, as a Task closure may), the task holds its closure until it finishes, so after the pop only the
// Swift runtime holds the screen: deinit, and the cancel in it, never run. `loopsim why --object vc` names the path
// Swift concurrency runtime -> Task -> closure -> PricesVC. YAML twin: scenarios/cookbook/task-loop-keeps-owner.yaml.
let scenario = Scenario(
    "A task loop that captures self keeps its screen (cookbook, the bug)", until: .seconds(6), variants: [.ios13])

@MainActor final class PricesVC {  // a UITableViewController in the app (UIKit's are @MainActor)
    var task: Task<Void, Never>?
    var refreshes = 0

    func viewDidLoad() {
        task = Task {
            while !Task.isCancelled {
                refresh()
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    func refresh() { refreshes += 1 }

    deinit { task?.cancel() }
}

var vc: PricesVC? = PricesVC()
vc?.viewDidLoad()

scenario.at(.milliseconds(2500), "pop the screen") { vc = nil }

scenario.expect(.all, ["objects.abandoned": 3, "objects.deallocated": 0, "leaks[0].class": "PricesVC",
                       "leaks[0].path[0]": "Swift concurrency runtime", "leaks[0].path[1]": "Task task"])
