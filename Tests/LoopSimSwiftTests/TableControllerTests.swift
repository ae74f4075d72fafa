import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A `UITableViewController` subclass (SwiftLowering+UIKit.swift, `listControllers`): a controller as any other for
/// UIKit's model, made with `init(style:)`, whose cell kept in a property is made with it by UIKit's inherited
/// `init(style:reuseIdentifier:)` (SwiftLowering+UIKitInits.swift). A cell's countdown in the default mode is
/// silent while a drag tracks, and the overdue timer fires once afterwards, skipping the slots it missed.
@Suite struct TableControllerTests {
    static func app(mode: String) -> String {
        """
        final class DealCell: UITableViewCell {
            private var timer: Timer?
            private(set) var secondsLeft = 0
            func configure(secondsLeft: Int) {
                self.secondsLeft = secondsLeft
                let t = Timer(timeInterval: 1, repeats: true) { [weak self] _ in self?.tick() }
                RunLoop.main.add(t, forMode: \(mode))
                timer = t
            }
            private func tick() {
                secondsLeft -= 1
                print("left \\(secondsLeft)")
            }
            override func prepareForReuse() {
                super.prepareForReuse()
                timer?.invalidate()
            }
        }
        final class DealsViewController: UITableViewController {
            let cell = DealCell(style: .default, reuseIdentifier: "deal")
            override func viewDidLoad() {
                super.viewDidLoad()
                cell.configure(secondsLeft: 10)
            }
        }
        let deals = DealsViewController(style: .plain)
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = deals
        window.makeKeyAndVisible()
        scenario.at(.milliseconds(1500), "drag") { scenario.scroll(.seconds(2)) }
        scenario.at(.milliseconds(4800), "reuse") { deals.cell.prepareForReuse() }
        """
    }

    @Test func aCellTimerInTheDefaultModeStopsDuringADrag() throws {
        let report = try SwiftUIKitTests.report(Self.app(mode: ".default"), until: 6)
        // 1 s, then nothing while tracking (1.5-3.5 s), the overdue fire at 3.5 s, then 4 s; invalidated at 4.8 s.
        #expect(SwiftUIKitTests.logs(report) == ["left 9", "left 8", "left 7"])
        #expect(report.value(at: "timers.skipped")?.compact == "1")
    }

    @Test func aCellTimerInTheCommonModesFiresThroughADrag() throws {
        let report = try SwiftUIKitTests.report(Self.app(mode: ".common"), until: 6)
        #expect(SwiftUIKitTests.logs(report) == ["left 9", "left 8", "left 7", "left 6"])
        #expect(report.value(at: "timers.skipped")?.compact == "0")
    }
}
