import LoopSimScenario
import SwiftSyntax

/// Key-value observing: `addObserver(_:forKeyPath:)`/`removeObserver`, the `observeValue(forKeyPath:…)` override, and
/// block-based `observe(\.key) { … }` with its `NSKeyValueObservation` token.
extension SwiftLowering {
    /// `player.addObserver(self, forKeyPath: "status", options: [.new], context: nil)` → `addKeyPathObserver:
    /// player.status` `observer: self`; `player.removeObserver(self, forKeyPath: "status")` →
    /// `removeKeyPathObserver:` (docs/scenario-format.md §7.10). The observer's `observeValue(forKeyPath:of:change:
    /// context:)` override is its `observeValueForKeyPath` method.
    mutating func keyPathObserverStep(
        _ receiver: String, _ name: String, _ call: FunctionCallExprSyntax, in scope: Scope
    ) -> [LocatedNode] {
        let arguments = Array(call.arguments)
        guard arguments.count >= 2, arguments[0].label == nil, arguments[1].label?.text == "forKeyPath" else {
            return unknownFoundationCall(call)
        }
        guard let observer = expression(arguments[0].expression, in: scope) else { return [] }
        guard let key = keyPathString(arguments[1].expression) else {
            unsupported("this key path", "write it as a string literal or `#keyPath(Player.status)`", at: arguments[1])
            return []
        }
        let verb = name == "addObserver" ? "addKeyPathObserver" : "removeKeyPathObserver"
        return [
            .step(
                verb, "\(receiver).\(key)", at: location(call),
                [("observer", .plain(observer.text, at: location(arguments[0].expression)))])
        ]
    }

    /// `"status"`, `#keyPath(status)`, `#keyPath(Player.status)` → `status`.
    private func keyPathString(_ e: ExprSyntax) -> String? {
        if let text = plainString(e) { return text }
        guard let macro = e.as(MacroExpansionExprSyntax.self), macro.macroName.text == "keyPath",
            let argument = macro.arguments.first?.expression
        else { return nil }
        if let ref = argument.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        if let member = argument.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return nil
    }

    /// `token = object.observe(\.key, options: [.new, .old]) { object, change in … }`: `observeKeyPath: object.key`
    /// with `token:` (Swift's `NSObject.observe(_:options:changeHandler:)`, whose `NSKeyValueObservation` holds the
    /// handler and ends the observation when it is deinitialized or invalidated). The handler's first parameter is
    /// `object:`; its `change.newValue` and `change.oldValue` are `newValue:` and `oldValue:` when the options ask
    /// for them, and nil when they do not (Apple's NSKeyValueObservedChange: "newValue … if
    /// NSKeyValueObservingOptions.new was specified"; ``keyValueChangeMember(_:_:in:)``).
    mutating func observeStep(
        _ receiver: (text: String, type: LoweredType), _ call: FunctionCallExprSyntax, place: String, in scope: Scope
    ) -> (steps: [LocatedNode], type: LoweredType)? {
        let type = LoweredType.api("NSKeyValueObservation")
        guard let keyPath = call.arguments.first?.expression.as(KeyPathExprSyntax.self) else { return nil }
        var names: [String] = []
        for component in keyPath.components {
            guard let property = component.component.as(KeyPathPropertyComponentSyntax.self) else {
                unsupported("this key path", "observe a stored property: `\\.status`", at: component)
                return ([], type)
            }
            names.append(property.declName.baseName.text)
        }
        guard let closure = trailingOrLabelled(call, "changeHandler") else {
            unsupported("`observe` without a closure", "pass the change handler as a trailing closure", at: call)
            return ([], type)
        }
        guard let options = observingOptions(call) else { return ([], type) }
        // The field's type, through the key path's components (`\.download.progress`).
        var valueType: LoweredType? = receiver.type
        for name in names {
            guard case .object(let cls)? = valueType else {
                valueType = nil
                break
            }
            valueType = classes[cls]?.fields[name]
        }
        let at = location(call)
        var extra: [(String, LocatedNode)] = [("token", .plain(place, at: at))]
        if options.contains("initial") { extra.append(("initial", .plain("true", at: at))) }
        var bindings: [(String, Local)] = []
        var printed: [String: LoweredType] = [:]  // what an interpolation of a parameter prints
        var parameters: [String] = []
        switch closure.signature?.parameterClause {
        case .simpleInput(let list): parameters = list.map(\.name.text)
        case .parameterClause(let clause): parameters = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: break
        }
        let used = NameCollector()
        used.walk(closure.statements)
        let isUsed = { (name: String) in name != "_" && used.referenced.contains(where: { $0.name == name }) }
        if let object = parameters.first, isUsed(object) {
            // The object `observe` was called on: the observed field's owner only for a one-component key path.
            guard names.count == 1 else {
                unsupported(
                    "the handler's object with a key path of \(names.count) components",
                    "read the object through the property that holds it",
                    at: closure.signature.map(Syntax.init) ?? Syntax(closure))
                return ([], type)
            }
            bindings.append((object, Local(type: receiver.type, isVar: false)))
            printed[object] = receiver.type
            extra.append(("object", .plain(object, at: at)))
        }
        if parameters.count == 2, isUsed(parameters[1]) {
            let change = parameters[1]
            guard let valueType, valueType != .unknown else {
                unsupported(
                    "reading the change of a property whose type is not followed",
                    "observe an Int, Bool, String or enum property of the file's classes", at: keyPath)
                return ([], type)
            }
            bindings.append((change, Local(type: Self.keyValueChangeType, isVar: false)))
            for (member, key) in [("newValue", "new"), ("oldValue", "old")] {
                // Not asked for: nil in every call (`lowered` is the literal `nil`).
                let asked = options.contains(key)
                let lowered = asked ? change + member.prefix(1).uppercased() + member.dropFirst() : "nil"
                if asked && key == "old" && valueType.isObject {
                    unsupported(
                        "`.old` for a property that holds an object",
                        "the change keeps the old object alive until the handler returns, which is not modelled: "
                            + "observe `.new` and keep what you need in a property", at: call)
                    return ([], type)
                }
                var local = Local(type: valueType, isVar: false)
                local.lowered = lowered
                bindings.append(("\(change).\(member)", local))
                printed["\(change).\(member)"] = valueType
                if asked { extra.append((member, .plain(lowered, at: at))) }
            }
        }
        closureParameterTypes[closure.id] = printed
        guard let block = lowerClosure(closure, in: scope, parameters: 2, bindings: bindings) else {
            return ([], type)
        }
        let key = ([receiver.text] + names).joined(separator: ".")
        return ([.step("observeKeyPath", key, at: at, extra + block)], type)
    }

    /// `_ = object.observe(\.key) { … }`: the observation is made, and its `NSKeyValueObservation`, which nothing
    /// keeps, is released at once, which invalidates it (swift `stdlib/public/Darwin/Foundation/NSObject.swift`:
    /// `deinit { invalidate() }`; the returned token's documentation: "when the returned NSKeyValueObservation is
    /// deinited or invalidated, it will stop observing"). The handler never runs: the classic discarded-token bug.
    /// Lowered as `observeKeyPath:` into a temporary `token:`, then `release:` of it. Nil when `call` is no
    /// `observe(\.key)`.
    mutating func discardedObservation(_ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode]? {
        guard call.arguments.first?.expression.is(KeyPathExprSyntax.self) == true else { return nil }
        let name =
            call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        guard name == "observe" else { return nil }
        let at = location(call)
        let token = Self.temporaryName("observation", at: at)
        guard let made = apiCreation(call, place: token, in: scope) else { return nil }
        if made.steps.isEmpty { return [] }  // refused
        return made.steps + [.step("release", token, at: at)]
    }

    /// The lowered type of a KVO change handler's `change` (an `NSKeyValueObservedChange`): only its `newValue`
    /// and `oldValue` are read (``keyValueChangeMember(_:_:in:)``).
    static let keyValueChangeType = LoweredType.api("NSKeyValueObservedChange")

    /// `options: [.new, .old]`, `options: [.initial, .new]`, `options: .new`, `options: []`, absent: the options'
    /// names. `.prior` (a call before each change) is not modelled and refused; nil after reporting.
    private mutating func observingOptions(_ call: FunctionCallExprSyntax) -> Set<String>? {
        guard let argument = call.arguments.first(where: { $0.label?.text == "options" }) else { return [] }
        var elements: [ExprSyntax] = []
        if let array = argument.expression.as(ArrayExprSyntax.self) {
            elements = array.elements.map(\.expression)
        } else {
            elements = [argument.expression]
        }
        var options: Set<String> = []
        for e in elements {
            guard let member = e.as(MemberAccessExprSyntax.self),
                member.base == nil || member.base?.trimmedDescription == "NSKeyValueObservingOptions"
            else {
                unsupported("these options", "write them as a list: `options: [.new, .old]`", at: e)
                return nil
            }
            let name = member.declName.baseName.text
            guard name == "new" || name == "old" || name == "initial" else {
                unsupported(
                    "the option `.\(name)`", "`.prior` is not modelled: observe `.new` and `.old` of each change",
                    at: e)
                return nil
            }
            options.insert(name)
        }
        return options
    }

    /// `change.newValue`, `change.oldValue` of a KVO change handler's `change` (``observeStep``): the handler's
    /// parameter bound to it, or `nil` when the options do not ask for it. Nil when `member` is not one.
    mutating func keyValueChangeMember(_ member: MemberAccessExprSyntax, _ base: String, in scope: Scope)
        -> (String, LoweredType)??
    {
        guard scope.locals[base]?.type == Self.keyValueChangeType else { return nil }
        let name = member.declName.baseName.text
        guard let value = scope.locals["\(base).\(name)"] else {
            unsupported(
                "`\(base).\(name)`", "read `\(base).newValue` or `\(base).oldValue` of the change", at: member)
            return .some(nil)
        }
        return .some((value.text(name), value.type))
    }

    /// Whether `decl` is the KVO override `observeValue(forKeyPath:of:change:context:)`.
    func isKVOObserveMethod(_ decl: FunctionDeclSyntax) -> Bool {
        decl.name.text == "observeValue"
            && decl.signature.parameterClause.parameters.first?.firstName.text == "forKeyPath"
    }

    /// The KVO override as the `observeValueForKeyPath` method KVO calls (docs/scenario-format.md §7.10): its
    /// parameters, which the scenario language does not pass, may not be used.
    mutating func lowerKVOObserveMethod(_ decl: FunctionDeclSyntax, className: String) -> (String, LocatedNode)? {
        guard let body = decl.body else { return nil }
        let used = NameCollector()
        used.walk(body)
        for parameter in decl.signature.parameterClause.parameters {
            let name = (parameter.secondName ?? parameter.firstName).text
            if name != "_", used.referenced.contains(where: { $0.name == name }) {
                unsupported(
                    "reading `\(name)` in `observeValue`",
                    "the observer is told of every change of what it observes: read the observed field itself",
                    at: parameter)
                return nil
            }
        }
        var scope = Scope(kind: .method, className: className)
        scope.locals["self"] = Local(type: .object(className), isVar: false)
        scope.capturedVars = capturedNames(in: body.statements.map(Syntax.init))
        let steps = lowerStatements(body.statements[...], in: &scope, tail: true)
        return ("observeValueForKeyPath", .list(steps, at: location(decl)))
    }
}
