import ArgumentParser

/// `--param name=value`: a scenario parameter's value for this run, over its `params:` default, and `--case NAME`:
/// one case of a file with `cases:` (docs/scenario-format.md §8.2), so that one file can hold a bug and its fix.
struct ParameterOptions: ParsableArguments {
    @Option(
        name: .customLong("param"),
        help: "Set a scenario parameter: --param name=value (repeatable); overrides its params: default.")
    var params: [String] = []

    @Option(
        name: .customLong("case"),
        help: "Run one case of a file with cases: (default: every case where the command runs several, else required).")
    var caseName: String?

    /// The parameters as (name, value) pairs, in the order given (a later one wins).
    var pairs: [(String, String)] {
        params.map { p in
            let parts = p.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
    }

    func validate() throws {
        for p in params where !p.contains("=") || p.hasPrefix("=") {
            throw ValidationError("--param takes name=value, e.g. --param interval=500ms (got '\(p)')")
        }
    }
}
