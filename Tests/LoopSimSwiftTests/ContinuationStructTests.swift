import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A struct through a continuation (SwiftLowering+ContinuationStructs.swift): `resume(returning: coordinate)` passes
/// the struct's properties as one value, which the awaiting method returns or a local unpacks.
@Suite struct ContinuationStructTests {
    /// A location provider whose one-shot async wrapper installs an update handler; `clears` makes the handler
    /// clear itself after resuming (the fix), else every update resumes the continuation again.
    static func file(clears: Bool) -> String {
        """
        import Foundation
        let scenario = Scenario("continuation struct", until: .seconds(3), variants: [.ios13])
        struct Coordinate {
            let latitude: Double
            let longitude: Double
            var label = "gps"
        }
        @MainActor
        final class LocationProvider {
            var onUpdate: ((Coordinate) -> Void)?
            private var timer: Timer?
            private(set) var fixes = 0
            func startUpdating() {
                guard timer == nil else { return }
                timer = Timer.scheduledTimer(withTimeInterval: 1.0, repeats: true) { [weak self] _ in
                    guard let self else { return }
                    self.fixes += 1
                    let coordinate = Coordinate(latitude: 52.52 + Double(self.fixes), longitude: 13.40)
                    self.onUpdate?(coordinate)
                }
            }
            func currentLocation() async -> Coordinate {
                await withCheckedContinuation { continuation in
                    onUpdate = { coordinate in
                        continuation.resume(returning: coordinate)
                        \(clears ? "self.onUpdate = nil" : "")
                    }
                    startUpdating()
                }
            }
        }
        @MainActor
        final class CheckInViewModel {
            let location = LocationProvider()
            private(set) var lastFix: Coordinate?
            func checkIn() {
                Task {
                    print("locating")
                    let fix = await location.currentLocation()
                    lastFix = fix
                    print("checked in \\(fix.label) \\(fix.latitude > 53) \\(lastFix?.label ?? "-")")
                }
            }
        }
        let checkIn = CheckInViewModel()
        checkIn.checkIn()
        scenario.expect(.all, ["logged": ["locating": 1]])
        """
    }

    @Test func everyUpdateResumingTheContinuationCrashesAtTheSecond() throws {
        let run = try SwiftConcurrencyTests.run(Self.file(clears: false))
        #expect(TaskGroupLoopTests.logs(run) == ["locating@0", "checked in gps true gps@1000"])
        let crash = run.report.value(at: "crash.message")?.compact ?? ""
        #expect(
            crash.contains(
                "SWIFT TASK CONTINUATION MISUSE: currentLocation() tried to resume its continuation more than once"),
            "\(crash)")
        #expect(run.report.value(at: "crash.at_ms")?.compact == "2000")
    }

    @Test func aHandlerThatClearsItselfResumesOnce() throws {
        let run = try SwiftConcurrencyTests.run(Self.file(clears: true))
        #expect(TaskGroupLoopTests.logs(run) == ["locating@0", "checked in gps true gps@1000"])
        #expect(run.report.value(at: "crash.message") == nil)
    }

    @Test func aLocalTakesTheResumedStruct() throws {
        let run = try SwiftConcurrencyTests.run(
            """
            import Foundation
            let scenario = Scenario("continuation struct", until: .seconds(2), variants: [.ios13])
            struct Reading {
                let value: Int
                var unit: String
            }
            final class Sensor {
                func read() async {
                    let r: Reading = await withCheckedContinuation { continuation in
                        DispatchQueue.global().asyncAfter(deadline: .now() + 0.25) {
                            continuation.resume(returning: Reading(value: 7, unit: "C"))
                        }
                    }
                    print("read \\(r.value) \\(r.unit)")
                }
            }
            let sensor = Sensor()
            Task { await sensor.read() }
            scenario.expect(.all, ["logs": 1])
            """)
        #expect(TaskGroupLoopTests.logs(run) == ["read 7 C@250"])
    }
}
