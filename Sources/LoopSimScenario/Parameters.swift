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
                bag.error(
                    .typeMismatch, "parameter `\(entry.key.text)` needs a scalar default", at: entry.value.location)
                return nil
            }
            return (entry.key.text, value.text)
        }
    }

    /// The most text substitution may make, in UTF-8 bytes: each distinct scalar's result counted once. A value of
    /// a megabyte written into thousands of scalars (a line each, or aliases) made gigabytes of text before the
    /// compiler saw it; no scenario's parameters come near 16 MiB.
    static let maxSubstitutedBytes = 16 << 20

    /// The tree with `${name}` replaced in every scalar outside `params:` and `sweep:`.
    ///
    /// A scalar met again at the same place (an alias's copies share their original's location) gets the text made
    /// the first time, so aliases add no text. When the text made passes ``maxSubstitutedBytes`` a `yaml.too-large`
    /// error names the scalar and nothing more is substituted.
    ///
    /// A tree none of whose substituted scalars has a `${` is returned as it is, without the walk that rebuilds it:
    /// that walk (a table of every scalar by place) was a fifth of the instructions of reading and compiling the
    /// 10k-timer storm file, which has no parameters (callgrind, BENCHMARKS.md "Start-up").
    static func substitute(
        _ node: LocatedNode, _ values: [String: String], skippingKeys: Set<String> = [],
        into bag: inout DiagnosticBag
    ) -> LocatedNode {
        guard hasPlaceholder(node, skippingKeys: skippingKeys) else { return node }
        var substitution = Substitution(values: values)
        return substitution.substitute(node, skippingKeys: skippingKeys, into: &bag)
    }

    /// Whether a scalar that ``substitute(_:_:skippingKeys:into:)`` would read (every value, not keys, outside the
    /// top-level `skippingKeys`) has a `${`; only such a scalar is changed or reported by the substitution.
    private static func hasPlaceholder(_ node: LocatedNode, skippingKeys: Set<String> = []) -> Bool {
        switch node {
        case .scalar(let s):
            // `$` first, on the UTF-8 bytes: most scalars have none.
            return s.text.utf8.contains(UInt8(ascii: "$")) && s.text.contains("${")
        case .sequence(let seq):
            return seq.items.contains { hasPlaceholder($0) }
        case .mapping(let map):
            return map.entries.contains { !skippingKeys.contains($0.key.text) && hasPlaceholder($0.value) }
        }
    }

    /// One file's substitution: the values, the text made so far and each scalar's result by place.
    private struct Substitution {
        let values: [String: String]
        /// Each scalar's text before and after substitution, by its place: an alias's copies share their original's
        /// place and text (its storage: comparing them is one comparison of pointers).
        var made: [SourceLocation: (original: String, text: String)] = [:]
        var bytes = 0
        var exhausted = false

        init(values: [String: String]) { self.values = values }

        mutating func substitute(
            _ node: LocatedNode, skippingKeys: Set<String> = [],
            into bag: inout DiagnosticBag
        ) -> LocatedNode {
            switch node {
            case .scalar(var s):
                guard !exhausted else { return node }
                if let seen = made[s.location], seen.original == s.text {
                    s.text = seen.text
                    return .scalar(s)
                }
                guard s.text.contains("${") else {
                    made[s.location] = (s.text, s.text)
                    return node
                }
                let text = Parameters.replace(s.text, values, at: s.location, into: &bag)
                bytes += text.utf8.count
                guard bytes <= Parameters.maxSubstitutedBytes else {
                    exhausted = true
                    bag.error(
                        .yamlTooLarge,
                        "substituting the parameters makes more than "
                            + "\(Parameters.maxSubstitutedBytes >> 20) MiB of text by this scalar; use shorter values or "
                            + "fewer `${…}`", at: s.location)
                    return node
                }
                made[s.location] = (s.text, text)
                s.text = text
                return .scalar(s)
            case .sequence(var seq):
                seq.items = seq.items.map { substitute($0, into: &bag) }
                return .sequence(seq)
            case .mapping(var map):
                map.entries = map.entries.map { entry in
                    guard !skippingKeys.contains(entry.key.text) else { return entry }
                    var e = entry
                    e.value = substitute(entry.value, into: &bag)
                    return e
                }
                return .mapping(map)
            }
        }
    }

    fileprivate static func replace(
        _ text: String, _ values: [String: String], at location: SourceLocation,
        into bag: inout DiagnosticBag
    ) -> String {
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
                bag.error(
                    .nameUndefined,
                    "no parameter named '\(name)': declare it under params:"
                        + (KeyChecker.suggestion(for: name, among: values.keys.sorted()).map {
                            "; did you mean `\($0)`?"
                        } ?? ""),
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
