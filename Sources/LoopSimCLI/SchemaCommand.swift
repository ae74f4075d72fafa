import ArgumentParser
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

    func run() throws {
        guard let path = outputOptions.path else {
            print(ScenarioSchema.text, terminator: "")
            return
        }
        do throws(OutputTarget.WriteError) {
            let target = OutputTarget(path: path, what: "the schema")
            try target.checkWritable(force: outputOptions.force)
            try target.write(CollectionOfOne(ScenarioSchema.text))
            StandardError.write("wrote \(path) (the schema)\n")
        } catch {
            StandardError.write("error: \(error.message)\n")
            throw Exit.invalid
        }
    }
}
