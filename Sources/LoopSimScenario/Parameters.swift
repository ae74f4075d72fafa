/// Scenario parameters: `params:` gives defaults, `${name}` in any scalar is replaced by the value, and a
/// sweep (or the command line) may supply other values. Substitution happens on the located tree, before
/// compilation, so every other diagnostic keeps its position.
enum Parameters {
    /// `params:` as ordered (name, value text) pairs.
    static func defaults(in top: LocatedNode.Mapping, into bag: inout DiagnosticBag) -> [(String, String)] {
        guard let node = top["params"] else { return [] }
        guard let map = node.mapping else {
            bag.error(.typeMismatch, "params: is a mapping of parameter name to its default value", at: node.location)
            return []
        }
        return map.entries.compactMap { entry in
            guard let value = entry.value.scalar, !value.isNull else {
                bag.error(.typeMismatch, "parameter `\(entry.key.text)` needs a scalar default", at: entry.value.location)
                return nil
            }
            return (entry.key.text, value.text)
        }
    }

    /// The tree with `${name}` replaced in every scalar outside `params:` and `sweep:`.
    static func substitute(_ node: LocatedNode, _ values: [String: String], skippingKeys: Set<String> = [],
                           into bag: inout DiagnosticBag) -> LocatedNode {
        switch node {
        case .scalar(var s):
            guard s.text.contains("${") else { return node }
            s.text = replace(s.text, values, at: s.location, into: &bag)
            return .scalar(s)
        case .sequence(var seq):
            seq.items = seq.items.map { substitute($0, values, into: &bag) }
            return .sequence(seq)
        case .mapping(var map):
            map.entries = map.entries.map { entry in
                guard !skippingKeys.contains(entry.key.text) else { return entry }
                var e = entry
                e.value = substitute(entry.value, values, into: &bag)
                return e
            }
            return .mapping(map)
        }
    }

    private static func replace(_ text: String, _ values: [String: String], at location: SourceLocation,
                                into bag: inout DiagnosticBag) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.range(of: "${") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else {
                bag.error(.exprSyntax, "`${` without a closing `}`", at: location)
                return text
            }
            let name = String(rest[open.upperBound..<close])
            if let value = values[name] {
                out += value
            } else {
                bag.error(.nameUndefined, "no parameter named '\(name)': declare it under params:"
                    + (KeyChecker.suggestion(for: name, among: values.keys.sorted()).map { "; did you mean `\($0)`?" } ?? ""),
                          at: location)
            }
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}

/// A `sweep:` block: a grid over parameters (and optionally variants), run point by point.
public struct SweepSpec: Sendable, Hashable {
    /// Parameters in declaration order, each with its values; the last varies fastest.
    public var axes: [(name: String, values: [String])]
    /// Variants to run at every point (the scenario's when the block names none).
    public var variants: [String]
    /// Replications per point (the command line may override).
    public var replications: Int

    public static func == (a: SweepSpec, b: SweepSpec) -> Bool {
        a.axes.map { "\($0.name)=\($0.values)" } == b.axes.map { "\($0.name)=\($0.values)" } && a.variants == b.variants
            && a.replications == b.replications
    }
    public func hash(into h: inout Hasher) {
        for axis in axes { h.combine(axis.name); h.combine(axis.values) }
        h.combine(variants)
        h.combine(replications)
    }

    /// Every grid point as (name, value) pairs, in row-major order.
    public var points: [[(name: String, value: String)]] {
        var points: [[(name: String, value: String)]] = [[]]
        for axis in axes {
            points = points.flatMap { point in axis.values.map { point + [(axis.name, $0)] } }
        }
        return points
    }
}
