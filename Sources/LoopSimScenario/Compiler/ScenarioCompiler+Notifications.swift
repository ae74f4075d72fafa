import LoopSimKernel

extension ScenarioCompiler {
    /// The default notification center's verbs: block and selector observers, removal, posting
    /// (docs/scenario-format.md §7.9). Each makes its step of `Notifications/NotificationCenter+Steps.swift`.
    static let notificationVerbs: [StepVerb] = [
        StepVerb("addObserverForName", keys: ["object", "queue", "token", "notification", "captures", "do"]) { c, s in
            guard let name = c.observedName(s.arg) else { return [] }
            let object = s.map["object"].flatMap { c.expression($0, scope: s.scope)?.0 }
            // A queue from operationQueues: is an NSOperationQueue; main, global and queues: are dispatch queues.
            var queue: QueueRef?, operationQueue: Int?
            if let node = s.map["queue"], let text = node.scalar?.text, !c.program.serialQueues.contains(text),
                let index = c.program.operationQueues.firstIndex(where: { $0.name == text })
            {
                operationQueue = index
            } else {
                queue = s.map["queue"].flatMap { c.queueRef($0, scope: s.scope) }
            }
            guard let parameter = c.notificationParameter(s) else { return [] }
            guard
                let block = c.blockLiteral(
                    captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope,
                    parameters: parameter.map { [($0, .notification)] } ?? [])
            else { return [] }
            guard let into = c.tokenPlace(s) else { return [] }
            return [
                .perform(
                    AddBlockObserverStep.make(
                        name: name, object: object, queue: queue, operationQueue: operationQueue,
                        block: block, into: into))
            ]
        },
        StepVerb("addSelectorObserver", keys: ["selector", "name", "object"]) { c, s in
            c.selectorObserver(s)
        },
        StepVerb("removeObserver") { c, s in
            guard let (e, _) = c.expression(s.arg, scope: s.scope) else { return [] }
            return [.perform(RemoveObserverStep.make(observer: e))]
        },
        StepVerb("postNotification", keys: ["object", "userInfo"]) { c, s in
            guard let name = c.string(s.arg, what: "the notification name") else { return [] }
            if let scalar = s.arg.scalar, scalar.isPlain, name == "nil" {
                c.bag.error(
                    .valueInvalid,
                    "a posted notification needs a name; only an observer takes nil (every "
                        + "name). Quote it, \"nil\", for a notification named nil", at: s.arg.location)
                return []
            }
            let object = s.map["object"].flatMap { c.expression($0, scope: s.scope)?.0 }
            guard let userInfo = c.userInfo(s.map["userInfo"], scope: s.scope) else { return [] }
            return [.perform(PostNotificationStep.make(name: name, object: object, userInfo: userInfo))]
        },
    ]

    /// The name an observer registers for: the text, or nil for a plain `nil` (every name, as
    /// `addObserverForName:nil` and `addObserver:selector:name:nil`); a quoted `"nil"` is a notification named
    /// nil. The outer nil is an error, reported.
    private func observedName(_ node: LocatedNode) -> String?? {
        if node.isNull {
            bag.error(
                .typeMismatch, "the notification name is missing: write a name, or nil to observe every name",
                at: node.location)
            return nil
        }
        guard let name = string(node, what: "the notification name") else { return nil }
        if let scalar = node.scalar, scalar.isPlain, name == "nil" { return .some(nil) }
        return .some(name)
    }

    /// The name `notification:` gives an observer block's parameter, the delivered `NSNotification` (`^(NSNotification
    /// *note)`, `{ note in … }`); `.some(nil)` without the key, nil after an error.
    private func notificationParameter(_ s: StepSite) -> String?? {
        blockParameter(s, key: "notification", example: "note")
    }

    /// `userInfo:` of a post: a mapping of key to value (an expression: an object, an int, a bool, a string, or nil,
    /// which leaves the key out). `.some(nil)` without the key, nil after an error.
    func userInfo(_ node: LocatedNode?, scope: Scope) -> [(key: String, value: Expr)]?? {
        guard let node else { return .some(nil) }
        guard let map = node.mapping else {
            bag.error(
                .typeMismatch, "userInfo: is a mapping of key to value, e.g. `{count: 3, page: self.page}`",
                at: node.location)
            return nil
        }
        var entries: [(key: String, value: Expr)] = []
        for entry in map.entries {
            guard let (value, type) = expression(entry.value, scope: scope) else { continue }
            if type == .runLoop || type == .thread {
                bag.error(
                    .exprType, "a userInfo value is an object, an int, a bool, a string or nil, not \(type)",
                    at: entry.value.location)
                continue
            }
            entries.append((entry.key.text, value))
        }
        return .some(entries)
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
            bag.error(
                .nameUndefined,
                "\(program.classes[c].name) has no method '\(method)'"
                    + suggestion(method, classMethods[c]), at: selectorNode.location)
            return []
        }
        if let first = classMethodParams[c][m].first, first.type != .notification, first.type != .anyObject {
            bag.error(
                .exprType,
                "a notification's selector gets the NSNotification as its first parameter, not "
                    + "\(first.type): declare it `\(first.name): NSNotification` (or untyped)",
                at: selectorNode.location)
            return []
        }
        let object = s.map["object"].flatMap { expression($0, scope: s.scope)?.0 }
        return [
            .perform(
                AddSelectorObserverStep.make(observer: observer, classIndex: c, method: m, name: name, object: object))
        ]
    }

    // MARK: Notifications in expressions

    /// A notification's member: `name` (a string), `object` (an `id`); its userInfo is read one key at a time
    /// through a cast (``cast(_:to:column:scope:scalar:offset:)``), so `userInfo` alone is an error.
    func notificationMember(_ base: Expr, _ field: String, at location: SourceLocation) -> (Expr, TypeRef)? {
        if let property = NotificationProperty(rawValue: field) {
            return (.notificationProperty(base, property), property.isString ? .string : .anyObject)
        }
        if field == "userInfo" {
            bag.error(
                .exprType,
                "a userInfo value has no static type (Swift's `Any`): read one key with a cast, "
                    + "e.g. `note.userInfo.count as? int`", at: location)
        } else {
            bag.error(
                .exprType,
                "a notification has no property '\(field)'; it reads `name`, `object` and "
                    + "`userInfo.KEY as? TYPE`" + suggestion(field, NotificationProperty.allCases.map(\.rawValue)),
                at: location)
        }
        return nil
    }

    /// `EXPR as? TYPE`, Swift's conditional cast: of a notification's userInfo value (`note.userInfo.KEY`, of
    /// type `Any`), or of an object (`note.object as? Sender`, `nav.topViewController as? Review`, a field of
    /// a class). The value, when it is of TYPE; else nil.
    func cast(
        _ inner: ParsedExpr, to typeName: String, column: Int, scope: Scope, scalar: LocatedNode.Scalar,
        offset: Int
    ) -> (Expr, TypeRef)? {
        let typeLocation = location(in: scalar, offset: offset + column)
        guard let (castType, type) = castType(named: typeName, at: typeLocation) else { return nil }
        if case .member(.member(let noteNode, "userInfo", _), let key, _) = inner {
            guard let (note, noteType) = typed(noteNode, scope: scope, scalar: scalar, offset: offset) else {
                return nil
            }
            if noteType == .notification { return (.cast(.userInfoValue(note, key: key), castType), type) }
        }
        guard let (expr, innerType) = typed(inner, scope: scope, scalar: scalar, offset: offset) else { return nil }
        guard innerType.isObject else {
            bag.error(
                .exprType,
                "`as?` casts a notification's userInfo value or an object, not a value of type "
                    + "\(innerType)", at: typeLocation)
            return nil
        }
        return (.cast(expr, castType), type)
    }

    /// The type an `as?` names, and the static type of its result.
    private func castType(named name: String, at location: SourceLocation) -> (CastType, TypeRef)? {
        switch name {
        case "int", "Int", "NSInteger": return (.int, .int)
        case "bool", "Bool", "BOOL": return (.bool, .bool)
        case "string", "String", "NSString": return (.string, .string)
        case "NSTimer", "Timer": return (.timer, .timer)
        case "NSNotification", "Notification": return (.notification, .notification)
        default:
            if let c = program.classes.firstIndex(where: { $0.name == name }) {
                return (.instance(classIndex: c), .object(classIndex: c, name: name))
            }
            bag.error(
                .exprType,
                "`as?` takes int, bool, string, NSTimer, NSNotification or a class of the scenario, "
                    + "not '\(name)'"
                    + suggestion(
                        name,
                        ["int", "bool", "string", "NSTimer", "NSNotification"]
                            + program.classes.map(\.name)), at: location)
            return nil
        }
    }
}
