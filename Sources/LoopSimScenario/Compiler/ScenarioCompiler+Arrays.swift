import LoopSimKernel

/// Swift arrays in the scenario language (docs/scenario-format.md §7.1, "Arrays"): `append:`, `removeAll:`,
/// `removeFirst:`, `removeLast:` and `removeAt:` on an array place, each an ``ArrayStep``; `for: x in ARRAY` is
/// compiled by the loops (ScenarioCompiler+Loops.swift).
extension ScenarioCompiler {
    /// The array verbs, listed in ``stepVerbs``.
    static let arrayVerbs: [StepVerb] = [
        StepVerb("append", keys: ["value", "contentsOf"]) { c, s in c.appendStep(s) },
        StepVerb("removeAll") { c, s in
            // On a dictionary place too (ScenarioCompiler+Dictionaries.swift).
            guard let (place, type) = c.lvalue(s.arg, scope: s.scope) else { return [] }
            if case .dictionary = type { return c.dictionaryRemoveAll(place) }
            return c.arrayStep(s, .removeAll)
        },
        StepVerb("removeFirst") { c, s in c.arrayStep(s, .removeFirst) },
        StepVerb("removeLast") { c, s in c.arrayStep(s, .removeLast) },
        StepVerb("removeAt", keys: ["index"]) { c, s in
            guard let node = s.map["index"] else {
                c.bag.error(.keyMissing, "`removeAt` needs an index: `index: 0`", at: s.at)
                return []
            }
            guard let (index, type) = c.expression(node, scope: s.scope) else { return [] }
            if type != .int { c.bag.error(.exprType, "an array's index is an int, not \(type)", at: node.location) }
            return c.arrayStep(s, .removeAt(index))
        },
        StepVerb("replaceAt", keys: ["index", "value"]) { c, s in
            guard let indexNode = s.map["index"], let valueNode = s.map["value"] else {
                c.bag.error(.keyMissing, "`replaceAt` needs `index:` and `value:`: `index: 0` `value: 3`", at: s.at)
                return []
            }
            guard let (place, type) = c.arrayPlace(s),
                let (index, indexType) = c.expression(indexNode, scope: s.scope),
                let (value, valueType) = c.expression(valueNode, scope: s.scope)
            else { return [] }
            if indexType != .int {
                c.bag.error(.exprType, "an array's index is an int, not \(indexType)", at: indexNode.location)
            }
            c.checkAssignable(.array(valueType), to: type, at: valueNode.location)
            return [.perform(ArrayStep.make(place: place, operation: .replaceAt(index, value)))]
        },
    ]

    /// `append: PLACE` with `value: EXPR` (one element) or `contentsOf: EXPR` (an array's elements).
    private func appendStep(_ s: StepSite) -> [Step] {
        guard let (place, type) = arrayPlace(s) else { return [] }
        switch (s.map["value"], s.map["contentsOf"]) {
        case (let node?, nil):
            guard let (value, valueType) = expression(node, scope: s.scope) else { return [] }
            checkAssignable(.array(valueType), to: type, at: node.location)
            return [.perform(ArrayStep.make(place: place, operation: .append(value)))]
        case (nil, let node?):
            guard let (value, valueType) = expression(node, scope: s.scope) else { return [] }
            checkAssignable(valueType, to: type, at: node.location)
            return [.perform(ArrayStep.make(place: place, operation: .appendContents(value)))]
        default:
            bag.error(
                .keyMissing, "`append` takes one of `value:` (an element) and `contentsOf:` (an array)", at: s.at)
            return []
        }
    }

    /// A step of `operation` on the array place the verb names.
    private func arrayStep(_ s: StepSite, _ operation: ArrayOperation) -> [Step] {
        guard let (place, _) = arrayPlace(s) else { return [] }
        return [.perform(ArrayStep.make(place: place, operation: operation))]
    }

    /// The verb's argument as an array place (a local or a field of array type).
    func arrayPlace(_ s: StepSite) -> (LValue, TypeRef)? {
        guard let (place, type) = lvalue(s.arg, scope: s.scope) else { return nil }
        guard case .array = type else {
            bag.error(
                .exprType, "`\(s.verb)` changes an array (a field or local of type `[T]`), not \(type)",
                at: s.arg.location)
            return nil
        }
        return (place, type)
    }
}
