// A view model's closure property set by its controller with a strong `self`: controller -> view model ->
// closure -> controller, a cycle ARC never breaks (the Swift book, "Strong Reference Cycles for Closures").
// The reply at 1 s renders once; after the pop at 3 s all three (controller, view model, closure) leak.
import UIKit

let scenario = Scenario("A view model's closure property keeps its controller", until: .seconds(5),
                        variants: [.ios10, .ios13])

final class ProfileViewModel {
    var onChange: (() -> Void)?
    private(set) var name = "?"

    func load() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [weak self] in
            self?.name = "Ann"
            self?.onChange?()
        }
    }

    deinit {
        print("ProfileViewModel deinit")
    }
}

final class ProfileViewController: UIViewController {
    private let viewModel = ProfileViewModel()

    override func viewDidLoad() {
        super.viewDidLoad()
        viewModel.onChange = {
            self.render()
        }
        viewModel.load()
    }

    private func render() {
        print("render")
    }

    deinit {
        print("ProfileViewController deinit")
    }
}

var screen: ProfileViewController? = ProfileViewController()
screen?.loadViewIfNeeded()

scenario.at(.seconds(3), "pop the profile") {
    screen = nil
}

scenario.expect(.all, ["logs": 1, "logs[0].text": "render", "objects.leaked": 3])
