import LoopSimScenario
import SwiftSyntax

/// `NotificationCenter.default` in Swift (docs/swift-scenarios.md, "UIKit and notifications"): block and selector
/// observers, posts and removals, lowered to the steps of docs/scenario-format.md §7.9; notification names written
/// as `Notification.Name("x")` or as the static constants of an `extension Notification.Name`.
extension SwiftLowering {
    /// The type a Swift type name of the notification APIs means: an observer token (`NSObjectProtocol`, `Any`) is
    /// any object (`id`), a `Notification` the language's `NSNotification`.
    func notificationType(_ name: String) -> LoweredType {
        switch name {
        case "NSObjectProtocol", "Any", "AnyObject", "NSObject": .object("id")
        case "Notification", "NSNotification": .object("NSNotification")
        default: .unknown
        }
    }

    /// Records the names an `extension Notification.Name { static let x = Notification.Name("X") }` declares;
    /// false when `decl` is another extension (which the caller refuses as before).
    mutating func collectNotificationNames(_ decl: ExtensionDeclSyntax) -> Bool {
        let extended = decl.extendedType.trimmedDescription
        guard extended == "Notification.Name" || extended == "NSNotification.Name" else { return false }
        for member in decl.memberBlock.members {
            guard let v = member.decl.as(VariableDeclSyntax.self), isStatic(v.modifiers), v.bindings.count == 1,
                let binding = v.bindings.first,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = binding.initializer?.value, let raw = nameLiteral(value)
            else {
                unsupported(
                    "this member of `extension \(extended)`",
                    "declare each name as `static let x = Notification.Name(\"X\")`", at: member)
                continue
            }
            notificationNames[name] = raw
        }
        return true
    }

    /// `Notification.Name("X")`, `Notification.Name(rawValue: "X")`, `NSNotification.Name(…)`: "X".
    func nameLiteral(_ e: ExprSyntax) -> String? {
        guard let call = e.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
            let argument = call.arguments.first, argument.label == nil || argument.label?.text == "rawValue",
            ["Notification.Name", "NSNotification.Name", "Name"].contains(call.calledExpression.trimmedDescription)
        else { return nil }
        return plainString(argument.expression)
    }

    /// A notification name as the language writes it: `.dataDidChange` (a constant of the file's extension),
    /// `Notification.Name.dataDidChange`, `Notification.Name("X")`, or `nil` (every name, for an observer).
    mutating func notificationName(_ e: ExprSyntax, allowNil: Bool) -> LocatedNode? {
        let at = location(e)
        if allowNil, e.is(NilLiteralExprSyntax.self) { return .plain("nil", at: at) }
        if let raw = nameLiteral(e) { return .quoted(raw, at: at) }
        if let raw = systemNotificationName(e) { return .quoted(raw, at: at) }  // SwiftLowering+AppLifecycle.swift
        if let raw = typeNotificationName(e) { return .quoted(raw, at: at) }  // SwiftLowering+NotificationNames.swift
        if let member = e.as(MemberAccessExprSyntax.self) {
            let base = member.base?.trimmedDescription
            if base == nil || base == "Notification.Name" || base == "NSNotification.Name",
                let raw = notificationNames[member.declName.baseName.text]
            {
                return .quoted(raw, at: at)
            }
        }
        unsupported(
            "this notification name",
            "write `Notification.Name(\"X\")`, or a constant of `extension Notification.Name { static let x = "
                + "Notification.Name(\"X\") }` in this file (the system names LoopSim knows are UIApplication's "
                + "lifecycle ones, which its app posts, and its memory-warning, terminate and time-change ones and "
                + "UIResponder's keyboard ones, which only the experiment posts)", at: e)
        return nil
    }

    /// Whether `e` is `NotificationCenter.default`.
    func isDefaultCenter(_ e: ExprSyntax) -> Bool {
        if isCenterAlias(e) { return true }  // `let center = NotificationCenter.default` (+CenterAliases.swift)
        guard let member = e.as(MemberAccessExprSyntax.self) else { return false }
        return member.declName.baseName.text == "default"
            && member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "NotificationCenter"
    }

    /// Whether `call` is `NotificationCenter.default.addObserver(forName:object:queue:using:)`, which returns a
    /// token.
    func isBlockObserverRegistration(_ call: FunctionCallExprSyntax) -> Bool {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            isDefaultCenter(base), member.declName.baseName.text == "addObserver"
        else { return false }
        return call.arguments.first?.label?.text == "forName"
    }

    /// A call on `NotificationCenter.default` used as a statement: `addObserver` (either form), `post`,
    /// `removeObserver`. `token` is the place a block registration's token is stored into (nil: released at once).
    mutating func notificationCall(_ call: FunctionCallExprSyntax, token: String?, in scope: Scope) -> [LocatedNode] {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return [] }
        let at = location(call)
        let arguments = Array(call.arguments)
        let labels = arguments.map { $0.label?.text ?? "_" }
        switch (member.declName.baseName.text, labels.first) {
        case ("addObserver", "forName"):
            return blockObserver(call, token: token, in: scope)
        case ("addObserver", "_"):
            guard labels == ["_", "selector", "name", "object"],
                let observer = expression(arguments[0].expression, in: scope),
                let selector = selectorText(arguments[1].expression),
                let name = notificationName(arguments[2].expression, allowNil: true)
            else {
                return refuseCenterCall(
                    call, "write `addObserver(self, selector: #selector(m), name: .x, object: nil)`")
            }
            var extra: [(String, LocatedNode)] = [
                ("selector", .plain(selector, at: location(arguments[1].expression))), ("name", name),
            ]
            guard let object = objectKey(arguments[3].expression, in: scope) else { return [] }
            extra += object
            return [.step("addSelectorObserver", observer.text, at: at, extra)]
        case ("post", "name"):
            guard labels.count <= 3, labels.dropFirst().allSatisfy({ $0 == "object" || $0 == "userInfo" }),
                let name = notificationName(arguments[0].expression, allowNil: false)
            else { return refuseCenterCall(call, "write `post(name: .x, object: nil, userInfo: [\"k\": v])`") }
            var extra: [(String, LocatedNode)] = []
            for argument in arguments.dropFirst() {
                if argument.label?.text == "object" {
                    guard let object = objectKey(argument.expression, in: scope) else { return [] }
                    extra += object
                } else {
                    guard let info = userInfo(argument.expression, in: scope) else { return [] }
                    extra += info
                }
            }
            return [LocatedNode.step("postNotification", nil, at: at, extra).replacingArgumentNode(name)]
        case ("removeObserver", "_") where arguments.count == 1:
            guard let observer = expression(arguments[0].expression, in: scope) else { return [] }
            return [.step("removeObserver", observer.text, at: at)]
        default:
            return refuseCenterCall(
                call,
                "LoopSim models addObserver(forName:object:queue:using:), addObserver(_:selector:name:object:), "
                    + "post(name:object:userInfo:) and removeObserver(_:)")
        }
    }

    /// Refuses a form of a notification-center call, saying which form to write.
    private mutating func refuseCenterCall(_ call: FunctionCallExprSyntax, _ instead: String) -> [LocatedNode] {
        unsupported("this form of `\(call.calledExpression.trimmedDescription)(…)`", instead, at: call)
        return []
    }

    /// `object: x` as the step's `object:` key; `object: nil` (any sender, or no sender) as none.
    private mutating func objectKey(_ e: ExprSyntax, in scope: Scope) -> [(String, LocatedNode)]? {
        if e.is(NilLiteralExprSyntax.self) { return [] }
        guard let object = expression(e, in: scope) else { return nil }
        return [("object", .plain(object.text, at: location(e)))]
    }

    /// `userInfo: ["count": 3, "page": self]` as a `userInfo:` mapping of key to expression.
    private mutating func userInfo(_ e: ExprSyntax, in scope: Scope) -> [(String, LocatedNode)]? {
        if e.is(NilLiteralExprSyntax.self) { return [] }
        guard let dictionary = e.as(DictionaryExprSyntax.self) else {
            unsupported("this userInfo", "write a dictionary literal with string keys: `[\"count\": 3]`", at: e)
            return nil
        }
        guard case .elements(let elements) = dictionary.content else { return [] }
        var entries: [(String, LocatedNode)] = []
        for element in elements {
            guard let key = plainString(element.key) else {
                unsupported("this userInfo key", "write a string literal", at: element.key)
                return nil
            }
            guard let value = expression(element.value, in: scope) else { return nil }
            entries.append((key, .plain(value.text, at: location(element.value))))
        }
        return [("userInfo", .map(entries, at: location(e)))]
    }

    /// `addObserver(forName: N, object: O, queue: Q) { note in … }` as `addObserverForName:` with `token:` (when
    /// the token is kept), `queue:`, `object:`, `notification:` (when the closure reads its parameter),
    /// `captures:` and `do:`.
    private mutating func blockObserver(_ call: FunctionCallExprSyntax, token: String?, in scope: Scope)
        -> [LocatedNode]
    {
        let at = location(call)
        var name: LocatedNode?
        var extra: [(String, LocatedNode)] = []
        var closure = call.trailingClosure
        for argument in call.arguments {
            let e = argument.expression
            switch argument.label?.text {
            case "forName": name = notificationName(e, allowNil: true)
            case "object":
                guard let object = objectKey(e, in: scope) else { return [] }
                extra += object
            case "queue":
                guard let queue = observerQueue(e) else { return [] }
                if let queue { extra.append(("queue", .plain(queue, at: location(e)))) }
            case "using":
                closure = e.as(ClosureExprSyntax.self)
            default:
                return refuseCenterCall(call, "write `addObserver(forName: .x, object: nil, queue: .main) { _ in … }`")
            }
        }
        guard let name else { return [] }
        guard let closure else {
            return refuseCenterCall(call, "pass the block as a closure: `{ note in … }`")
        }
        if let token { extra.append(("token", .plain(token, at: at))) }
        let parameter = closureParameter(closure)
        if let parameter { extra.append(("notification", .plain(parameter, at: location(closure)))) }
        guard
            let block = lowerClosure(
                closure, in: scope, parameters: 1, bound: parameter.map { _ in .object("NSNotification") })
        else { return [] }
        return [LocatedNode.step("addObserverForName", nil, at: at, extra + block).replacingArgumentNode(name)]
    }

    /// `note.userInfo?["count"] as? Int`, `note.object as? Store`: a conditional cast of a notification's userInfo
    /// value or sender, `note.userInfo.count as? int` (docs/scenario-format.md §6: the value when it is of the type,
    /// else nil; Swift's `as?` does not convert). `.some(nil)` after reporting, nil when `elements` is no such cast.
    mutating func notificationCast(_ elements: [ExprSyntax], in scope: Scope) -> (text: String, type: LoweredType)?? {
        guard elements.count == 3, let cast = elements[1].as(UnresolvedAsExprSyntax.self),
            let mark = cast.questionOrExclamationMark?.text, mark == "?" || mark == "!",
            let typeExpr = elements[2].as(TypeExprSyntax.self)
        else { return nil }
        var operand = elements[0]
        while let tuple = operand.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            operand = only.expression
        }
        // A timer's userInfo (`timer.userInfo as? Int`): the value the timer holds (SwiftLowering+Timers.swift).
        var timerBase: ExprSyntax?
        if let member = operand.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "userInfo",
            var base = member.base
        {
            if let chain = base.as(OptionalChainingExprSyntax.self) { base = chain.expression }
            if staticType(base, in: scope, report: false) == .timer { timerBase = base }
        }
        // Only a notification's userInfo value or sender: other casts stay outside the subset.
        if timerBase == nil, !operand.is(SubscriptCallExprSyntax.self) {
            guard let member = operand.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "object",
                let base = member.base, staticType(base, in: scope, report: false) == .object("NSNotification")
            else { return nil }
        }
        let typeName = typeExpr.type.trimmedDescription
        if let key = keyboardUserInfoKey(operand) {
            refuseKeyboardUserInfo(key, at: operand)  // SwiftLowering+ObjectCasts.swift
            return .some(nil)
        }
        let loweredType: LoweredType
        let castName: String
        switch typeName {
        case "Int": (loweredType, castName) = (.int, "int")
        case "Bool": (loweredType, castName) = (.bool, "bool")
        case "String": (loweredType, castName) = (.string, "string")
        default:
            guard classes[typeName] != nil else {
                unsupported(
                    "a cast to `\(typeName)`",
                    "cast a userInfo value or a sender to Int, Bool, String or a class of "
                        + "the file"
                        + (timerBase != nil
                            ? " (a timer's userInfo dictionary is not modelled: pass one value, or an object of "
                                + "the file holding the values, as `userInfo:`)" : ""),
                    at: typeExpr)
                return .some(nil)
            }
            (loweredType, castName) = (.object(typeName), typeName)
        }
        if let subscriptCall = operand.as(SubscriptCallExprSyntax.self) {
            // `note.userInfo?["count"]`, `note.userInfo!["count"]`
            var base = subscriptCall.calledExpression
            if let chain = base.as(OptionalChainingExprSyntax.self) { base = chain.expression }
            if let unwrap = base.as(ForceUnwrapExprSyntax.self) { base = unwrap.expression }
            guard let member = base.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "userInfo",
                let noteExpr = member.base, subscriptCall.arguments.count == 1,
                let key = subscriptCall.arguments.first.flatMap({ plainString($0.expression) }),
                key.first.map({ $0.isLetter || $0 == "_" }) == true,
                key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else {
                unsupported(
                    "this subscript",
                    "read a notification's userInfo by a string literal key: "
                        + "`note.userInfo?[\"count\"] as? Int`", at: operand)
                return .some(nil)
            }
            guard let note = expression(noteExpr, in: scope) else { return .some(nil) }
            return .some(("\(note.text).userInfo.\(key) as? \(castName)", loweredType))
        }
        if let timerBase {
            guard let timer = expression(timerBase, in: scope) else { return .some(nil) }
            let text = "\(timer.text).userInfo as? \(castName)"
            if mark == "!" {
                // `as!`: Swift traps on nil ("Unexpectedly found nil") and on another type ("Could not cast value").
                guard hoisting.isOpen, let root = hoisting.root,
                    conditionallyEvaluated(elements[0], root: root) == nil
                else {
                    unsupported(
                        "`as!` where Swift may not evaluate it each time its statement runs",
                        "bind it first: `let x = timer.userInfo as! T`, or write `as?`", at: cast)
                    return .some(nil)
                }
                let at = location(cast)
                let prefix = trapPrefix(cast)
                let nilTrap = LocatedNode.step("trap", nil, at: at).replacingArgument(prefix + Self.unwrapTrap)
                let castTrap = LocatedNode.step("trap", nil, at: at).replacingArgument(
                    prefix + "Could not cast value to '\(typeName)'")
                hoisting.steps.append(
                    .step("if", "\(timer.text).userInfo == nil", at: at, [("then", .list([nilTrap], at: at))]))
                hoisting.steps.append(.step("if", "(\(text)) == nil", at: at, [("then", .list([castTrap], at: at))]))
            }
            return .some((text, loweredType))
        }
        if mark == "!" {
            unsupported("`as!`", "write `as?` and unwrap the result (`if let`, `guard let`)", at: cast)
            return .some(nil)
        }
        guard let value = expression(operand, in: scope) else { return .some(nil) }
        return .some(("\(value.text) as? \(castName)", loweredType))
    }

    /// The name of a closure's one parameter when its body reads it (`{ note in … note.object … }`).
    private func closureParameter(_ closure: ClosureExprSyntax) -> String? {
        var names: [String] = []
        switch closure.signature?.parameterClause {
        case .simpleInput(let list): names = list.map(\.name.text)
        case .parameterClause(let clause): names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: break
        }
        guard let name = names.first, name != "_" else { return nil }
        let used = NameCollector()
        used.walk(closure.statements)
        return used.referenced.contains(where: { $0.name == name }) ? name : nil
    }

    /// The queue a block observer's deliveries run on: `.main` / `OperationQueue.main` → `main`; `nil` → none
    /// (the posting thread); `OperationQueue()` made for the observer → `global` (its operations run on worker
    /// threads; docs/fidelity.md). `.some(nil)` for none, nil after reporting.
    private mutating func observerQueue(_ e: ExprSyntax) -> String?? {
        if e.is(NilLiteralExprSyntax.self) { return .some(nil) }
        if let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "main",
            member.base == nil || member.base?.trimmedDescription == "OperationQueue"
        {
            return "main"
        }
        if let call = e.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            call.calledExpression.trimmedDescription == "OperationQueue"
        {
            return "global"
        }
        unsupported(
            "this queue", "write `.main`, `nil` (the posting thread) or `OperationQueue()` (a background queue)", at: e)
        return nil
    }

    /// `#selector(onShow)`, `#selector(onShow(_:))`, `#selector(Page.onShow(_:))` → `onShow`.
    private func selectorText(_ e: ExprSyntax) -> String? {
        guard let macro = e.as(MacroExpansionExprSyntax.self), macro.macroName.text == "selector",
            let argument = macro.arguments.first?.expression
        else { return nil }
        if let ref = argument.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        return argument.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }
}

extension LocatedNode {
    /// The step with its verb's argument replaced by `node` (a quoted name, or a plain `nil`).
    func replacingArgumentNode(_ node: LocatedNode) -> LocatedNode {
        guard case .mapping(var m) = self, !m.entries.isEmpty else { return self }
        m.entries[0].value = node
        return .mapping(m)
    }
}
