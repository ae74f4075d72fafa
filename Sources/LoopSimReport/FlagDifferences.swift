import LoopSimKernel

/// The variant flags whose values differ between compared variants (``VariantProfile``, with every `--set` and
/// `set:` override applied), each with the source its values come from and how its `linux-corelibs` value is
/// known (``VariantFlag/LinuxEvidence``): what `loopsim compare` and `loopsim report` put beside the figures, so
/// that a difference in the figures can be traced to the behaviours that cause it and to their evidence.
///
/// ```swift
/// let flags = FlagDifferences([VariantProfile.builtIn("ios9")!, VariantProfile.builtIn("ios10")!])
/// flags.rows.map(\.flag.name)   // ["staleTimerPortWakeAfterLastTimerRemoved", "timerPortBackend", …]
/// ```
public struct FlagDifferences: Sendable {
    /// One flag that differs: its value in each variant, in the order of ``variants``.
    public struct Row: Sendable, Hashable {
        public var flag: VariantFlag
        public var values: [String]
    }

    public var variants: [String]
    /// In ``VariantFlag/all`` order.
    public var rows: [Row]

    public init(_ profiles: [VariantProfile]) {
        variants = profiles.map(\.name)
        rows = VariantFlag.all.compactMap { flag in
            let values = profiles.map { $0.value(of: flag.name) ?? "n/a" }
            return Set(values).count > 1 ? Row(flag: flag, values: values) : nil
        }
    }

    /// A section: each flag with its values, its source and its Linux evidence.
    public var text: String {
        let title = "── flags that differ "
        var out = title + String(repeating: "─", count: max(4, 72 - title.count)) + "\n"
        if rows.isEmpty { return out + "  none: every flag has the same value in each variant\n" }
        let width = rows.map(\.flag.name.count).max() ?? 0
        for row in rows {
            out +=
                "  " + row.flag.name.padding(to: width) + "  "
                + zip(variants, row.values).map { "\($0) \($1)" }.joined(separator: " · ") + "\n"
            out += "      source: \(row.flag.source)\n      linux: \(row.flag.linuxEvidence.text)\n"
        }
        return out
    }

    /// `[{flag, values: {variant: value}, source, linux_evidence: {kind: measured, scenarios} | {kind: cited,
    /// citation}}]`.
    public var json: JSONValue {
        .array(
            rows.map { row in
                var values: [String: JSONValue] = [:]
                for (variant, value) in zip(variants, row.values) { values[variant] = .string(value) }
                let evidence: JSONValue =
                    switch row.flag.linuxEvidence {
                    case .measured(let ids):
                        .object(["kind": .string("measured"), "scenarios": .array(ids.map(JSONValue.string))])
                    case .cited(let why): .object(["kind": .string("cited"), "citation": .string(why)])
                    }
                return .object([
                    "flag": .string(row.flag.name), "values": .object(values),
                    "source": .string(row.flag.source), "linux_evidence": evidence,
                ])
            })
    }
}
