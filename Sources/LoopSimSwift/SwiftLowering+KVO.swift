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

    /// `token = object.observe(\.key, options: […]) { object, change in … }`: `observeKeyPath: object.key` with
    /// `token:` (Swift's `NSObject.observe(_:options:changeHandler:)`, whose `NSKeyValueObservation` holds the
    /// handler and ends the observation when it is deinitialized or invalidated).
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
        guard let closure = trailingOrLabelled(call, "changeHandler"),
            let block = lowerClosure(closure, in: scope, parameters: 2)
        else {
            if trailingOrLabelled(call, "changeHandler") == nil {
                unsupported("`observe` without a closure", "pass the change handler as a trailing closure", at: call)
            }
            return ([], type)
        }
        let at = location(call)
        let key = ([receiver.text] + names).joined(separator: ".")
        return ([.step("observeKeyPath", key, at: at, [("token", .plain(place, at: at))] + block)], type)
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
