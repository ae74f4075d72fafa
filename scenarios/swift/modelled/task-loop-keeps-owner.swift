// The Swift that scenarios/cookbook/task-loop-keeps-owner.yaml models: a prices screen refreshes every second from
// a Task loop started in viewDidLoad and cancelled in deinit. The Task's closure uses self, so the task keeps the
// screen alive and deinit never runs (the Swift Forums thread "Task async retain cycles").
import UIKit

final class PricesViewController: UITableViewController {
    private var task: Task<Void, Never>?
    private var refreshes = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        task = Task {
            while !Task.isCancelled {
                refresh()
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    private func refresh() {
        refreshes += 1
        tableView.reloadData()
    }

    deinit {
        task?.cancel()
    }
}
