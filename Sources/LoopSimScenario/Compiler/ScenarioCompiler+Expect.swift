import LoopSimKernel

extension ScenarioCompiler {
    /// The report's top-level figures that `expect:` may name (see docs/scenario-format.md): ``FigureSchema``'s.
    static let figureRoots = FigureSchema.figures.map(\.name)

    /// `expect:` — per variant (or `all`), a mapping of figure path to a value or a comparison string.
    func compileExpectations(_ node: LocatedNode, variants: [String], root: LocatedNode) -> [Expectation] {
        guard let map = node.mapping else {
            bag.error(.typeMismatch, "expect: is a mapping of variant (or all) to figures", at: node.location)
            return []
        }
        var result: [Expectation] = []
        let threadNames = declaredThreadNames(root)
        for entry in map.entries {
            let variant = entry.key.text
            if variant != "all" && VariantProfile.builtIn(variant) == nil {
                bag.error(.variantUnknown, "unknown variant '\(variant)' in expect:"
                    + suggestion(variant, ["all"] + VariantProfile.builtInNames), at: entry.key.location)
                continue
            }
            guard let figures = entry.value.mapping else {
                bag.error(.typeMismatch, "expect: \(variant) is a mapping of figure to value, e.g. {objects.leaked: 0}",
                          at: entry.value.location)
                continue
            }
            for figure in figures.entries {
                let root = String(figure.key.text.prefix { $0 != "." && $0 != "[" })
                guard Self.figureRoots.contains(root) else {
                    bag.error(.expectFigure, "unknown figure '\(figure.key.text)'" + suggestion(root, Self.figureRoots),
                              at: figure.key.location)
                    continue
                }
                // Every level is checked, whatever the expected value: a misspelt path is an error even with `null`.
                if let problem = FigureSchema.check(figure.key.text) {
                    bag.error(.expectFigure, problem.message, at: location(in: figure.key, offset: problem.offset))
                    continue
                }
                guard let (op, expected) = expectedValue(figure.value) else { continue }
                if case .string(let thread) = expected, op == .equal, Self.namesThread(figure.key.text),
                   !isKnownThread(thread, declared: threadNames) {
                    bag.error(.threadUnknown, "no thread '\(thread)' can exist in this scenario: threads are main, pool "
                        + "workers (worker-1, worker-2, …) and the names of `thread:` steps"
                        + suggestion(thread, threadNames.sorted()), at: figure.value.location)
                    continue
                }
                result.append(Expectation(variant: variant == "all" ? nil : variant, figure: figure.key.text, op: op,
                                          expected: expected, location: figure.key.location))
            }
        }
        return result
    }

    /// Whether a figure's value is a thread name: `…thread` keys and `threads.parked_names[N]`.
    static func namesThread(_ figure: String) -> Bool {
        figure.hasSuffix(".thread") || figure.hasPrefix("threads.parked_names[")
    }

    /// `0`, `TimerButton`, `true`, `null`, or a comparison such as `"<= 3"` or `"!= 0"`.
    private func expectedValue(_ node: LocatedNode) -> (Expectation.Operator, Expectation.Expected)? {
        guard let s = node.scalar else {
            bag.error(.typeMismatch, "an expected value is a scalar", at: node.location)
            return nil
        }
        if s.isNull { return (.equal, .null) }
        var text = s.text
        var op = Expectation.Operator.equal
        // Two-character operators first, so "<=" is not read as "<" followed by "=".
        for candidate in [Expectation.Operator.lessOrEqual, .greaterOrEqual, .notEqual, .equal, .less, .greater]
        where text.hasPrefix(candidate.rawValue) {
            op = candidate
            text = String(text.dropFirst(candidate.rawValue.count)).trimmingCharacters
            break
        }
        // Numbers, booleans and null are read as such whether or not the scalar is quoted ("0" means 0).
        if text == "null" { return (op, .null) }
        if text == "true" || text == "false" { return (op, .bool(text == "true")) }
        if let n = Double(text) { return (op, .number(n)) }
        if op != .equal && op != .notEqual {
            bag.error(.valueInvalid, "\(op.rawValue) compares numbers; '\(text)' is not a number", at: node.location)
            return nil
        }
        return (op, .string(text))
    }
}
