import ArgumentParser
import Foundation
import LoopSimConformance
import LoopSimScenario

/// `loopsim conform [PATH…]`: run scenarios on LoopSim (`linux-corelibs`) and on this machine's real
/// run loop (swift-corelibs-foundation), and compare what each observed.
struct ConformCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conform",
        abstract:
            "Run scenarios on LoopSim and on Foundation's real RunLoop and compare; ends with 'N passed, N failed'.",
        discussion: """
            Each scenario is translated into a real Swift program (threads, RunLoop, CFRunLoop, Timer, Dispatch), \
            compiled once with swiftc -O (cached under .build-conformance/), run with real time scaled by --scale-ms, \
            and its events (timer fires and their slots, run-loop returns and their results, deinits, user-action \
            deliveries, logs) are compared with LoopSim's linux-corelibs prediction: per thread in order, exactly; \
            times within --tolerance-ms. See docs/fidelity.md.

            A Swift scenario file (.swift) is not translated: the file itself is compiled with swiftc beside \
            LoopSim's support library (its Scenario, a recording print, an entry that runs the main run loop until \
            the horizon) and run at real speed (--scale-ms does not apply); its logs, user-action deliveries and \
            main-loop returns are compared. See docs/swift-scenarios.md.
            """)

    @Argument(
        help: "Scenario files or directories (default: conformance/scenarios/).",
        completion: .file(extensions: ["yaml", "yml", "swift"]))
    var paths: [String] = ["conformance/scenarios"]

    @Option(help: "Real milliseconds per virtual second.")
    var scaleMs: Double = ConformanceSettings.scaleDefault * 1000

    @Option(help: "Allowed |real - predicted| per event time, in virtual milliseconds.")
    var toleranceMs: Double = Double(ConformanceSettings.toleranceDefault) / 1e6

    @Flag(
        help: """
            Compare at 1000 ms of real time per virtual second within 5 ms (overrides --scale-ms and \
            --tolerance-ms): differences under the default tolerance show.
            """)
    var strict = false

    @Option(name: .customLong("repeat"), help: "Runs per scenario; every run must agree.")
    var repetitions: Int = 1

    @Option(help: "Extra runs for a run whose only differences are times outside the tolerance.")
    var retries: Int = 2

    @Option(
        help:
            "Niceness of the real programs: negative runs them ahead of other load (needs root, else ignored); write --nice=N for a negative N."
    )
    var nice: Int = ConformanceSettings.nicenessDefault

    @Option(help: "Where compiled programs are cached.")
    var cache: String = ".build-conformance"

    @Flag(help: "Print the predicted and real events of every scenario, not only of failures.")
    var verbose = false

    @Flag(help: "Print the distribution of real - predicted over every matched event (to choose a tolerance).")
    var noise = false

    @Option(help: "Write the generated Swift program of the YAML scenarios here and stop (no compilation, no run).")
    var emit: String?

    /// The real milliseconds per virtual second and the tolerance in virtual milliseconds this run uses:
    /// `--strict`'s, or the options'.
    var timing: (scaleMs: Double, toleranceMs: Double) {
        strict
            ? (ConformanceSettings.strictScale * 1000, Double(ConformanceSettings.strictTolerance) / 1e6)
            : (scaleMs, toleranceMs)
    }

    func validate() throws {
        guard scaleMs > 0 else { throw ValidationError("--scale-ms must be positive") }
        guard toleranceMs >= 0 else { throw ValidationError("--tolerance-ms must not be negative") }
        guard repetitions >= 1 else { throw ValidationError("--repeat must be at least 1") }
        guard retries >= 0 else { throw ValidationError("--retries must not be negative") }
    }

    func run() throws {
        var entries: [ConformanceTranslator.Entry] = []
        /// Swift files, run as themselves (``SwiftFileConformance``), with their text.
        var swiftFiles: [(entry: ConformanceTranslator.Entry, source: String)] = []
        var failed = 0
        for file in ScenarioFiles.expand(paths) {
            let loaded = ScenarioFiles.load(file)
            ScenarioFiles.report(loaded)
            guard let scenario = loaded.scenario else {
                print("FAIL \(file): invalid scenario")
                failed += 1
                continue
            }
            let entry = ConformanceTranslator.Entry(name: scenario.name, file: file, scenario: scenario)
            if file.hasSuffix(".swift") {
                swiftFiles.append((entry, loaded.source))
            } else {
                entries.append(entry)
            }
        }
        if let emit {
            do {
                try AtomicFile.write(try ConformanceTranslator.source(for: entries), to: emit)
            } catch let error as ConformanceError {
                StandardError.write(error.message + "\n")
                throw Exit.invalid
            }
            print("wrote \(emit)")
            if !swiftFiles.isEmpty {
                print("not written: \(swiftFiles.count) Swift file(s), which conform compiles as they are")
            }
            return
        }
        let (scaleMs, toleranceMs) = timing
        var settings = ConformanceSettings(
            scale: scaleMs / 1000, tolerance: Int64((toleranceMs * 1e6).rounded()),
            repetitions: repetitions, timingRetries: retries,
            build: ProgramBuild(cacheDirectory: cache))
        settings.niceness = nice
        Interrupt.install()
        settings.isInterrupted = Interrupt.check
        let start = Date()
        var passed = 0
        var deltas: [Int64] = []
        var worst: [(delta: Int64, file: String, pair: EventComparison.Pair)] = []
        let bar = ProgressBar(title: "conform", total: entries.count + swiftFiles.count, minimum: 2)
        var done = 0
        let runner = ConformanceRunner(settings: settings)
        var results = runner.run(entries) { result in
            bar?.clear()
            ConformReport.print(result, verbose: verbose)
            done += 1
            bar?.update(done)
        }
        for (entry, source) in swiftFiles where !Interrupt.isRequested {
            guard let result = runner.runSwiftFile(entry, source: source) else { break }
            bar?.clear()
            ConformReport.print(result, verbose: verbose)
            results.append(result)
            done += 1
            bar?.update(done)
        }
        bar?.finish()
        for result in results {
            if result.passed { passed += 1 } else { failed += 1 }
            for comparison in result.comparisons {
                deltas += comparison.pairs.flatMap { [$0.delta] + ($0.slotDelta.map { [$0] } ?? []) }
                worst += comparison.pairs.map { (abs($0.delta), result.file, $0) }
            }
        }
        if noise {
            ConformReport.printNoise(deltas, settings: settings)
            for w in worst.sorted(by: { $0.delta > $1.delta }).prefix(8) {
                print("  worst: \(w.file): predicted \(w.pair.predicted), real \(w.pair.real)")
            }
        }
        print(
            String(
                format: "conformance: scale %.0f ms per virtual second, tolerance %.0f ms, %d run(s) each, %.1f s",
                scaleMs, toleranceMs, repetitions, Date().timeIntervalSince(start)))
        if !swiftFiles.isEmpty {
            print("swift files: the file itself compiled with swiftc, run at 1000 ms per virtual second")
        }
        if Interrupt.isRequested {
            // The program under way was killed; what ran is reported, the rest is named as not run.
            let ran = Set(results.map(\.file))
            let notRun = (entries + swiftFiles.map(\.entry)).filter { !ran.contains($0.file) }.count
            print("interrupted: \(notRun) scenario(s) not run")
            print("\(passed) passed, \(failed) failed")
            StandardError.write("interrupted: the results so far were printed\n")
            throw ExitCode(Interrupt.exitCode)
        }
        print("\(passed) passed, \(failed) failed")
        if failed > 0 { throw Exit.failed }
    }
}
