// The Swift that scenarios/cookbook/task-loop-keeps-owner-fix.yaml models: the same screen, its Task capturing self
// weakly and unwrapping it at every turn of the loop, not once before it (Paul Samuels, "Subtle retain cycle is
// subtle"), so the screen goes (at the end of the turn whose guard holds it, at most a sleep after the pop) and its
// deinit cancels the task.
import UIKit

final class PricesViewController: UITableViewController {
    private var task: Task<Void, Never>?
    private var refreshes = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        task = Task { [weak self] in
            while !Task.isCancelled {
                guard let self else { return }
                self.refresh()
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
