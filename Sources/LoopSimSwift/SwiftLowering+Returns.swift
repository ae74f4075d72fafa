import LoopSimScenario
import SwiftSyntax

/// Methods that return values (docs/swift-scenarios.md, "Computed properties and returned values"): a method with a
/// return type is a method of the lowered class with `returns:`, each `return e` is `return: e`, and a call of it
/// whose value is used is a `call:` with `result:`. The scenario language's expressions have no calls, so a call
/// inside an expression is hoisted: its `call:` runs just before the statement, into a local named after the
/// call's place (`loadSync_12_9`), and the expression reads that local. Swift evaluates a statement's calls in
/// the order written before the statement acts, so this is its order wherever the call is evaluated each time the
/// statement runs; where it may not be (right of `&&`, `||`, `??`, in `?:`, a condition after the first), the
/// call is refused and the engineer binds it to a local first.
extension SwiftLowering {
    /// The calls hoisted out of the statement being lowered (``lowerStatements(_:in:tail:)`` opens one per statement).
    struct Hoisting {
        /// Whether a statement is being lowered, so a hoisted call has a place to go.
        var isOpen = false
        /// The `call:` steps, in evaluation order.
        var steps: [LocatedNode] = []
        /// The `release:` steps of the objects hoisted calls returned, run when the statement ends (ARC releases an
        /// unused +1 result at the end of its full expression).
        var releases: [LocatedNode] = []
        /// Each hoisted call's local, by the call's syntax node (a node lowered twice is called once).
        var temporaries: [SyntaxIdentifier: (String, LoweredType)] = [:]
        /// The statement being lowered: where a call is checked to be evaluated each time it runs.
        var root: Syntax?
        /// Inside a `do` body, where each `try`'s check ends in ``steps`` and the flag it sets: what follows it
        /// runs only when the flag is nil (SwiftLowering+Throws.swift).
        var throwChecks: [(index: Int, flag: String, at: ScenarioLocation)] = []
    }

    /// The return type `decl` declares, nil for none (`-> Void`, `-> ()`).
    func declaredReturnType(_ decl: FunctionDeclSyntax) -> TypeSyntax? {
        guard let returns = decl.signature.returnClause,
            !["Void", "()"].contains(returns.type.trimmedDescription)
        else { return nil }
        return returns.type
    }

    /// Whether a method may return a value of `type`: an `Int`, `Bool`, `String`, an enum of the file, or an object
    /// the language follows (a class of the file, a timer, a thread, a semaphore or a group), optional or not. A
    /// `Double`, a date or a run loop has no value of the language a store could take as Swift's.
    static func isReturnable(_ type: LoweredType) -> Bool {
        switch type {
        case .int, .bool, .string, .enumeration, .object, .timer, .thread, .semaphore, .group, .data: true
        // `-> DispatchWorkItem`: the kernel's work item is an object, returned +1 as a class instance is
        // (docs/swift-scenarios.md, "Work items returned")
        case .api("DispatchWorkItem"): true
        // `-> Operation`, `-> BlockOperation`: the kernel's operation is an object too, returned +1 the same way
        // (docs/swift-scenarios.md, "Operations returned")
        case .api("Operation"), .api("BlockOperation"): true
        case .api: streamElement(of: type) != nil  // `-> AsyncStream<Int>` (SwiftLowering+ThrowingStreams.swift)
        // `-> [String]`, `-> [Int]`: an array of values holds no object, so returning it hands over no reference
        // (docs/swift-scenarios.md, "Arrays"); an array of objects or structs stays refused.
        case .array(let element): [.int, .bool, .string].contains(element)
        default: false
        }
    }

    /// The scenario class, receiver text and method of a call of a method that returns a value (one lowered with
    /// `returns:`): `f()` on `self`, `x.f()`, `a.b.f()`, `x?.f()`. Nil when `call` is no such call.
    mutating func returningCallee(_ call: FunctionCallExprSyntax, in scope: Scope) -> (
        receiver: String, className: String, method: String, type: LoweredType
    )?? {
        if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = callee.baseName.text
            guard let cls = scope.className, let type = classes[cls]?.returns[name], scope.locals[name] == nil,
                scope.locals["self"] != nil
            else {
                // `let n = next()` of a top-level function (SwiftLowering+Globals.swift)
                guard let g = globalCallee(name, in: scope), let type = classes[g]?.returns[name] else { return nil }
                return .some(("shared \(g)", g, name, type))
            }
            return .some((scope.locals["self"]?.text("self") ?? "self", cls, name, type))
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else {
            return nil
        }
        let name = member.declName.baseName.text
        if let method = frameworkStaticCallee(base, name, in: scope) {  // `Timer.helper(…)`: +FrameworkStatics.swift
            guard let type = classes[globalsClass]?.returns[method] else { return nil }
            return .some(("shared \(globalsClass)", globalsClass, method, type))
        }
        guard classes.values.contains(where: { $0.returns[name] != nil }) else { return nil }
        if let reference = base.as(DeclReferenceExprSyntax.self), classes[reference.baseName.text] != nil,
            typeObjectClass(named: reference.baseName.text, in: scope, at: Syntax(reference)).flatMap({
                classes[$0]?.returns[name]
            }) == nil
        {
            unsupported(
                "a `static func` that returns a value", "make it an instance method of an object the code holds",
                at: call)
            return .some(nil)
        }
        guard let receiver = expression(base, in: scope) else { return .some(nil) }
        guard case .object(let cls) = receiver.type, let type = classes[cls]?.returns[name] else { return nil }
        return .some((receiver.text, cls, name, type))
    }

    /// The `call:` step of a returning call whose value goes into `place` (a new local or an existing place), its
    /// arguments' own hoisted calls first. Nil when `call` is no call of a method that returns a value.
    mutating func returningCallSteps(_ call: FunctionCallExprSyntax, place: String, in scope: Scope) -> (
        steps: [LocatedNode], type: LoweredType
    )? {
        let before = hoisting.steps.count
        var probe = self
        if case .value(let s)?? = probe.returningCallee(call, in: scope).map({ $0?.type }), structs[s] != nil {
            return nil  // a struct: a value read as an expression (``hoistedCall(_:in:)``)
        }
        if let type = probe.returningCallee(call, in: scope)??.type, structArrayElement(type.unwrapped) != nil {
            return nil  // an array of structs: its parallel arrays, read as an expression (+StructArrayReturns.swift)
        }
        guard let found = returningCallee(call, in: scope) else { return nil }
        guard let (receiver, cls, method, type) = found,
            let step = callStep(call, receiver: receiver, className: cls, method: method, place: place, in: scope)
        else { return ([], .unknown) }
        let first = Array(hoisting.steps[min(before, hoisting.steps.count)...])
        hoisting.steps.removeSubrange(min(before, hoisting.steps.count)...)
        return (first + [step], type)
    }

    /// `call: RECEIVER.METHOD` with `with:` the arguments lowered in order and `result: PLACE`.
    private mutating func callStep(
        _ call: FunctionCallExprSyntax, receiver: String, className: String, method: String, place: String?,
        in scope: Scope
    ) -> LocatedNode? {
        let at = location(call)
        // The arguments as a call's (SwiftLowering+Calls.swift): a struct, a payload enum or a Result argument is one
        // value per part; what a struct made in place needs runs before the statement, its objects released after;
        // a closure written as an argument (`let token = store.observe { … }`) is a temporary block made before
        // and released after, as for a method that returns nothing.
        let types = classes[className]?.methodParameterTypes[method] ?? []
        guard
            let (before, arguments, after) = callArguments(
                call, types: types, callee: "`\(className).\(method)`",
                defaults: classes[className]?.methodParameterDefaults[method], in: scope)
        else { return nil }
        hoisting.steps += before
        hoisting.releases += after
        var extra: [(String, LocatedNode)] = arguments.isEmpty ? [] : [("with", .list(arguments, at: at))]
        if let place { extra.append(("result", .plain(place, at: at))) }
        return .step("call", "\(receiver).\(method)", at: at, extra)
    }

    /// Records a value hoisted before the statement being lowered: `steps`, which store it into `temporary`, run
    /// first; an object is released when the statement ends (ARC's unused +1 result); `node` lowered again reads the
    /// same temporary.
    mutating func hoisted(
        _ steps: [LocatedNode], into temporary: String, type: LoweredType, for node: SyntaxIdentifier,
        at: ScenarioLocation
    ) -> (String, LoweredType) {
        hoisting.steps += steps
        if type.isObject { hoisting.releases.append(.step("release", temporary, at: at)) }
        // A new array of objects (`rows.filter { … }`, `(0..<3).map { Cell(row: $0) }`) is a temporary of its
        // statement: emptied when the statement ends, so what the statement stored it into holds the elements alone.
        if case .array(let element) = type, element.isObject {
            hoisting.releases.append(.step("removeAll", temporary, at: at))
        }
        if case .dictionary(_, let value) = type, value.isObject {  // `tasks.filter { … }` (+DictionaryFilter.swift)
            hoisting.releases.append(.step("removeAll", temporary, at: at))
        }
        hoisting.temporaries[node] = (temporary, type)
        return (temporary, type)
    }

    /// A call of a method that returns a value, used as a value inside an expression: hoisted before the statement
    /// (``Hoisting``), read from its local. Nil when `call` is no such call.
    mutating func hoistedCall(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        if let done = hoisting.temporaries[call.id] { return .some(done) }
        guard let found = returningCallee(call, in: scope) else { return nil }
        guard let (receiver, cls, method, type) = found else { return .some(nil) }
        guard hoisting.isOpen else {
            unsupported(
                "a call of `\(method)(…)`, a method that returns a value, here",
                "call it in a method, a closure or the scenario's code, where statements run", at: call)
            return .some(nil)
        }
        if !computedInProgress.isEmpty {
            unsupported(
                "a computed property or one-expression method that calls `\(method)(…)`, a method that returns a value",
                "write it as a method with a body: `func value() -> T { … return … }`", at: call)
            return .some(nil)
        }
        if let why = notEvaluatedEachTime(call) {
            unsupported(
                "a call of `\(method)(…)`, a method that returns a value, \(why)",
                "Swift may not call it each time the statement runs: call it first into a local (`let v = "
                    + "\(method)(…)`), then use the local", at: call)
            return .some(nil)
        }
        if let root = hoisting.root, let read = stateReadBefore(Syntax(call), root: root, in: scope) {
            unsupported(
                "a call of `\(method)(…)`, a method that returns a value, after `\(read.trimmedDescription)` in the same "
                    + "statement",
                "Swift reads `\(read.trimmedDescription)` before it calls the method, which may change it: "
                    + "call it first into a local (`let v = \(method)(…)`), then write the statement with the local",
                at: call)
            return .some(nil)
        }
        let l = location(call)
        if let s = structArrayElement(type), returnsStructParts(cls, method) {
            // parallel arrays, copied out of the call's value (SwiftLowering+StructArrayReturns.swift)
            if let why = optionalChainedStructArrayCall(call, method: method, struct: s) {
                unsupported(why.what, why.instead, at: call)
                return .some(nil)
            }
            let temporary = Self.temporaryName("\(method)_", at: l)
            guard
                let step = callStep(
                    call, receiver: receiver, className: cls, method: method, place: temporary, in: scope)
            else { return .some(nil) }
            let steps = [step] + structPartsUnpacked(temporary, struct: s, at: l)
            return .some(hoisted(steps, into: temporary, type: type, for: call.id, at: l))
        }
        if case .value(let s) = type, structs[s] != nil, payloadEnums[s] == nil {
            // a struct: copied out of the receiver's hidden fields right after the call (+StructReturns.swift)
            guard let step = callStep(call, receiver: receiver, className: cls, method: method, place: nil, in: scope)
            else { return .some(nil) }
            return .some(hoistedStructCall(call, step: step, receiver: receiver, method: method, struct: s))
        }
        let temporary = Self.temporaryName("\(method)_", at: l)
        guard let step = callStep(call, receiver: receiver, className: cls, method: method, place: temporary, in: scope)
        else {
            return .some(nil)
        }
        return .some(hoisted([step], into: temporary, type: type, for: call.id, at: l))
    }

    /// Why a call with an effect (a timed wait, a dictionary's `removeValue`) cannot be hoisted before its statement
    /// as a temporary, or nil when it can: no statement is being lowered (`here`), Swift may not evaluate it each
    /// time the statement runs, or a read to its left would see the state after it.
    func whyNotHoisted(_ call: some ExprSyntaxProtocol, in scope: Scope) -> String? {
        guard hoisting.isOpen else { return "here" }
        return notEvaluatedEachTime(call)
            ?? hoisting.root.flatMap { root in
                stateReadBefore(Syntax(call), root: root, in: scope).map {
                    "after `\($0.trimmedDescription)` in the same statement"
                }
            }
    }

    /// A read of a property (or of a variable a closure shares) that Swift evaluates before `node` in its statement:
    /// an operand, argument or interpolation to its left. The hoisted call would run before that read, so a call
    /// that changes what it reads would give another value; nil when there is none. Not reads: the place an `=`,
    /// `+=`, … stores into (Swift's `+=` takes it `inout`, so a method changing it is an exclusivity trap in Swift),
    /// a call's receiver (read when the call is made), literals, enum cases, locals, and other hoisted calls (they run
    /// in order).
    func stateReadBefore(_ node: Syntax, root: Syntax, in scope: Scope) -> Syntax? {
        if node.id == root.id { return nil }  // the call is all that is lowered (an operand tested on its own)
        var child = node
        var current = node.parent
        while let parent = current {
            if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == child.id {
                // inside the callee's receiver: nothing of the call is evaluated before it
            } else {
                var isPlace = false
                if let sequence = parent.as(ExprListSyntax.self) {
                    let elements = Array(sequence)
                    if elements.count >= 3,
                        elements[1].is(AssignmentExprSyntax.self)
                            || (elements[1].as(BinaryOperatorExprSyntax.self).map {
                                ["+=", "-=", "*=", "/=", "%="].contains($0.operator.text)
                            } ?? false)
                    {
                        isPlace = true  // elements[0] is the place, not a read before the call
                    }
                }
                for (index, sibling) in parent.children(viewMode: .sourceAccurate).enumerated() {
                    if sibling.id == child.id { break }
                    if isPlace && index == 0 { continue }
                    if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == sibling.id {
                        continue  // the receiver: read when the call is made
                    }
                    if let read = firstStateRead(sibling, in: scope) { return read }
                }
            }
            if parent.id == root.id { break }
            child = parent
            current = parent.parent
        }
        return nil
    }

    /// The first property read in `node` (``stateReadBefore(_:root:in:)``), skipping hoisted calls and closures.
    private func firstStateRead(_ node: Syntax, in scope: Scope) -> Syntax? {
        if node.is(ClosureExprSyntax.self) { return nil }
        if hoisting.temporaries[node.id] != nil { return nil }  // hoisted already (`queue.sync { … }`, an `await`)
        if let call = node.as(FunctionCallExprSyntax.self) {
            let name =
                call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            if let name, classes.values.contains(where: { $0.returns[name] != nil }) { return nil }
        }
        if let member = node.as(MemberAccessExprSyntax.self) {
            guard let base = member.base else { return nil }  // `.fast`: an enum case
            if let call = base.as(FunctionCallExprSyntax.self), returnsStruct(call) {
                return firstStateRead(Syntax(base), in: scope)  // `pick().symbol`: a temporary's (+StructReturns.swift)
            }
            if let type = base.as(DeclReferenceExprSyntax.self)?.baseName.text, type.first?.isUppercase == true,
                scope.locals[type] == nil
            {
                return nil  // `Mode.fast`, `RunLoop.main`: a type's member
            }
            return node
        }
        if let ref = node.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            if let local = scope.locals[name] { return local.isBlock ? node : nil }
            if name.first?.isUppercase == true || name == "self" { return nil }
            if let cls = scope.className, classes[cls]?.fields[name] != nil { return node }  // implicit `self.name`
            return nil
        }
        for c in node.children(viewMode: .sourceAccurate) {
            if let read = firstStateRead(c, in: scope) { return read }
        }
        return nil
    }

    /// Why Swift may not evaluate `node` each time the statement being lowered runs — to the right of `&&`, `||`
    /// or `??`, in a branch of `?:`, in a condition after the first, in a `repeat … while` condition —, so a step
    /// hoisted before the statement would not be Swift's; nil when it always is.
    func notEvaluatedEachTime(_ node: some ExprSyntaxProtocol) -> String? {
        guard let root = hoisting.root else { return nil }
        return conditionallyEvaluated(ExprSyntax(node), root: root) ?? repeatCondition(node, root: root)
    }

    /// "in a `repeat … while` condition" when `call` is in one under `root` (tested after each turn, not once).
    func repeatCondition(_ call: some SyntaxProtocol, root: Syntax) -> String? {
        if call.id == root.id { return nil }
        var child = Syntax(call)
        var current = call.parent
        while let node = current {
            if let r = node.as(RepeatStmtSyntax.self), r.condition.id == child.id {
                return "in a `repeat … while` condition"
            }
            if node.id == root.id { break }
            child = node
            current = node.parent
        }
        return nil
    }

    /// A read of a getter lowered as a method (``ClassShape/getters``), `x.isReady` or a bare `isReady`: a call of
    /// it hoisted as ``hoistedCall(_:in:)`` hoists one. Nil when `name` is no such getter of `cls`.
    mutating func hoistedGetter(_ cls: String, _ name: String, receiver: String, at node: some ExprSyntaxProtocol)
        -> (String, LoweredType)??
    {
        guard classes[cls]?.getters.contains(name) == true, let type = classes[cls]?.returns[name] else { return nil }
        if let done = hoisting.temporaries[node.id] { return .some(done) }
        guard hoisting.isOpen, computedInProgress.isEmpty else {
            unsupported(
                "a read of `\(name)`, a computed property of several statements, here",
                "read it in a method, a closure or the scenario's code, where statements run", at: node)
            return .some(nil)
        }
        if let root = hoisting.root,
            let why = conditionallyEvaluated(ExprSyntax(node), root: root) ?? repeatCondition(node, root: root)
        {
            unsupported(
                "a read of `\(name)`, a computed property of several statements, \(why)",
                "Swift may not run its getter each time the statement runs: read it into a local first", at: node)
            return .some(nil)
        }
        let l = location(node)
        let temporary = Self.temporaryName("\(name)_", at: l)
        let call = LocatedNode.step("call", "\(receiver).\(name)", at: l, [("result", .plain(temporary, at: l))])
        return .some(hoisted([call], into: temporary, type: type, for: node.id, at: l))
    }

    /// The end of a method that returns a value, when its last statement is not a `return`: Swift compiled the file,
    /// so its definite-return analysis proved that end unreachable (a `switch` over every case of an enum, a
    /// `while true` left only by `return`; the Swift book, "Functions" and "Control Flow"), while the language's
    /// simpler rule cannot see it (docs/scenario-format.md §7.1). A `trap:` says so there: the method never ends
    /// without a value, and the compiler's `return.value` check holds.
    func unreachableEnd(of statements: CodeBlockItemListSyntax, at node: some SyntaxProtocol) -> [LocatedNode] {
        if statements.last?.item.is(ReturnStmtSyntax.self) == true { return [] }
        let at = location(node)
        return [
            LocatedNode.step("trap", nil, at: at).replacingArgument(
                trapPrefix(node)
                    + "Fatal error: the end of a method that returns a value, which Swift proves unreachable")
        ]
    }

    /// Opens a statement's hoisting: what ``closeHoisting(_:into:at:)`` needs to restore the enclosing one.
    mutating func openHoisting(root: some SyntaxProtocol) -> Hoisting {
        let saved = hoisting
        hoisting = Hoisting(isOpen: true, root: Syntax(root))
        return saved
    }

    /// Closes a statement's hoisting: its hoisted calls go into `steps` at `mark` (before the statement's own
    /// steps), the releases of their objects after them; the enclosing statement's hoisting is back.
    mutating func closeHoisting(_ saved: Hoisting, into steps: inout [LocatedNode], at mark: Int) {
        let done = hoisting
        hoisting = saved
        guard !done.steps.isEmpty || !done.releases.isEmpty else { return }
        if !done.throwChecks.isEmpty {
            // A `try` inside a `do`: what follows its check runs only when it threw nothing (+Throws.swift).
            let m = min(mark, steps.count)
            var tail = Array(steps[m...]) + done.releases
            var end = done.steps.count
            for check in done.throwChecks.reversed() {
                let segment = Array(done.steps[check.index..<end])
                let guarded = segment + tail
                tail =
                    guarded.isEmpty
                    ? [] : [.step("if", "\(check.flag) == nil", at: check.at, [("then", .list(guarded, at: check.at))])]
                end = check.index
            }
            steps = Array(steps[..<m]) + Array(done.steps[..<end]) + tail
            return
        }
        steps.insert(contentsOf: done.steps, at: min(mark, steps.count))
        steps += done.releases
    }

    /// `return e` in a method that declares a return type: `return: e`, the calls in `e` hoisted before it and the
    /// objects they returned released before the method returns. A call as the whole value is returned from its
    /// local, which the method's return moves out.
    mutating func lowerValueReturn(
        _ ret: some SyntaxProtocol, value: ExprSyntax, type: LoweredType, in scope: inout Scope
    ) -> [LocatedNode] {
        if case .result = type { return resultReturn(ret, value: value, type: type, in: &scope) }  // +ResultValues
        if case .value(let s) = type, structs[s] != nil, payloadEnums[s] == nil {
            return structReturn(ret, value: value, struct: s, in: &scope)  // SwiftLowering+StructReturns.swift
        }
        if let s = structArrayElement(type) {
            return structArrayReturn(ret, value: value, struct: s, in: &scope)  // +StructArrayReturns.swift
        }
        let at = location(ret)
        if let made = streamReturn(ret, value: value, type: type, in: &scope) { return made }  // +ThrowingStreams
        if continuationCall(value) != nil {
            // `return await withCheckedContinuation { … }` (SwiftLowering+Continuations.swift)
            let temporary = Self.temporaryName("resumed", at: at)
            guard let made = continuationSteps(value, place: temporary, type: type, in: scope) else { return [] }
            return made.isEmpty ? [] : made + [.step("return", temporary, at: at)]
        }
        if let made = value.as(FunctionCallExprSyntax.self), emptyArrayConstruction(value) == nil,
            callValueIsStep(made, in: scope)
        {
            // `return Timer.scheduledTimer(…)`, a factory method: the object made into a local the return moves
            // out (named by the method, as an object is labelled by the name it is stored into).
            let method = ret.ancestorOrSelf(mapping: { $0.as(FunctionDeclSyntax.self) })?.name.text ?? "made"
            let temporary = scope.locals[method] == nil ? method : Self.temporaryName(method, at: at)
            let steps = madeSteps(made, into: temporary, in: &scope)
            guard !steps.isEmpty else { return [] }
            return steps + [.step("return", temporary, at: at)]
        }
        if let sequence = value.as(SequenceExprSyntax.self), let split = ternarySplit(Array(sequence.elements)) {
            // `return c ? a : b`: `if: c` with a `return:` in each branch (only the branch Swift takes is evaluated).
            guard let condition = infix(split.condition, in: scope),
                let yes = withEnumContext(type, { $0.infix(split.yes, in: scope) }),
                let no = withEnumContext(type, { $0.infix(split.no, in: scope) })
            else { return [] }
            return afterHoisted([
                .step(
                    "if", condition.text, at: location(split.condition[0]),
                    [
                        ("then", .list([.step("return", yes.text, at: at)], at: at)),
                        ("else", .list([.step("return", no.text, at: at)], at: at)),
                    ])
            ])
        }
        guard let lowered = withEnumContext(type, { $0.expression(value, in: scope) }) else { return [] }
        // the value's own call keeps its object: the return hands it to the caller
        return afterHoisted([.step("return", lowered.text, at: at)], keeping: lowered.text)
    }

    /// `steps` (a return) after the calls hoisted out of its value and the releases of the objects they returned
    /// (but `keeping`'s, which the return hands on); the hoisting is left empty for the statement's own close.
    /// Inside a `do`, a hoisted `try`'s check guards what follows it (``closeHoisting(_:into:at:)``): `return try
    /// once(a)` returns only when `once` threw nothing, else the `catch` runs, as in Swift.
    private mutating func afterHoisted(_ steps: [LocatedNode], keeping: String? = nil) -> [LocatedNode] {
        var saved = hoisting
        saved.steps = []
        saved.releases = []
        saved.throwChecks = []
        var body = hoisting.releases.filter { keeping == nil || $0.scalarArgument != keeping } + steps
        hoisting.releases = []
        closeHoisting(saved, into: &body, at: 0)
        return body
    }
}

extension LocatedNode {
    /// The argument of a one-entry step (`release: x` → `x`), nil for another node.
    var scalarArgument: String? { mapping?.entries.first?.value.scalar?.text }
}
