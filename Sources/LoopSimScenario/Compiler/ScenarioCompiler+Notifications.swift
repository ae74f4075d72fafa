import LoopSimKernel

extension ScenarioCompiler {
    /// The default notification center: block and selector observers, removal, posting.
    func compileNotificationStep(_ verb: String, _ arg: LocatedNode, _ map: LocatedNode.Mapping, _ at: SourceLocation,
                                 scope: Scope) -> [Step] {
        switch verb {
        case "addObserverForName":
            guard let name = string(arg, what: "the notification name") else { return [] }
            let object = map["object"].flatMap { expression($0, scope: scope)?.0 }
            let queue = map["queue"].flatMap { queueRef($0) }
            guard let block = blockLiteral(captures: map["captures"], body: map["do"], at: at, scope: scope) else { return [] }
            var into: LValue?
            if let token = map["token"] {
                guard let (lv, type) = lvalue(token, scope: scope, declare: .anyObject) else { return [] }
                if !type.isObject { bag.error(.exprType, "a token is an object, not \(type)", at: token.location) }
                into = lv
            }
            return [.addBlockObserver(name: name, object: object, queue: queue, block: block, into: into)]
        case "addSelectorObserver":
            guard let (observer, type) = expression(arg, scope: scope) else { return [] }
            guard case .object(let observerClass, _) = type else {
                bag.error(.exprType, "the observer is an instance of a scenario class, not \(type)", at: arg.location)
                return []
            }
            guard let selectorNode = map["selector"], let nameNode = map["name"],
                  let name = string(nameNode, what: "name") else {
                bag.error(.keyMissing, "addSelectorObserver needs selector: and name:", at: at)
                return []
            }
            guard let selector = string(selectorNode, what: "selector") else { return [] }
            let c = methodOwner(observerClass)
            let method = selector.hasSuffix(":") ? String(selector.dropLast()) : selector
            guard let m = classMethods[c].firstIndex(of: method) else {
                bag.error(.nameUndefined, "\(program.classes[c].name) has no method '\(method)'"
                    + suggestion(method, classMethods[c]), at: selectorNode.location)
                return []
            }
            let object = map["object"].flatMap { expression($0, scope: scope)?.0 }
            return [.addSelectorObserver(observer: observer, classIndex: c, method: m, name: name, object: object)]
        case "removeObserver":
            guard let (e, _) = expression(arg, scope: scope) else { return [] }
            return [.removeObserver(e)]
        case "postNotification":
            guard let name = string(arg, what: "the notification name") else { return [] }
            let object = map["object"].flatMap { expression($0, scope: scope)?.0 }
            return [.postNotification(name: name, object: object)]
        default:
            missingCase(verb, .notifications)
        }
    }
}
