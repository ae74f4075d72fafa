import ArgumentParser
import Foundation
import LoopSimKernel
import LoopSimReport
import LoopSimScenario

/// Options shared by `why` and `graph`: the file, the instant and the variant.
struct InstantOptions: ParsableArguments {
    @Argument(help: "The scenario file.", completion: .file(extensions: ["yaml", "yml"]))
    var file: String

    @Option(help: "The instant, e.g. 3.5s (default: the end of the run).")
    var at: String?

    @Option(help: "The variant (default: the scenario's first).")
    var variant: String?

    @OptionGroup var parameters: ParameterOptions

    /// Loads the scenario and runs it to the instant.
    func stoppedKernel() throws -> (Kernel, String, Scenario) {
        let loaded = ScenarioFiles.load(file, parameters: parameters.pairs, case: parameters.caseName)
        ScenarioFiles.report(loaded)
        guard let scenario = loaded.scenario else { throw Exit.invalid }
        var instant: SimInstant?
        if let at {
            switch DurationParser.nanoseconds(at) {
            case .success(let ns): instant = SimInstant(nanoseconds: ns)
            case .failure(let e):
                StandardError.write("error: --at: \(e.message)\n")
                throw Exit.invalid
            }
        }
        let variant = self.variant ?? scenario.variants.first ?? "ios10"
        do {
            return (try LifetimeQuery.kernel(scenario, variant: variant, at: instant), variant, scenario)
        } catch {
            StandardError.write("error: \(error.message)\n")
            throw Exit.invalid
        }
    }
}

/// `loopsim why FILE --object NAME`: every root path keeping an object alive at an instant, or when it died.
struct WhyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "why", abstract: "Why is an object alive at an instant? Every root's shortest path to it, or when it died.")

    @OptionGroup var instant: InstantOptions

    @Option(help: "The object: its name (button), printed name (TimerButton button) or #serial.")
    var object: String

    @Option(help: "Output format: text or json.")
    var format: RunCommand.OutputFormat = .text

    func run() throws {
        let (kernel, variant, _) = try instant.stoppedKernel()
        let answer = LifetimeQuery.why(object, in: kernel, variant: variant)
        print(format == .json ? answer.json.pretty : answer.text, terminator: format == .json ? "\n" : "")
        if case .object(let fields) = answer.json, case .array(let found)? = fields["objects"], found.isEmpty {
            // A name that matches nothing is most often a typo: say so, and fail like any other bad argument.
            StandardError.write("error: no object named '\(object)' had been allocated by \(kernel.now) under \(variant); "
                + "`loopsim graph` with the same file and --at lists the objects there are\n")
            throw Exit.invalid
        }
    }
}

/// `loopsim graph FILE --format dot|svg`: the object graph at an instant.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph", abstract: "The object graph at an instant (Graphviz DOT, or SVG through `dot`).")

    @OptionGroup var instant: InstantOptions

    @Option(help: "dot or svg (svg needs Graphviz's `dot` on PATH).")
    var format: GraphFormat = .dot

    enum GraphFormat: String, ExpressibleByArgument, CaseIterable { case dot, svg }

    func run() throws {
        let (kernel, variant, scenario) = try instant.stoppedKernel()
        let dot = LifetimeQuery.dot(kernel.objectGraph(), title: "\(scenario.name) — \(variant) at \(kernel.now)")
        guard format == .svg else {
            print(dot, terminator: "")
            return
        }
        guard let dotPath = Self.which("dot") else {
            StandardError.write("error: --format svg needs Graphviz's `dot`, which is not installed; "
                + "install it (apt-get install graphviz, or run scripts/setup.sh) or use --format dot\n")
            throw Exit.invalid
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dotPath)
        process.arguments = ["-Tsvg"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(dot.utf8))
        try input.fileHandleForWriting.close()
        let svg = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            StandardError.write("error: dot failed (status \(process.terminationStatus))\n")
            throw Exit.invalid
        }
        FileHandle.standardOutput.write(svg)
    }

    static func which(_ tool: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
