import Foundation
import LoopSimKernel
import Testing

@testable import LoopSimCLI

/// The limit defaults docs/scenario-format.md (its `checked: limits` table) and README.md print are the ones a
/// command line without `--max-*` options gets, for every `--max-*` option `loopsim run` has.
@Suite struct LimitsDocTests {
    /// Records a failure whose message is built at run time, at the caller's line.
    static func record(_ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Each option's default as the command line parses it, printed as the docs print it (`none`: no limit).
    static func commandLineDefaults() throws -> [String: String] {
        let limits = try RunLimitOptions.parse([]).limits
        return [
            "--max-events": "\(limits.maxEvents)", "--max-steps": "\(limits.maxSteps)",
            "--max-objects": "\(limits.maxObjects)", "--max-depth": "\(limits.maxDepth)",
            "--max-time": limits.maxTime == .never ? "none" : "\(limits.maxTime.nanoseconds)ns",
        ]
    }

    /// The `--max-*` options `RunLimitOptions` declares, read from its help text.
    static func declaredOptions() -> [String] {
        let help = RunLimitOptions.helpMessage(columns: 200)
        let options = help.matches(of: /--max-[a-z]+/).map { String($0.output) }
        return options.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// The rows of a file whose first cell is a backticked `--max-…` option: option, default as written, line.
    static func documentedDefaults(in text: String) -> [(option: String, value: String, line: Int)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { item in
            let (index, line) = item
            guard line.hasPrefix("| `--max-") else { return nil }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { return nil }
            let option = String(cells[0].dropFirst().prefix { $0 != " " && $0 != "`" })
            // The default is the second cell's leading number ("10000 live" is 10000), or `none`.
            let digits = cells[1].prefix { $0.isNumber }
            let value = digits.isEmpty ? String(cells[1].prefix { $0.isLetter }) : String(digits)
            return (option, value, index + 1)
        }
    }

    @Test func theTestKnowsEveryLimitOption() throws {
        let known = try Self.commandLineDefaults()
        let declared = Self.declaredOptions()
        #expect(declared.count >= 5)
        for option in declared where known[option] == nil {
            Self.record("RunLimitOptions has \(option); add its default to LimitsDocTests.commandLineDefaults")
        }
    }

    /// `--help` prints each limit's default once, as ArgumentParser writes it (`(default: 200000)`); a help
    /// text that also says its default prints it twice.
    @Test func helpPrintsEachDefaultOnce() throws {
        let help = RunLimitOptions.helpMessage(columns: 1_000)
        for (option, value) in try Self.commandLineDefaults() where value != "none" {
            // whole numbers only: 10000 is not a mention inside 10000000
            let mentions = help.split(whereSeparator: { !$0.isNumber }).filter { $0 == value }.count
            #expect(mentions == 1, "\(option)'s default \(value) appears \(mentions) times in --help:\n\(help)")
        }
    }

    @Test(arguments: ["docs/scenario-format.md", "README.md"])
    func documentedDefaultsAreTheCommandLines(file: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
        if file.hasPrefix("docs/") {
            #expect(
                text.contains("<!-- checked: limits -->\n| option | default |"),
                "\(file) has no `checked: limits` table with `option` and `default` columns")
        }
        let defaults = try Self.commandLineDefaults()
        let documented = Self.documentedDefaults(in: text)
        for row in documented {
            guard let actual = defaults[row.option] else {
                Self.record("\(file):\(row.line): documents \(row.option), which `loopsim run` does not have")
                continue
            }
            if row.value != actual {
                Self.record(
                    "\(file):\(row.line): \(row.option) defaults to \(actual) on the command line "
                        + "(RunLimitOptions), not \(row.value.isEmpty ? "what the doc says" : row.value)")
            }
        }
        for option in Self.declaredOptions() where !documented.contains(where: { $0.option == option }) {
            Self.record("\(file) does not document the default of \(option)")
        }
    }
}
