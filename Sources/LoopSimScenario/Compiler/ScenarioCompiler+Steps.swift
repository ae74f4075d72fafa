import LoopSimKernel

extension ScenarioCompiler {
    /// Every verb a step may start with, in the order of docs/scenario-format.md; the compiler knows no other.
    /// The verbs of a family compile method first, then the tables of verbs that each compile to an
    /// ``ExecutableStep``, beside the compile code of their part.
    static let stepVerbs: [StepVerb] = [
        // Values and control flow, objects, time.
        StepVerb("let", .values), StepVerb("set", .values), StepVerb("release", .values),
        StepVerb("increment", .values), StepVerb("decrement", .values), StepVerb("if", .values, keys: ["then", "else"]),
        StepVerb("call", .values), StepVerb("log", .values), StepVerb("check", .values), StepVerb("work", .values),
        // Timers.
        StepVerb("scheduledTimer", .timers, keys: timerKeys), StepVerb("timer", .timers, keys: timerKeys),
        StepVerb("addTimer", .timers, keys: ["mode", "to"]), StepVerb("invalidate", .timers),
        StepVerb("fire", .timers),
        // Running a run loop; observers, sources and performed blocks; queues and threads.
        StepVerb("run", .runLoop), StepVerb("runUntil", .runLoop), StepVerb("runMode", .runLoop, keys: ["before"]),
        StepVerb("CFRunLoopRun", .runLoop),
        StepVerb("CFRunLoopRunInMode", .runLoop, keys: ["seconds", "returnAfterSourceHandled"]),
        StepVerb("CFRunLoopStop", .runLoop), StepVerb("CFRunLoopWakeUp", .runLoop),
        StepVerb("CFRunLoopAddCommonMode", .runLoop, keys: ["to"]),
        StepVerb("addObserver", .runLoop, keys: ["mode", "activities", "repeats", "order", "captures", "do"]),
        StepVerb("addSource", .runLoop, keys: ["to", "mode", "order", "captures", "do"]), StepVerb("signal", .runLoop),
        StepVerb("CFRunLoopPerformBlock", .runLoop, keys: ["mode", "captures", "do"]),
        StepVerb("dispatch_async", .runLoop, keys: ["captures", "do"]),
        StepVerb("thread", .runLoop, keys: ["captures", "do"]),
    ] + gcdVerbs + uikitVerbs + notificationVerbs + appVerbs
    /// ``stepVerbs`` by name (building it traps on a verb listed twice).
    static let stepVerbsByName = Dictionary(uniqueKeysWithValues: stepVerbs.map { ($0.name, $0) })
    /// The keys of `scheduledTimer:` and `timer:` beside the verb (docs/scenario-format.md §7.3 explains each).
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
        guard let entry = verbs[verb] else {
            bag.error(.stepUnknown, "unknown step '\(verb)'" + suggestion(verb, verbs.keys.sorted()),
                      at: verbEntry.key.location)
            return []
        }
        checkKeys(map, allowed: [verb] + entry.keys, context: "step `\(verb)`", into: &bag)
        return entry.compile(self, StepSite(verb: verb, arg: verbEntry.value, map: map, at: verbEntry.key.location,
                                             scope: scope))
    }

    /// Stops on a verb whose ``stepVerbs`` entry names a family that has no case for it: a compiler bug.
    func missingCase(_ verb: String, _ family: StepVerb.Family) -> Never {
        preconditionFailure("step verb '\(verb)' is listed as .\(family) in ScenarioCompiler.stepVerbs, but that family's "
            + "compile method has no case for it")
    }

    /// Locals, fields, control flow, markers, `work:` and method calls.
    func compileValueStep(_ site: StepSite) -> [Step] {
        let (verb, arg, map, at, scope) = (site.verb, site.arg, site.map, site.at, site.scope)
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
            if map["then"] == nil { bag.error(.keyMissing, "`if` needs a then: list", at: at) }
            return [.ifThen(cond, then: thenSteps, else: elseSteps)]
        case "log":
            return string(arg, what: "log").map { [.log($0)] } ?? []
        case "check":
            return string(arg, what: "check").map { [.check($0)] } ?? []
        case "work":
            return randomDuration(arg, what: "work", stream: RandomStream.work).map { [.work($0)] } ?? []
        case "call":
            return call(arg, scope: scope).map { [$0] } ?? []
        default:
            missingCase(verb, .values)
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
