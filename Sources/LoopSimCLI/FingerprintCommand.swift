import ArgumentParser
import Foundation
import LoopSimReport

/// `loopsim fingerprint TRACE.jsonl…`: the fingerprint of a trace file, recomputed from its events.
struct FingerprintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fingerprint",
        abstract: "Recompute the fingerprint of trace files (--trace F.jsonl): it equals the run's own.",
        discussion: """
            The fingerprint folds each event's ingredients (kind, instant, sequence, thread, integer fields, strings \
            by their order of first appearance), not the JSON text (docs/scenario-format.md, "Fingerprint"). Prints \
            one line per file: the 16 hex digits, two spaces, the path. Exit code 2 for a file that cannot be read \
            or a line that is not a trace event (named by line number).
            """)

    @Argument(
        help: "Trace files written by `loopsim run --trace` (JSON Lines).", completion: .file(extensions: ["jsonl"]))
    var files: [String]

    func run() throws {
        for path in files {
            let text: String
            do {
                text = try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                StandardError.write("error: cannot read \(path): \(error.localizedDescription)\n")
                throw Exit.invalid
            }
            do {
                print("\(try TraceFile(text: text).fingerprint.hex)  \(path)")
            } catch {
                StandardError.write(
                    "\(path):\(error.line): error: \(error.message); a trace file has one event per line, "
                        + "as `loopsim run --trace` writes it\n")
                throw Exit.invalid
            }
        }
    }
}
