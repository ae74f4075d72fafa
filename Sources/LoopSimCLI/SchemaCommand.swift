import ArgumentParser
import Foundation
import LoopSimScenario

/// `loopsim schema`: the JSON Schema of scenario files, from the compiler's own tables (``ScenarioSchema``).
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of scenario files (docs/scenario.schema.json is this output).",
        discussion: """
            Editors that read YAML with a JSON Schema (the YAML language server, used by VS Code and others) \
            complete and check a scenario's keys with it; put this first line in a scenario file: \
            `# yaml-language-server: $schema=../docs/scenario.schema.json` (the path relative to the file). \
            The schema checks keys and shapes only; `loopsim validate FILE` checks everything.
            """)

    @OptionGroup(title: "Output")
    var outputOptions: OutputOptions

    /// For scripts/schema.sh: print `ScenarioSchema+Words.swift`, the schema's descriptions, from this doc
    /// (docs/scenario-format.md) instead of the schema.
    @Option(name: .customLong("words-from"), help: .hidden)
    var wordsFrom: String?

    func run() throws {
        var text = ScenarioSchema.text
        var what = "the schema"
        if let wordsFrom {
            guard let doc = try? String(contentsOfFile: wordsFrom, encoding: .utf8) else {
                StandardError.write("error: cannot read \(wordsFrom) (docs/scenario-format.md)\n")
                throw Exit.invalid
            }
            text = ScenarioSchema.wordsSource(fromDoc: doc)
            what = "the schema's words"
        }
        guard let path = outputOptions.path else {
            print(text, terminator: "")
            return
        }
        do throws(OutputTarget.WriteError) {
            let target = OutputTarget(path: path, what: what)
            try target.checkWritable(force: outputOptions.force)
            try target.write(CollectionOfOne(text))
            StandardError.write("wrote \(path) (\(what))\n")
        } catch {
            StandardError.write("error: \(error.message)\n")
            throw Exit.invalid
        }
    }
}
