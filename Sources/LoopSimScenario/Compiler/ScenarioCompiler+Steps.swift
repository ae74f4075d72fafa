import LoopSimKernel

extension ScenarioCompiler {
    /// Every verb a step may start with, in the order of docs/scenario-format.md; the compiler knows no other.
    /// The language's own statements first, then the API verbs, each table beside the compile code of its part;
    /// every API verb compiles to an ``ExecutableStep`` defined beside the kernel part that runs it.
    static let stepVerbs: [StepVerb] =
        languageVerbs + loopVerbs + arrayVerbs + dictionaryVerbs + timerVerbs + runLoopVerbs + performVerbs + gcdVerbs
        + gcdSyncVerbs
        + portVerbs + socketPortVerbs + uikitVerbs + operationVerbs + notificationVerbs + kvoVerbs + appVerbs
        + concurrencyVerbs + continuationVerbs + streamVerbs + lockVerbs + notificationQueueVerbs + workItemVerbs
        + operationControlVerbs
        + throwingTaskGroupVerbs
        + operationQueuePropertyVerbs + trapVerbs + blockValueVerbs
    /// ``stepVerbs`` by name (building it traps on a verb listed twice).
    static let stepVerbsByName = Dictionary(uniqueKeysWithValues: stepVerbs.map { ($0.name, $0) })
    /// The keys of `scheduledTimer:` and `timer:` beside the verb (docs/scenario-format.md §7.3 explains each).
    static let timerKeys = [
        "every", "repeats", "mode", "target", "selector", "block", "userInfo", "invocation", "firstFire",
        "tolerance",
    ]
    /// Verbs that may be written as a bare string step.
    static let bareSteps = ["run", "CFRunLoopRun", "break", "continue", "return"]

    func compileSteps(_ node: LocatedNode, scope: Scope) -> [Step] {
        guard let seq = node.sequence else {
            if node.isNull { return [] }
            bag.error(
                .typeMismatch, "expected a list of steps (each starting with `- `), not \(node.kindName)",
                at: node.location)
            return []
        }
        var steps: [Step] = []
        for item in seq.items {
            // The fields of `shared C` this step reads (not its nested lists', which their own steps read).
            let outer = sharedFieldReads
            sharedFieldReads = []
            let compiled = compileStep(item, scope: scope)
            let reads = sharedFieldReads
            sharedFieldReads = outer
            // Each statement's site goes before it (docs/kernel.md, "Sites"); none before a statement that
            // compiled to nothing, so a list of no steps stays empty.
            if !compiled.isEmpty { steps.append(.site(site(of: item))) }
            // `shared C`'s instance is made, and its `init:` run, before a step reads its fields.
            steps += reads.map { .perform(EnsureSharedStep.make(classIndex: $0)) }
            steps += compiled
        }
        return steps
    }

    /// The ``Program/sites`` index of where `node` was written, adding it to the table the first time.
    func site(of node: LocatedNode) -> Int32 {
        let l = node.location
        let site = SourceSite(file: l.file, line: l.line, column: l.column)
        if let index = siteIndex[site] { return index }
        let index = Int32(program.sites.count)
        program.sites.append(site)
        siteIndex[site] = index
        return index
    }

    private func compileStep(_ node: LocatedNode, scope: Scope) -> [Step] {
        if let s = node.scalar, let control = LoopControl(rawValue: s.text) {
            return loopControl(control, scope: scope, at: node.location)
        }
        if let s = node.scalar, s.text == "return" {
            return returnStep(nil, scope: scope, at: node.location)
        }
        if let s = node.scalar, Self.bareSteps.contains(s.text) {
            return [.perform(RunStep.make(call: s.text == "run" ? .run : .cfRun))]
        }
        guard let map = node.mapping, let verbEntry = map.entries.first else {
            if let s = node.scalar,
                let hint = Self.foreignStepHint(s.text.hasSuffix(";") ? String(s.text.dropLast()) : s.text)
            {
                bag.error(.stepForeign, hint, at: node.location)
                return []
            }
            bag.error(
                .stepShape, "a step is a mapping such as `- log: hello` or `- invalidate: self.timer`",
                at: node.location)
            return []
        }
        let verb = verbEntry.key.text
        guard let entry = verbs[verb] else {
            if let hint = Self.foreignStepHint(verb) {
                bag.error(.stepForeign, hint, at: verbEntry.key.location)
                return []
            }
            bag.error(
                .stepUnknown, "unknown step '\(verb)'" + suggestion(verb, verbs.keys.sorted()),
                at: verbEntry.key.location)
            return []
        }
        // Most steps use only keys the verb takes: nothing to report, so no list of keys or message context to make
        // (about 29 M of the 138 M instructions of compiling the 10k-timer storm file, BENCHMARKS.md "Start-up").
        let onlyKnownKeys = map.entries.dropFirst().allSatisfy { e in
            e.key.text == verb || entry.keys.contains(e.key.text)
        }
        if onlyKnownKeys {
            return entry.compile(
                self, StepSite(verb: verb, arg: verbEntry.value, map: map, at: verbEntry.key.location, scope: scope))
        }
        let allowed = [verb] + entry.keys
        // Another language's parameter label (`token:` on `dispatch_once`) gets its hint and stops the step there:
        // compiling it without the key would only add errors that follow from the one mistake.
        var checked = map
        checked.entries.removeAll { e in
            guard !allowed.contains(e.key.text),
                let hint = Self.foreignKeyHint(verb: verb, key: e.key.text, allowed: allowed)
            else { return false }
            bag.error(.stepForeign, hint, at: e.key.location)
            return true
        }
        checkKeys(checked, allowed: allowed, context: "step `\(verb)`", into: &bag)
        if checked.entries.count < map.entries.count { return [] }
        return entry.compile(
            self,
            StepSite(
                verb: verb, arg: verbEntry.value, map: map, at: verbEntry.key.location,
                scope: scope))
    }

    /// The scenario language's own statements (docs/scenario-format.md §7.1–§7.2, §7.7): locals and fields,
    /// releases, counters, `if`, method calls, markers, snapshots and `work:`. They are ``Step`` cases, run by the
    /// interpreter itself.
    static let languageVerbs: [StepVerb] = [
        StepVerb("let") { c, s in
            if let scalar = s.arg.scalar, scalar.text.hasPrefix(ScenarioCompiler.byrefKeyword + " ") {
                return c.byrefDeclaration(scalar, scope: s.scope)
            }
            return c.assignment(s.arg, scope: s.scope, declare: true).map { [$0] } ?? []
        },
        StepVerb("set") { c, s in c.assignment(s.arg, scope: s.scope, declare: false).map { [$0] } ?? [] },
        StepVerb("release") { c, s in
            guard let (lv, type) = c.lvalue(s.arg, scope: s.scope) else { return [] }
            if case .array = type {
                // An array is never nil (§7.1.1): emptying it is what releases its elements.
                c.bag.error(
                    .exprType, "an array is never nil: write `removeAll: \(s.arg.scalar?.text ?? "")`",
                    at: s.arg.location)
                return []
            }
            return [.release(lv)]
        },
        StepVerb("retain") { c, s in
            c.expression(s.arg, scope: s.scope).map { [.perform(RetainStep.make(object: $0.0))] } ?? []
        },
        StepVerb("increment") { c, s in c.addStep(s, 1) },
        StepVerb("decrement") { c, s in c.addStep(s, -1) },
        StepVerb("if", keys: ["then", "else"]) { c, s in
            guard let (cond, _) = c.expression(s.arg, scope: s.scope) else { return [] }
            let thenSteps = s.map["then"].map { c.compileSteps($0, scope: s.scope) } ?? []
            let elseSteps = s.map["else"].map { c.compileSteps($0, scope: s.scope) } ?? []
            if s.map["then"] == nil { c.bag.error(.keyMissing, "`if` needs a then: list", at: s.at) }
            return [.ifThen(cond, then: thenSteps, else: elseSteps)]
        },
        StepVerb("call", keys: ["with", "result"]) { c, s in
            c.call(s.arg, with: s.map["with"], result: s.map["result"], scope: s.scope).map { [$0] } ?? []
        },
        StepVerb("return") { c, s in c.returnStep(s.arg.isNull ? nil : s.arg, scope: s.scope, at: s.at) },
        StepVerb("log") { c, s in c.logStep(s.arg, scope: s.scope) },
        StepVerb("check") { c, s in c.string(s.arg, what: "check").map { [.check($0)] } ?? [] },
        StepVerb("work") { c, s in
            c.randomDuration(s.arg, what: "work", stream: RandomStream.work, scope: s.scope).map { [.work($0)] } ?? []
        },
    ]

    /// `increment:` and `decrement:` on an integer place.
    private func addStep(_ s: StepSite, _ delta: Int) -> [Step] {
        guard let (lv, type) = lvalue(s.arg, scope: s.scope) else { return [] }
        if type != .int { bag.error(.exprType, "\(s.verb) needs an int, not \(type)", at: s.arg.location) }
        return [.add(lv, delta)]
    }

    /// `let: x = expr` / `set: a.b = expr`.
    private func assignment(_ arg: LocatedNode, scope: Scope, declare: Bool) -> Step? {
        if let scalar = arg.scalar, let hint = Self.incrementHint(scalar.text) {
            bag.error(.stepForeign, hint, at: arg.location)
            return nil
        }
        guard let scalar = arg.scalar, let eq = scalar.text.firstIndex(of: "=") else {
            bag.error(.stepShape, "write `NAME = EXPRESSION`, e.g. `page = new RegisterPage`", at: arg.location)
            return nil
        }
        let lhsText = String(scalar.text[..<eq])
        let rhsOffset = scalar.text.distance(from: scalar.text.startIndex, to: eq) + 1
        let rhsText = String(scalar.text[scalar.text.index(after: eq)...])
        guard case (var rhs, let rhsType)? = expression(text: rhsText, in: scalar, offset: rhsOffset, scope: scope)
        else { return nil }
        let lhsName = lhsText.trimmingCharacters
        if case .new(let c, _) = rhs {
            rhs = .new(classIndex: c, label: String(lhsName.split(separator: ".").last ?? ""))
        }
        if declare, let colon = lhsName.firstIndex(of: ":") {
            // `let: log: [string] = []`: a local of a declared type (an empty array's element type is its own).
            let name = String(lhsName[..<colon]).trimmingCharacters
            let typeText = String(lhsName[lhsName.index(after: colon)...]).trimmingCharacters
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                bag.error(
                    .stepShape, "write `let: NAME: TYPE = EXPRESSION`, e.g. `log: [string] = []`", at: scalar.location)
                return nil
            }
            guard let type = typeNamed(typeText) else {
                bag.error(
                    .nameUndefined, "unknown type '\(typeText)'" + suggestion(typeText, Self.builtinTypes),
                    at: scalar.location)
                return nil
            }
            checkAssignable(rhsType, to: type, at: location(in: scalar, offset: rhsOffset))
            return .bind(local: scope.declare(name, type), rhs)
        }
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

    /// The storage class of a variable that blocks capture by reference (section 5 of docs/scenario-format.md).
    static let byrefKeyword = "__block"

    /// `let: __block NAME = EXPR`: a `__block` variable. Its storage is made, bound to the local NAME, and EXPR is
    /// stored into it; from then on NAME reads and writes the storage's slot, here and in every block that captures
    /// it as `__block NAME`. A variable declared `nil` has type `id` (`__block id x = nil;`), so that the object a
    /// later step makes can be stored into it; `__block NAME: TYPE = nil` declares its type (`__block NSString *x =
    /// nil;`, Swift's `var result: String?` that a closure sets).
    func byrefDeclaration(_ scalar: LocatedNode.Scalar, scope: Scope) -> [Step] {
        let offset = Self.byrefKeyword.count + 1
        let text = String(scalar.text.dropFirst(offset))
        guard let eq = text.firstIndex(of: "=") else {
            bag.error(.stepShape, "write `__block NAME = EXPRESSION`, e.g. `__block timer = nil`", at: scalar.location)
            return []
        }
        var name = String(text[..<eq]).trimmingCharacters
        var declared: TypeRef?
        if let colon = name.firstIndex(of: ":") {
            let typeText = String(name[name.index(after: colon)...]).trimmingCharacters
            name = String(name[..<colon]).trimmingCharacters
            guard let type = typeNamed(typeText) else {
                bag.error(
                    .nameUndefined, "unknown type '\(typeText)'" + suggestion(typeText, Self.builtinTypes),
                    at: location(in: scalar, offset: offset))
                return []
            }
            declared = type
        }
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), name != "self" else {
            bag.error(
                .stepShape, "`let: __block` declares a plain name, e.g. `__block timer = nil`",
                at: location(in: scalar, offset: offset))
            return []
        }
        let rhsOffset = offset + text.distance(from: text.startIndex, to: eq) + 1
        guard
            case (var rhs, let rhsType)? = expression(
                text: String(text[text.index(after: eq)...]), in: scalar,
                offset: rhsOffset, scope: scope)
        else { return [] }
        if case .new(let c, _) = rhs { rhs = .new(classIndex: c, label: name) }
        if let declared { checkAssignable(rhsType, to: declared, at: location(in: scalar, offset: rhsOffset)) }
        let index = scope.declare(name, declared ?? (rhsType == .null ? .anyObject : rhsType), byref: true)
        return [
            .perform(MakeByrefStep(name: name, into: .local(index))),
            .assign(.field(.path(.local(index), []), Self.byrefSlot), rhs),
        ]
    }

    /// `call: receiver.method`.
    private func call(
        _ arg: LocatedNode, with argumentsNode: LocatedNode?, result resultNode: LocatedNode?, scope: Scope
    ) -> Step? {
        guard let scalar = arg.scalar, case .success(let parsed) = ExpressionParser.parse(scalar.text),
            case .member(let base, let method, let column) = parsed
        else {
            bag.error(
                .stepShape, "write `call: receiver.method`, e.g. `call: page.button.timerAction`", at: arg.location)
            return nil
        }
        guard let (receiver, type) = typed(base, scope: scope, scalar: scalar, offset: 0) else { return nil }
        let receiverClass: Int
        switch type {
        case .object(let index, _): receiverClass = index
        case .anyObject:
            guard let index = idMethodClass(method, at: location(in: scalar, offset: column)) else { return nil }
            receiverClass = index
        default:
            bag.error(
                .exprType, "methods are called on instances of scenario classes, not on \(type)", at: arg.location)
            return nil
        }
        let c = methodOwner(receiverClass)
        let className = program.classes[c].name
        guard let m = classMethods[c].firstIndex(of: method) else {
            bag.error(
                .nameUndefined, "\(className) has no method '\(method)'" + suggestion(method, classMethods[c]),
                at: location(in: scalar, offset: column))
            return nil
        }
        guard checkSyncCall(c, m, scope: scope, at: location(in: scalar, offset: column)) else { return nil }
        // `with: EXPR` or `with: [EXPR, …]`: one argument per declared parameter, type-checked like a store.
        let parameters = classMethodParams[c][m]
        var argumentNodes: [LocatedNode] = []
        if let argumentsNode { argumentNodes = argumentsNode.sequence?.items ?? [argumentsNode] }
        guard argumentNodes.count == parameters.count else {
            bag.error(
                .typeMismatch,
                "\(className).\(method) takes \(parameters.count) argument(s)"
                    + (parameters.isEmpty ? "" : " (\(parameters.map(\.name).joined(separator: ", ")))")
                    + ", not \(argumentNodes.count): pass them with `with:`",
                at: argumentsNode?.location ?? arg.location)
            return nil
        }
        var arguments: [Expr] = []
        for (node, parameter) in zip(argumentNodes, parameters) {
            guard let (e, t) = expression(node, scope: scope).map({ argument($0.0, $0.1, for: parameter.type) })
            else { return nil }
            checkAssignable(t, to: parameter.type, at: node.location)
            arguments.append(e)
        }
        guard let resultNode else { return .call(receiver: receiver, classIndex: c, method: m, arguments: arguments) }
        guard let returnType = classMethodReturns[c][m] else {
            bag.error(
                .returnValue,
                "\(className).\(method) returns nothing: declare its `returns:` type, or drop `result:`",
                at: resultNode.location)
            return nil
        }
        // A new name becomes a local of the returned type; a place takes the value as a store does.
        guard let (place, placeType) = lvalue(resultNode, scope: scope, declare: returnType) else { return nil }
        checkAssignable(returnType, to: placeType, at: resultNode.location)
        return .call(receiver: receiver, classIndex: c, method: m, arguments: arguments, result: place)
    }

    /// `return: EXPR` in a method with `returns:`, or a bare `return` in a method, block, init or dealloc that
    /// returns nothing: it ends the body from any depth of `if:` and loops.
    func returnStep(_ valueNode: LocatedNode?, scope: Scope, at: SourceLocation) -> [Step] {
        guard scope.canReturn else {
            bag.error(
                .returnValue,
                "`return` ends a method or a block; the app's code (main:, user actions) has none to end: put the "
                    + "steps that follow under the `else:` of an `if:`", at: at)
            return []
        }
        guard let valueNode else {
            if let type = scope.returnType {
                bag.error(.returnValue, "this method returns \(type) (returns:): write `return: EXPRESSION`", at: at)
                return []
            }
            return [.returnValue(nil)]
        }
        guard let type = scope.returnType else {
            bag.error(
                .returnValue,
                "this body returns nothing: declare the method's `returns:` type, or write a bare `- return`",
                at: valueNode.location)
            return []
        }
        if case .record(let parts) = type { return recordReturn(valueNode, parts: parts, scope: scope) }
        guard let (value, valueType) = expression(valueNode, scope: scope) else { return [] }
        checkAssignable(valueType, to: type, at: valueNode.location)
        return [.returnValue(value)]
    }

    /// `return: [a, b]` in a method declared `returns: (string, int)`: one element per part, each of its type,
    /// returned as one array value (``TypeRef/record(_:)``); or a value of that type (`return: r`).
    private func recordReturn(_ valueNode: LocatedNode, parts: [TypeRef], scope: Scope) -> [Step] {
        guard let scalar = valueNode.scalar,
            case .success(.arrayLiteral(let items, _)) = ExpressionParser.parse(scalar.text)
        else {
            guard let (value, valueType) = expression(valueNode, scope: scope) else { return [] }
            checkAssignable(valueType, to: .record(parts), at: valueNode.location)
            return [.returnValue(value)]
        }
        guard items.count == parts.count else {
            bag.error(
                .returnValue,
                "this method returns \(TypeRef.record(parts)): write `return: [a, b]`, one value per part",
                at: valueNode.location)
            return []
        }
        var elements: [Expr] = []
        for (item, part) in zip(items, parts) {
            guard let (element, type) = typed(item, scope: scope, scalar: scalar, offset: 0) else { return [] }
            checkAssignable(type, to: part, at: valueNode.location)
            elements.append(element)
        }
        return [.returnValue(.arrayLiteral(elements))]
    }

    /// An argument as its parameter takes it: an integer literal passed to a `duration` parameter is that many
    /// seconds, as Swift types a literal passed as a `TimeInterval` (`Poller(interval: 2)`).
    func argument(_ e: Expr, _ t: TypeRef, for parameter: TypeRef) -> (Expr, TypeRef) {
        guard parameter == .duration, t == .int, case .literal(.int(let n)) = e else { return (e, t) }
        let (ns, overflow) = Int64(n).multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? (e, t) : (.literal(.duration(.nanoseconds(ns))), .duration)
    }

    /// `call: self.delegate.tick` on an `id`: the message goes to the method of that name in the class of the
    /// object the receiver holds when it runs (the kernel's dispatch, docs/scenario-format.md §7.1). The compiler
    /// checks it against the first class that declares it, and requires every class that declares it to take the
    /// same parameters, so that one `with:` fits whichever runs. Nil after an error.
    private func idMethodClass(_ method: String, at location: SourceLocation) -> Int? {
        let declaring = program.classes.indices.filter { classMethods[$0].contains(method) }
        guard let first = declaring.first else {
            let every = Set(classMethods.flatMap { $0 }).sorted()
            bag.error(
                .nameUndefined, "no class has a method '\(method)' for an id to receive" + suggestion(method, every),
                at: location)
            return nil
        }
        let signature = { (c: Int) in
            self.classMethodParams[c][self.classMethods[c].firstIndex(of: method)!].map { "\($0.type)" }
        }
        for other in declaring.dropFirst() where signature(other) != signature(first) {
            bag.error(
                .typeMismatch,
                "'\(method)' takes different parameters in \(program.classes[first].name) and "
                    + "\(program.classes[other].name); a message to an id needs one signature: give both the same",
                at: location)
            return nil
        }
        return first
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
