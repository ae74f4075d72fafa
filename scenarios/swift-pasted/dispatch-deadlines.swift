// Deadlines written three ways: `.now() + .seconds(2)`, `DispatchTime.now() + 1`, `.now() + .milliseconds(500)`.
// Each block runs on the main queue once its deadline has passed (Apple, `asyncAfter(deadline:execute:)`), in
// deadline order: 0.5 s, 1 s, 2 s. The loader holds itself weakly, so the 2 s block, after the owner let go at
// 1.5 s, finds nil and does nothing (the Swift book, "Weak References").
import Foundation

let scenario = Scenario(
    "Pasted: asyncAfter deadlines in three spellings", until: .seconds(3), variants: [.ios10, .ios13])

final class SplashLoader {
    private var stage = 0

    func schedule() {
        DispatchQueue.main.asyncAfter(deadline: .now() + .seconds(2)) { [weak self] in
            guard let self = self else { return }
            self.advance("late")
        }
        DispatchQueue.main.asyncAfter(deadline: DispatchTime.now() + 1) { [weak self] in
            self?.advance("second")
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500)) { [weak self] in
            self?.advance("first")
        }
    }

    private func advance(_ name: String) {
        stage += 1
        NSLog("stage")
    }
}

var loader: SplashLoader? = SplashLoader()
loader?.schedule()

scenario.at(.milliseconds(1500), "dismiss the splash") {
    loader = nil
}

scenario.expect(.all, [
    "logs": 2, "logs[0].at_ms": 500, "logs[1].at_ms": 1000, "objects.leaked": 0, "objects.alive": 0,
])
