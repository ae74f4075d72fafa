import LoopSimKernel

/// Paths in expressions (`self.button.timer`, `page.count`, a local, a field through a weak reference, a run loop's
/// or thread's property, a UIKit controller's property): each resolved against the scope and the classes' fields,
/// typed, and located at its name when it does not resolve. ``ScenarioCompiler/typed(_:scope:scalar:offset:)``
/// (ScenarioCompiler+Expressions.swift) calls them for every name and member it meets.
extension ScenarioCompiler {
    func path(_ e: ParsedExpr, scope: Scope, scalar: LocatedNode.Scalar, offset: Int) -> (Expr, TypeRef)? {
        switch e {
        case .name(let name, let column):
            switch scope.resolve(name) {
            case .local(let i, let t): return (.path(.local(i), []), t)
            case .capture(let i, let t): return (.path(.capture(i), []), t)
            case .selfObject(let t): return (.path(.selfObject, []), t)
            case .byrefLocal(let i, let t): return (.path(.local(i), [Self.byrefSlot]), t)
            case .byrefCapture(let i, let t): return (.path(.capture(i), [Self.byrefSlot]), t)
            case nil:
                if let value = Self.namedConstant(name) { return (.literal(.int(value)), .int) }
                // `OperationQueue.current`: the running operation queue's name (section 6).
                if name == "currentOperationQueue" { return (.currentOperationQueue, .string) }
                // `#available(iOS 10.0, *)`: the variant's iOS version, `major * 100 + minor` (section 6).
                if name == "iosVersion" { return (.iosVersion, .int) }
                if let foreign = Self.foreignNames[name] {
                    bag.error(.exprForeign, foreign, at: location(in: scalar, offset: offset + column))
                    return nil
                }
                let hint: String
                if name == "self" {
                    hint =
                        scope.isBlock
                        ? "; a block sees only what it captures: add `strong self` or `weak self` to its captures"
                        : "; `self` exists in methods, init and dealloc"
                } else if let handler = scope.otherHandlersNames[name] {
                    hint =
                        "; it is a local of \(handler), released when that returned (the names an action "
                        + "declares are its own): to keep an object across actions, declare `\(name)` in main: and "
                        + "bind it with `let:` in the action (a `let:` of a main: name stores into the app's name), "
                        + "or store the object in a field of an object main: holds"
                } else if scope.endedWithALoop.contains(name) {
                    hint =
                        "; it belonged to a loop (a `for:` counter or a local its body declared) and ended with "
                        + "it: to use it after the loop, declare it before the loop and assign it in the body"
                } else {
                    hint =
                        suggestion(name, scope.visibleNames)
                        + (scope.isBlock ? " (a block sees only its captures and its own locals: capture it)" : "")
                }
                bag.error(
                    .nameUndefined, "'\(name)' is not defined here\(hint)",
                    at: location(in: scalar, offset: offset + column))
                return nil
            }
        case .member(let base, let field, let column):
            if let property = uikitProperty(e, scope: scope, scalar: scalar, offset: offset) { return property }
            if field == "count", case .member(let loop, "allModes", let allModesColumn) = base {
                guard let (loopExpr, loopType) = typed(loop, scope: scope, scalar: scalar, offset: offset) else {
                    return nil
                }
                guard loopType == .runLoop else {
                    bag.error(
                        .exprType, "'allModes' is read from a run loop, not from a value of type \(loopType)",
                        at: location(in: scalar, offset: offset + allModesColumn))
                    return nil
                }
                return (.runLoopProperty(loopExpr, .allModesCount), .int)
            }
            guard let (baseExpr, baseType) = typed(base, scope: scope, scalar: scalar, offset: offset) else {
                return nil
            }
            if baseType == .runLoop {
                guard let property = RunLoopProperty(rawValue: field), property.isString else {
                    bag.error(
                        .exprType,
                        "a run loop has no property '\(field)'; it reads `currentMode` and "
                            + "`allModes.count`", at: location(in: scalar, offset: offset + column))
                    return nil
                }
                return (.runLoopProperty(baseExpr, property), .string)
            }
            if baseType == .thread {
                guard let property = ThreadProperty(rawValue: field) else {
                    bag.error(
                        .exprType,
                        "a thread has no property '\(field)'; it reads `name`, `isMainThread` and `isCancelled`"
                            + suggestion(field, ThreadProperty.allCases.map(\.rawValue)),
                        at: location(in: scalar, offset: offset + column))
                    return nil
                }
                return (.threadProperty(baseExpr, property), property.isString ? .string : .bool)
            }
            if baseType == .string, field == "count" {
                return (.stringCount(baseExpr), .int)  // `name.count`: its characters (section 6)
            }
            if baseType == .string, field == "debugDescription" {
                // `name.debugDescription`: quoted and escaped as Swift's `String.debugDescription` (section 6).
                return (.stringFunction(baseExpr, .debugDescription, nil), .string)
            }
            if case .dictionary = baseType {
                return dictionaryMember(baseExpr, baseType, field, at: location(in: scalar, offset: offset + column))
            }
            if case .array(let element) = baseType {
                guard let property = ArrayProperty(rawValue: field) else {
                    bag.error(
                        .exprType,
                        "an array has no property '\(field)'; it reads `count`, `isEmpty`, `first`, `last`, "
                            + "`a[i]` and `a.contains(x)`" + suggestion(field, ArrayProperty.allCases.map(\.rawValue)),
                        at: location(in: scalar, offset: offset + column))
                    return nil
                }
                switch property {
                case .count: return (.arrayProperty(baseExpr, property), .int)
                case .isEmpty: return (.arrayProperty(baseExpr, property), .bool)
                case .first, .last: return (.arrayProperty(baseExpr, property), element)
                }
            }
            if baseType == .notification {
                return notificationMember(baseExpr, field, at: location(in: scalar, offset: offset + column))
            }
            if baseType == .timer, field == "userInfo" {
                // Swift's `Any?`: an `id`, read with `as? TYPE` (``cast(_:to:column:scope:scalar:offset:)``) or
                // compared with nil.
                return (.timerProperty(baseExpr, .userInfo), .anyObject)
            }
            if baseType == .timer, let property = TimerProperty(rawValue: field) {
                return (
                    .timerProperty(baseExpr, property),
                    property.isBool ? .bool : property.isFrameTime ? .duration : .int
                )
            }
            if baseType == .anyObject, let property = OperationProperty(rawValue: field) {
                // An operation's state, or a work item's isCancelled: which object it is is checked when it runs.
                return (.operationProperty(baseExpr, property), .bool)
            }
            guard case .object(let c, let className) = baseType else {
                bag.error(
                    .exprType, "'\(field)' is read from a value of type \(baseType), which has no fields",
                    at: location(in: scalar, offset: offset + column))
                return nil
            }
            if program.classes[c].operation != nil, !classFields[c].contains(where: { $0.name == field }),
                let property = OperationProperty(rawValue: field)
            {
                // An `Operation` subclass reads its own state (`self.isCancelled` in its `main`).
                return (.operationProperty(baseExpr, property), .bool)
            }
            guard let index = classFields[c].firstIndex(where: { $0.name == field }) else {
                bag.error(
                    .nameUndefined,
                    "\(className) has no field '\(field)'"
                        + suggestion(field, classFields[c].map(\.name)),
                    at: location(in: scalar, offset: offset + column))
                return nil
            }
            guard case .path(let root, let fields) = baseExpr else {
                // A field of what a subscript or another expression yields (`cache[key].name`): nil when it is.
                return (.field(baseExpr, index), classFields[c][index].type)
            }
            if case .shared(let s) = root, fields.isEmpty, !sharedFieldReads.contains(s) { sharedFieldReads.append(s) }
            return (.path(root, fields + [index]), classFields[c][index].type)
        default:
            return nil
        }
    }

    /// Names of C, Objective-C and Swift that the language writes otherwise, when no local of the name exists.
    static let foreignNames = [
        "NULL": "write `nil` (a nil check is `x == nil` or `x != nil`)",
        "nullptr": "write `nil` (a nil check is `x == nil` or `x != nil`)",
        "Nil": "write `nil` (a nil check is `x == nil` or `x != nil`)",
        "and": "write `&&` for a logical and", "or": "write `||` for a logical or",
        "this": "write `self`", "super": "no `super` here: call a method of the object itself (`call: self.m`)",
    ]

    /// A UIKit property read on an object (`self.presentingViewController`, `nav.topViewController`,
    /// `nav.viewControllers.count`), when `e` is one: the name is no field of the base's class. Nil otherwise; an
    /// error (and nil) when the property is read from a value that is not an object.
    func uikitProperty(
        _ e: ParsedExpr, scope: Scope, scalar: LocatedNode.Scalar,
        offset: Int
    ) -> (Expr, TypeRef)?? {
        guard case .member(var base, let last, var column) = e else { return nil }
        var name = last
        if last == "count", case .member(let inner, "viewControllers", let innerColumn) = base {
            base = inner
            name = "viewControllers.count"
            column = innerColumn
        }
        guard let property = UIKitProperty(rawValue: name) else { return nil }
        // A declared field of that name wins: the class's own property shadows nothing of UIKit's in the model.
        if name == last, let (_, t) = quietType(base, scope: scope),
            case .object(let c, _) = t, classFields[c].contains(where: { $0.name == name })
        {
            return nil
        }
        guard let (baseExpr, baseType) = typed(base, scope: scope, scalar: scalar, offset: offset) else {
            return .some(nil)
        }
        guard baseType.isObject else {
            bag.error(
                .exprType, "'\(name)' is a UIKit property of a view controller, not of a value of type \(baseType)",
                at: location(in: scalar, offset: offset + column))
            return .some(nil)
        }
        return .some((.uikitProperty(baseExpr, property), property.isObject ? .anyObject : .int))
    }
}
