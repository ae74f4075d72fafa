// A one-time-code screen as it is pasted from an app: outlets, `title` and `view.backgroundColor` set in
// `viewDidLoad`, the countdown in a private extension with a `TimeInterval` constant, the timer added in the common
// modes with `timer!`, stopped in `viewWillDisappear` and when the count runs out. The label and button updates
// are what UIKit draws (LoopSim models none of it). The timer fires every second from 1 s; the 31st fire, at
// 31 s, finds the count at 0 and invalidates it (Apple, `invalidate()`); the screen let go at 35 s is freed, its
// deinit printing, since the closure held it weakly and the timer is gone.
import UIKit

let scenario = Scenario(
    "Pasted: a one-time-code countdown with outlets and a private extension", until: .seconds(40),
    variants: [.ios10, .ios13])

final class OTPViewController: UIViewController {

    // MARK: - Outlets
    @IBOutlet private weak var resendButton: UIButton!
    @IBOutlet private weak var countdownLabel: UILabel!

    // MARK: - Properties
    private var timer: Timer?
    private var secondsRemaining = 30
    private let countdownInterval: TimeInterval = 1.0

    // MARK: - Lifecycle
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Verify"
        view.backgroundColor = .systemBackground
        startCountdown()
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        stopCountdown()
    }

    deinit {
        print("OTPViewController deinit")
    }
}

// MARK: - Countdown
private extension OTPViewController {
    func startCountdown() {
        stopCountdown()
        secondsRemaining = 30
        resendButton.isEnabled = false
        resendButton.setTitle("Resend", for: .normal)
        timer = Timer.scheduledTimer(withTimeInterval: countdownInterval, repeats: true) { [weak self] _ in
            self?.tick()
        }
        RunLoop.main.add(timer!, forMode: .common)
    }

    func tick() {
        guard secondsRemaining > 0 else {
            stopCountdown()
            resendButton.isEnabled = true
            return
        }
        secondsRemaining -= 1
        countdownLabel.text = "Resend in \(secondsRemaining)s"
    }

    func stopCountdown() {
        timer?.invalidate()
        timer = nil
    }
}

var otp: OTPViewController? = OTPViewController()
otp?.loadViewIfNeeded()
scenario.at(.seconds(35), "leave the screen") { otp = nil }

scenario.expect(.all, [
    "timers.fires": 31, "logs": 1, "logs[0].at_ms": 35000, "objects.leaked": 0, "objects.abandoned": 0,
])
