import Foundation
import Testing

/// `--param`, `--case` and `loopsim sweep` on a Swift scenario, and a YAML scenario whose app code is in Swift files,
/// through the built `loopsim` (docs/swift-scenarios.md, "Parameters, cases and sweeps", "App code in Swift files").
@Suite(.serialized) struct SwiftExperimentCLITests {
    static let ticks = """
        import Foundation
        let scenario = Scenario("ticks", until: .seconds(10), variants: [.ios10])
        let interval = scenario.param("interval", default: 1.0, in: [0.5, 1, 2])
        class Ticker {
            func start() {
                Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { _ in }
            }
        }
        let ticker = Ticker()
        ticker.start()
        scenario.expect(.ios10, ["timers.fires": 10])
        """

    @Test func paramAndSweepWorkOnASwiftFile() throws {
        let file = try CLIEndToEndTests.temporaryFile(Self.ticks, name: "Ticks.swift")
        let passes = try CLIEndToEndTests.loopsim(["test", file.path])
        #expect(passes.status == 0, "\(passes.stdout)\(passes.stderr)")
        let slower = try CLIEndToEndTests.loopsim(["run", file.path, "--param", "interval=2"])
        #expect(slower.status != 0)
        #expect(slower.stdout.contains("params interval=2"), "\(slower.stdout)")
        #expect(slower.stdout.contains("timers.fires == 10 (actual: 5)"), "\(slower.stdout)")
        let sweep = try CLIEndToEndTests.loopsim(["sweep", file.path, "--replications", "1"])
        #expect(sweep.status == 0, "\(sweep.stderr)")
        let rows = sweep.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
        #expect(rows.map { $0[1] } == ["0.5", "1", "2"])
        let unknown = try CLIEndToEndTests.loopsim(["run", file.path, "--param", "speed=2"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("[name.undefined]"), "\(unknown.stderr)")
    }

    @Test func theAppCodeScenarioPassesAndItsErrorsQuoteTheSwiftLine() throws {
        let r = try CLIEndToEndTests.loopsim(["test", "examples/swift-app/s02-timerbutton-swift-app.yaml"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let yaml = try CLIEndToEndTests.temporaryFile("name: x\nuntil: 1s\nswift: A.swift\n", name: "x.yaml")
        try "class A {\n    func f() { self.nope() }\n}\nlet a = A()\n".write(
            to: yaml.deletingLastPathComponent().appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let bad = try CLIEndToEndTests.loopsim(["validate", yaml.path])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("A.swift:2:21: error: `A` has no method `nope`"), "\(bad.stderr)")
        #expect(bad.stderr.contains("    func f() { self.nope() }"), "\(bad.stderr)")
    }
}
