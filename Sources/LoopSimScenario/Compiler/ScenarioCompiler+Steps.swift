import LoopSimKernel

extension ScenarioCompiler {
    /// Extra keys each step accepts beside its verb.
    static let stepKeys: [String: [String]] = [
        "let": [], "set": [], "release": [], "increment": [], "decrement": [], "if": ["then", "else"], "log": [],
        "work": [], "call": [], "invalidate": [], "fire": [], "check": [],
        "scheduledTimer": timerKeys, "timer": timerKeys, "addTimer": ["mode", "to"],
        "run": [], "runUntil": [], "runMode": ["before"], "CFRunLoopRun": [],
        "CFRunLoopRunInMode": ["seconds", "returnAfterSourceHandled"],
        "CFRunLoopStop": [], "CFRunLoopWakeUp": [], "CFRunLoopAddCommonMode": ["to"],
        "CFRunLoopPerformBlock": ["mode", "captures", "do"],
        "addObserver": ["mode", "activities", "repeats", "order", "captures", "do"],
        "addSource": ["to", "mode", "order", "captures", "do"], "signal": [],
        "dispatch_async": ["captures", "do"], "thread": ["captures", "do"],
        "dispatch_after": ["delay", "captures", "do"],
        "dispatch_source_timer": ["queue", "start", "interval", "leeway", "wall", "resume", "captures", "do"],
        "dispatch_resume": [], "dispatch_suspend": [], "dispatch_source_cancel": [],
        "dispatch_semaphore_wait": ["timeout", "result"], "dispatch_semaphore_signal": [],
        "scroll": ["decelerate"], "displayLink": ["target", "selector", "fps"],
        "addObserverForName": ["object", "queue", "token", "captures", "do"],
        "addSelectorObserver": ["selector", "name", "object"], "removeObserver": [], "postNotification": ["object"],
        "beginBackgroundTask": ["expiration"], "endBackgroundTask": [], "sample": ["value"],
        "navigationController": ["root"], "push": ["on", "animated"], "pop": ["toRoot", "animated"], "popToRoot": ["animated"],
        "setRightBarButton": ["customView"], "present": ["from", "animated"], "dismiss": ["animated"],
        "addOperation": ["dependsOnLast", "captures", "do"],
    ]
    static let timerKeys = ["every", "repeats", "mode", "target", "selector", "block", "userInfo", "invocation", "firstFire",
                            "tolerance"]
    /// Verbs that may be written as a bare string step.
    static let bareSteps = ["run", "CFRunLoopRun"]

    func compileSteps(_ node: LocatedNode, scope: Scope) -> [Step] {
        guard let seq = node.sequence else {
            if node.isNull { return [] }
            bag.error(.typeMismatch, "expected a list of steps (each starting with `- `), not \(node.kindName)",
                      at: node.location)
            return []
        }
        return seq.items.flatMap { compileStep($0, scope: scope) }
    }

    private func compileStep(_ node: LocatedNode, scope: Scope) -> [Step] {
        if let s = node.scalar, Self.bareSteps.contains(s.text) {
            return s.text == "run" ? [.run(.run)] : [.run(.cfRun)]
        }
        guard let map = node.mapping, let verbEntry = map.entries.first else {
            bag.error(.stepShape, "a step is a mapping such as `- log: hello` or `- invalidate: self.timer`",
                      at: node.location)
            return []
        }
        let verb = verbEntry.key.text
        guard let extra = Self.stepKeys[verb] else {
            bag.error(.stepUnknown, "unknown step '\(verb)'" + suggestion(verb, Self.stepKeys.keys.sorted()),
                      at: verbEntry.key.location)
            return []
        }
        checkKeys(map, allowed: [verb] + extra, context: "step `\(verb)`", into: &bag)
        let arg = verbEntry.value
        switch verb {
        case "let", "set":
            return assignment(arg, scope: scope, declare: verb == "let").map { [$0] } ?? []
        case "release":
            guard let (lv, _) = lvalue(arg, scope: scope) else { return [] }
            return [.release(lv)]
        case "increment", "decrement":
            guard let (lv, type) = lvalue(arg, scope: scope) else { return [] }
            if type != .int { bag.error(.exprType, "\(verb) needs an int, not \(type)", at: arg.location) }
            return [.add(lv, verb == "increment" ? 1 : -1)]
        case "if":
            guard let (cond, _) = expression(arg, scope: scope) else { return [] }
            let thenSteps = map["then"].map { compileSteps($0, scope: scope) } ?? []
            let elseSteps = map["else"].map { compileSteps($0, scope: scope) } ?? []
            if map["then"] == nil { bag.error(.keyMissing, "`if` needs a then: list", at: verbEntry.key.location) }
            return [.ifThen(cond, then: thenSteps, else: elseSteps)]
        case "log":
            return string(arg, what: "log").map { [.log($0)] } ?? []
        case "check":
            return string(arg, what: "check").map { [.check($0)] } ?? []
        case "work":
            return randomDuration(arg, what: "work", stream: RandomStream.work).map { [.work($0)] } ?? []
        case "call":
            return call(arg, scope: scope).map { [$0] } ?? []
        case "navigationController", "push", "pop", "popToRoot", "setRightBarButton", "present", "dismiss", "addOperation":
            return compileUIKitStep(verb, arg, map, verbEntry.key.location, scope: scope)
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
                bag.error(.keyMissing, "sample: NAME needs value: (an integer expression)", at: verbEntry.key.location)
                return []
            }
            guard let (e, t) = expression(valueNode, scope: scope) else { return [] }
            if t != .int { bag.error(.exprType, "sample values are integers, not \(t)", at: valueNode.location) }
            return [.sample(name: name, value: e)]
        case "addObserverForName", "addSelectorObserver", "removeObserver", "postNotification":
            return compileNotificationStep(verb, arg, map, verbEntry.key.location, scope: scope)
        case "dispatch_after", "dispatch_source_timer", "dispatch_resume", "dispatch_suspend", "dispatch_source_cancel",
             "dispatch_semaphore_wait", "dispatch_semaphore_signal", "scroll", "displayLink":
            return compileGCDOrUIKitStep(verb, arg, map, verbEntry.key.location, scope: scope)
        case "invalidate", "fire":
            guard let (e, t) = expression(arg, scope: scope) else { return [] }
            if t != .timer && t != .anyObject { bag.error(.exprType, "\(verb) needs an NSTimer, not \(t)", at: arg.location) }
            return [verb == "invalidate" ? .invalidate(e) : .fire(e)]
        case "scheduledTimer", "timer":
            return timerStep(map, verb: verb, target: arg, scope: scope)
        case "addTimer":
            guard let (timer, _) = expression(arg, scope: scope) else { return [] }
            let rl = runLoopArgument(map["to"], scope: scope)
            let mode = modeName(map["mode"]) ?? RunLoopModeName.default
            return rl.map { [.addTimer(timer: timer, runLoop: $0, mode: mode)] } ?? []
        default:
            return compileRunLoopOrDispatchStep(verb, arg, map, verbEntry.key.location, scope: scope)
        }
    }

    /// `let: x = expr` / `set: a.b = expr`.
    private func assignment(_ arg: LocatedNode, scope: Scope, declare: Bool) -> Step? {
        guard let scalar = arg.scalar, let eq = scalar.text.firstIndex(of: "=") else {
            bag.error(.stepShape, "write `NAME = EXPRESSION`, e.g. `page = new RegisterPage`", at: arg.location)
            return nil
        }
        let lhsText = String(scalar.text[..<eq])
        let rhsOffset = scalar.text.distance(from: scalar.text.startIndex, to: eq) + 1
        let rhsText = String(scalar.text[scalar.text.index(after: eq)...])
        guard case (var rhs, let rhsType)? = expression(text: rhsText, in: scalar, offset: rhsOffset, scope: scope) else { return nil }
        let lhsName = lhsText.trimmingCharacters
        if case .new(let c, _) = rhs { rhs = .new(classIndex: c, label: String(lhsName.split(separator: ".").last ?? "")) }
        if declare {
            guard lhsName.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !lhsName.isEmpty else {
                bag.error(.stepShape, "`let` declares a plain name; use `set:` to assign a field", at: scalar.location)
                return nil
            }
            let index = scope.declare(lhsName, rhsType)
            return .bind(local: index, rhs)
        }
        guard let (lv, lvType) = lvalue(text: lhsText, in: scalar, offset: 0, scope: scope) else { return nil }
        checkAssignable(rhsType, to: lvType, at: location(in: scalar, offset: rhsOffset))
        return .assign(lv, rhs)
    }

    /// `call: receiver.method`.
    private func call(_ arg: LocatedNode, scope: Scope) -> Step? {
        guard let scalar = arg.scalar, case .success(let parsed) = ExpressionParser.parse(scalar.text),
              case .member(let base, let method, let column) = parsed else {
            bag.error(.stepShape, "write `call: receiver.method`, e.g. `call: page.button.timerAction`", at: arg.location)
            return nil
        }
        guard let (receiver, type) = typed(base, scope: scope, scalar: scalar, offset: 0) else { return nil }
        guard case .object(let receiverClass, _) = type else {
            bag.error(.exprType, "methods are called on instances of scenario classes, not on \(type)", at: arg.location)
            return nil
        }
        let c = methodOwner(receiverClass)
        let className = program.classes[c].name
        guard let m = classMethods[c].firstIndex(of: method) else {
            bag.error(.nameUndefined, "\(className) has no method '\(method)'" + suggestion(method, classMethods[c]),
                      at: location(in: scalar, offset: column))
            return nil
        }
        return .call(receiver: receiver, classIndex: c, method: m)
    }

    /// A run-loop argument: an expression of type CFRunLoop, `current runloop` when absent.
    func runLoopArgument(_ node: LocatedNode?, scope: Scope) -> Expr? {
        guard let node else { return .currentRunLoop }
        guard let (e, t) = expression(node, scope: scope) else { return nil }
        if t != .runLoop { bag.error(.exprType, "expected a run loop (CFRunLoop), got \(t)", at: node.location) }
        return e
    }

    /// A mode name; `default`, `common` and `tracking` are short for CF's names.
    func modeName(_ node: LocatedNode?) -> String? {
        guard let node, let name = string(node, what: "mode") else { return nil }
        guard checkModeSpelling(name, at: node.location) else { return nil }
        return RunLoopModeName.canonical(name)
    }
}

extension String {
    var trimmingCharacters: String { Substring(self).trimmingSpaces }
}
