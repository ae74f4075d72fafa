import Foundation
import LoopSimKernel
import LoopSimReport
import LoopSimScenario
import Testing

/// `expect:` checks every level of a figure path against ``FigureSchema`` when a file is loaded; these tests keep
/// that table and the run report in step, both ways, by running every scenario of the repository.
@Suite struct FigureSchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every scenario file of the repository that loads, with the variants it runs.
    static func scenarioFiles() throws -> [URL] {
        var files: [URL] = []
        for dir in [
            "scenarios", "conformance/scenarios", "examples/runaway", "notebooks/scenarios",
            "Tests/LoopSimReportTests/Fixtures",
        ] {
            let url = root.appendingPathComponent(dir)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            files += names.filter { $0.hasSuffix(".yaml") }.sorted().map { url.appendingPathComponent($0) }
        }
        return files
    }

    /// A `check:` snapshot with a cycle, an abandoned object and a parked thread (no scenario of the repository takes one).
    static let snapshot = """
        name: a check
        until: 2s
        classes:
          Loop:
            fields:
              next: strong Loop
        main:
          - let: a = new Loop
          - set: a.next = a
          - release: a
          - let: b = new Loop
          - scheduledTimer: ~                  # not kept: the run loop alone holds it, and through it b
            every: 1s
            repeats: true
            block:
              captures: [strong b]
              do: [log: tick]
          - release: b
          - thread: W
            do:
              - CFRunLoopPerformBlock: current runloop
                do: [log: never]
              - run
          - work: 1s
          - check: after a second
        """

    /// The reports of every scenario under each of its variants, a `check:` snapshot, and a run cut short by a
    /// limit (the `limit` figure).
    static func reports() throws -> [JSONValue] {
        var reports: [JSONValue] = []
        for file in try scenarioFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            for scenario in ScenarioLoader.loadCases(text: text, file: file.path).compactMap(\.scenario) {
                for variant in scenario.variants {
                    var configuration = scenario.configuration(profile: try scenario.profile(for: variant))
                    configuration.limits.maxEvents = 20_000
                    reports.append(
                        RunReport.json(Kernel(program: scenario.program, configuration: configuration).run()))
                }
            }
        }
        let snapshot = try #require(ScenarioLoader.load(text: Self.snapshot, file: "check.yaml").scenario)
        reports.append(
            RunReport.json(
                Kernel(
                    program: snapshot.program,
                    configuration: snapshot.configuration(profile: try snapshot.profile(for: "ios13"))
                ).run()))
        var limited = snapshot.configuration(profile: try snapshot.profile(for: "ios13"))
        limited.limits.maxEvents = 3
        reports.append(RunReport.json(Kernel(program: snapshot.program, configuration: limited).run()))
        return reports
    }

    /// Every path in `value`, indices written `[N]`, with the shape the schema gives it (nil: undeclared).
    static func paths(_ value: JSONValue, _ prefix: String, into found: inout Set<String>) {
        switch value {
        case .object(let o):
            for (key, child) in o { paths(child, prefix.isEmpty ? key : prefix + "." + key, into: &found) }
        case .array(let items):
            for item in items { paths(item, prefix + "[N]", into: &found) }
        default:
            break
        }
        if !prefix.isEmpty { found.insert(prefix) }
    }

    /// Every path the schema declares, indices written `[N]`.
    static func declared(_ shape: FigureSchema.Shape, _ prefix: String, into paths: inout [String]) {
        switch shape {
        case .value: break
        case .list(let item): declared(item, prefix + "[N]", into: &paths)
        case .object(let fields):
            for f in fields {
                let path = prefix.isEmpty ? f.name : prefix + "." + f.name
                paths.append(path)
                declared(f.shape, path, into: &paths)
            }
        }
        if !prefix.isEmpty, case .list = shape { paths.append(prefix + "[N]") }
    }

    @Test func theSchemaAndTheReportsAgreeBothWays() throws {
        var found: Set<String> = []
        for report in try Self.reports() {
            guard case .object(var run) = report else { continue }
            run["expectations"] = nil  // the outcome of `expect:` itself, not a figure it may name
            Self.paths(.object(run), "", into: &found)
        }
        // Every figure of every report is declared: a new report key needs its row in FigureSchema (and the doc).
        for path in found.sorted() {
            let concrete = path.replacingOccurrences(of: "[N]", with: "[0]")
            let undeclared = FigureSchema.check(concrete) != nil
            #expect(!undeclared, "the report has '\(path)', which FigureSchema does not declare")
        }
        // Every declared figure shows up in some report: the table names nothing the report lost.
        var declared: [String] = []
        Self.declared(FigureSchema.report, "", into: &declared)
        for path in declared {
            let seen = found.contains(path)
            #expect(seen, "FigureSchema declares '\(path)', which no report of the repository has")
        }
    }

    @Test func misspeltAndMisshapenFiguresAreExplained() {
        for valid in [
            "objects.leaked", "leaks[0].path[1]", "runloop_exits", "crash", "crash.message", "leaks[12].holder",
            "timers.latency_ms.p99", "timers.per_timer[0].latency_ms.max", "timers.histogram.counts[9]",
            "app.foreground_returns[0].countdowns[1].behind_ms", "checks[0].leaks[0].path", "threads.all[2].state",
            "presentations[0].wait_ms",
        ] {
            #expect(FigureSchema.check(valid) == nil, "\(valid)")
        }
        #expect(FigureSchema.problem(in: "objects.leakd")?.contains("did you mean `leaked`?") == true)
        #expect(FigureSchema.problem(in: "leaks.kind")?.contains("leaks[0].kind") == true)
        #expect(FigureSchema.problem(in: "objects[0]")?.contains("objects is not a list") == true)
        #expect(FigureSchema.problem(in: "logs[x].text")?.contains("[N] with a number") == true)
        // Deeper levels, each naming the level and what it has.
        let deep = FigureSchema.check("timers.latency_ms.maxx")
        #expect(deep?.offset == 18)
        #expect(deep?.message.contains("timers.latency_ms has no key 'maxx'; did you mean `max`?") == true)
        #expect(deep?.message.contains("its keys are count, mean, sd, p50, p90, p95, p99, max") == true)
        #expect(FigureSchema.check("leaks[0].holdr")?.message.contains("leaks[N] has no key 'holdr'") == true)
        #expect(FigureSchema.check("leaks[0].holdr")?.offset == 9)
        #expect(FigureSchema.check("crash.mesage")?.message.contains("did you mean `message`?") == true)
        #expect(
            FigureSchema.check("app.timeline[0].asleep")?.message.contains("keys are at_ms, state, device_asleep")
                == true)
        #expect(
            FigureSchema.check("objects.leaked.count")?.message.contains("objects.leaked is a single value") == true)
        #expect(FigureSchema.check("checks[0].leaks.kind")?.message.contains("write checks[0].leaks[0].kind") == true)
        #expect(FigureSchema.check("objects..leaked")?.message.contains("an empty key") == true)
        #expect(FigureSchema.check("objects.leaked.")?.offset == 15)
        #expect(FigureSchema.check("logs[0]text")?.message.contains("expected `.`") == true)
        #expect(FigureSchema.check("logs[0") != nil)
    }
}
