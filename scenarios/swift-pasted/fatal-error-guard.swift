// A `guard … else { fatalError("…") }` on state the code believes impossible, and a `precondition`. Swift stops the
// program at `fatalError` unconditionally (Swift standard library, `fatalError(_:file:line:)`), and at a failed
// `precondition` in a release (-O) build too (`precondition(_:_:file:line:)`); an `assert` is not evaluated in a
// release build. The player's state is reset at 1 s, so the tick at 2 s reaches the `fatalError`.
import Foundation

let scenario = Scenario(
    "Pasted: fatalError in a guard stops the app", until: .seconds(5), variants: [.ios10, .ios13])

final class Player {
    var isPlaying = false
    var timer: Timer?

    func play() {
        precondition(!isPlaying, "already playing")
        assert(timer == nil, "timer left over")
        isPlaying = true
        timer = Timer.scheduledTimer(withTimeInterval: 2, repeats: true) { [weak self] _ in
            self?.tick()
        }
    }

    func tick() {
        guard isPlaying else {
            fatalError("tick while not playing")
        }
        print("tick")
    }
}

let player = Player()
player.play()

scenario.at(.seconds(1), "reset state") { player.isPlaying = false }

scenario.expect(.all, ["crashed": true, "crash.at_ms": 2000, "logs": 0])
