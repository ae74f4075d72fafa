import LoopSimKernel

extension ScenarioCompiler {
    /// Swift concurrency's continuations (docs/scenario-format.md §7.13): `withContinuation:` (the body's steps
    /// run at once in the task, then the task awaits the continuation) and `resume:` (from anywhere), run by the
    /// kernel's `Continuations`.
    static let continuationVerbs: [StepVerb] = [
        StepVerb("withContinuation", keys: ["checked", "function", "type", "result", "error", "do"]) { c, s in
            guard c.requireAsync(s) else { return [] }
            guard let name = s.arg.scalar?.text, !name.isEmpty, !name.contains("."), !s.arg.isNull else {
                c.bag.error(
                    .typeMismatch,
                    "withContinuation: names the body's parameter, e.g. `withContinuation: continuation`",
                    at: s.arg.location)
                return []
            }
            let checked = s.map["checked"].flatMap { c.bool($0, what: "checked") } ?? true
            let function = s.map["function"]?.scalar?.text ?? ""
            guard let body = s.map["do"] else {
                c.bag.error(.typeMismatch, "withContinuation: needs its body's steps in `do: [...]`", at: s.at)
                return []
            }
            // What the await returns: into `result:`, a new local of `type:` or a place that exists.
            guard
                let valueType = c.valueTypeKey(
                    s.map["type"],
                    "type: is the continuation's value type: int, bool, string or a class of the scenario")
            else { return [] }
            guard let result = c.typedPlaceKey(s.map["result"], valueType, scope: s.scope) else { return [] }
            var error: LValue?
            if let node = s.map["error"] {
                guard let (place, _) = c.lvalue(node, scope: s.scope, declare: .string) else { return [] }
                error = place
            }
            // The body is a synchronous closure (`(CheckedContinuation<T, E>) -> Void`): no await in it, and no
            // `break`, `continue` or `return` leaves it.
            let local = s.scope.declare(name, .anyObject)
            let (depth, canReturn) = (s.scope.loopDepth, s.scope.canReturn)
            s.scope.loopDepth = 0
            s.scope.canReturn = false
            s.scope.isAsync = false
            let steps = c.compileSteps(body, scope: s.scope)
            s.scope.isAsync = true
            (s.scope.loopDepth, s.scope.canReturn) = (depth, canReturn)
            return [.perform(WithContinuationStep.make(open: true, into: local, checked: checked, function: function))]
                + steps
                + [
                    .perform(
                        WithContinuationStep.make(
                            open: false, into: local, checked: checked, function: function, result: result,
                            error: error))
                ]
        },
        StepVerb("resume", keys: ["returning", "throwing"]) { c, s in
            guard let (continuation, type) = c.expression(s.arg, scope: s.scope) else { return [] }
            if !type.isObject {
                c.bag.error(.exprType, "resume: takes a continuation, not \(type)", at: s.arg.location)
                return []
            }
            if s.map["returning"] != nil && s.map["throwing"] != nil {
                c.bag.error(
                    .typeMismatch, "resume: returns a value or throws an error, not both", at: s.arg.location)
                return []
            }
            var value: Expr?
            if let node = s.map["returning"], let record = c.recordValue(node, scope: s.scope) {
                value = record  // `returning: [c_latitude, c_label]`: a struct's parts (``TypeRef/record(_:)``)
            } else if let node = s.map["returning"] {
                guard let (e, _) = c.expression(node, scope: s.scope) else { return [] }
                value = e
            }
            var error: Expr?
            if let node = s.map["throwing"] {
                guard let (e, t) = c.expression(node, scope: s.scope) else { return [] }
                if t != .string {
                    c.bag.error(.exprType, "throwing: is an error, a string, not \(t)", at: node.location)
                    return []
                }
                error = e
            }
            return [.perform(ResumeContinuationStep.make(continuation: continuation, value: value, error: error))]
        },
    ]
}

extension ScenarioCompiler {
    /// `[a, b]` whose elements have different types: the parts of a struct as one value (``TypeRef/record(_:)``), as
    /// a method declared `returns: (duration, string)` returns it, here a continuation's resumed value (the Swift
    /// front-end's struct through a continuation). Nil for anything else, which is typed as an expression.
    func recordValue(_ node: LocatedNode, scope: Scope) -> Expr? {
        guard let scalar = node.scalar, case .success(.arrayLiteral(let items, _)) = ExpressionParser.parse(scalar.text)
        else { return nil }
        var elements: [Expr] = []
        var types: [TypeRef] = []
        let saved = bag
        for item in items {
            guard let (element, type) = typed(item, scope: scope, scalar: scalar, offset: 0) else {
                bag = saved  // the expression path reports it
                return nil
            }
            elements.append(element)
            types.append(type)
        }
        guard Set(types.map(\.description)).count > 1 else { return nil }
        return .arrayLiteral(elements)
    }
}
