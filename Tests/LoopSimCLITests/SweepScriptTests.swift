import Foundation
import Testing

/// scripts/sweep.sh, the Slurm job-array task the README gives: run as three tasks (the variables Slurm sets, set by
/// hand), its parts merge to exactly the unsharded sweep's bytes, written once by the task that completes the set.
@Suite struct SweepScriptTests {
    typealias CLI = CLIEndToEndTests

    @Test func threeArrayTasksMergeToTheUnshardedSweep() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-sweepsh-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let loopsim =
            FileManager.default.fileExists(atPath: CLI.binary.path)
            ? CLI.binary
            : CLI.root.appendingPathComponent(".build/debug/loopsim")
        let file = "scenarios/s09-scroll-rate-sweep.yaml"
        for k in 1...3 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["scripts/sweep.sh", file, out.path]
            process.currentDirectoryURL = CLI.root
            var environment = ProcessInfo.processInfo.environment
            environment["SLURM_ARRAY_TASK_ID"] = "\(k)"
            environment["SLURM_ARRAY_TASK_COUNT"] = "3"
            environment["LOOPSIM"] = loopsim.path
            process.environment = environment
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "task \(k)")
        }
        let merged = try String(contentsOf: out.appendingPathComponent("sweep.csv"), encoding: .utf8)
        let whole = try CLI.loopsim(["sweep", file])
        #expect(whole.status == 0)
        #expect(merged == whole.stdout)
    }
}
