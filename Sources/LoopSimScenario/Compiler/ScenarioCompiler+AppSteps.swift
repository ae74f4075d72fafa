import LoopSimKernel

extension ScenarioCompiler {
    /// Background tasks and samples: the steps of the app's lifecycle (docs/scenario-format.md §8.3).
    func compileAppStep(_ verb: String, _ arg: LocatedNode, _ map: LocatedNode.Mapping, _ at: SourceLocation,
                        scope: Scope) -> [Step] {
        switch verb {
        case "beginBackgroundTask":
            var expiration: Expr?
            if let handler = map["expiration"] {
                guard let m = handler.mapping else {
                    bag.error(.typeMismatch, "expiration: is a block: {captures: [...], do: [...]}", at: handler.location)
                    return []
                }
                checkKeys(m, allowed: ["captures", "do"], context: "expiration handler", into: &bag)
                expiration = blockLiteral(captures: m["captures"], body: m["do"], at: handler.location, scope: scope)
            }
            var into: LValue?
            if !arg.isNull { into = lvalue(arg, scope: scope, declare: .anyObject)?.0 }
            return [.beginBackgroundTask(expiration: expiration, into: into)]
        case "endBackgroundTask":
            guard let (e, _) = expression(arg, scope: scope) else { return [] }
            return [.endBackgroundTask(e)]
        case "sample":
            guard let name = string(arg, what: "sample name"), let valueNode = map["value"] else {
                bag.error(.keyMissing, "sample: NAME needs value: (an integer expression)", at: at)
                return []
            }
            guard let (e, t) = expression(valueNode, scope: scope) else { return [] }
            if t != .int { bag.error(.exprType, "sample values are integers, not \(t)", at: valueNode.location) }
            return [.sample(name: name, value: e)]
        default:
            missingCase(verb, .app)
        }
    }
}
