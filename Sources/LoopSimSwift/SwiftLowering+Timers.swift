import LoopSimScenario
import SwiftSyntax

extension SwiftLowering {
    /// Whether `call` creates a timer: `Timer.scheduledTimer(…)` or `Timer(…)`.
    func isTimerCreation(_ call: FunctionCallExprSyntax) -> Bool {
        if call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Timer" { return true }
        if isCFTimerCreation(call) { return true }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
        return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Timer"
            && member.declName.baseName.text == "scheduledTimer"
    }

    /// A timer-creating call as a `scheduledTimer:` or `timer:` step storing into `place` (docs/scenario-format.md
    /// §7.3); nil when `call` creates no timer.
    ///
    /// - `Timer.scheduledTimer(withTimeInterval:repeats:block:)` → `block:` (the iOS 10 API: under ios8 and ios9
    ///   creating it crashes the run, as `+scheduledTimerWithTimeInterval:repeats:block:` does not exist there).
    /// - `Timer.scheduledTimer(timeInterval:target:selector:userInfo:repeats:)` → `target:` and `selector:`.
    /// - the same with `target: Timer.self` and a closure as `userInfo:` → `userInfo:` (the pre-iOS 10 category
    ///   idiom, `NSTimer+Addition`: the timer's target is the Timer class, whose method runs the block it carries).
    /// - `Timer(timeInterval:…)` the same, unscheduled (`timer:`; add it with `RunLoop.current.add(_:forMode:)`).
    mutating func creationStep(_ call: FunctionCallExprSyntax, place: String?, in scope: Scope)
        -> (steps: [LocatedNode], type: LoweredType)?
    {
        if isTaskCreation(call) { return taskCreation(call, place: place, in: scope) }
        guard isTimerCreation(call) else { return nil }
        if isCFTimerCreation(call) { return cfTimerCreation(call, place: place, in: scope) }  // +CFTimers.swift
        let verb = call.calledExpression.is(MemberAccessExprSyntax.self) ? "scheduledTimer" : "timer"
        let at = location(call)
        var extra: [(String, LocatedNode)] = []
        var target: ExprSyntax?
        var selector: ExprSyntax?
        var userInfo: ExprSyntax?
        var block = call.trailingClosure
        for argument in call.arguments {
            let label = argument.label?.text ?? "_"
            let value = argument.expression
            switch label {
            case "withTimeInterval", "timeInterval":
                guard let every = duration(value, in: scope) else { return ([], .timer) }
                extra.append(("every", .plain(every, at: location(value))))
            case "fire", "fireAt", "interval":  // Timer(fire:interval:repeats:block:) (SwiftLowering+Idioms.swift)
                guard let entry = fireDateArgument(label, value, in: scope) else { return ([], .timer) }
                extra.append(entry)
            case "repeats":
                guard let b = value.as(BooleanLiteralExprSyntax.self) else {
                    unsupported("a computed `repeats:`", "write `true` or `false`", at: value)
                    return ([], .timer)
                }
                extra.append(("repeats", .plain(b.literal.text, at: location(value))))
            case "block": block = value.as(ClosureExprSyntax.self)
            case "target": target = value
            case "selector": selector = value
            case "userInfo": userInfo = value
            default:
                unsupported(
                    "`\(label):` in a Timer initializer",
                    "use `Timer.scheduledTimer(withTimeInterval:repeats:block:)` or "
                        + "`(timeInterval:target:selector:userInfo:repeats:)`", at: argument)
                return ([], .timer)
            }
        }
        if let block {
            guard let lowered = lowerClosure(block, in: scope, parameters: 1, parameterKey: ("timer", .timer)) else {
                return ([], .timer)
            }
            extra.append(("block", .map(lowered, at: location(block))))
        } else if let target {
            let isClassTarget =
                target.as(MemberAccessExprSyntax.self).map {
                    $0.declName.baseName.text == "self"
                        && $0.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Timer"
                } ?? false
            if isClassTarget {
                guard let closure = userInfo?.as(ClosureExprSyntax.self),
                    let lowered = lowerClosure(closure, in: scope, parameters: 0)
                else {
                    unsupported(
                        "`target: Timer.self` without a closure as `userInfo:`",
                        "the Timer-class target runs the block its userInfo carries: pass the closure there",
                        at: target)
                    return ([], .timer)
                }
                extra.append(("userInfo", .map(lowered, at: location(closure))))
            } else {
                guard let t = expression(target, in: scope) else { return ([], .timer) }
                guard let method = selector.flatMap(Self.selectorMethod) else {
                    unsupported("this selector", "write `#selector(tick)` or `#selector(tick(_:))`", at: call)
                    return ([], .timer)
                }
                extra.append(("target", .plain(t.text, at: location(target))))
                extra.append(("selector", .plain(method, at: location(selector!))))
                if let userInfo, !userInfo.is(NilLiteralExprSyntax.self) {
                    if userInfo.is(DictionaryExprSyntax.self) || userInfo.is(ArrayExprSyntax.self) {
                        unsupported(
                            "a collection as a timer's userInfo",
                            "pass one value, or an object of the file holding the values, and read it back with "
                                + "`timer.userInfo as? T`", at: userInfo)
                        return ([], .timer)
                    }
                    guard let info = expression(userInfo, in: scope) else { return ([], .timer) }
                    extra.append(("userInfo", .plain(info.text, at: location(userInfo))))
                }
            }
        } else {
            unsupported("a Timer without a block or a target", "pass `block:` or `target:` and `selector:`", at: call)
            return ([], .timer)
        }
        return ([.step(verb, place, at: at, extra)], .timer)
    }

    /// A closure passed to an API as the block it takes: `[("captures", …), ("do", …)]` (docs/scenario-format.md
    /// §5). Its captures are its capture list (`[weak self]` → `weak self`) and then the names of the enclosing
    /// body it uses (`strong`, or `__block` for a `var`: Swift closures capture variables, not values).
    /// `parameters` is how many parameters the API passes. `parameterKey` is the key that names the block's first
    /// parameter in the scenario language, and its type (a timer's `block: {timer: t, …}`: the firing timer).
    /// `bound`, when given, is the type of the closure's first parameter, which the body may read: the step names it
    /// (a notification observer's `notification:`). `passed` names, by position, the parameters the block takes
    /// (a run-loop observer's activity, an `int`). Without any of these, the body may not use its parameters.
    mutating func lowerClosure(
        _ closure: ClosureExprSyntax, in scope: Scope, parameters: Int, bound: LoweredType? = nil,
        parameterKey: (key: String, type: LoweredType)? = nil, passed: [Int: LoweredType] = [:],
        bindings: [(String, Local)] = [], returnType: LoweredType? = nil, valueInto: SyncValue? = nil,
        throwContext: ThrowContext? = nil
    ) -> [(String, LocatedNode)]? {
        let at = location(closure)
        var captures: [LocatedNode] = []
        var inner = Scope(kind: .closure, className: scope.className)
        inner.returnType = returnType  // a task's closure that returns its value (SwiftLowering+Continuations.swift)
        inner.throwContext = throwContext  // a throwing group's child (SwiftLowering+ThrowingTaskGroups.swift)
        for item in closure.signature?.capture?.items ?? [] {
            let name = item.name.text
            var strength = "strong"
            if let specifier = item.specifier {
                switch specifier.specifier.text {
                case "weak": strength = "weak"
                case "unowned": strength = specifier.detail?.text == "unsafe" ? "unretained" : "unowned"
                default: break
                }
            }
            let source: (text: String, type: LoweredType)?
            if let value = item.initializer?.value {
                source = expression(value, in: scope)
            } else if let local = scope.locals[name] {
                if local.isBlock {
                    unsupported(
                        "`[\(name)]` of a variable another closure shares",
                        "use the variable without a capture-list entry", at: item)
                    return nil
                }
                source = (local.text(name), local.type)
            } else {
                source = expression(ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(name))), in: scope)
            }
            guard let source else { return nil }
            if let s = structArrayElement(source.type) {
                // `[items]`: a copy of each parallel array (SwiftLowering+StructArrayValues.swift).
                guard source.text == name, strength == "strong" else {
                    refuseStructArrayCapture(name, at: item)  // SwiftLowering+StructArrays.swift
                    return nil
                }
                captures += structArrayCaptures(name, struct: s, into: &inner, at: location(item))
                continue
            }
            if case .value(let s) = source.type {
                // `[config]`: a copy of each stored property (SwiftLowering+Structs.swift).
                guard source.text == name, strength == "strong" else {
                    unsupported("this capture of a struct", "capture it by its own name: `[\(name)]`", at: item)
                    return nil
                }
                captures += structCaptures(name, struct: s, from: scope, into: &inner, at: location(item))
                continue
            }
            let text = source.text == name ? "\(strength) \(name)" : "\(strength) \(source.text) as \(name)"
            captures.append(.plain(text, at: location(item)))
            inner.locals[name] = Local(type: source.type, isVar: false)
            if strength != "strong" { inner.locals[name]?.captureStrength = strength }
        }
        let boundNames = Set(bindings.map(\.0))
        for (name, node) in implicitCaptures(of: closure, in: scope) where !boundNames.contains(name) {
            guard let local = scope.locals[name] else { continue }
            if local.type == Self.keyValueChangeType {
                // A KVO change used in a nested closure: the closure captures the values it was passed.
                inner.locals[name] = local
                for member in ["newValue", "oldValue"] {
                    guard let value = scope.locals["\(name).\(member)"] else { continue }
                    inner.locals["\(name).\(member)"] = value
                    let text = value.text(member)
                    if text != "nil" { captures.append(.plain("strong \(text)", at: location(node))) }
                }
                continue
            }
            if case .result = local.type {
                // A Result used in a nested closure: the closure captures its two parts (SwiftLowering+Result.swift).
                inner.locals[name] = Local(type: local.type, isVar: false)
                for member in ["success", "failure"] {
                    guard let part = scope.locals["\(name).\(member)"] else { continue }
                    inner.locals["\(name).\(member)"] = part
                    if case .value(let s) = part.type {  // a struct success: its properties (+StructResults.swift)
                        for (place, _) in flatFields(of: s, prefix: part.text(member)) {
                            captures.append(.plain("strong \(place)", at: location(node)))
                        }
                        continue
                    }
                    captures.append(.plain("strong \(part.text(member))", at: location(node)))
                }
                continue
            }
            if let s = structArrayElement(local.type) {
                // A `let` array of structs: each parallel array (SwiftLowering+StructArrayValues.swift).
                guard !local.isVar, local.lowered == nil else {
                    refuseStructArrayCapture(name, at: node)  // SwiftLowering+StructArrays.swift
                    return nil
                }
                captures += structArrayCaptures(name, struct: s, into: &inner, at: location(node))
                continue
            }
            if case .value(let s) = local.type {
                // A struct local: each stored property's local (SwiftLowering+Structs.swift).
                captures += structCaptures(name, struct: s, from: scope, into: &inner, at: location(node))
                continue
            }
            let strong =
                local.lowered.map { "strong \($0) as \(name)" } ?? "\(local.captureStrength ?? "strong") \(name)"
            captures.append(.plain(local.isBlock ? "__block \(name)" : strong, at: location(node)))
            inner.locals[name] = local
            inner.locals[name]?.lowered = nil
            inner.locals[name]?.isCurrentRunLoop = false  // the closure may run on another thread
        }
        if inner.locals["self"] == nil { inner.className = nil }
        var parameterNames: [String] = []
        switch closure.signature?.parameterClause {
        case .simpleInput(let list): parameterNames = list.map(\.name.text)
        case .parameterClause(let clause):
            parameterNames = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: break
        }
        if parameterNames.count > parameters {
            unsupported(
                "a closure with \(parameterNames.count) parameters", "this API passes \(parameters)", at: closure)
            return nil
        }
        let used = NameCollector()
        used.walk(closure.statements)
        var result: [(String, LocatedNode)] = []
        var passedNames: Set<String> = boundNames
        for (name, local) in bindings { inner.locals[name] = local }  // a closure value's `params:`
        for (index, name) in parameterNames.enumerated() where name != "_" {
            if let type = passed[index] {
                inner.locals[name] = Local(type: type, isVar: false)
                passedNames.insert(name)
            }
        }
        if let parameterKey, let name = parameterNames.first, name != "_",
            used.referenced.contains(where: { $0.name == name })
        {
            // `{ timer in … timer.invalidate() }`: the language's block parameter (`timer: timer`).
            result.append((parameterKey.key, .plain(name, at: at)))
            inner.locals[name] = Local(type: parameterKey.type, isVar: false)
            parameterNames.removeFirst()
        } else if let bound, let first = parameterNames.first, first != "_" {
            inner.locals[first] = Local(type: bound, isVar: false)
            parameterNames.removeFirst()
        }
        for name in parameterNames
        where name != "_" && !passedNames.contains(name) && used.referenced.contains(where: { $0.name == name }) {
            unsupported(
                "using the closure's parameter `\(name)`",
                "the scenario language's blocks take no parameters: use the property the timer is stored in "
                    + "(`self.timer?.invalidate()`)", at: closure)
            return nil
        }
        inner.capturedVars = capturedNames(in: closure.statements.map(Syntax.init))
        let steps: [LocatedNode]
        if let valueInto {
            // `queue.sync { items.count }` used as a value (SwiftLowering+SyncValues.swift).
            guard let stored = storeClosureValue(closure, into: valueInto, in: &inner) else { return nil }
            steps = stored
            captures.append(.plain("__block \(valueInto.name)", at: at))
        } else {
            steps = lowerStatements(closure.statements, in: &inner, tail: true)
        }
        if !captures.isEmpty { result.append(("captures", .list(captures, at: at))) }
        result.append(("do", .list(steps, at: at)))
        return result
    }
}
