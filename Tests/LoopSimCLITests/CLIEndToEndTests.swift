import Foundation
import LoopSimCLI
import LoopSimKernel
import LoopSimReport
import LoopSimScenario
import Testing

/// Runs the built `loopsim` binary and checks stdout, stderr and exit codes separately.
@Suite(.serialized) struct CLIEndToEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `loopsim` built beside the test bundle.
    static var binary: URL {
        Bundle.main.bundleURL.appendingPathComponent("loopsim").standardizedFileURL
    }

    static func loopsim(_ arguments: [String], in directory: URL = root) throws -> Result {
        let process = Process()
        var executable = binary
        if !FileManager.default.fileExists(atPath: executable.path) {
            executable = root.appendingPathComponent(".build/debug/loopsim")
        }
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        // Output goes to files, so a large output can never fill a pipe and block the child.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let outURL = dir.appendingPathComponent("stdout"), errURL = dir.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        process.waitUntilExit()
        let outData = try Data(contentsOf: outURL), errData = try Data(contentsOf: errURL)
        try? FileManager.default.removeItem(at: dir)
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    static func temporaryFile(_ text: String, name: String = "bad.yaml") throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func s2JSONHasTheDocumentedShapeAndTheIOS9IOS10Split() throws {
        let r = try Self.loopsim([
            "run", "scenarios/s02-timerbutton-worker-loop.yaml", "--variant", "ios9",
            "--variant", "ios10", "--format", "json",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(doc["scenario"] as? String == "TimerButton countdown on a worker run loop (the bug)")
        let runs = try #require(doc["runs"] as? [[String: Any]])
        #expect(runs.map { $0["variant"] as? String } == ["ios9", "ios10"])
        for run in runs {
            for key in [
                "variant", "seed", "fingerprint", "end_time_ms", "events", "crashed", "threads", "objects", "leaks",
                "timers", "runloop_exits", "expectations",
            ] {
                #expect(run[key] != nil, "missing \(key)")
            }
            let latency = try #require((run["timers"] as? [String: Any])?["latency_ms"] as? [String: Any])
            for key in ["count", "mean", "p50", "p95", "p99", "max"] {
                #expect(latency[key] != nil, "missing latency \(key)")
            }
        }
        let ios9 = runs[0], ios10 = runs[1]
        #expect((ios9["objects"] as? [String: Any])?["leaked"] as? Int == 0)
        #expect((ios9["threads"] as? [String: Any])?["parked"] as? Int == 0)
        let exit = try #require((ios9["runloop_exits"] as? [[String: Any]])?.first)
        #expect(exit["thread"] as? String == "worker-1")
        #expect(exit["at_ms"] as? Int == 4000)
        #expect(exit["result"] as? String == "finished")
        #expect((ios10["threads"] as? [String: Any])?["parked"] as? Int == 1)
        let leak = try #require((ios10["leaks"] as? [[String: Any]])?.first)
        #expect(leak["class"] as? String == "TimerButton")
        #expect(leak["kind"] as? String == "abandoned")
        #expect(leak["path"] as? [String] == ["thread worker-1 frame", "block#1", "TimerButton button"])
        #expect((ios10["runloop_exits"] as? [Any])?.isEmpty == true)
    }

    @Test func theFixLeaksNothingUnderBoth() throws {
        let r = try Self.loopsim(["run", "scenarios/s02-timerbutton-worker-loop-fix.yaml", "--format", "json"])
        #expect(r.status == 0)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        for run in try #require(doc["runs"] as? [[String: Any]]) {
            #expect((run["objects"] as? [String: Any])?["leaked"] as? Int == 0)
            #expect((run["threads"] as? [String: Any])?["parked"] as? Int == 0)
        }
    }

    @Test func twoRunsPrintTheSameBytes() throws {
        let args = ["run", "scenarios/s02-timerbutton-worker-loop.yaml", "--format", "json"]
        #expect(try Self.loopsim(args).stdout == (try Self.loopsim(args).stdout))
    }

    @Test func aMalformedScenarioExitsTwoWithFileLineColumn() throws {
        let file = try Self.temporaryFile("name: x\nmain:\n  - lgo: hello\n  - fire: nothing\n")
        let r = try Self.loopsim(["run", file.path])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("\(file.path):3:5: error: unknown step 'lgo'; did you mean `log`? [step.unknown]"))
        #expect(r.stderr.contains("\(file.path):4:11: error: 'nothing' is not defined here [name.undefined]"))
        #expect(r.stderr.contains("  - lgo: hello\n    ^"))
    }

    /// Usage errors exit 2, as the documented exit codes say (ArgumentParser's own code would be 64), with
    /// ArgumentParser's message and usage; `--version` prints the version and exits 0.
    @Test func usageErrorsExitTwoAndVersionPrints() throws {
        for args in [["run"], ["run", "x.yaml", "--bogus"], ["bogus"], ["run", "x.yaml", "--format", "xml"]] {
            let r = try Self.loopsim(args)
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr.contains("Usage: loopsim"), "\(args): \(r.stderr)")
        }
        let version = try Self.loopsim(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == LoopSimCommand.version + "\n")
    }

    /// The README's tour quotes `loopsim run scenarios/s02-timerbutton-worker-loop.yaml` as it prints today: the
    /// first fenced block after the sentence that names the command is the command's output, byte for byte.
    @Test func theReadmeTourQuotesTheCurrentOutput() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let command = "`loopsim run scenarios/s02-timerbutton-worker-loop.yaml` replays"
        let afterCommand = try #require(readme.range(of: command)).upperBound
        let open = try #require(readme.range(of: "```\n", range: afterCommand..<readme.endIndex))
        let close = try #require(readme.range(of: "\n```", range: open.upperBound..<readme.endIndex))
        let quoted = String(readme[open.upperBound..<close.lowerBound])
        let r = try Self.loopsim(["run", "scenarios/s02-timerbutton-worker-loop.yaml"])
        #expect(r.status == 0)
        #expect(quoted + "\n" == r.stdout, "README.md's tour is stale; paste the command's output")
    }

    @Test func invalidYAMLIsADiagnosticNotACrash() throws {
        let file = try Self.temporaryFile("name: [unclosed\nmain: []\n")
        let r = try Self.loopsim(["validate", file.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("error: invalid YAML"))
        #expect(r.stderr.contains("[yaml.syntax]"))
    }

    /// `--param name=value` sets a parameter over its `params:` default in run, test and the other commands, and is
    /// printed with the report; an unknown name or a value without `=` is a usage error.
    @Test func paramSetsAParameterForOneRun() throws {
        let file = try Self.temporaryFile(
            """
            name: a parameter
            variants: [ios10]
            params: {ticks: 2}
            main:
              - let: n = 0
              - scheduledTimer: t
                every: 1s
                repeats: true
                block:
                  do: [log: tick]
            until: ${ticks}s
            expect:
              all:
                timers.fires: 2
            """
        ).path
        let byDefault = try Self.loopsim(["run", file, "--format", "json"])
        #expect(byDefault.status == 0)
        #expect(
            byDefault.stdout.contains("\"fires\" : 2") || byDefault.stdout.contains("\"fires\": 2"),
            "\(byDefault.stdout)")
        let given = try Self.loopsim(["run", file, "--param", "ticks=5"])
        #expect(given.stdout.contains("params ticks=5"), "\(given.stdout)")
        #expect(given.stdout.contains("fires 5"), "\(given.stdout)")
        let test = try Self.loopsim(["test", file, "--param", "ticks=5"])
        #expect(test.status == 1)
        #expect(test.stdout.contains("timers.fires == 2 (actual: 5)"), "\(test.stdout)")
        let unknown = try Self.loopsim(["run", file, "--param", "tick=5"])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr.contains("no parameter named 'tick'") && unknown.stderr.contains("did you mean `ticks`?"))
        let malformed = try Self.loopsim(["timeline", file, "--param", "ticks"])
        #expect(malformed.status == 2)
        #expect(malformed.stderr.contains("--param takes name=value"))
    }

    /// A file with `cases:` is one scenario per case: `test` and `run` take each, `--case` one, and the commands that
    /// show one run need it.
    @Test func casesAreScenariosOfTheirOwn() throws {
        let file = "scenarios/cases-invalidate-on-disappear.yaml"
        let test = try Self.loopsim(["test", file])
        #expect(test.status == 0, "\(test.stdout)")
        #expect(
            test.stdout.contains("ok   \(file) [bug] [ios10]") && test.stdout.contains("ok   \(file) [fix] [ios10]"))
        let run = try Self.loopsim(["run", file])
        #expect(run.stdout.contains("disappear [bug]\n") && run.stdout.contains("disappear [fix]\n"), "\(run.stdout)")
        let json = try Self.loopsim(["run", file, "--format", "json"])
        let documents = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(documents.count == 2)
        let one = try Self.loopsim(["run", file, "--case", "fix"])
        #expect(one.stdout.contains("[fix]") && !one.stdout.contains("[bug]"))
        let unchosen = try Self.loopsim(["why", file, "--object", "countdown"])
        #expect(unchosen.status == 2)
        #expect(unchosen.stderr.contains("has 2 cases (bug, fix): this command runs one; choose it with --case NAME"))
        let traced = try Self.loopsim(["run", file, "--trace", "/dev/null"])
        #expect(traced.status == 2)
        let unknown = try Self.loopsim(["run", file, "--case", "fxi"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no case named 'fxi' in cases:; its cases are bug, fix; did you mean `fix`?"))
    }

    @Test func aMissingFileIsAClearError() throws {
        let r = try Self.loopsim(["run", "no/such/file.yaml"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("cannot read 'no/such/file.yaml'"))
    }

    @Test func testCommandEndsWithPassedFailedLine() throws {
        let r = try Self.loopsim(["test", "scenarios"])
        #expect(r.status == 0, "\(r.stdout)")
        let last = try #require(r.stdout.split(separator: "\n").last)
        #expect(last.contains(" passed, 0 failed (expectations, in "), "\(last)")
        // `test` reads directories recursively (scenarios/cookbook/ too).
        let files =
            (FileManager.default.enumerator(atPath: Self.root.appendingPathComponent("scenarios").path)?
            .allObjects as? [String] ?? []).filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".swift") }
            .filter { !$0.contains("modelled/") }  // the app code Swift twins model, not scenarios
        #expect(last.hasSuffix(" of \(files.count) files)"), "\(last)")
    }

    /// A path with no scenario file is a usage error, not a green "0 passed, 0 failed".
    @Test func testOnAnEmptyDirectoryIsAnError() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let r = try Self.loopsim(["test", dir.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("no scenario files (*.yaml)"))
        #expect(r.stdout.isEmpty)
    }

    @Test func whyAnObjectThatNeverExistedIsAnError() throws {
        let r = try Self.loopsim([
            "why", "scenarios/s02-timerbutton-worker-loop.yaml", "--object", "nosuch", "--variant", "ios10",
        ])
        #expect(r.status == 2)
        #expect(r.stderr.contains("no object named 'nosuch' had been allocated by 3.5s under ios10"))
        let found = try Self.loopsim([
            "why", "scenarios/s02-timerbutton-worker-loop.yaml", "--object", "button",
            "--variant", "ios10",
        ])
        #expect(found.status == 0)
    }

    @Test func aFailingExpectationFailsTheTestCommand() throws {
        let file = try Self.temporaryFile(
            "name: x\nvariants: [ios10]\nmain:\n  - log: hi\nexpect:\n  all:\n    objects.leaked: 3\n")
        let r = try Self.loopsim(["test", file.path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("objects.leaked == 3 (actual: 0)"))
        #expect(r.stdout.hasSuffix("0 passed, 1 failed (expectations, in 1 run of 1 file)\n"))
    }

    @Test func variantsListsEveryFlagWithItsSource() throws {
        let r = try Self.loopsim(["variants"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("staleTimerPortWakeAfterLastTimerRemoved  true "))
        #expect(r.stdout.contains("source: CF-1153.18 vs SCF-Sierra"))
        // how each flag's Linux value is known: the conformance scenarios that measure it, or a citation
        #expect(r.stdout.contains("\n    linux: measured by conformance c01, c16, c31\n"))
        #expect(r.stdout.contains("\n    linux: cited: swift-corelibs-foundation 761b621 has no addObserver(_:forKeyP"))
        let row = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("threadNames ") })
        #expect(row.hasSuffix("  c59 c66"))
        let measured = VariantFlag.all.filter(\.linuxEvidence.isMeasured).count
        #expect(r.stdout.contains("\(measured) of \(VariantFlag.all.count) flags' linux-corelibs values are measured"))
    }

    @Test func setOverridesAFlag() throws {
        // ios10 with the stale wake switched back on behaves like ios9: no parked thread
        let r = try Self.loopsim([
            "run", "scenarios/s02-timerbutton-worker-loop.yaml", "--variant", "ios10",
            "--set", "staleTimerPortWakeAfterLastTimerRemoved=true", "--format", "json",
        ])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let run = try #require((doc["runs"] as? [[String: Any]])?.first)
        #expect((run["threads"] as? [String: Any])?["parked"] as? Int == 0)
        let bad = try Self.loopsim(["run", "scenarios/s02-timerbutton-worker-loop.yaml", "--set", "nope=1"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("unknown variant flag 'nope'"))
    }

    @Test func traceFileIsJSONLinesWhoseHashIsReported() throws {
        let dir = try Self.temporaryFile("", name: "unused").deletingLastPathComponent()
        let trace = dir.appendingPathComponent("t.jsonl")
        let r = try Self.loopsim([
            "run", "scenarios/s02-timerbutton-worker-loop.yaml", "--variant", "ios9",
            "--trace", trace.path, "--format", "json",
        ])
        #expect(r.status == 0)
        let lines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
        #expect(lines.count > 50)
        for line in lines { _ = try JSONSerialization.jsonObject(with: Data(line.utf8)) }
        #expect(lines.first?.contains("\"ev\":\"run.start\"") == true)
        #expect(lines.contains { $0.contains("\"ev\":\"port.fire\"") && $0.contains("\"stale\":true") })
        // The file folds back to the run's fingerprint, in process and through `loopsim fingerprint`.
        let file = try TraceFile(text: String(contentsOf: trace, encoding: .utf8))
        let doc = try #require(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let run = try #require((doc["runs"] as? [[String: Any]])?.first)
        let fingerprint = try #require(run["fingerprint"] as? String)
        #expect(file.fingerprint.hex == fingerprint)
        let recomputed = try Self.loopsim(["fingerprint", trace.path])
        #expect(recomputed.status == 0)
        #expect(recomputed.stdout == "\(fingerprint)  \(trace.path)\n")
    }

    /// The trace files `run --trace` writes while the runs go on are, byte for byte, the traces the runs keep in
    /// memory when asked to: one per variant.
    @Test func eachVariantsTraceFileIsTheKeptTraceByteForByte() throws {
        let dir = try Self.temporaryFile("", name: "unused").deletingLastPathComponent()
        let path = "scenarios/s02-timerbutton-worker-loop.yaml"
        let r = try Self.loopsim(["run", path, "--trace", dir.appendingPathComponent("s2.jsonl").path])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        let scenario = try #require(ScenarioLoader.load(text: text, file: path).scenario)
        let runs = try ScenarioRunner.run(scenario, keepsTrace: true)
        #expect(runs.count == 2)
        for run in runs {
            let written = try String(contentsOf: dir.appendingPathComponent("s2.\(run.variant).jsonl"), encoding: .utf8)
            #expect(written == run.outcome.traceLines.map { $0 + "\n" }.joined(), "\(run.variant)")
        }
    }
}
