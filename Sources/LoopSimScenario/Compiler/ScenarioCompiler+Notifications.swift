import LoopSimKernel

extension ScenarioCompiler {
    /// The default notification center's verbs: block and selector observers, removal, posting
    /// (docs/scenario-format.md §7.9). Each makes its step of `Notifications/NotificationCenter+Steps.swift`.
    static let notificationVerbs: [StepVerb] = [
        StepVerb("addObserverForName", keys: ["object", "queue", "token", "captures", "do"]) { c, s in
            guard let name = c.observedName(s.arg) else { return [] }
            let object = s.map["object"].flatMap { c.expression($0, scope: s.scope)?.0 }
            // A queue from operationQueues: is an NSOperationQueue; main, global and queues: are dispatch queues.
            var queue: QueueRef?, operationQueue: Int?
            if let node = s.map["queue"], let text = node.scalar?.text, !c.program.serialQueues.contains(text),
               let index = c.program.operationQueues.firstIndex(where: { $0.name == text }) {
                operationQueue = index
            } else {
                queue = s.map["queue"].flatMap { c.queueRef($0) }
            }
            guard let block = c.blockLiteral(captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope)
            else { return [] }
            guard let into = c.tokenPlace(s) else { return [] }
            return [.perform(AddBlockObserverStep(name: name, object: object, queue: queue, operationQueue: operationQueue,
                                                      block: block, into: into))]
        },
        StepVerb("addSelectorObserver", keys: ["selector", "name", "object"]) { c, s in
            c.selectorObserver(s)
        },
        StepVerb("removeObserver") { c, s in
            guard let (e, _) = c.expression(s.arg, scope: s.scope) else { return [] }
            return [.perform(RemoveObserverStep(e))]
        },
        StepVerb("postNotification", keys: ["object"]) { c, s in
            guard let name = c.string(s.arg, what: "the notification name") else { return [] }
            if let scalar = s.arg.scalar, scalar.isPlain, name == "nil" {
                c.bag.error(.valueInvalid, "a posted notification needs a name; only an observer takes nil (every "
                    + "name). Quote it, \"nil\", for a notification named nil", at: s.arg.location)
                return []
            }
            let object = s.map["object"].flatMap { c.expression($0, scope: s.scope)?.0 }
            return [.perform(PostNotificationStep(name: name, object: object))]
        },
    ]

    /// The name an observer registers for: the text, or nil for a plain `nil` (every name, as
    /// `addObserverForName:nil` and `addObserver:selector:name:nil`); a quoted `"nil"` is a notification named
    /// nil. The outer nil is an error, reported.
    private func observedName(_ node: LocatedNode) -> String?? {
        if node.isNull {
            bag.error(.typeMismatch, "the notification name is missing: write a name, or nil to observe every name",
                      at: node.location)
            return nil
        }
        guard let name = string(node, what: "the notification name") else { return nil }
        if let scalar = node.scalar, scalar.isPlain, name == "nil" { return .some(nil) }
        return .some(name)
    }

    /// `addSelectorObserver: observer` with `selector:` (a method of the observer's class) and `name:`.
    private func selectorObserver(_ s: StepSite) -> [Step] {
        guard let (observer, type) = expression(s.arg, scope: s.scope) else { return [] }
        guard case .object(let observerClass, _) = type else {
            bag.error(.exprType, "the observer is an instance of a scenario class, not \(type)", at: s.arg.location)
            return []
        }
        guard let selectorNode = s.map["selector"], let nameNode = s.map["name"] else {
            bag.error(.keyMissing, "addSelectorObserver needs selector: and name: (nil for every name)", at: s.at)
            return []
        }
        guard let name = observedName(nameNode) else { return [] }
        guard let selector = string(selectorNode, what: "selector") else { return [] }
        let c = methodOwner(observerClass)
        let method = selector.hasSuffix(":") ? String(selector.dropLast()) : selector
        guard let m = classMethods[c].firstIndex(of: method) else {
            bag.error(.nameUndefined, "\(program.classes[c].name) has no method '\(method)'"
                + suggestion(method, classMethods[c]), at: selectorNode.location)
            return []
        }
        let object = s.map["object"].flatMap { expression($0, scope: s.scope)?.0 }
        return [.perform(AddSelectorObserverStep(observer: observer, classIndex: c, method: m, name: name, object: object))]
    }
}
