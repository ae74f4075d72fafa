import ArgumentParser
import LoopSimKernel

/// `loopsim variants`: the OS-behaviour profiles and their flags.
struct VariantsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "variants",
        abstract: "List the variant profiles, every flag's value in each, its source and its Linux evidence.",
        discussion: "A flag's linux-corelibs value is measured when `loopsim conform` runs conformance scenarios that "
            + "tell it from every other value on this machine's Foundation (the table names them), else cited.")

    func run() throws {
        print(Self.text, terminator: "")
    }

    /// The table, then each flag's summary, source and Linux evidence.
    static var text: String {
        let names = VariantProfile.builtInNames
        let profiles = names.map { VariantProfile.builtIn($0)! }
        let flags = VariantFlag.all
        let flagWidth = flags.map(\.name.count).max()!
        let columns = profiles.map { p in max(p.name.count, flags.map { p.value(of: $0.name)!.count }.max()!) }
        var out = "flag".padding(flagWidth)
        for (i, name) in names.enumerated() { out += "  " + name.padding(columns[i]) }
        out += "  linux evidence\n"
        for flag in flags {
            out += flag.name.padding(flagWidth)
            for (i, p) in profiles.enumerated() { out += "  " + p.value(of: flag.name)!.padding(columns[i]) }
            out += "  " + flag.linuxEvidence.brief + "\n"
        }
        out += "\n"
        for flag in flags {
            out +=
                "\(flag.name): \(flag.summary)" + (flag.isModelled ? "" : " (not modelled yet: it changes no run)")
                + ".\n    source: \(flag.source)\n    linux: \(flag.linuxEvidence.text)\n"
        }
        let measured = flags.filter(\.linuxEvidence.isMeasured).count
        out +=
            "\n\(measured) of \(flags.count) flags' linux-corelibs values are measured: `loopsim conform` runs the "
            + "scenarios named (conformance/scenarios/cNN-*.yaml) on this machine's Foundation, and each of them tells "
            + "the value from the flag's others; the other \(flags.count - measured) are cited (docs/fidelity.md, "
            + "\"Variant flags and their evidence\").\n"
        out += "\nOverride with `--set flag=value` on `loopsim run`, or `set:` in a scenario.\n"
        return out
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
