// loopsim-bench: runs one scenario through the LoopSim kernel exactly as `loopsim run` does (ScenarioLoader,
// Scenario.configuration, Kernel.run, which ends with RunOutcome and its leak analysis), but with the safety
// limits raised, and prints one JSON line with the figures the benchmark compares and the time of each phase:
//
//   load_s      YAML parse + scenario compile (ScenarioLoader.load: the file's text to the kernel's program),
//               load_cpu_s the same as process CPU time
//   run_s       Kernel.run(): the simulation, the fingerprint, RunOutcome (end-of-run leak analysis included),
//               split into setup_s (until virtual time first moves past 0: main:'s steps, e.g. creating the
//               timers), events_s (from then to the last step) and outcome_s (RunOutcome: leak analysis, timer
//               records), using the kernel's interrupt hook, which it polls every 4096 steps
//               (*_cpu_s: the same as process CPU time, which a shared, loaded machine distorts less)
//   analysis_s  one more LeakAnalysis over the final heap (Kernel.findings()), timed alone (--analysis)
//   *_hwm_kib   the process's peak resident set (VmHWM) after loading, after setup and at the end: which phase
//               sets the peak the memory workload reports
//
// `loopsim run` applies default limits (--max-events, --max-steps, --max-objects) meant to stop runaway
// scenarios in seconds; the storm and churn workloads are far bigger, so the driver lifts them all.
// Usage: loopsim-bench FILE [--variant V] [--analysis] [--load-only]
//   --load-only  stop after loading: print load_s, load_cpu_s and load_hwm_kib (BENCHMARKS.md "Start-up")
import Foundation
import LoopSimKernel
import LoopSimScenario

func cpu() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Peak resident set so far (VmHWM in /proc/self/status), KiB; -1 where there is no /proc.
func peakRSS() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1
    }
    return -1
}

func monotonic() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

var args = Array(CommandLine.arguments.dropFirst())
var variant: String?
var analysis = false
var loadOnly = false
var file: String?
while !args.isEmpty {
    let a = args.removeFirst()
    switch a {
    case "--variant": variant = args.removeFirst()
    case "--analysis": analysis = true
    case "--load-only": loadOnly = true
    default: file = a
    }
}
guard let file, let text = try? String(contentsOfFile: file, encoding: .utf8) else {
    FileHandle.standardError.write(
        "usage: loopsim-bench FILE [--variant V] [--analysis] [--load-only]\n".data(using: .utf8)!)
    exit(2)
}
let t0 = monotonic(), c0 = cpu()
let loaded = ScenarioLoader.load(text: text, file: file)
guard let scenario = loaded.scenario else {
    for d in loaded.diagnostics { FileHandle.standardError.write("\(d)\n".data(using: .utf8)!) }
    exit(2)
}
let t1 = monotonic(), c1load = cpu()
let loadPeak = peakRSS()
if loadOnly {
    print("{\"load_s\": \(t1 - t0), \"load_cpu_s\": \(c1load - c0), \"load_hwm_kib\": \(loadPeak)}")
    exit(0)
}
let profile = try scenario.profile(for: variant ?? scenario.variants[0])
var configuration = scenario.configuration(profile: profile)
configuration.limits = RunLimits(maxEvents: Int.max, maxTime: .never, maxObjects: Int.max, maxDepth: 512,
                                 maxSteps: Int.max)
nonisolated(unsafe) var kernelRef: Kernel?
nonisolated(unsafe) var firstMove = -1.0, firstMoveCPU = -1.0, setupPeak = -1
nonisolated(unsafe) var lastPoll = -1.0, lastPollCPU = -1.0
configuration.isInterrupted = {
    let t = monotonic(), c = cpu()
    if firstMove < 0, let k = kernelRef, k.now > .zero { (firstMove, firstMoveCPU, setupPeak) = (t, c, peakRSS()) }
    (lastPoll, lastPollCPU) = (t, c)
    return false
}
let c1 = cpu()
let kernel = Kernel(program: scenario.program, configuration: configuration)
kernelRef = kernel
let outcome = kernel.run()
let t2 = monotonic(), c2 = cpu()
if firstMove < 0 { (firstMove, firstMoveCPU) = lastPoll < 0 ? (t2, c2) : (lastPoll, lastPollCPU) }  // until: 0s
if lastPoll < firstMove { (lastPoll, lastPollCPU) = (firstMove, firstMoveCPU) }
var analysisSeconds = -1.0, analysisCPU = -1.0
var analysisLeaks = -1
if analysis {
    let t3 = monotonic(), c3 = cpu()
    analysisLeaks = kernel.findings().leaks.count
    (analysisSeconds, analysisCPU) = (monotonic() - t3, cpu() - c3)
}
let fires = outcome.timers.reduce(0) { $0 + $1.fires }
let fields: [String] = [
    "\"load_s\": \(t1 - t0)", "\"load_cpu_s\": \(c1load - c0)",
    "\"run_s\": \(t2 - t1)", "\"setup_s\": \(firstMove - t1)",
    "\"events_s\": \(lastPoll - firstMove)", "\"outcome_s\": \(t2 - lastPoll)", "\"run_cpu_s\": \(c2 - c1)",
    "\"setup_cpu_s\": \(firstMoveCPU - c1)", "\"events_cpu_s\": \(lastPollCPU - firstMoveCPU)", "\"analysis_s\": \(analysisSeconds)",
    "\"analysis_cpu_s\": \(analysisCPU)",
    "\"events\": \(outcome.events)", "\"fires\": \(fires)", "\"fingerprint\": \"\(outcome.fingerprint)\"",
    "\"allocated\": \(outcome.allocated)", "\"deallocated\": \(outcome.deallocated)",
    "\"leaks\": \(outcome.leaked)", "\"analysis_leaks\": \(analysisLeaks)",
    "\"live_objects\": \(kernel.heap.liveCount)", "\"end_time_ns\": \(outcome.endTime.nanoseconds)",
    "\"load_hwm_kib\": \(loadPeak)", "\"setup_hwm_kib\": \(setupPeak)", "\"end_hwm_kib\": \(peakRSS())",
    "\"limit\": \(outcome.limit.map { "\"\($0.kind)\"" } ?? "null")",
]
print("{" + fields.joined(separator: ", ") + "}")
