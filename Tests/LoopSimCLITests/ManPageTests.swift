import Foundation
import Testing

/// docs/loopsim.1 is swift-argument-parser's manual plugin output (`bash scripts/man.sh`); it goes stale when a
/// command or an option is added, which these checks catch against each command's own `--help`.
@Suite struct ManPageTests {
    typealias CLI = CLIEndToEndTests

    @Test func theManPageHasEveryCommandAndOption() throws {
        let page = try String(contentsOf: CLI.root.appendingPathComponent("docs/loopsim.1"), encoding: .utf8)
        let top = try CLI.loopsim(["--help"])
        // The subcommands as the top-level help lists them, one per line under SUBCOMMANDS.
        // A command's line starts with two spaces and its name; its abstract's continuation lines start deeper.
        let commands = (top.stdout.components(separatedBy: "SUBCOMMANDS:").last ?? "").split(separator: "\n")
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && !$0.hasPrefix("  See ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.count >= 15, "\(commands)")
        for command in commands {
            #expect(page.contains(".It Em \(command)"), "docs/loopsim.1 lacks `\(command)`: run scripts/man.sh")
            let help = try CLI.loopsim([command, "--help"]).stdout
            var options = Set<String>()
            var rest = Substring(help)
            while let dash = rest.range(of: "--") {
                let name = rest[dash.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" }
                if let first = name.first, first.isLetter { options.insert(String(name)) }
                rest = rest[dash.upperBound...]
            }
            for option in options.sorted() where option != "help" {
                #expect(
                    page.contains("Fl -\(option)") || page.contains(", -\(option)"),
                    "docs/loopsim.1 lacks `\(command) --\(option)`: run scripts/man.sh")
            }
        }
    }

    /// Shell completion knows the values of the options that take a fixed set (formats, variants) and completes
    /// scenario files by extension.
    @Test func completionKnowsValuesAndScenarioFiles() throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = try CLI.loopsim(["--generate-completion-script", shell]).stdout
            for value in ["ios10", "linux-corelibs", "jsonl", "chrome", "svg"] {
                #expect(script.contains(value), "\(shell) completion lacks \(value)")
            }
            #expect(script.contains("yaml"), "\(shell) completion does not complete .yaml files")
        }
    }
}
