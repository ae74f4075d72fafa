import Foundation
import Testing

@testable import LoopSimCLI

/// Runaway scenarios stop at the default limits with exit code 3 and a complete, valid partial trace; Ctrl-C
/// stops a run the same way with 130; report and trace files are written atomically, replaced only with
/// `--force`, and a path that cannot be written is a clear error (exit 2) before anything runs.
@Suite(.serialized) struct LimitsAndOutputTests {
    typealias CLI = CLIEndToEndTests

    static func directory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Checks a JSONL trace: every line JSON, `seq` from 0, `t` monotone, `run.start` … `limit`, `run.end`.
    static func checkPartialTrace(_ url: URL, limitKind: String) throws {
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        try #require(lines.count >= 3)
        var previous = Int64.min
        for (i, line) in lines.enumerated() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let t = try #require((event["t"] as? NSNumber)?.int64Value)
            #expect(t >= previous, "time went backwards at line \(i)")
            previous = t
            #expect(event["seq"] as? Int == i)
        }
        #expect(lines.first?.contains("\"ev\":\"run.start\"") == true)
        #expect(lines.last?.contains("\"ev\":\"run.end\"") == true)
        #expect(lines.contains { $0.contains("\"ev\":\"limit\"") && $0.contains("\"kind\":\"\(limitKind)\"") })
    }

    @Test(arguments: [("dispatch-loop", "max-events"), ("timer-doubling", "max-objects"), ("recursion", "max-depth")])
    func aRunawayExampleStopsAtTheDefaultLimits(name: String, kind: String) throws {
        let dir = try Self.directory()
        let trace = dir.appendingPathComponent("\(name).jsonl")
        let r = try CLI.loopsim(["run", "examples/runaway/\(name).yaml", "--trace", trace.path, "--format", "json"])
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stderr.contains("limit: "))
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let run = try #require((doc["runs"] as? [[String: Any]])?.first)
        #expect((run["limit"] as? [String: Any])?["kind"] as? String == kind)
        #expect((run["events"] as? Int).map { $0 > 0 } == true)
        try Self.checkPartialTrace(trace, limitKind: kind)
    }

    /// Under `--replications` the same limits apply: every replication of a runaway stops, is listed with its
    /// seed and limit, is left out of the statistics, and the command exits 3.
    @Test(arguments: [("dispatch-loop", "max-events"), ("timer-doubling", "max-objects"), ("recursion", "max-depth")])
    func aRunawayStopsUnderReplicationsToo(name: String, kind: String) throws {
        let r = try CLI.loopsim(["run", "examples/runaway/\(name).yaml", "--replications", "3", "--format", "json"])
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stderr.contains("3 replications stopped at a limit and left out of the figures: "), "\(r.stderr)")
        #expect(r.stderr.contains(" replication 2 (\(kind))"), "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let reps = try #require((doc["runs"] as? [[String: Any]])?.first?["replications"] as? [String: Any])
        let limited = try #require(reps["limited"] as? [[String: Any]])
        #expect(limited.map { $0["kind"] as? String } == [kind, kind, kind])
        #expect(limited.map { $0["index"] as? Int } == [0, 1, 2])
        #expect((reps["figures"] as? [String: Any])?.isEmpty == true, "no statistic from cut-short runs")
    }

    /// Ctrl-C (SIGINT) and SIGTERM (Slurm's time limit, `scancel`) alike: the run stops, what it has is written,
    /// and the exit status is 128 + the signal.
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalWritesWhatTheRunHasAndExits128PlusIt(signal: Int32, status: Int32) throws {
        let dir = try Self.directory()
        let trace = dir.appendingPathComponent("t.jsonl")
        let report = dir.appendingPathComponent("report.json")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.root.appendingPathComponent(".build/debug/loopsim").path)
        if FileManager.default.fileExists(atPath: CLI.binary.path) { process.executableURL = CLI.binary }
        process.arguments = [
            "run", "examples/runaway/dispatch-loop.yaml", "--max-events", "3000000", "--trace", trace.path,
            "--format", "json", "--output", report.path,
        ]
        process.currentDirectoryURL = CLI.root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        StreamingAndSignalTests.waitForHandlers(process.processIdentifier)  // a loaded machine starts it slowly
        Thread.sleep(forTimeInterval: 1.5)  // a wall-clock wait in the test only: let the run get going
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationStatus == status)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let run = try #require((doc["runs"] as? [[String: Any]])?.first)
        #expect((run["limit"] as? [String: Any])?["kind"] as? String == "interrupted")
        try Self.checkPartialTrace(trace, limitKind: "interrupted")
    }

    /// With several variants each trace is written while its run goes on; a signal during the first stops the
    /// command, whose first trace is whole and ends `interrupted`, while the variant that never ran writes no file
    /// and no temporary file is left.
    @Test func aSignalDuringTheFirstOfTwoVariantsKeepsItsTraceAlone() throws {
        let dir = try Self.directory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.root.appendingPathComponent(".build/debug/loopsim").path)
        if FileManager.default.fileExists(atPath: CLI.binary.path) { process.executableURL = CLI.binary }
        process.arguments = [
            "run", "examples/runaway/dispatch-loop.yaml", "--variant", "ios9", "--variant", "ios10",
            "--max-events", "3000000", "--trace", dir.appendingPathComponent("t.jsonl").path,
            "--format", "json", "--output", dir.appendingPathComponent("r.json").path,
        ]
        process.currentDirectoryURL = CLI.root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        StreamingAndSignalTests.waitForHandlers(process.processIdentifier)  // a loaded machine starts it slowly
        Thread.sleep(forTimeInterval: 1.5)  // a wall-clock wait in the test only: let the first run get going
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        try Self.checkPartialTrace(dir.appendingPathComponent("t.ios9.jsonl"), limitKind: "interrupted")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["r.json", "t.ios9.jsonl"])
    }

    /// The report's total of skipped slots passes 64 bits without trapping: three timers firing every nanosecond,
    /// held off for the 100 years a run may last, skip about 3.15 × 10^18 slots each.
    @Test func aTotalPastSixtyFourBitsIsReportedNotATrap() throws {
        var yaml = "name: skipped slots\nuntil: 876000h\nvariants: [ios10]\nmain:\n"
        for name in ["a", "b", "c"] {
            yaml += "  - scheduledTimer: \(name)\n    every: 1ns\n    repeats: true\n    block: {do: []}\n"
        }
        yaml += "  - work: 876000h\n  - run\n"
        let r = try CLI.loopsim(["run", try CLI.temporaryFile(yaml).path, "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let timers = try #require((doc["runs"] as? [[String: Any]])?.first?["timers"] as? [String: Any])
        let skipped = try #require((timers["skipped"] as? NSNumber)?.doubleValue)
        #expect(skipped > 9.4e18 && skipped < 9.5e18, "\(skipped)")
    }

    /// Under --replications a signal stops the replication under way and no later one starts; the tables are still
    /// printed (valid JSON, the cut replications listed as `interrupted`, the others counted in `not_run`), and the
    /// status is 128 + the signal.
    @Test func aSignalStopsReplicationsAndPrintsWhatRan() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.root.appendingPathComponent(".build/debug/loopsim").path)
        if FileManager.default.fileExists(atPath: CLI.binary.path) { process.executableURL = CLI.binary }
        process.arguments = [
            "run", "examples/runaway/dispatch-loop.yaml", "--replications", "40", "--max-events", "3000000",
            "--format", "json",
        ]
        process.currentDirectoryURL = CLI.root
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        StreamingAndSignalTests.waitForHandlers(process.processIdentifier)  // a loaded machine starts it slowly
        Thread.sleep(forTimeInterval: 1.5)  // a wall-clock wait in the test only: let the replications get going
        kill(process.processIdentifier, SIGTERM)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        let doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let reps = try #require((doc["runs"] as? [[String: Any]])?.first?["replications"] as? [String: Any])
        let kinds = (reps["limited"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        #expect(kinds.contains("interrupted"))
        // every replication is cut by the events limit or by the signal, or did not start after the signal
        #expect(kinds.count + (reps["not_run"] as? Int ?? 0) == 40)
    }

    /// `fuzz` stops before its next case on Ctrl-C, prints the summary of the cases that ran, and exits 130.
    @Test func aSignalStopsAFuzzCampaignWithItsSummary() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.root.appendingPathComponent(".build/debug/loopsim").path)
        if FileManager.default.fileExists(atPath: CLI.binary.path) { process.executableURL = CLI.binary }
        process.arguments = ["fuzz", "--cases", "1000000"]
        process.currentDirectoryURL = CLI.root
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        StreamingAndSignalTests.waitForHandlers(process.processIdentifier)  // a loaded machine starts it slowly
        Thread.sleep(forTimeInterval: 1.5)  // a wall-clock wait in the test only: let the campaign get going
        process.interrupt()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(stdout.contains("seed 1, cases 0..<1000000 of generated and mutated: "), "\(stdout)")
        #expect(stderr.contains("interrupted after "), "\(stderr)")
    }

    /// `conform` on SIGTERM kills the real program under way (or the compiler), prints what ran and how many
    /// scenarios did not, and exits 143 at once instead of leaving its child running.
    @Test func aSignalStopsConformAndItsChild() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.root.appendingPathComponent(".build/debug/loopsim").path)
        if FileManager.default.fileExists(atPath: CLI.binary.path) { process.executableURL = CLI.binary }
        // 3 real seconds per virtual second: each scenario's program runs for several seconds.
        process.arguments = [
            "conform", "conformance/scenarios/c46-one-shot-timer-on-a-gcd-thread-never-fires.yaml",
            "conformance/scenarios/c47-one-shot-timer-on-a-gcd-thread-fires-while-the-block-runs-the-loop.yaml",
            "--scale-ms", "3000",
        ]
        process.currentDirectoryURL = CLI.root
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        StreamingAndSignalTests.waitForHandlers(process.processIdentifier)  // a loaded machine starts it slowly
        Thread.sleep(forTimeInterval: 1.5)  // a wall-clock wait in the test only: compiling or running
        let signalled = Date()
        kill(process.processIdentifier, SIGTERM)
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        #expect(stdout.contains("interrupted: 2 scenario(s) not run"), "\(stdout)")
        #expect(stdout.contains("0 passed, 0 failed"), "\(stdout)")
        #expect(Date().timeIntervalSince(signalled) < 5, "the program under way is killed, not waited for")
    }

    /// A temporary file left by a run killed during its final write (`.NAME.tmp-PID`, PID gone) is removed by the
    /// next run that writes NAME; one of a live process, or of another target, is left alone.
    @Test func aStaleTemporaryOfTheTargetIsRemoved() throws {
        let dir = try Self.directory()
        let done = Process()
        done.executableURL = URL(fileURLWithPath: "/bin/true")
        try done.run()
        done.waitUntilExit()
        let gone = done.processIdentifier
        let stale = dir.appendingPathComponent(".r.txt.tmp-\(gone)")
        let live = dir.appendingPathComponent(".r.txt.tmp-1")
        let other = dir.appendingPathComponent(".other.txt.tmp-\(gone)")
        for file in [stale, live, other] { try "partial".write(to: file, atomically: false, encoding: .utf8) }
        let r = try CLI.loopsim([
            "run", "scenarios/s02-timerbutton-worker-loop.yaml", "--variant", "ios9", "-o",
            dir.appendingPathComponent("r.txt").path,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: live.path), "process 1 is alive")
        #expect(FileManager.default.fileExists(atPath: other.path), "another target's")
    }

    @Test func maxTimeStopsAtAVirtualInstant() throws {
        let file = try CLI.temporaryFile(
            "name: t\nuntil: 10s\nvariants: [ios10]\nmain:\n  - scheduledTimer: t\n"
                + "    every: 100ms\n    repeats: true\n    userInfo:\n      do:\n        - log: tick\n")
        let r = try CLI.loopsim(["run", file.path, "--max-time", "1s", "--format", "json"])
        #expect(r.status == 3)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let run = try #require((doc["runs"] as? [[String: Any]])?.first)
        #expect((run["limit"] as? [String: Any])?["kind"] as? String == "max-time")
        #expect(run["end_time_ms"] as? Int == 1000)
        #expect((run["logs"] as? [Any])?.count == 10)
    }

    @Test func badLimitsAreUsageErrors() throws {
        let s2 = "scenarios/s02-timerbutton-worker-loop.yaml"
        #expect(try CLI.loopsim(["run", s2, "--max-events", "0"]).status == 2)
        let bare = try CLI.loopsim(["run", s2, "--max-time", "10"])
        #expect(bare.status == 2)
        #expect(bare.stderr.contains("has no unit"))
    }

    @Test func anExistingFileIsReplacedOnlyWithForce() throws {
        let dir = try Self.directory()
        let trace = dir.appendingPathComponent("t.jsonl")
        let report = dir.appendingPathComponent("r.txt")
        try "keep me\n".write(to: trace, atomically: true, encoding: .utf8)
        let args = [
            "run", "scenarios/s02-timerbutton-worker-loop.yaml", "--variant", "ios9", "--trace", trace.path,
            "--output", report.path,
        ]
        let refused = try CLI.loopsim(args)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("already exists; pass --force to replace it"))
        #expect(try String(contentsOf: trace, encoding: .utf8) == "keep me\n")
        #expect(!FileManager.default.fileExists(atPath: report.path), "nothing is written when a check fails")
        let forced = try CLI.loopsim(args + ["--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout.isEmpty, "the report went to --output")
        #expect(try String(contentsOf: trace, encoding: .utf8).hasPrefix("{\"t\":0,\"seq\":0,"))
        #expect(try String(contentsOf: report, encoding: .utf8).contains("── ios9 (seed 1)"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    /// `--output x --trace x` would let the report replace the trace: refused before the run (exit 2), also when
    /// the paths differ only in spelling, or when a variant's trace name (`x.ios9.jsonl`) is the report's.
    @Test func twoOutputsToOneFileAreRefused() throws {
        let dir = try Self.directory()
        let s2 = "scenarios/s02-timerbutton-worker-loop.yaml"
        let same = dir.appendingPathComponent("same.jsonl").path
        let spelled = dir.path + "/sub/../same.jsonl"
        for (output, variants) in [
            (same, ["ios9"]), (spelled, ["ios9"]), (dir.path + "/same.ios9.jsonl", ["ios9", "ios10"]),
        ] {
            let refused = try CLI.loopsim(
                ["run", s2, "--trace", same, "--output", output, "--force"]
                    + variants.flatMap { ["--variant", $0] })
            #expect(refused.status == 2, "\(output)")
            #expect(refused.stderr.contains("would both be written to"), "\(refused.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "nothing ran")
        }
    }

    @Test func anUnwritablePathIsAClearErrorBeforeTheRun() throws {
        let dir = try Self.directory()
        let s2 = "scenarios/s02-timerbutton-worker-loop.yaml"
        let missing = try CLI.loopsim(["run", s2, "--trace", dir.path + "/no/such/dir/t.jsonl"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no such file or directory; create it first"))
        #expect(missing.stdout.isEmpty, "nothing ran")
        let file = dir.appendingPathComponent("plain")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        let notDirectory = try CLI.loopsim(["run", s2, "--output", file.path + "/r.txt"])
        #expect(notDirectory.status == 2)
        #expect(notDirectory.stderr.contains("is not a directory"))
        let isDirectory = try CLI.loopsim(["run", s2, "--output", dir.path])
        #expect(isDirectory.status == 2)
        #expect(isDirectory.stderr.contains("it is a directory"))
    }

    @Test func aFullDiskIsAClearError() throws {
        let fd = open("/dev/full", O_WRONLY)
        try #require(fd >= 0, "this test needs /dev/full")
        defer { close(fd) }
        #expect(throws: OutputTarget.WriteError.self) { try OutputTarget.writeAll(["some trace\n"], to: fd) }
        do throws(OutputTarget.WriteError) {
            try OutputTarget.writeAll(["some trace\n"], to: fd)
        } catch {
            #expect(error.message == "no space left on device (the disk is full)")
        }
    }

    /// A command's files are replaced all together or not at all: when the second cannot be written (here its
    /// directory vanished after the checks; a full disk does the same), the first keeps its old text and no
    /// temporary file is left (before, the first was already renamed over its target).
    @Test func aCommandsFilesAreReplacedTogetherOrNotAtAll() throws {
        let dir = try Self.directory()
        let first = dir.appendingPathComponent("t.ios9.jsonl")
        try "old trace\n".write(to: first, atomically: true, encoding: .utf8)
        let gone = dir.appendingPathComponent("gone/t.ios10.jsonl")
        #expect(throws: OutputTarget.WriteError.self) {
            try OutputTarget.writeTogether([
                (OutputTarget(path: first.path, what: "the ios9 trace"), AnySequence(["new trace\n"])),
                (OutputTarget(path: gone.path, what: "the ios10 trace"), AnySequence(["new trace\n"])),
            ])
        }
        #expect(try String(contentsOf: first, encoding: .utf8) == "old trace\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["t.ios9.jsonl"], "no temporary left")
        let second = dir.appendingPathComponent("r.txt")
        try OutputTarget.writeTogether([
            (OutputTarget(path: first.path, what: "the ios9 trace"), AnySequence(["new trace\n"])),
            (OutputTarget(path: second.path, what: "the report"), AnySequence(["report\n"])),
        ])
        #expect(try String(contentsOf: first, encoding: .utf8) == "new trace\n")
        #expect(try String(contentsOf: second, encoding: .utf8) == "report\n")
    }

    @Test func testFailsARunThatHitsALimitUnlessItExpectsOne() throws {
        let runaway = try String(
            contentsOf: CLI.root.appendingPathComponent("examples/runaway/recursion.yaml"), encoding: .utf8)
        let unexpected = try CLI.temporaryFile(runaway + "expect:\n  all:\n    crashed: false\n")
        let r = try CLI.loopsim(["test", unexpected.path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("stopped at a limit: thread main nested more than 512 frames"))
        let expected = try CLI.temporaryFile(runaway + "expect:\n  all:\n    limit.kind: max-depth\n")
        let ok = try CLI.loopsim(["test", expected.path])
        #expect(ok.status == 0, "\(ok.stdout)")
    }
}
