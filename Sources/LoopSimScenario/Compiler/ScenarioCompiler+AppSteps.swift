import LoopSimKernel

extension ScenarioCompiler {
    /// The app lifecycle's verbs: background tasks and samples (docs/scenario-format.md §8.3). Each makes its step
    /// of `App/AppLifecycle+Steps.swift`.
    static let appVerbs: [StepVerb] = [
        StepVerb("beginBackgroundTask", keys: ["expiration"]) { c, s in
            var expiration: Expr?
            if let handler = s.map["expiration"] {
                guard let m = handler.mapping else {
                    c.bag.error(
                        .typeMismatch, "expiration: is a block: {captures: [...], do: [...]}", at: handler.location)
                    return []
                }
                checkKeys(m, allowed: ["captures", "do"], context: "expiration handler", into: &c.bag)
                expiration = c.blockLiteral(
                    captures: m["captures"], body: m["do"], at: handler.location, scope: s.scope)
            }
            var into: LValue?
            if !s.arg.isNull { into = c.lvalue(s.arg, scope: s.scope, declare: .anyObject)?.0 }
            return [.perform(BeginBackgroundTaskStep.make(expiration: expiration, into: into))]
        },
        StepVerb("endBackgroundTask") { c, s in
            guard let (e, _) = c.expression(s.arg, scope: s.scope) else { return [] }
            return [.perform(EndBackgroundTaskStep.make(task: e))]
        },
        StepVerb("sample", keys: ["value"]) { c, s in
            guard let name = c.string(s.arg, what: "sample name"), let valueNode = s.map["value"] else {
                c.bag.error(.keyMissing, "sample: NAME needs value: (an integer expression)", at: s.at)
                return []
            }
            guard let (e, t) = c.expression(valueNode, scope: s.scope) else { return [] }
            if t != .int { c.bag.error(.exprType, "sample values are integers, not \(t)", at: valueNode.location) }
            return [.perform(SampleStep.make(name: name, value: e))]
        },
    ]
}
