import ArgumentParser

/// `--output FILE` and `--force`: where the report goes, and whether existing files may be replaced.
struct OutputOptions: ParsableArguments {
    @Option(
        name: [.short, .customLong("output")],
        help: "Write the report to this file (atomically) instead of standard output; '-' is standard output.")
    var output: String?

    @Flag(name: .customLong("force"), help: "Replace existing --output and --trace files.")
    var force = false

    /// The file to write, or nil for standard output (no `-o`, or `-o -` as POSIX utilities read `-`).
    var path: String? { output == "-" ? nil : output }
}

/// A command with ``OutputOptions``: where its report goes and whether it may replace files, under the names the
/// commands' code reads, written once.
protocol OutputOptionsCommand {
    var outputOptions: OutputOptions { get }
}

extension OutputOptionsCommand {
    /// The file to write, or nil for standard output (``OutputOptions/path``: `-o -` is standard output).
    var output: String? { outputOptions.path }
    var force: Bool { outputOptions.force }
}
