import ArgumentParser
import LoopSimKernel

/// `loopsim variants`: the OS-behaviour profiles and their flags.
struct VariantsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "variants", abstract: "List the variant profiles, every flag's value in each, and its source.")

    func run() throws {
        let names = VariantProfile.builtInNames
        let profiles = names.map { VariantProfile.builtIn($0)! }
        let flagWidth = VariantFlag.all.map(\.name.count).max()!
        let columns = names.map { name in max(name.count, profiles.flatMap { p in VariantFlag.all.map { p.value(of: $0.name)!.count } }.max()!) }
        var header = "flag".padding(flagWidth)
        for (i, name) in names.enumerated() { header += "  " + name.padding(columns[i]) }
        print(header + "  modelled")
        for flag in VariantFlag.all {
            var line = flag.name.padding(flagWidth)
            for (i, p) in profiles.enumerated() { line += "  " + p.value(of: flag.name)!.padding(columns[i]) }
            print(line + "  " + (flag.isModelled ? "yes" : "not yet"))
        }
        print("")
        for flag in VariantFlag.all {
            print("\(flag.name): \(flag.summary).\n    source: \(flag.source)")
        }
        print("\nOverride with `--set flag=value` on `loopsim run`, or `set:` in a scenario.")
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
