// models: scenarios/swift/modelled/task-loop-keeps-owner-fix.swift
// Cookbook in Swift, the fix of task-loop-keeps-owner.swift: the Task captures self weakly and unwraps it at every
// turn (`guard let self else { return }` inside the loop, not once before it). The guard's strong `self` lasts to the
// end of its turn, across the sleep (a local lives to the end of its scope: docs/fidelity.md), so the screen popped at
// 2.5 s goes at 3 s, when that turn ends: its deinit cancels the task, the loop sees Task.isCancelled and the task
// ends, letting go of its closure. The YAML twin reads the weak self at each use, so there it goes at the pop.
// YAML twin: scenarios/cookbook/task-loop-keeps-owner-fix.yaml.
let scenario = Scenario(
    "A task loop with a weak self re-checked each turn lets its screen go (cookbook, the fix)", until: .seconds(6),
    variants: [.ios13])

@MainActor final class PricesVC {  // a UITableViewController in the app (UIKit's are @MainActor)
    var task: Task<Void, Never>?
    var refreshes = 0

    func viewDidLoad() {
        task = Task { [weak self] in  // FIX
            while !Task.isCancelled {
                guard let self else { return }  // FIX
                self.refresh()
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

scenario.expect(.all, ["objects.abandoned": 0, "objects.leaked": 0, "objects.deallocated": 3])
