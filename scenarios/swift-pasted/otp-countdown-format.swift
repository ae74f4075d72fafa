// An OTP screen counts down from 60 and shows "00:59 left"; its timer is invalidated when the screen goes.
// String(format:) writes the minutes and seconds as C's printf does (Apple, "String Format Specifiers").
import Foundation
import UIKit

let scenario = Scenario("OTP countdown label formats mm:ss", until: .seconds(5), variants: [.ios10, .ios13])

final class OTPViewController: UIViewController {
    private var secondsLeft = 60
    private var timer: Timer?
    private(set) var countdownText = ""

    override func viewDidLoad() {
        super.viewDidLoad()
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            guard let self = self else { return }
            self.secondsLeft -= 1
            self.countdownText = String(format: "%02d:%02d left", self.secondsLeft / 60, self.secondsLeft % 60)
            print(self.countdownText)
        }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        timer?.invalidate()
    }

    deinit {
        print("otp deinit")
    }
}

final class LoginViewController: UIViewController {}

let nav = UINavigationController(rootViewController: LoginViewController())
nav.pushViewController(OTPViewController(), animated: false)

scenario.at(.milliseconds(3500), "back") {
    nav.popViewController(animated: false)
}

scenario.expect(.all, [
    "logs[0].text": "00:59 left", "logs[2].text": "00:57 left", "logs[3].text": "otp deinit",
    "objects.leaked": 0, "timers.fires": 3,
])
