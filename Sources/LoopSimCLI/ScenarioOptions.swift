import ArgumentParser
import LoopSimKernel

/// The options of every command that runs a scenario (`run`, `compare`, `why`, `graph`, `report`, `timeline`):
/// which variants, which seed, which variant flags overridden and which parameters set. One grammar, so that a
/// command line that works for one command works for the others.
///
/// Variants are named with `--variant NAME` (repeatable) or `--variants a,b` (comma-separated), or both: the
/// names of every `--variant` first, then those of `--variants`, each once (a name given twice is an error).
struct ScenarioOptions: ParsableArguments {
    @Option(
        name: .customLong("variant"),
        help: "A variant to run (repeatable); default: the scenario's variants (why, graph: its first).",
        completion: .list(VariantProfile.builtInNames))
    var variantOptions: [String] = []

    @Option(name: .customLong("variants"), help: "Comma-separated variants, the same as repeating --variant.")
    var variantList: String?

    @Option(help: "The seed (default: the scenario's seed:). Printed in every report.")
    var seed: UInt64?

    @Option(name: .customLong("set"), help: "Override a variant flag: --set flag=value (repeatable).")
    var settings: [String] = []

    @OptionGroup var parameters: ParameterOptions

    /// The variants named, in order (empty: the scenario's own list). A Swift scenario's spelling of a variant
    /// (`.linuxCorelibs`, `linuxCorelibs`) is the variant it names there (`linux-corelibs`).
    var variants: [String] {
        (variantOptions + (variantList ?? "").split(separator: ",").map(String.init)).map(\.trimmingSpaces)
            .filter { !$0.isEmpty }.map(Self.profileName)
    }

    /// A variant as a Swift scenario writes it, `.ios10` or `linuxCorelibs`, → `ios10`, `linux-corelibs`; any other
    /// name as given.
    static func profileName(_ name: String) -> String {
        let bare = name.hasPrefix(".") ? String(name.dropFirst()) : name
        return bare == "linuxCorelibs" ? "linux-corelibs" : bare
    }

    /// `--set` as (flag, value) pairs.
    var overrides: [(String, String)] { ScenarioFiles.overrides(settings) }

    func validate() throws {
        var seen: [String] = []
        for name in variants {
            if seen.contains(name) {
                throw ValidationError("--variant/--variants name '\(name)' twice; name each once")
            }
            seen.append(name)
        }
        if let variantList, variants.isEmpty && !variantList.isEmpty {
            throw ValidationError("--variants takes comma-separated names, e.g. --variants ios9,ios10")
        }
        for s in settings where !s.contains("=") || s.hasPrefix("=") {
            throw ValidationError(
                "--set takes flag=value, e.g. --set staleTimerPortWakeAfterLastTimerRemoved=false "
                    + "(got '\(s)')")
        }
    }
}

/// A command with ``ScenarioOptions``: the shared options under the names the commands' code reads, written once
/// (each command repeated these four properties before).
protocol ScenarioOptionsCommand {
    var scenarioOptions: ScenarioOptions { get }
}

extension ScenarioOptionsCommand {
    /// The variants named (``ScenarioOptions/variants``; empty: the scenario's own list).
    var variants: [String] { scenarioOptions.variants }
    var seed: UInt64? { scenarioOptions.seed }
    /// `--set flag=value`, as written.
    var settings: [String] { scenarioOptions.settings }
    var parameters: ParameterOptions { scenarioOptions.parameters }
}
