// A "saved" toast fades in and out with UIView.animate, and the screen logs when the fade-out completes. UIKit calls
// the animations block at once and keeps the completion block until the animation ends, `delay + duration` later,
// then calls it on the main thread with `finished` true (Apple, UIView.animate(withDuration:delay:options:
// animations:completion:)). The completion captures `self`, so a screen popped while its toast is still fading lives
// until that completion has run: the back tap at 400 ms frees the editor only at 1400 ms, after "toast hidden". The
// toast view's own completion captures only the view.
import UIKit

let scenario = Scenario("An animation's completion keeps its screen until the fade ends", until: .seconds(2),
                        variants: [.ios10, .ios13])

final class ToastView: UIView {
    func flash() {
        alpha = 0
        UIView.animate(withDuration: 0.2, animations: {
            self.alpha = 1
        }, completion: { finished in
            print("toast shown \(finished)")
        })
    }
}

final class EditorViewController: UIViewController {
    private let toast = ToastView()
    private var saves = 0

    func save() {
        saves += 1
        toast.flash()
        UIView.animate(withDuration: 0.8, delay: 0.5, options: [.curveEaseIn]) {
            self.toast.alpha = 0
        } completion: { _ in
            print("toast hidden after save \(self.saves)")
        }
    }

    deinit { print("editor gone") }
}

final class ListViewController: UIViewController {}

var editor: EditorViewController? = EditorViewController()
let nav = UINavigationController(rootViewController: ListViewController())
let window = UIWindow(frame: UIScreen.main.bounds)
window.rootViewController = nav
window.makeKeyAndVisible()

scenario.at(.milliseconds(50), "open the editor") {
    nav.pushViewController(editor!, animated: false)
}
scenario.at(.milliseconds(100), "tap save") {
    editor?.save()
}
scenario.at(.milliseconds(400), "tap back") {
    nav.popViewController(animated: false)
    editor = nil
}

scenario.expect(.all, [
    "logs": 3,
    "logs[0].text": "toast shown true", "logs[0].at_ms": 300,
    "logs[1].text": "toast hidden after save 1", "logs[1].at_ms": 1400,
    "logs[2].text": "editor gone", "logs[2].at_ms": 1400,
    "objects.leaked": 0,
])
