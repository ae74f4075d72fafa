import ArgumentParser
import LoopSimReport
import LoopSimScenario

/// `loopsim test [PATH…]`: run every scenario's `expect:` block under its variants.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Check every expectation of every scenario; ends with 'N passed, N failed' (expectations).")

    @Argument(
        help: "Scenario files or directories (default: scenarios/).", completion: .file(extensions: ["yaml", "yml"]))
    var paths: [String] = ["scenarios"]

    @OptionGroup var parameters: ParameterOptions

    @OptionGroup(title: "Limits (a run that reaches one fails, unless its expect: block names a limit figure)")
    var limitOptions: RunLimitOptions

    func run() throws {
        var passed = 0
        var failed = 0
        var runCount = 0
        var invalid = 0
        let files = ScenarioFiles.expand(paths)
        guard !files.isEmpty else {
            StandardError.write(
                "error: no scenario files (*.yaml) in \(paths.joined(separator: ", ")): nothing to test\n")
            throw Exit.invalid
        }
        Interrupt.install()
        let cases = files.flatMap { file in
            ScenarioFiles.loadAll(file, parameters: parameters.pairs, case: parameters.caseName).map { (file, $0) }
        }
        for (path, loaded) in cases where !Interrupt.isRequested {
            // A case of a file with cases: is named `FILE [case]`.
            let file = loaded.scenario?.caseName.map { "\(path) [\($0)]" } ?? path
            ScenarioFiles.report(loaded)
            guard let scenario = loaded.scenario else {
                print("FAIL \(file): invalid scenario")
                failed += 1
                invalid += 1
                continue
            }
            if scenario.expectations.isEmpty {
                print("note \(file): no expect: block")
                continue
            }
            let runs: [VariantRun]
            do {
                runs = try ScenarioRunner.run(scenario, limits: limitOptions.limits, isInterrupted: Interrupt.check)
            } catch {
                print("FAIL \(file): \(error.message)")
                failed += 1
                continue
            }
            let expectsLimit = scenario.expectations.contains { $0.figure.hasPrefix("limit") }
            for run in runs {
                runCount += 1
                if let stop = run.outcome.limit, !expectsLimit || stop.kind == "interrupted" {
                    failed += 1
                    print(
                        "FAIL \(file) [\(run.variant)] stopped at a limit: \(stop.message) at \(stop.at) (virtual time)"
                    )
                }
                for result in run.expectations {
                    if result.passed {
                        passed += 1
                    } else {
                        failed += 1
                        print("FAIL \(file) [\(run.variant)] \(result.explanation)  (\(result.expectation.location))")
                    }
                }
                let ok = run.failedExpectations.isEmpty ? "ok  " : "FAIL"
                print(
                    "\(ok) \(file) [\(run.variant)] \(run.expectations.count) expectations, fingerprint \(run.outcome.fingerprint)"
                )
            }
        }
        // Counts are of expectations (and of runs stopped at a limit, each one failure); the runs and files checked
        // follow in brackets.
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        print(
            "\(passed) passed, \(failed) failed (expectations, in \(count(runCount, "run")) of \(count(files.count, "file")))"
        )
        if Interrupt.isRequested {
            StandardError.write("interrupted: the files after the one under way were not run\n")
            throw ExitCode(Interrupt.exitCode)
        }
        // An invalid file is exit 2, as `run` and `validate` say it (docs/diagnostics.md), before a failed check.
        if invalid > 0 { throw Exit.invalid }
        if failed > 0 { throw Exit.failed }
    }
}
