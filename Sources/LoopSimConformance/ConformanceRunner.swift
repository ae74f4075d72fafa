import Foundation
import LoopSimScenario

/// The knobs of a conformance run.
public struct ConformanceSettings: Sendable {
    /// Real seconds per virtual second: 0.04 runs one virtual second in 40 ms.
    public var scale: Double
    /// Allowed |real − predicted| on every event time and timer slot, in virtual nanoseconds.
    public var tolerance: Int64
    /// Runs of each scenario's program; every run must agree.
    public var repetitions: Int
    /// Extra runs allowed for a run whose only differences are times outside the tolerance (a scheduling
    /// outlier of a loaded machine); order, count and result differences are never retried.
    public var timingRetries: Int
    /// The generated programs' niceness (`nice -n`); negative values (which need root or CAP_SYS_NICE, and
    /// fall back to 0 without) shield the real run from other load on the machine. 0 runs them as they are.
    public var niceness: Int = 0
    public var build: ProgramBuild
    /// Polled between scenarios and while a program builds or runs: true (Ctrl-C, SIGTERM) kills the program
    /// under way and stops the run; the results so far are returned.
    public var isInterrupted: @Sendable () -> Bool = { false } {
        didSet { build.isInterrupted = isInterrupted }
    }

    /// The defaults, measured on the project's 2-core machine (docs/fidelity.md, "Noise and tolerance").
    public static let scaleDefault = 0.1
    public static let toleranceDefault: Int64 = 250_000_000
    /// `loopsim conform --strict`: real time runs as fast as virtual time, and every time must be within 5 ms, so
    /// that a difference of tens of milliseconds (an operation queue's width on 2 cores: docs/fidelity.md, "Noise
    /// and tolerance") fails where the default 250 virtual ms forgive it.
    public static let strictScale = 1.0
    public static let strictTolerance: Int64 = 5_000_000
    /// `loopsim conform`'s default niceness for the real programs.
    public static let nicenessDefault = -10

    public init(
        scale: Double = scaleDefault, tolerance: Int64 = toleranceDefault, repetitions: Int = 1,
        timingRetries: Int = 2, build: ProgramBuild = ProgramBuild()
    ) {
        self.scale = scale
        self.tolerance = tolerance
        self.repetitions = repetitions
        self.timingRetries = timingRetries
        self.build = build
    }
}

/// The outcome for one scenario.
public struct ConformanceResult: Sendable {
    public enum Verdict: Sendable {
        case agreed
        case disagreed
        /// Not run: it cannot be translated, predicted, compiled or executed.
        case error(String)
    }
    /// How the real program was made.
    public enum Path: Sendable {
        /// The scenario translated into a generated program (``ConformanceTranslator``).
        case translated
        /// A Swift scenario file compiled itself with the support library (``SwiftFileConformance``).
        case swiftFile
    }
    public var file: String
    public var name: String
    public var verdict: Verdict
    public var path: Path = .translated
    /// For a Swift file: the line of the `print` behind each predicted log text (``SwiftFileConformance``).
    public var printLines: [String: Int] = [:]
    public var prediction: Prediction?
    /// One per repetition (retries included).
    public var comparisons: [EventComparison] = []
    /// Runs repeated because their only differences were times outside the tolerance.
    public var retried = 0
    public var realRuns: [RealRun] = []
    /// Seconds of wall time the real runs took.
    public var seconds: Double = 0

    public var passed: Bool {
        if case .agreed = verdict { return true }
        return false
    }
}

/// Runs scenarios on LoopSim and on the real run loop and compares them.
public struct ConformanceRunner: Sendable {
    public var settings: ConformanceSettings

    public init(settings: ConformanceSettings = ConformanceSettings()) { self.settings = settings }

    /// Predicts, translates, compiles (once, cached) and runs every entry; `progress` sees each result
    /// as soon as it is known.
    public func run(
        _ entries: [ConformanceTranslator.Entry],
        progress: (ConformanceResult) -> Void = { _ in }
    ) -> [ConformanceResult] {
        var results: [ConformanceResult?] = Array(repeating: nil, count: entries.count)
        var runnable: [(index: Int, prediction: Prediction)] = []
        for (i, entry) in entries.enumerated() {
            let missing = ConformanceTranslator.unsupportedConstructs(in: entry.scenario)
            if !missing.isEmpty {
                results[i] = failure(entry, "cannot run for real yet: " + missing.joined(separator: "; "))
                continue
            }
            do {
                let prediction = try Prediction.run(entry.scenario)
                if let abnormal = prediction.abnormalEnd {
                    results[i] = failure(entry, "the prediction ended abnormally (\(abnormal))")
                } else {
                    runnable.append((i, prediction))
                }
            } catch {
                results[i] = failure(entry, error.message)
            }
        }
        for (i, result) in results.enumerated() where result != nil && !runnable.contains(where: { $0.index == i }) {
            progress(result!)
        }
        guard !runnable.isEmpty else { return results.compactMap { $0 } }
        let binary: String
        do {
            let source = try ConformanceTranslator.source(for: runnable.map { entries[$0.index] })
            binary = try settings.build.binary(for: source).path
        } catch  where settings.isInterrupted() {
            return results.compactMap { $0 }
        } catch {
            for (n, item) in runnable.enumerated() {
                let message = n == 0 ? error.message : "not run: the generated program did not build (see above)"
                results[item.index] = failure(entries[item.index], message)
                progress(results[item.index]!)
            }
            return results.compactMap { $0 }
        }
        for (position, item) in runnable.enumerated() {
            guard !settings.isInterrupted(),
                let result = execute(
                    entries[item.index], prediction: item.prediction, binary: binary, position: position)
            else { break }
            results[item.index] = result
            progress(result)
        }
        return results.compactMap { $0 }
    }

    private func failure(_ entry: ConformanceTranslator.Entry, _ message: String) -> ConformanceResult {
        ConformanceResult(file: entry.file, name: entry.name, verdict: .error(message))
    }

    /// Runs scenario `position` of `binary` `repetitions` times and compares each run; nil when interrupted.
    private func execute(
        _ entry: ConformanceTranslator.Entry, prediction: Prediction, binary shared: String,
        position: Int
    ) -> ConformanceResult? {
        execute(entry, prediction: prediction, binary: shared, arguments: [String(position), String(settings.scale)])
    }

    /// Runs `binary` with `arguments` `repetitions` times, reading its real times at `scale` (the settings' by
    /// default), and compares each run with `prediction`, details by `detailMatches`; nil when interrupted.
    func execute(
        _ entry: ConformanceTranslator.Entry, prediction: Prediction, binary shared: String,
        arguments: [String], scale: Double? = nil,
        detailMatches: @escaping @Sendable (ObservedEvent, ObservedEvent) -> Bool = { $0.detail == $1.detail }
    ) -> ConformanceResult? {
        let scale = scale ?? settings.scale
        var result = ConformanceResult(file: entry.file, name: entry.name, verdict: .agreed, prediction: prediction)
        // The real process carries the scenario's `process:` name, as the prediction's main thread does.
        let binary: String
        do {
            binary = try ProgramBuild.path(of: shared, named: entry.scenario.program.processName)
        } catch {
            result.verdict = .error(error.message)
            return result
        }
        let realSeconds = Double(prediction.until) / 1e9 * scale
        let start = Date()
        var retriesLeft = settings.timingRetries
        var remaining = max(1, settings.repetitions)
        while remaining > 0 {
            remaining -= 1
            let output =
                settings.niceness == 0
                ? ProgramBuild.execute(
                    binary, arguments, timeout: realSeconds + 30, isInterrupted: settings.isInterrupted)
                : ProgramBuild.execute(
                    "/usr/bin/env", ["nice", "-n", String(settings.niceness), binary] + arguments,
                    timeout: realSeconds + 30, isInterrupted: settings.isInterrupted)
            if output.interrupted { return nil }
            guard output.status == 0, !output.timedOut else {
                let why = output.timedOut ? "timed out" : "exited with status \(output.status)"
                result.verdict = .error("the real program \(why): \(output.stderr.suffix(2000))")
                return result
            }
            do {
                var real = try RealRun(json: Data(output.stdout.utf8), scale: scale)
                real.diagnostics = CFDiagnostic.kinds(inStandardError: output.stderr)
                let comparison = EventComparison(
                    prediction: prediction, real: real, tolerance: settings.tolerance, detailMatches: detailMatches)
                result.realRuns.append(real)
                result.comparisons.append(comparison)
                if comparison.onlyTimingDiffers && retriesLeft > 0 {
                    retriesLeft -= 1
                    result.retried += 1
                    remaining += 1
                } else if !comparison.agrees {
                    result.verdict = .disagreed
                }
            } catch {
                result.verdict = .error(error.message + ": " + String(output.stdout.prefix(500)))
                return result
            }
        }
        result.seconds = Date().timeIntervalSince(start)
        return result
    }
}
