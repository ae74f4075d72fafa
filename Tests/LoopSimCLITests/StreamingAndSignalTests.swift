import Foundation
import LoopSimKernel
import LoopSimReport
import Testing

@testable import LoopSimCLI

/// Big runs (issue 39, issue 38): Ctrl-C between replications, sweep points and fuzz cases stops the command
/// within a second with exit 130 and a valid partial output that says it was interrupted; sweep rows stream in
/// the bytes of the whole document; `--jobs` never changes the output; a write past `ulimit -f` is a clear error.
@Suite(.serialized) struct StreamingAndSignalTests {
    typealias CLI = CLIEndToEndTests

    /// A sweep of 10,000 points, one replication each, quick per point.
    static let bigSweep = """
        name: big sweep
        seed: 5
        until: 200ms
        params:
          a: 1ms
          b: 1ms
        sweep:
          a: [\((1...100).map { "\($0)ms" }.joined(separator: ", "))]
          b: [\((1...100).map { "\($0)ms" }.joined(separator: ", "))]
          replications: 1
        classes:
          VC:
            fields: {t: weak NSTimer}
            methods:
              start:
                - scheduledTimer: self.t
                  every: ${a}
                  repeats: true
                  block: {do: []}
        main:
          - let: vc = new VC
          - call: vc.start
        gestures:
          every: {exponential: "${b}"}
          drag: 1ms
        """

    struct Interrupted {
        var status: Int32
        var stdout: Data
        var stderr: String
        /// Seconds from the signal to the exit.
        var latency: TimeInterval
    }

    /// Starts the binary, sends `signal` after one second, and waits for it to exit.
    static func interrupt(_ arguments: [String], signal: Int32 = SIGINT, after delay: TimeInterval = 1) throws
        -> Interrupted
    {
        let process = Process()
        process.executableURL = CLI.root.appendingPathComponent(".build/debug/loopsim")
        if FileManager.default.fileExists(atPath: CLI.binary.path) { process.executableURL = CLI.binary }
        process.arguments = arguments
        process.currentDirectoryURL = CLI.root
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-sig-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let outURL = dir.appendingPathComponent("stdout"), errURL = dir.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        waitForHandlers(process.processIdentifier)
        Thread.sleep(forTimeInterval: delay)  // a wall-clock wait in the test only: let the work get going
        let signalled = Date()
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let latency = Date().timeIntervalSince(signalled)
        return Interrupted(
            status: process.terminationStatus, stdout: try Data(contentsOf: outURL),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self), latency: latency)
    }

    /// Waits (up to a minute) until the process has its SIGINT and SIGTERM handlers (Linux: `SigCgt` in
    /// /proc/PID/status), so that "after one second" counts from the command's start, not from the launch of a
    /// debug binary on a loaded machine; elsewhere, returns at once.
    static func waitForHandlers(_ pid: Int32) {
        let wanted: UInt64 = (1 << (UInt64(SIGINT) - 1)) | (1 << (UInt64(SIGTERM) - 1))
        for _ in 0..<600 {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return }
            let line = status.split(separator: "\n").first { $0.hasPrefix("SigCgt:") }
            guard
                let mask = line.flatMap({
                    UInt64(
                        $0.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces),
                        radix: 16)
                })
            else { return }
            if mask & wanted == wanted { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    static func sweepFile() throws -> URL {
        try CLI.temporaryFile(bigSweep, name: "big-sweep.yaml")
    }

    @Test func aSignalStopsRunReplicationsWithinASecond() throws {
        let r = try Self.interrupt([
            "run", "scenarios/s09-countdown-random-scrolls.yaml", "--replications", "1000000",
            "--format", "json",
        ])
        #expect(r.status == 130, "\(r.stderr)")
        #expect(r.latency < 1, "\(r.latency) s")
        let doc = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        let reps = try #require((doc["runs"] as? [[String: Any]])?.first?["replications"] as? [String: Any])
        #expect((reps["not_run"] as? Int ?? 0) > 0)
        #expect(r.stderr.contains("interrupted: "), "\(r.stderr)")
    }

    @Test func aSignalStopsCompareReplicationsWithinASecond() throws {
        let r = try Self.interrupt([
            "compare", "scenarios/s09-countdown-random-scrolls.yaml", "--replications",
            "1000000", "--format", "json",
        ])
        #expect(r.status == 130, "\(r.stderr)")
        #expect(r.latency < 1, "\(r.latency) s")
        let doc = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        #expect(doc["paired"] is [Any])
        #expect((doc["not_run"] as? Int ?? 0) > 0)
        #expect(r.stderr.contains("interrupted: "), "\(r.stderr)")
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalStopsASweepWithTheRowsSoFar(signal: Int32, status: Int32) throws {
        let file = try Self.sweepFile()
        let r = try Self.interrupt(["sweep", file.path, "--format", "json"], signal: signal)
        #expect(r.status == status, "\(r.stderr)")
        #expect(r.latency < 1, "\(r.latency) s")
        let doc = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        let rows = try #require(doc["rows"] as? [[String: Any]])
        #expect(rows.count < 10_000, "\(rows.count) rows")
        #expect(rows.enumerated().allSatisfy { i, row in row["row"] as? Int == i && row["limited"] as? Int == 0 })
        // A point has a row per variant (the file names none: all five); only whole points are printed.
        let points = Set(rows.compactMap { $0["point"] as? Int }).count
        #expect(rows.count == points * 5, "\(rows.count) rows of \(points) points")
        #expect((doc["stopped"] as? String)?.hasPrefix("interrupted after \(points) of 10000 points") == true)
        #expect(r.stderr.contains("interrupted: after \(points) of 10000 points"), "\(r.stderr)")
    }

    @Test func aSignalStopsACSVSweepWithWholeLines() throws {
        let file = try Self.sweepFile()
        let r = try Self.interrupt(["sweep", file.path, "--jobs", "2"])
        #expect(r.status == 130, "\(r.stderr)")
        #expect(r.latency < 1, "\(r.latency) s")
        let lines = String(decoding: r.stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "", "the output ends with a whole line")
        let fields = lines[0].split(separator: ",", omittingEmptySubsequences: false).count
        #expect(
            lines.dropLast().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == fields })
        #expect(lines.count >= 2, "at least the header")
    }

    @Test func aSignalStopsFuzzWithinASecond() throws {
        let r = try Self.interrupt(["fuzz", "--cases", "1000000"])
        #expect(r.status == 130, "\(r.stderr)")
        // The case under way stops too: its runs poll the flag every 1024 steps, and every phase between and after
        // them (the trace encoded, checked and read back a slice at a time, each report) polls it, so no stretch
        // between two polls is over about 80 ms of a debug build's CPU (FuzzInterruptTests).
        #expect(r.latency < 1, "\(r.latency) s")
        #expect(String(decoding: r.stdout, as: UTF8.self).contains("seed 1, cases 0..<1000000"))
        #expect(r.stderr.contains("interrupted after "), "\(r.stderr)")
    }

    /// The first rows reach standard output while the sweep goes on (before, nothing was printed until the end).
    @Test func sweepRowsArriveBeforeTheEnd() throws {
        let file = try Self.sweepFile()
        let r = try Self.interrupt(["sweep", file.path, "--jobs", "1"], after: 4)
        #expect(r.status == 130)
        #expect(String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").count > 2)
    }

    @Test func jobsChangeNoByteOfASweepOrOfReplications() throws {
        let sweep = try CLI.temporaryFile(SweepTests.yaml, name: "s.yaml")
        for format in ["csv", "json"] {
            let one = try CLI.loopsim(["sweep", sweep.path, "--jobs", "1", "--format", format])
            let two = try CLI.loopsim(["sweep", sweep.path, "--jobs", "2", "--format", format])
            #expect(one.status == 0 && two.status == 0, "\(one.stderr)\(two.stderr)")
            #expect(one.stdout == two.stdout)
            #expect(!one.stdout.isEmpty)
        }
        let s9 = "scenarios/s09-countdown-random-scrolls.yaml"
        let one = try CLI.loopsim(["run", s9, "--replications", "64", "--jobs", "1", "--format", "json"])
        let two = try CLI.loopsim(["run", s9, "--replications", "64", "--jobs", "2", "--format", "json"])
        #expect(one.status == 0 && one.stdout == two.stdout)
        let c1 = try CLI.loopsim(["compare", s9, "--replications", "32", "--jobs", "1"])
        let c2 = try CLI.loopsim(["compare", s9, "--replications", "32", "--jobs", "2"])
        #expect(c1.status == 0 && c1.stdout == c2.stdout)
    }

    /// The stream writes what printing the whole document writes, in CSV and JSON, with rows and without.
    @Test func aStreamedSweepIsTheWholeDocumentByteForByte() throws {
        for shard in [(1, 1), (2, 3), (5, 9)] {
            let plan = try Sweep.Plan(text: SweepTests.yaml, file: "s.yaml", replications: 2, shard: shard)
            let whole = try Sweep.run(text: SweepTests.yaml, file: "s.yaml", replications: 2, jobs: 1, shard: shard)
            for format in SweepFormat.allCases {
                let text = TextBox()
                var stream = SweepStream(plan: plan, format: format, write: { text.value += $0 })
                try stream.begin()
                _ = try plan.run(jobs: 2) { row throws(Sweep.Failure) in try stream.row(row) }
                try stream.end(stopped: nil)
                #expect(text.value == (format == .csv ? Sweep.csv(whole) : whole.pretty + "\n"), "\(shard) \(format)")
            }
        }
    }

    /// A stopped sweep's document says so and is refused by a merge; its rows are the points before the signal.
    @Test func aStoppedSweepSaysSoAndDoesNotMerge() throws {
        let plan = try Sweep.Plan(text: SweepTests.yaml, file: "s.yaml", replications: 2)
        let box = TextBox()
        var rows: [JSONValue] = []
        let stopped = try plan.run(
            jobs: 1, isInterrupted: { box.value == "stop" },
            progress: { done in
                if done == 2 { box.value = "stop" }
            },
            row: { rows.append($0) })
        #expect(stopped == "interrupted after 2 of 4 points: the rows are of those, the rest were not run")
        #expect(rows.count == 2 * plan.spec.variants.count)
        let doc = plan.document(rows: rows, stopped: stopped)
        let read = try Sweep.decode(Data(doc.pretty.utf8))
        #expect(read == doc)
        #expect(throws: Sweep.Failure.self) { try Sweep.merge([read]) }
    }

    /// The grid is enumerated point by point, in the order of the whole grid.
    @Test func aPointIsTheGridsPointAtItsIndex() throws {
        let plan = try Sweep.Plan(text: Self.bigSweep, file: "s.yaml", replications: 1)
        let points = plan.spec.points
        #expect(plan.pointCount == points.count)
        for p in [0, 1, 99, 100, 4321, 9999] {
            #expect(plan.point(p).map { "\($0.name)=\($0.value)" } == points[p].map { "\($0.name)=\($0.value)" })
        }
        let shard = try Sweep.Plan(text: Self.bigSweep, file: "s.yaml", replications: 1, shard: (3, 7))
        #expect(shard.shardPointCount == stride(from: 2, to: 10_000, by: 7).underestimatedCount)
    }

    /// Under `ulimit -f` a trace or report larger than the limit is a write error naming the file (SIGXFSZ is
    /// ignored, so the write fails with EFBIG instead of killing the process); the temporary file is removed and
    /// the previous file is left as it was.
    @Test(arguments: [["run", "--variant", "ios10", "--trace"], ["report", "-o"]])
    func aFileSizeLimitIsAWriteError(command: [String]) throws {
        let dir = try LimitsAndOutputTests.directory()
        let target = dir.appendingPathComponent(command[0] == "report" ? "report.html" : "trace.jsonl")
        try "previous\n".write(to: target, atomically: true, encoding: .utf8)
        let binary =
            FileManager.default.fileExists(atPath: CLI.binary.path)
            ? CLI.binary.path
            : CLI.root.appendingPathComponent(".build/debug/loopsim").path
        // 64 blocks of 1 KiB: the S9 trace and report page are larger
        let line =
            "ulimit -f 64; exec '\(binary)' \(command[0]) scenarios/s09-countdown-random-scrolls.yaml "
            + command.dropFirst().joined(separator: " ") + " '\(target.path)' --force"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", line]
        process.currentDirectoryURL = CLI.root
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "not killed by SIGXFSZ")
        #expect(process.terminationStatus != 0)
        #expect(stderr.contains("'\(target.path)'") && stderr.contains("file too large"), "\(stderr)")
        #expect(try String(contentsOf: target, encoding: .utf8) == "previous\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }
        #expect(left.isEmpty, "\(left)")
    }
}

/// Text gathered from a closure (the tests run one thing at a time).
private final class TextBox: @unchecked Sendable {
    var value = ""
}
