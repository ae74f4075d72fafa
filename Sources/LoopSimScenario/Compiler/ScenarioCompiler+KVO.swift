import LoopSimKernel

extension ScenarioCompiler {
    /// The key-value observing verbs (docs/scenario-format.md §7.10): each names an observed field as
    /// `OBJECT.FIELD`, the key path.
    static let kvoVerbs: [StepVerb] = [
        StepVerb("addKeyPathObserver", keys: ["observer"]) { c, s in
            guard let (object, slot, keyPath) = c.keyPath(s.arg, scope: s.scope),
                let observerNode = c.required(s, "observer", example: "observer: self"),
                let (observer, type) = c.expression(observerNode, scope: s.scope)
            else { return [] }
            if !type.isObject {
                c.bag.error(.exprType, "an observer is an object, not \(type)", at: observerNode.location)
                return []
            }
            return [
                .perform(
                    AddKeyPathObserverStep.make(
                        object: object, slot: slot, keyPath: keyPath,
                        observer: observer))
            ]
        },
        StepVerb("removeKeyPathObserver", keys: ["observer"]) { c, s in
            guard let (object, _, keyPath) = c.keyPath(s.arg, scope: s.scope),
                let observerNode = c.required(s, "observer", example: "observer: self"),
                let (observer, _) = c.expression(observerNode, scope: s.scope)
            else { return [] }
            return [.perform(RemoveKeyPathObserverStep.make(object: object, keyPath: keyPath, observer: observer))]
        },
        StepVerb("observeKeyPath", keys: ["token", "initial", "object", "newValue", "oldValue", "captures", "do"]) {
            c, s in
            guard let (object, slot, keyPath) = c.keyPath(s.arg, scope: s.scope),
                let (passes, parameters) = c.changeHandlerParameters(s)
            else { return [] }
            guard
                let block = c.blockLiteral(
                    captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope, parameters: parameters)
            else { return [] }
            guard let into = c.tokenPlace(s) else { return [] }
            var initial = false
            if let node = s.map["initial"] {
                guard let value = c.bool(node, what: "initial") else { return [] }
                initial = value
            }
            return [
                .perform(
                    ObserveKeyPathStep.make(
                        object: object, slot: slot, keyPath: keyPath, block: block, into: into, passes: passes,
                        initial: initial))
            ]
        },
    ]

    /// A change handler's parameters (Swift's `{ object, change in … }`): `object: NAME` names the observed object,
    /// `newValue: NAME` and `oldValue: NAME` the change's values, which Swift's handler reads as `change.newValue`
    /// and `change.oldValue` when its options ask for them (`.new`, `.old`; Apple's NSKeyValueObservedChange). They
    /// are the block's parameters in that order. An old value that is an object is not modelled: the change holds
    /// it until the handler returns, while the model frees it with the store (read the field instead).
    func changeHandlerParameters(_ s: StepSite) -> ([KeyValueChangeArgument], [(name: String, type: TypeRef)])? {
        var passes: [KeyValueChangeArgument] = []
        var parameters: [(name: String, type: TypeRef)] = []
        for passed in [KeyValueChangeArgument.object, .newValue, .oldValue] {
            guard let named = blockParameter(s, key: passed.rawValue, example: passed == .object ? "player" : "value")
            else { return nil }
            guard let name = named else { continue }
            if parameters.contains(where: { $0.name == name }) {
                bag.error(
                    .typeMismatch, "`\(name)` names two of the handler's parameters",
                    at: s.map[passed.rawValue]?.location ?? s.at)
                return nil
            }
            guard let scalar = s.arg.scalar, let dot = scalar.text.lastIndex(of: ".") else { return nil }
            let type: TypeRef
            if passed == .object {
                let objectNode = LocatedNode.scalar(
                    LocatedNode.Scalar(text: String(scalar.text[..<dot]), location: s.arg.location, style: .plain))
                guard let (_, t) = expression(objectNode, scope: s.scope) else { return nil }
                type = t
            } else {
                guard let (_, t) = lvalue(s.arg, scope: s.scope) else { return nil }
                if passed == .oldValue && t.isObject {
                    bag.error(
                        .exprType,
                        "oldValue: of a field that holds an object is not modelled (the change would keep the old "
                            + "object alive until the handler returns); read what you need before the store",
                        at: s.map[passed.rawValue]?.location ?? s.at)
                    return nil
                }
                type = t
            }
            passes.append(passed)
            parameters.append((name, type))
        }
        return (passes, parameters)
    }

    /// `OBJECT.FIELD`, a key path: the object's expression, the field's slot and its name.
    func keyPath(_ node: LocatedNode, scope: Scope) -> (Expr, Int, String)? {
        guard let scalar = node.scalar, let dot = scalar.text.lastIndex(of: ".") else {
            bag.error(.typeMismatch, "a key path is written OBJECT.FIELD, e.g. `self.model.title`", at: node.location)
            return nil
        }
        guard let (lv, _) = lvalue(node, scope: scope), case .field(let object, let slot) = lv else { return nil }
        return (object, slot, String(scalar.text[scalar.text.index(after: dot)...].filter { $0 != " " }))
    }

    /// Where a step's `token:` goes: `.some(nil)` without the key, `.some(place)` with it, nil when the place is
    /// not one (an error is reported). A new name becomes a local; the place must hold an object.
    func tokenPlace(_ s: StepSite) -> LValue?? {
        guard let token = s.map["token"] else { return .some(nil) }
        guard let (lv, type) = lvalue(token, scope: s.scope, declare: .anyObject) else { return nil }
        if !type.isObject { bag.error(.exprType, "a token is an object, not \(type)", at: token.location) }
        return .some(lv)
    }

    /// The value of a key a step requires, or an error naming it with an example.
    func required(_ s: StepSite, _ key: String, example: String) -> LocatedNode? {
        if let node = s.map[key] { return node }
        bag.error(.keyMissing, "`\(s.verb)` needs \(key): (e.g. `\(example)`)", at: s.at)
        return nil
    }
}
