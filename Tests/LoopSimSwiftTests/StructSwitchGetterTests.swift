import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A struct's computed property whose getter is one `switch` with a value per case
/// (SwiftLowering+StructSwitchGetters.swift): each read is the first matching case's value, chosen before its
/// statement; one-sided ranges (`..<100`, `500...`) match as Swift's range patterns do.
@Suite struct StructSwitchGetterTests {
    static let monitor = """
        enum Quality { case good, poor, offline }
        struct Ping {
            let milliseconds: Int
            var quality: Quality {
                switch milliseconds {
                case ..<100: return .good
                case ..<500: return .poor
                default: return .offline
                }
            }
            var label: String {
                switch milliseconds {
                case 0: "instant"
                case 1...99: "fast"
                case 900...: "timeout"
                default: "slow"
                }
            }
        }
        final class Monitor {
            var quality: Quality = .good
            var pings = [0, 42, 120, 499, 500, 950]
            func run() {
                for ms in pings {
                    let ping = Ping(milliseconds: ms)
                    quality = ping.quality
                    if quality == .good { print("\\(ms) good \\(ping.label)") }
                    if quality == .poor { print("\\(ms) poor \\(ping.label)") }
                    if ping.quality == .offline { print("\\(ms) offline \\(ping.label)") }
                }
            }
        }
        let m = Monitor()
        m.run()
        """

    @Test func eachReadIsTheFirstMatchingCasesValue() throws {
        let report = try SwiftUIKitTests.report(Self.monitor)
        #expect(
            SwiftUIKitTests.logs(report) == [
                "0 good instant", "42 good fast", "120 poor slow", "499 poor slow", "500 offline slow",
                "950 offline timeout",
            ])
    }

    @Test func aReadWhereNoStatementRunsIsRefused() {
        let code = SwiftUIKitTests.file(
            """
            struct Ping {
                let milliseconds: Int
                var fast: Bool {
                    switch milliseconds {
                    case ..<100: return true
                    default: return false
                    }
                }
            }
            final class Monitor {
                var last = Ping(milliseconds: 3)
                var isFast: Bool { last.fast }
                func run() { if isFast { print("fast") } }
            }
            let m = Monitor()
            m.run()
            """)
        let problems = SwiftScenarioLoader.lower(text: code, file: "U.swift").1.map(\.message)
        #expect(problems.contains { $0.contains("whose getter is a `switch`, here") }, "\(problems)")
    }
}
