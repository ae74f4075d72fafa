import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A protocol's property requirements (SwiftLowering+ProtocolProperties.swift): with one conforming class, a value of
/// the protocol's type is that class's instance, so its properties are read and stored through the protocol type as
/// the class's own. A wrong model reads another object's array, or a stale copy of it after `append`.
@Suite struct ProtocolPropertyTests {
    @Test func propertiesAreReadAndAppendedThroughTheProtocolType() throws {
        let logs = try ProtocolDefaultTests.logs(
            """
            import Foundation
            let scenario = Scenario("poller", until: .seconds(2), variants: [.ios13])
            final class Observer {
                var name = ""
            }
            protocol Poller: AnyObject {
                var interval: TimeInterval { get }
                var observers: [Observer] { get set }
                var label: String { get }
                func start()
            }
            final class FastPoller: Poller {
                var interval: TimeInterval = 0.4
                var observers: [Observer] = []
                var label: String { "fast" }
                var timer: Timer?
                var ticks = 0
                func start() {
                    timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { [weak self] timer in
                        guard let self else { return }
                        self.ticks += 1
                        print("tick \\(self.ticks) observers \\(self.observers.count)")
                        if self.ticks == 2 { timer.invalidate() }
                    }
                }
            }
            final class Screen {
                let poller: Poller = FastPoller()
                func open() {
                    poller.observers.append(Observer())
                    if poller.interval < 0.5 { print("\\(poller.label) poller") }
                    poller.start()
                    poller.observers.append(Observer())
                }
            }
            let screen = Screen()
            screen.open()
            """)
        #expect(logs == ["0 fast poller", "400 tick 1 observers 2", "800 tick 2 observers 2"])
    }
}
