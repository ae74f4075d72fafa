import ArgumentParser
import LoopSimKernel
import LoopSimReport
import LoopSimScenario

/// `loopsim run FILE --replications N [--jobs J]`: the replication tables (``ReplicationRunner``).
enum ReplicationOutput {
    /// Prints the tables; exits 3 (after printing) when a limit stopped a replication: its figures are left out,
    /// and the report says which seeds. Ctrl-C or SIGTERM stops the replication under way and every later one
    /// the same way; the tables are printed, and the command exits 130 or 143.
    static func run(
        _ scenario: Scenario, variants: [String], n: Int, jobs: Int, seed: UInt64?,
        overrides: [(String, String)], limits: RunLimits, json: Bool
    ) throws {
        let runner = ReplicationRunner(n: n, jobs: jobs, seed: seed, overrides: overrides, limits: limits)
        let results = try runner.run(scenario, variants: variants)
        if json {
            let doc: JSONValue = .object([
                "scenario": .string(scenario.name), "file": .string(scenario.file),
                "runs": .array(results.map { .object(["variant": .string($0.variant), "replications": $0.json]) }),
            ])
            print(doc.pretty)
        } else {
            print(ReplicationText.render(scenario, results), terminator: "")
        }
        try ReplicationRunner.exitIfCutShort(
            results, leftOutOf: "the figures",
            interruptedNote: "; the tables above are of the replications that ran to the end",
            limitNote: "; raise the limit with --max-… if the scenario needs more")
    }
}
