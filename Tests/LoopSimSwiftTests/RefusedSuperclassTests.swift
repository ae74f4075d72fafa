import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A controller subclass of a UIKit controller LoopSim does not model (`UIPageViewController`) is refused once, where
/// the superclass is named: its lifecycle overrides and the calls on it are read as a controller's, not reported as
/// more refusals that would send the reader after the wrong line.
@Suite struct RefusedSuperclassTests {
    @Test func aRefusedControllerSuperclassIsTheOnlyError() throws {
        let text = """
            import UIKit
            let scenario = Scenario("pages", until: .seconds(3), variants: [.ios13])
            final class Pages: UIPageViewController {
                var timer: Timer?
                override func viewDidLoad() {
                    super.viewDidLoad()
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in print("tick") }
                }
                override func viewWillDisappear(_ animated: Bool) {
                    super.viewWillDisappear(animated)
                    timer?.invalidate()
                }
            }
            let pages = Pages()
            pages.viewDidLoad()
            """
        let errors = SwiftScenarioLoader.load(text: text, file: "P.swift").diagnostics.filter { $0.severity == .error }
        #expect(errors.map { "\($0.location.line):\($0.location.column)" } == ["3:20"])
        #expect(errors.first?.message.contains("subclassing `UIPageViewController`") == true)
    }
}
