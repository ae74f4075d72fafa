import ArgumentParser
import LoopSimReport
import LoopSimScenario

/// `loopsim test [PATH…]`: run every scenario's `expect:` block under its variants.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test", abstract: "Check every expectation of every scenario; ends with 'N passed, N failed'.")

    @Argument(help: "Scenario files or directories (default: scenarios/).")
    var paths: [String] = ["scenarios"]

    func run() throws {
        var passed = 0
        var failed = 0
        for file in ScenarioFiles.expand(paths) {
            let loaded = ScenarioFiles.load(file)
            ScenarioFiles.report(loaded)
            guard let scenario = loaded.scenario else {
                print("FAIL \(file): invalid scenario")
                failed += 1
                continue
            }
            if scenario.expectations.isEmpty {
                print("note \(file): no expect: block")
                continue
            }
            let runs: [VariantRun]
            do {
                runs = try ScenarioRunner.run(scenario)
            } catch {
                print("FAIL \(file): \(error.message)")
                failed += 1
                continue
            }
            for run in runs {
                for result in run.expectations {
                    if result.passed {
                        passed += 1
                    } else {
                        failed += 1
                        print("FAIL \(file) [\(run.variant)] \(result.explanation)  (\(result.expectation.location))")
                    }
                }
                let ok = run.failedExpectations.isEmpty ? "ok  " : "FAIL"
                print("\(ok) \(file) [\(run.variant)] \(run.expectations.count) expectations, hash \(run.outcome.traceHash)")
            }
        }
        print("\(passed) passed, \(failed) failed")
        if failed > 0 { throw Exit.failed }
    }
}
