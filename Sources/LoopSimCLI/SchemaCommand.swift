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

    /// For scripts/schema.sh: write the schema's descriptions, from this doc (docs/scenario-format.md), as the
    /// words files into the directory `-o` names (Sources/LoopSimScenario), removing a words file there that the
    /// doc no longer gives; without `-o`, print them, each after a `// file: NAME` line.
    @Option(name: .customLong("words-from"), help: .hidden)
    var wordsFrom: String?

    func run() throws {
        if let wordsFrom {
            guard let doc = try? String(contentsOfFile: wordsFrom, encoding: .utf8) else {
                StandardError.write("error: cannot read \(wordsFrom) (docs/scenario-format.md)\n")
                throw Exit.invalid
            }
            try writeWords(ScenarioSchema.wordsSources(fromDoc: doc))
            return
        }
        guard let path = outputOptions.path else {
            print(ScenarioSchema.text, terminator: "")
            return
        }
        try write(ScenarioSchema.text, to: path, what: "the schema")
    }

    /// Writes `text` to `path` (replacing it only with `--force`).
    private func write(_ text: String, to path: String, what: String) throws {
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

    /// The words files: printed, or written into the directory `-o` names, whose stale words files (they start
    /// with ``ScenarioSchema/wordsMarker`` and are not among `files`) are removed.
    private func writeWords(_ files: [(name: String, text: String)]) throws {
        guard let directory = outputOptions.path else {
            for file in files { print("// file: \(file.name)\n\(file.text)", terminator: "") }
            return
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            StandardError.write("error: '\(directory)' is not a directory; with --words-from, -o names the directory\n")
            throw Exit.invalid
        }
        for file in files {
            try write(file.text, to: directory + "/" + file.name, what: "the schema's words")
        }
        let names = Set(files.map(\.name))
        let present = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in present.sorted() where name.hasSuffix(".swift") && !names.contains(name) {
            let path = directory + "/" + name
            guard let text = try? String(contentsOfFile: path, encoding: .utf8),
                text.hasPrefix(ScenarioSchema.wordsMarker)
            else { continue }
            try? FileManager.default.removeItem(atPath: path)
            StandardError.write("removed \(path) (the doc no longer gives it)\n")
        }
    }
}
