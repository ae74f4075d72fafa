import ArgumentParser
import Foundation
import LoopSimReport
import LoopSimScenario

/// `loopsim golden [--update] [DIR…]`: check (or rewrite) each directory's `golden-hashes.txt`.
struct GoldenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "golden",
        abstract:
            "Check every scenario's fingerprint per variant against DIR/golden-hashes.txt (--update rewrites it).",
        discussion: """
            Each hash is the run's fingerprint with the scenario's own seed, no overrides and the default limits. \
            A check lists every changed, new and removed run and exits with 1 when any differs. After an intended \
            change to a trace (a kernel or compiler change, a new or edited scenario), run \
            `loopsim golden --update scenarios` and commit the golden file with the change.
            """)

    @Flag(help: "Rewrite the golden file with the hashes computed now.")
    var update = false

    @Argument(
        help: "Directories of scenarios, each with its golden-hashes.txt (default: scenarios).",
        completion: .directory)
    var directories: [String] = ["scenarios"]

    func run() throws {
        var differs = false
        for directory in directories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                StandardError.write("error: '\(directory)' is not a directory of scenarios\n")
                throw Exit.invalid
            }
            let computed = try compute(directory)
            let path = (directory as NSString).appendingPathComponent(GoldenHashes.fileName)
            if update {
                do {
                    try OutputTarget(path: path, what: "the golden hashes").write(CollectionOfOne(computed.text))
                } catch {
                    StandardError.write("error: \(error.message)\n")
                    throw Exit.invalid
                }
                print("wrote \(computed.entries.count) hashes to \(path)")
                continue
            }
            let committed: GoldenHashes
            do {
                let text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
                guard let text else {
                    StandardError.write("error: no \(path); create it with `loopsim golden --update \(directory)`\n")
                    throw Exit.failed
                }
                committed = try GoldenHashes(parsing: text)
            } catch let error as GoldenHashes.ParseError {
                StandardError.write("error: \(path): \(error.message)\n")
                throw Exit.invalid
            }
            let difference = committed.difference(to: computed)
            for (old, new) in difference.changed {
                print("changed \(directory)/\(old.file) [\(old.variant)]: golden \(old.hash), now \(new.hash)")
            }
            for e in difference.added {
                print("new     \(directory)/\(e.file) [\(e.variant)]: \(e.hash), not in \(path)")
            }
            for e in difference.removed {
                print("gone    \(directory)/\(e.file) [\(e.variant)]: in \(path), no longer run")
            }
            let matching = computed.entries.count - difference.changed.count - difference.added.count
            print(
                "\(path): \(matching) hashes match, \(difference.changed.count + difference.added.count + difference.removed.count) differ"
            )
            if !difference.isEmpty {
                differs = true
                print(
                    "If the change is intended, run `loopsim golden --update \(directory)` and commit \(path) with it.")
            }
        }
        if differs { throw Exit.failed }
    }

    /// Runs every scenario of `directory` and collects its hashes; an invalid scenario is an error.
    private func compute(_ directory: String) throws -> GoldenHashes {
        var entries: [GoldenHashes.Entry] = []
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        for file in ScenarioFiles.expand([directory]) {
            for loaded in ScenarioFiles.loadAll(file) {
                ScenarioFiles.report(loaded)
                guard let scenario = loaded.scenario else {
                    StandardError.write(
                        "error: \(file) is not a valid scenario; fix it before checking golden hashes\n")
                    throw Exit.invalid
                }
                // A case of a file with cases: is `FILE@case` (`#` starts a comment in the golden file).
                let relative =
                    (file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file)
                    + (scenario.caseName.map { "@\($0)" } ?? "")
                do {
                    entries += try GoldenHashes.entries(of: scenario, file: relative, limits: RunLimitOptions.defaults)
                } catch {
                    StandardError.write("error: \(file): \(error.message)\n")
                    throw Exit.invalid
                }
            }
        }
        return GoldenHashes(entries)
    }
}
