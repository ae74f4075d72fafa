import ArgumentParser
import Foundation
import Testing

@testable import LoopSimCLI

/// One option grammar for the commands that run a scenario (README, "One grammar"): `--variant` repeatable
/// and `--variants a,b`, `--seed`, `--set`, `--param`, the `--max-…` limits, `-o` (`-` is standard output) and
/// `--format json`; a mistyped command named with the closest one; colour only where it belongs.
@Suite(.serialized) struct CommandGrammarTests {
    static let cycle = "scenarios/leaks-cycle.yaml"
    static let s2 = "scenarios/s02-timerbutton-worker-loop.yaml"

    @Test func aMistypedCommandIsNamedWithTheClosestOne() throws {
        #expect(
            LoopSimCommand.unknownCommandMessage(["rn", "x.yaml"])?.hasPrefix(
                "error: unknown command 'rn'; did you mean 'run'?") == true)
        #expect(LoopSimCommand.unknownCommandMessage(["valdiate"])?.contains("did you mean 'validate'?") == true)
        #expect(LoopSimCommand.unknownCommandMessage(["zzzzzz"])?.contains("the commands are run, test,") == true)
        for fine in [["run", "x.yaml"], ["--version"], ["help", "run"], []] {
            #expect(LoopSimCommand.unknownCommandMessage(fine) == nil, "\(fine)")
        }
        let r = try CLIEndToEndTests.loopsim(["rn", Self.cycle])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("error: unknown command 'rn'; did you mean 'run'?"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() {
        #expect(Terminal.allowsColor(isTerminal: true, environment: [:]))
        #expect(!Terminal.allowsColor(isTerminal: false, environment: [:]))
        #expect(!Terminal.allowsColor(isTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(Terminal.allowsColor(isTerminal: true, environment: ["NO_COLOR": ""]), "no-color.org: empty is unset")
        #expect(!Terminal.allowsColor(isTerminal: true, environment: ["TERM": "dumb"]))
    }

    @Test func variantsAreNamedTheSameWayInEveryCommand() throws {
        for command in [
            RunCommand.self, CompareCommand.self, TimelineCommand.self, ReportCommand.self,
            WhyCommand.self, GraphCommand.self,
        ] as [ParsableCommand.Type] {
            let help = command.helpMessage(columns: 200)
            for option in [
                "--variant <variant>", "--variants <variants>", "--seed <seed>", "--set <set>",
                "--param <param>", "--max-events", "--max-objects", "--output",
            ] {
                #expect(help.contains(option), "\(command.configuration.commandName ?? "?") lacks \(option)")
            }
        }
        let twice = try CLIEndToEndTests.loopsim([
            "why", Self.cycle, "--object", "p", "--variant", "ios10",
            "--variants", "ios10",
        ])
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("name 'ios10' twice"), "\(twice.stderr)")
    }

    /// A variant as a Swift scenario spells it (`.linuxCorelibs`, `linuxCorelibs`, `.ios10`) names the same profile.
    @Test func swiftSpellingsOfVariantsNameTheirProfiles() throws {
        #expect(ScenarioOptions.profileName("linuxCorelibs") == "linux-corelibs")
        #expect(ScenarioOptions.profileName(".linuxCorelibs") == "linux-corelibs")
        #expect(ScenarioOptions.profileName(".ios10") == "ios10")
        #expect(ScenarioOptions.profileName("ios9") == "ios9")
        let run = try CLIEndToEndTests.loopsim(["run", Self.s2, "--variant", ".ios10"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("── ios10 (seed") && !run.stdout.contains("── ios9 (seed"), "\(run.stdout)")
    }

    /// `why` and `graph` take several variants: a second `--variant` used to replace the first.
    @Test func whyAndGraphAnswerEveryVariantNamed() throws {
        let why = try CLIEndToEndTests.loopsim(["why", Self.s2, "--object", "button", "--variants", "ios9,ios10"])
        #expect(why.status == 0, "\(why.stderr)")
        #expect(why.stdout.contains("under ios9:") && why.stdout.contains("under ios10:"), "\(why.stdout)")
        let json = try CLIEndToEndTests.loopsim([
            "why", Self.s2, "--object", "button", "--variant", "ios9",
            "--variant", "ios10", "--format", "json", "--seed", "3",
        ])
        let answers = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(answers.map { $0["variant"] as? String } == ["ios9", "ios10"])
        let dot = try CLIEndToEndTests.loopsim(["graph", Self.s2, "--variants", "ios9,ios10"])
        #expect(dot.status == 0, "\(dot.stderr)")
        #expect(dot.stdout.contains("subgraph cluster_0") && dot.stdout.contains("subgraph cluster_1"))
        #expect(dot.stdout.components(separatedBy: "digraph").count == 2, "one document")
        let graph = try CLIEndToEndTests.loopsim(["graph", Self.cycle, "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(graph.stdout.utf8)) as? [String: Any])
        let graphs = try #require(document["graphs"] as? [[String: Any]])
        #expect(graphs.count == 1 && graphs[0]["variant"] as? String == "ios10")
        #expect((graphs[0]["nodes"] as? [Any])?.count == 2, "the parent and the child of the cycle")
    }

    /// `-o -` is standard output (it created a file named `-`); `-o FILE` works on compare, why and graph too.
    @Test func dashIsStandardOutput() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-dash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("scenarios"),
            withIntermediateDirectories: true)
        let file = dir.appendingPathComponent(Self.cycle)
        try FileManager.default.copyItem(at: CLIEndToEndTests.root.appendingPathComponent(Self.cycle), to: file)
        for arguments in [
            ["run", Self.cycle, "-o", "-"], ["timeline", Self.cycle, "-o", "-"],
            ["why", Self.cycle, "--object", "p", "-o", "-"], ["graph", Self.cycle, "-o", "-"],
            ["report", Self.cycle, "-o", "-"], ["schema", "-o", "-"],
        ] {
            let r = try CLIEndToEndTests.loopsim(arguments, in: dir)
            #expect(!r.stdout.isEmpty, "\(arguments): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("-").path), "\(arguments)")
        }
        let out = dir.appendingPathComponent("answer.txt").path
        let why = try CLIEndToEndTests.loopsim(["why", Self.cycle, "--object", "p", "-o", out], in: dir)
        #expect(why.status == 0 && why.stdout.isEmpty, "\(why.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("p at "))
        let again = try CLIEndToEndTests.loopsim(["why", Self.cycle, "--object", "p", "-o", out], in: dir)
        #expect(again.status == 2 && again.stderr.contains("--force"), "\(again.stderr)")
    }

    /// A file over 8 MiB is refused before it is read, and the error quotes its first line with a caret like every
    /// other diagnostic (it was located at 1:1 with no source line).
    @Test func theFileTooLargeErrorQuotesItsFirstLine() throws {
        let big = "name: big\nuntil: 1s\nmain: []\nx: [" + String(repeating: "a,", count: 4_500_000) + "a]\n"
        let file = try CLIEndToEndTests.temporaryFile(big, name: "big.yaml")
        let r = try CLIEndToEndTests.loopsim(["validate", file.path])
        #expect(r.status == 2)
        let lines = r.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        try #require(lines.count >= 3, "\(r.stderr)")
        #expect(lines[0].hasSuffix("[yaml.too-large]") && lines[0].contains(":1:1: error:"))
        #expect(lines[1] == "name: big")
        #expect(lines[2] == "^")
    }
}
