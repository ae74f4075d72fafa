import LoopSimScenario
import SwiftSyntax

/// Foundation, GCD and CF APIs beyond timers and plain dispatch (docs/swift-scenarios.md, "Foundation, GCD and CF
/// APIs"): the objects they make, the calls on them, and the statements that belong together (a dispatch source
/// made, scheduled, given its handler and resumed; a thread made, named and started), folded into the one step the
/// scenario language has for them.
extension SwiftLowering {
    /// The field type the scenario language spells for an API object of Swift type `name`
    /// (docs/scenario-format.md §4), nil when the lowering does not follow the type.
    static func apiFieldTypeName(_ name: String) -> String? {
        switch name {
        case "DispatchSourceTimer": "dispatch_source"
        case "Port", "NSMachPort": "NSPort"
        case "CFRunLoopObserver": "CFRunLoopObserver"
        case "NSLock", "NSRecursiveLock", "NSCondition", "NSKeyValueObservation", "DispatchWorkItem", "BlockOperation",
            "Operation":
            "id"
        default: nil
        }
    }

    /// The lowered type of the API type `name`, nil when it is not one of this file's.
    func apiType(_ name: String) -> LoweredType? {
        // A run-loop activity and a wait's result are integers in the scenario language (§6).
        if name == "CFRunLoopActivity" || name == "DispatchTimeoutResult" { return .int }
        return Self.apiFieldTypeName(name) == nil ? nil : .api(name)
    }

    // MARK: Statements

    /// A call statement of this file's APIs, nil when `call` is none of them (the caller goes on with the rest of
    /// the subset).
    mutating func foundationStatement(_ call: FunctionCallExprSyntax, in scope: inout Scope) -> [LocatedNode]? {
        let at = location(call)
        if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = callee.baseName.text
            switch name {
            case "usleep":
                // usleep(µs): the thread sleeps, running nothing: `work:` (docs/fidelity.md, "Sleeps").
                guard let n = call.arguments.first?.expression.as(IntegerLiteralExprSyntax.self) else { return nil }
                return [.step("work", n.literal.text.replacingUnderscores() + "us", at: at)]
            case "perform", "performSelector":
                guard scope.locals["self"] != nil else { return nil }
                return performStep(target: "self", call, in: scope)
            case "addObserver", "removeObserver":
                guard scope.locals["self"] != nil,
                    call.arguments.dropFirst().first?.label?.text == "forKeyPath"
                else { return nil }
                return keyPathObserverStep("self", name, call, in: scope)
            case "CFRunLoopPerformBlock": return runLoopPerformBlock(call, in: scope)
            case "CFRunLoopAddObserver", "CFRunLoopRemoveObserver", "CFRunLoopObserverInvalidate":
                return runLoopObserverCall(name, call, in: scope)
            default: return nil
            }
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else {
            return nil
        }
        let name = member.declName.baseName.text
        if let type = base.as(DeclReferenceExprSyntax.self)?.baseName.text, scope.locals[type] == nil,
            type.first?.isUppercase == true, scope.className.flatMap({ classes[$0]?.fields[type] }) == nil
        {
            switch (type, name) {
            case ("Thread", "detachNewThread"):
                guard let closure = trailingOrLabelled(call, "block"),
                    let block = lowerClosure(closure, in: scope, parameters: 0)
                else { return [] }
                return [.step("thread", "thread\(at.line)", at: at, block)]
            case ("NSObject", "cancelPreviousPerformRequests"):
                return cancelPerformRequests(call, in: scope)
            default: return nil
            }
        }
        guard !base.is(SuperExprSyntax.self), Self.apiMethodNames.contains(name) else { return nil }
        if ["perform", "performSelector"].contains(name), let receiver = expression(base, in: scope) {
            guard case .object = receiver.type else { return nil }
            return performStep(target: receiver.text, call, in: scope)
        }
        if let queue = queueName(base, in: scope) { return queueCall(queue, name, call, in: scope) }
        if let ref = base.as(DeclReferenceExprSyntax.self), scope.locals[ref.baseName.text] == nil,
            operationQueues.contains(where: { $0.name == ref.baseName.text })
        {
            return operationQueueCall(ref.baseName.text, name, call, in: scope)
        }
        if base.as(MemberAccessExprSyntax.self)?.trimmedDescription == "OperationQueue.main" {
            return operationQueueCall("main", name, call, in: scope)
        }
        if name == "add", call.arguments.count == 2, call.arguments.last?.label?.text == "forMode",
            let first = call.arguments.first, first.label == nil, isPortValue(first.expression, in: scope)
        {
            return addPortSteps(base, first.expression, call, in: &scope)
        }
        // A framework value (`NotificationCenter.default`, `UIApplication.shared`) is another part's to lower.
        if let root = rootName(base), root.first?.isUppercase == true, scope.locals[root] == nil,
            scope.className.flatMap({ classes[$0]?.fields[root] }) == nil
        {
            return nil
        }
        guard let receiver = expression(base, in: scope) else { return [] }
        switch receiver.type {
        case .object where ["addObserver", "removeObserver"].contains(name):
            return keyPathObserverStep(receiver.text, name, call, in: scope)
        case .timer where name == "add":
            // `link.add(to: .main, forMode: .common)`: a display link joins a run loop's mode, as `addTimer:` does.
            let arguments = Array(call.arguments)
            guard arguments.count == 2, arguments[0].label?.text == "to", arguments[1].label?.text == "forMode",
                let loop = runLoopArgument(arguments[0].expression, in: scope),
                let mode = singleMode(arguments[1].expression)
            else { return unknownFoundationCall(call) }
            return [.step("addTimer", receiver.text, at: at, [("to", .plain(loop, at: at)), ("mode", mode)])]
        case .timer where name == "isPaused":
            return nil
        case .group where name == "notify":
            guard let (queue, block) = queueAndBlock(call, in: scope) else { return [] }
            return [.step("dispatch_group_notify", receiver.text, at: at, [("queue", .plain(queue, at: at))] + block)]
        case .api(let type):
            return apiMethod(type, receiver.text, name, call, in: &scope)
        default: return nil
        }
    }

    /// The method names ``foundationStatement(_:in:)`` looks at on a receiver (any other goes on to the subset).
    static let apiMethodNames: Set<String> = [
        "perform", "performSelector", "async", "addObserver", "removeObserver", "notify", "resume", "suspend",
        "cancel", "schedule", "setEventHandler", "lock", "unlock", "wait", "signal", "broadcast", "withLock",
        "invalidate", "add", "addOperation", "addOperations", "cancelAllOperations",
        "waitUntilAllOperationsAreFinished", "addDependency", "waitUntilFinished",
    ]

    /// The name an expression's chain of members starts from (`a` of `a?.b.c`).
    private func rootName(_ e: ExprSyntax) -> String? {
        if let ref = e.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base { return rootName(base) }
        if let chain = e.as(OptionalChainingExprSyntax.self) { return rootName(chain.expression) }
        if let call = e.as(FunctionCallExprSyntax.self) { return rootName(call.calledExpression) }
        return nil
    }

    /// A method of an API object: a dispatch source's `resume`/`suspend`/`cancel`, a lock's `lock`/`unlock`/`try`/
    /// `withLock`, a condition's `wait`/`signal`/`broadcast`, a work item's `perform`/`cancel`/`wait`/`notify`, an
    /// observation's `invalidate`.
    private mutating func apiMethod(
        _ type: String, _ receiver: String, _ name: String, _ call: FunctionCallExprSyntax, in scope: inout Scope
    ) -> [LocatedNode] {
        let at = location(call)
        let bare = call.arguments.isEmpty && call.trailingClosure == nil
        switch (type, name) {
        case ("DispatchSourceTimer", "resume") where bare: return [.step("dispatch_resume", receiver, at: at)]
        case ("DispatchSourceTimer", "suspend") where bare: return [.step("dispatch_suspend", receiver, at: at)]
        case ("DispatchSourceTimer", "cancel") where bare: return [.step("dispatch_source_cancel", receiver, at: at)]
        case ("DispatchSourceTimer", "schedule"), ("DispatchSourceTimer", "setEventHandler"):
            unsupported(
                "`\(name)` apart from the source's creation",
                "schedule the source and set its handler in the statements right after "
                    + "`DispatchSource.makeTimerSource(queue:)`, before `resume()`", at: call)
            return []
        case ("NSLock", "lock") where bare, ("NSRecursiveLock", "lock") where bare,
            ("NSCondition", "lock") where bare:
            return [.step("lock", receiver, at: at)]
        case ("NSLock", "unlock") where bare, ("NSRecursiveLock", "unlock") where bare,
            ("NSCondition", "unlock") where bare:
            return [.step("unlock", receiver, at: at)]
        case ("NSCondition", "wait") where bare: return [.step("waitCondition", receiver, at: at)]
        case ("NSCondition", "signal") where bare: return [.step("signalCondition", receiver, at: at)]
        case ("NSCondition", "broadcast") where bare: return [.step("broadcastCondition", receiver, at: at)]
        case ("NSLock", "withLock"), ("NSRecursiveLock", "withLock"), ("NSCondition", "withLock"):
            // NSLocking.withLock: lock(); defer { unlock() }; return try body() — the body runs in place, its
            // names the enclosing body's (swift-corelibs-foundation NSLock.swift).
            guard let closure = trailingOrLabelled(call, "body") else { return unknownFoundationCall(call) }
            if closure.signature != nil {
                unsupported(
                    "a `withLock` closure with a signature", "write the body only: `lock.withLock { … }`",
                    at: closure)
                return []
            }
            var body = scope
            let steps = lowerStatements(closure.statements, in: &body, tail: false)
            return [.step("withLock", receiver, at: at, [("do", .list(steps, at: location(closure)))])]
        case ("BlockOperation", "addDependency"), ("Operation", "addDependency"):
            guard call.arguments.count == 1, let other = call.arguments.first,
                let on = expression(other.expression, in: scope)
            else { return unknownFoundationCall(call) }
            return [.step("addDependency", receiver, at: at, [("on", .plain(on.text, at: location(other.expression)))])]
        case ("BlockOperation", "cancel") where bare, ("Operation", "cancel") where bare:
            return [.step("cancelOperation", receiver, at: at)]
        case ("BlockOperation", "waitUntilFinished") where bare, ("Operation", "waitUntilFinished") where bare:
            return [.step("waitUntilFinished", receiver, at: at)]
        case ("DispatchWorkItem", "perform") where bare: return [.step("performWorkItem", receiver, at: at)]
        case ("DispatchWorkItem", "cancel") where bare: return [.step("cancelWorkItem", receiver, at: at)]
        case ("DispatchWorkItem", "wait") where bare: return [.step("waitWorkItem", receiver, at: at)]
        case ("DispatchWorkItem", "notify"):
            guard let (queue, block) = queueAndBlock(call, in: scope) else { return [] }
            return [.step("notifyWorkItem", receiver, at: at, [("queue", .plain(queue, at: at))] + block)]
        case ("NSKeyValueObservation", "invalidate") where bare:
            // invalidate() ends the observation; the token's release does the same (its deinit invalidates):
            // the lowering releases the token, which the scenario language models (docs/fidelity.md).
            return [.step("release", receiver, at: at)]
        default:
            return unknownFoundationCall(call)
        }
    }

    /// A call on an API object the lowering does not model.
    private mutating func unknownFoundationCall(_ call: FunctionCallExprSyntax) -> [LocatedNode] {
        unsupported(
            "`\(call.calledExpression.trimmedDescription)(…)`",
            "see docs/swift-scenarios.md, \"Foundation, GCD and CF APIs\", for the calls each object answers",
            at: call)
        return []
    }

    /// A closure passed as the trailing closure or under `label`.
    func trailingOrLabelled(_ call: FunctionCallExprSyntax, _ label: String) -> ClosureExprSyntax? {
        call.trailingClosure
            ?? call.arguments.first(where: { $0.label?.text == label })?.expression.as(ClosureExprSyntax.self)
    }

    /// `queue:` and the block of `group.notify(queue: .main) { … }`, `item.notify(queue:execute:)`.
    private mutating func queueAndBlock(_ call: FunctionCallExprSyntax, in scope: Scope)
        -> (String, [(String, LocatedNode)])?
    {
        guard let argument = call.arguments.first(where: { $0.label?.text == "queue" }),
            let queue = queueArgument(argument.expression, in: scope)
        else {
            unsupported("this call", "write `notify(queue: .main) { … }`", at: call)
            return nil
        }
        guard let closure = trailingOrLabelled(call, "execute"),
            let block = lowerClosure(closure, in: scope, parameters: 0)
        else {
            if trailingOrLabelled(call, "execute") == nil {
                unsupported("`notify` without a closure", "pass the block as a trailing closure", at: call)
            }
            return nil
        }
        return (queue, block)
    }

    /// A queue passed as an argument: `.main`, `DispatchQueue.main`, `.global()`, a top-level queue's name.
    func queueArgument(_ e: ExprSyntax, in scope: Scope) -> String? {
        if let member = e.as(MemberAccessExprSyntax.self), member.base == nil, member.declName.baseName.text == "main" {
            return "main"
        }
        if let call = e.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
            member.declName.baseName.text == "global"
        {
            return "global"
        }
        return queueName(e, in: scope)
    }

    /// `q.async(execute: item)`: `asyncWorkItem:`; `q.async(flags: .barrier) { }`: `dispatch_barrier_async:`.
    private mutating func queueCall(_ queue: String, _ name: String, _ call: FunctionCallExprSyntax, in scope: Scope)
        -> [LocatedNode]?
    {
        let at = location(call)
        if name == "async", call.trailingClosure == nil, call.arguments.count == 1,
            let argument = call.arguments.first, argument.label?.text == "execute",
            !argument.expression.is(ClosureExprSyntax.self)
        {
            guard let item = expression(argument.expression, in: scope) else { return [] }
            return [.step("asyncWorkItem", item.text, at: at, [("queue", .plain(queue, at: at))])]
        }
        if name == "async", let flags = call.arguments.first(where: { $0.label?.text == "flags" }) {
            guard flags.expression.trimmedDescription == ".barrier", let closure = trailingOrLabelled(call, "execute"),
                let block = lowerClosure(closure, in: scope, parameters: 0)
            else {
                unsupported("these flags", "write `async(flags: .barrier) { … }`", at: flags)
                return []
            }
            return [.step("dispatch_barrier_async", queue, at: at, block)]
        }
        return nil
    }

    // MARK: Creations

    /// A call that makes an API object stored into `place`: the step that makes it, and its type; nil when `call`
    /// makes none of them. `NSLock()`, `NSRecursiveLock()`, `NSCondition()` → `newLock:`; `DispatchWorkItem { }` →
    /// `workItem:`; `x.observe(\.key) { … }` → `observeKeyPath:` with `token:`; `NSMachPort()`/`Port()` →
    /// `port:`; `CADisplayLink(target:selector:)` → `displayLink:`.
    mutating func apiCreation(_ call: FunctionCallExprSyntax, place: String, in scope: Scope)
        -> (steps: [LocatedNode], type: LoweredType)?
    {
        let at = location(call)
        if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = callee.baseName.text
            switch name {
            case "NSLock", "NSRecursiveLock", "NSCondition":
                guard call.arguments.isEmpty, call.trailingClosure == nil else { return nil }
                let extra: [(String, LocatedNode)] = name == "NSLock" ? [] : [("class", .plain(name, at: at))]
                return ([.step("newLock", place, at: at, extra)], .api(name))
            case "DispatchWorkItem":
                guard let closure = trailingOrLabelled(call, "block") else { return nil }
                guard let block = lowerClosure(closure, in: scope, parameters: 0) else { return ([], .api(name)) }
                return ([.step("workItem", place, at: at, block)], .api(name))
            case "CADisplayLink":
                // +[CADisplayLink displayLinkWithTarget:selector:]: added to a run loop by `add(to:forMode:)`.
                let arguments = Array(call.arguments)
                guard arguments.count == 2, arguments[0].label?.text == "target",
                    arguments[1].label?.text == "selector",
                    let target = expression(arguments[0].expression, in: scope),
                    let method = selectorMethod(arguments[1].expression)
                else {
                    unsupported(
                        "this CADisplayLink initializer",
                        "write `CADisplayLink(target: self, selector: #selector(step))`", at: call)
                    return ([], .timer)
                }
                return (
                    [
                        .step(
                            "displayLink", place, at: at,
                            [
                                ("target", .plain(target.text, at: location(arguments[0].expression))),
                                ("selector", .plain(method, at: location(arguments[1].expression))),
                            ])
                    ], .timer
                )
            case "BlockOperation":
                // +[NSBlockOperation blockOperationWithBlock:]: not started until a queue holds it.
                guard let closure = trailingOrLabelled(call, "block") else { return nil }
                guard let block = lowerClosure(closure, in: scope, parameters: 0) else { return ([], .api(name)) }
                return ([.step("operation", place, at: at, block)], .api(name))
            case "NSMachPort", "Port":
                guard call.arguments.isEmpty, call.trailingClosure == nil else { return nil }
                return ([.step("port", place, at: at)], .api(name))
            default: break
            }
        }
        if let steps = timedWait(call, place: place, in: scope) { return (steps, .int) }
        if call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "observe",
            let me = scope.locals["self"], call.arguments.first?.expression.is(KeyPathExprSyntax.self) == true
        {
            return observeStep(("self", me.type), call, place: place, in: scope)
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            member.declName.baseName.text == "observe",
            call.arguments.first?.expression.is(KeyPathExprSyntax.self) == true
        else { return nil }
        guard let receiver = expression(base, in: scope) else { return ([], .api("NSKeyValueObservation")) }
        return observeStep(receiver, call, place: place, in: scope)
    }

    // MARK: Folded statement groups

    /// Statements that belong together, starting at `items[index]`: a dispatch timer source made, scheduled, given
    /// its handler and resumed (`dispatch_source_timer:`), or a thread made, named and started (`thread:`). Returns
    /// the steps and how many statements they used, or nil when `items[index]` starts no such group.
    mutating func foldedGroup(_ items: [CodeBlockItemSyntax], at index: Int, in scope: inout Scope)
        -> (steps: [LocatedNode], used: Int)?
    {
        guard let (placeSyntax, place, isNewLocal, call) = creationStatement(items[index], in: scope) else {
            return nil
        }
        if isSourceCreation(call) {
            return foldSource(items, at: index, place: (placeSyntax, place, isNewLocal), call: call, in: &scope)
        }
        if isThreadCreation(call) {
            return foldThread(items, at: index, place: (placeSyntax, place, isNewLocal), call: call, in: &scope)
        }
        if isObserverCreation(call) {
            return foldObserver(items, at: index, place: (placeSyntax, place, isNewLocal), call: call, in: &scope)
        }
        return nil
    }

    /// `let x = CALL` or `PLACE = CALL` where CALL makes a dispatch source or a thread: the place's Swift text, its
    /// lowered text, whether it declares a new local, and the call.
    private mutating func creationStatement(_ item: CodeBlockItemSyntax, in scope: Scope)
        -> (String, String, Bool, FunctionCallExprSyntax)?
    {
        func makes(_ e: ExprSyntax?) -> FunctionCallExprSyntax? {
            guard let call = e?.as(FunctionCallExprSyntax.self),
                isSourceCreation(call) || isThreadCreation(call) || isObserverCreation(call)
            else { return nil }
            return call
        }
        if let decl = item.item.as(VariableDeclSyntax.self), decl.bindings.count == 1,
            let binding = decl.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let call = makes(binding.initializer?.value)
        {
            return (name, name, true, call)
        }
        let e = item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression
        guard let sequence = e?.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let elements = Array(sequence.elements)
        guard elements[1].is(AssignmentExprSyntax.self), let call = makes(elements[2]),
            let place = expression(elements[0], in: scope)
        else { return nil }
        return (swiftPlace(elements[0]), place.text, false, call)
    }

    /// The Swift text of a place, without `self.` and `?`, to match a later `x?.resume()` with `self.x = …`.
    private func swiftPlace(_ e: some SyntaxProtocol) -> String {
        var text = e.trimmedDescription.replacingOccurrences(of: "?", with: "")
        if text.hasPrefix("self.") { text.removeFirst(5) }
        return text
    }

    /// `receiver.NAME(…)` as a statement whose receiver is `place`: the call and NAME.
    private func callOn(_ place: String, _ item: CodeBlockItemSyntax) -> (FunctionCallExprSyntax, String)? {
        let e = item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression
        guard let call = e?.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            swiftPlace(base) == place
        else { return nil }
        return (call, member.declName.baseName.text)
    }

    /// Whether `call` is `CFRunLoopObserverCreateWithHandler(…)`.
    private func isObserverCreation(_ call: FunctionCallExprSyntax) -> Bool {
        call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "CFRunLoopObserverCreateWithHandler"
    }

    /// Whether `call` is `DispatchSource.makeTimerSource(…)`.
    private func isSourceCreation(_ call: FunctionCallExprSyntax) -> Bool {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
        return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "DispatchSource"
            && member.declName.baseName.text == "makeTimerSource"
    }

    /// Whether `call` is `Thread(block:)`, `Thread { }` or `Thread(target:selector:object:)`.
    private func isThreadCreation(_ call: FunctionCallExprSyntax) -> Bool {
        call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Thread"
            && (call.trailingClosure != nil || !call.arguments.isEmpty)
    }

    /// `let t = DispatchSource.makeTimerSource(queue: Q)`, then `t.schedule(deadline: .now() + S, repeating: I,
    /// leeway: L)`, `t.setEventHandler { … }` and `t.resume()`, in any order among the statements right after it:
    /// one `dispatch_source_timer:` (libdispatch: `dispatch_source_create`, `dispatch_source_set_timer`,
    /// `dispatch_source_set_event_handler`, `dispatch_resume`). Without `resume()` the source stays suspended
    /// (`resume: false`), as `makeTimerSource` returns it.
    private mutating func foldSource(
        _ items: [CodeBlockItemSyntax], at index: Int, place: (swift: String, text: String, isNew: Bool),
        call: FunctionCallExprSyntax, in scope: inout Scope
    ) -> (steps: [LocatedNode], used: Int) {
        let at = location(call)
        var extra: [(String, LocatedNode)] = []
        for argument in call.arguments {
            guard argument.label?.text == "queue", let queue = queueArgument(argument.expression, in: scope) else {
                unsupported(
                    "this argument of `makeTimerSource`", "write `makeTimerSource(queue: .main)` or a queue's name",
                    at: argument)
                return ([], 1)
            }
            extra.append(("queue", .plain(queue, at: location(argument.expression))))
        }
        if place.isNew { scope.locals[place.swift] = Local(type: .api("DispatchSourceTimer"), isVar: false) }
        var used = 1
        var block: [(String, LocatedNode)] = []
        var resumed = false
        var scheduled = false
        while index + used < items.count, let (c, name) = callOn(place.swift, items[index + used]) {
            switch name {
            case "schedule" where !scheduled:
                guard let timing = sourceSchedule(c) else { return ([], used + 1) }
                extra += timing
                scheduled = true
            case "setEventHandler" where block.isEmpty:
                guard let closure = trailingOrLabelled(c, "handler"),
                    let lowered = lowerClosure(closure, in: scope, parameters: 0)
                else {
                    if trailingOrLabelled(c, "handler") == nil {
                        unsupported("a handler that is not a closure", "pass the handler as a trailing closure", at: c)
                    }
                    return ([], used + 1)
                }
                block = lowered
            case "resume",
                "activate" where !resumed:
                resumed = true
            default: break
            }
            if ["schedule", "setEventHandler", "resume", "activate"].contains(name) { used += 1 } else { break }
            if resumed { break }
        }
        if !scheduled {
            unsupported(
                "a dispatch timer source without `schedule(deadline:repeating:)` right after it is made",
                "schedule it in the next statements: `timer.schedule(deadline: .now() + 1, repeating: 1)`", at: call)
            return ([], used)
        }
        if !resumed { extra.append(("resume", .plain("false", at: at))) }
        return ([.step("dispatch_source_timer", place.text, at: at, extra + block)], used)
    }

    /// `schedule(deadline: .now() + S, repeating: I, leeway: L)` as `start:`, `interval:` and `leeway:`
    /// (`wallDeadline:` adds `wall: true`).
    private mutating func sourceSchedule(_ call: FunctionCallExprSyntax) -> [(String, LocatedNode)]? {
        var result: [(String, LocatedNode)] = []
        for argument in call.arguments {
            let at = location(argument.expression)
            switch argument.label?.text {
            case "deadline", "wallDeadline":
                guard let start = deadlineFromNow(argument.expression) else {
                    unsupported("this deadline", "write `deadline: .now()` or `.now() + 1`", at: argument)
                    return nil
                }
                result.append(("start", .plain(start, at: at)))
                if argument.label?.text == "wallDeadline" { result.append(("wall", .plain("true", at: at))) }
            case "repeating":
                guard let every = duration(argument.expression) else { return nil }
                result.append(("interval", .plain(every, at: at)))
            case "leeway":
                guard let leeway = duration(argument.expression) else { return nil }
                result.append(("leeway", .plain(leeway, at: at)))
            default:
                unsupported(
                    "this argument of `schedule`", "write `schedule(deadline: .now() + 1, repeating: 1)`",
                    at: argument)
                return nil
            }
        }
        return result
    }

    /// `.now()` → `0s`; `.now() + D` → D.
    private mutating func deadlineFromNow(_ e: ExprSyntax) -> String? {
        if let now = e.as(FunctionCallExprSyntax.self),
            now.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "now"
        {
            return "0s"
        }
        guard let sequence = e.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let elements = Array(sequence.elements)
        guard elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+",
            let now = elements[0].as(FunctionCallExprSyntax.self),
            now.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "now"
        else { return nil }
        return duration(elements[2])
    }

    /// `let t = Thread { … }` (or `Thread(block:)`, or `Thread(target: self, selector: #selector(m), object: nil)`),
    /// then `t.name = "NAME"` and `t.start()`: one `thread: NAME` (Foundation's `-[NSThread initWithBlock:]`,
    /// `setName:`, `start`). The target/selector form runs `target.m()` in the thread, the thread retaining the
    /// target until it exits (Apple, `initWithTarget:selector:object:`: "The objects target and argument are
    /// retained during the execution of the detached thread"). A thread not started right after it is made is
    /// refused. The thread is stored (`into:`) when the place is a field or the local is used afterwards.
    private mutating func foldThread(
        _ items: [CodeBlockItemSyntax], at index: Int, place: (swift: String, text: String, isNew: Bool),
        call: FunctionCallExprSyntax, in scope: inout Scope
    ) -> (steps: [LocatedNode], used: Int) {
        let at = location(call)
        let block: [(String, LocatedNode)]
        if let closure = trailingOrLabelled(call, "block") {
            guard let lowered = lowerClosure(closure, in: scope, parameters: 0) else { return ([], 1) }
            block = lowered
        } else {
            let arguments = Array(call.arguments)
            guard arguments.count == 3, arguments[0].label?.text == "target",
                arguments[1].label?.text == "selector",
                let target = expression(arguments[0].expression, in: scope),
                let method = selectorMethod(arguments[1].expression)
            else {
                unsupported(
                    "this Thread initializer",
                    "write `Thread { … }` or `Thread(target: self, selector: #selector(m), object: nil)`", at: call)
                return ([], 1)
            }
            if !arguments[2].expression.is(NilLiteralExprSyntax.self) {
                unsupported("a thread's `object:`", "pass nil and keep the value in a field", at: arguments[2])
                return ([], 1)
            }
            let targetAt = location(arguments[0].expression)
            let name = target.text == "self" ? "self" : "threadTarget"
            let capture = name == "self" ? "strong self" : "strong \(target.text) as threadTarget"
            block = [
                ("captures", .list([.plain(capture, at: targetAt)], at: targetAt)),
                ("do", .list([.step("call", "\(name).\(method)", at: location(arguments[1]))], at: at)),
            ]
        }
        var used = 1
        var threadName = place.swift.split(separator: ".").last.map(String.init) ?? "thread"
        var started = false
        while index + used < items.count, !started {
            let item = items[index + used]
            if let (_, name) = callOn(place.swift, item), name == "start" {
                started = true
            } else if let (target, value) = assignmentOf(item), swiftPlace(target) == place.swift + ".name",
                let text = plainString(value)
            {
                threadName = text
            } else {
                break
            }
            used += 1
        }
        guard started else {
            unsupported(
                "a Thread not started right after it is made",
                "call `start()` in the statements right after creating it (its name may be set between)", at: call)
            return ([], used)
        }
        var extra = block
        let usedLater = place.isNew && items[(index + used)...].contains { usesName(place.swift, $0) }
        if !place.isNew || usedLater {
            extra.insert(("into", .plain(place.text, at: at)), at: 0)
        }
        if place.isNew { scope.locals[place.swift] = Local(type: .thread, isVar: false) }
        return ([.step("thread", threadName, at: at, extra)], used)
    }

    /// `PLACE = VALUE` as a statement: its two sides.
    private func assignmentOf(_ item: CodeBlockItemSyntax) -> (ExprSyntax, ExprSyntax)? {
        let e = item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression
        guard let sequence = e?.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let elements = Array(sequence.elements)
        guard elements[1].is(AssignmentExprSyntax.self) else { return nil }
        return (elements[0], elements[2])
    }

    /// Whether `item` refers to `name`.
    private func usesName(_ name: String, _ item: CodeBlockItemSyntax) -> Bool {
        let collector = NameCollector()
        collector.walk(item)
        return collector.referenced.contains { $0.name == name }
    }

    /// `#selector(tick)`, `#selector(tick(_:))`, `#selector(Page.tick(_:))` → `tick`.
    func selectorMethod(_ e: ExprSyntax) -> String? {
        guard let macro = e.as(MacroExpansionExprSyntax.self), macro.macroName.text == "selector",
            let argument = macro.arguments.first?.expression
        else { return nil }
        if let ref = argument.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        if let member = argument.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return nil
    }
}

extension SwiftLowering {
    // MARK: Perform requests

    /// NSObject's perform family on TARGET (docs/scenario-format.md §7.5, "Perform requests"):
    /// - `perform(#selector(m), with: x, afterDelay: d)` (`inModes:`) → `performSelector:` (a timer in the
    ///   current thread's run loop);
    /// - `perform(#selector(m), on: thread, with: x, waitUntilDone: b)` (`modes:`) → `performSelectorOnThread:`;
    /// - `performSelector(onMainThread: #selector(m), with: x, waitUntilDone: b)` → the same, `onThread: main
    ///   runloop`;
    /// - `perform(#selector(m))` → `call: TARGET.m` (Apple: "equivalent to sending an aSelector message directly").
    private mutating func performStep(target: String, _ call: FunctionCallExprSyntax, in scope: Scope)
        -> [LocatedNode]
    {
        let at = location(call)
        var arguments = Array(call.arguments)
        guard let first = arguments.first else { return unknownFoundationCall(call) }
        var extra: [(String, LocatedNode)] = []
        let verb: String
        switch first.label?.text {
        case nil:
            guard arguments.count > 1 else {
                guard let method = selectorMethod(first.expression) else { return badSelector(first) }
                return [.step("call", "\(target).\(method)", at: at)]
            }
            verb = arguments.contains { $0.label?.text == "afterDelay" } ? "performSelector" : "performSelectorOnThread"
        case "onMainThread":
            verb = "performSelectorOnThread"
            extra.append(("onThread", .plain("main runloop", at: location(first.expression))))
        default:
            return unknownFoundationCall(call)
        }
        guard let method = selectorMethod(first.expression) else { return badSelector(first) }
        extra.insert(("selector", .plain(method, at: location(first.expression))), at: 0)
        arguments.removeFirst()
        for argument in arguments {
            let value = argument.expression
            let vat = location(value)
            switch (verb, argument.label?.text) {
            case (_, "with"):
                if value.is(NilLiteralExprSyntax.self) { continue }
                guard let object = expression(value, in: scope) else { return [] }
                extra.append(("withObject", .plain(object.text, at: vat)))
            case ("performSelector", "afterDelay"):
                guard let d = duration(value) else { return [] }
                extra.append(("afterDelay", .plain(d, at: vat)))
            case ("performSelector", "inModes"), ("performSelectorOnThread", "modes"):
                guard let modes = modeList(value) else { return [] }
                extra.append((verb == "performSelector" ? "inModes" : "modes", modes))
            case ("performSelectorOnThread", "on"):
                guard let thread = expression(value, in: scope) else { return [] }
                extra.append(("onThread", .plain(thread.text, at: vat)))
            case ("performSelectorOnThread", "waitUntilDone"):
                guard let b = value.as(BooleanLiteralExprSyntax.self) else {
                    unsupported("a computed `waitUntilDone:`", "write `true` or `false`", at: value)
                    return []
                }
                extra.append(("waitUntilDone", .plain(b.literal.text, at: vat)))
            default:
                return unknownFoundationCall(call)
            }
        }
        return [.step(verb, target, at: at, extra)]
    }

    /// A selector that is not `#selector(name)`.
    private mutating func badSelector(_ argument: LabeledExprSyntax) -> [LocatedNode] {
        unsupported("this selector", "write `#selector(hideSpinner)`", at: argument)
        return []
    }

    /// `.main`, `.current`, `RunLoop.main`, `RunLoop.current` or a run-loop value, as a run-loop argument.
    private mutating func runLoopArgument(_ e: ExprSyntax, in scope: Scope) -> String? {
        if let member = e.as(MemberAccessExprSyntax.self), member.base == nil {
            switch member.declName.baseName.text {
            case "main": return "main runloop"
            case "current": return "current runloop"
            default: return nil
            }
        }
        guard let loop = expression(e, in: scope), loop.type == .runLoop else { return nil }
        return loop.text
    }

    /// One mode (`.default`, `.common`, `.tracking`, `RunLoop.Mode.common`) as a scalar, nil after reporting.
    private mutating func singleMode(_ e: ExprSyntax) -> LocatedNode? {
        let text = e.trimmedDescription
        switch text.split(separator: ".").last.map(String.init) ?? text {
        case "default", "defaultRunLoopMode": return .plain("default", at: location(e))
        case "common", "commonModes": return .plain("common", at: location(e))
        case "tracking", "UITrackingRunLoopMode": return .plain("tracking", at: location(e))
        default:
            unsupported("the mode `\(text)`", "write `.default`, `.common` or `.tracking`", at: e)
            return nil
        }
    }

    /// `[.default, .common]` or `[RunLoop.Mode.default]` as a list of mode names.
    private mutating func modeList(_ e: ExprSyntax) -> LocatedNode? {
        guard let array = e.as(ArrayExprSyntax.self) else {
            unsupported("these modes", "write an array: `[.default, .tracking]`", at: e)
            return nil
        }
        var modes: [LocatedNode] = []
        for element in array.elements {
            guard let mode = singleMode(element.expression) else { return nil }
            modes.append(mode)
        }
        return .list(modes, at: location(e))
    }

    /// `NSObject.cancelPreviousPerformRequests(withTarget: t)` (`selector:`, `object:`).
    private mutating func cancelPerformRequests(_ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode] {
        let at = location(call)
        var target: String?
        var extra: [(String, LocatedNode)] = []
        for argument in call.arguments {
            let value = argument.expression
            switch argument.label?.text {
            case "withTarget":
                guard let t = expression(value, in: scope) else { return [] }
                target = t.text
            case "selector":
                guard let m = selectorMethod(value) else { return badSelector(argument) }
                extra.append(("selector", .plain(m, at: location(value))))
            case "object":
                if value.is(NilLiteralExprSyntax.self) { continue }
                guard let o = expression(value, in: scope) else { return [] }
                extra.append(("object", .plain(o.text, at: location(value))))
            default: return unknownFoundationCall(call)
            }
        }
        guard let target else { return unknownFoundationCall(call) }
        return [.step("cancelPreviousPerformRequests", target, at: at, extra)]
    }
}

extension SwiftLowering {
    // MARK: Key-value observing

    /// `player.addObserver(self, forKeyPath: "status", options: [.new], context: nil)` → `addKeyPathObserver:
    /// player.status` `observer: self`; `player.removeObserver(self, forKeyPath: "status")` →
    /// `removeKeyPathObserver:` (docs/scenario-format.md §7.10). The observer's `observeValue(forKeyPath:of:change:
    /// context:)` override is its `observeValueForKeyPath` method.
    private mutating func keyPathObserverStep(
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
    private mutating func observeStep(
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

extension SwiftLowering {
    // MARK: CFRunLoop observers and performed blocks

    /// `CFRunLoopRemoveObserver(rl, observer, mode)` → `CFRunLoopRemoveObserver:` with `from:` and `mode:`;
    /// `CFRunLoopObserverInvalidate(observer)` → `CFRunLoopObserverInvalidate:`. `CFRunLoopAddObserver` is lowered
    /// with the observer's creation, right before it (``foldObserver``); anywhere else it is refused.
    private mutating func runLoopObserverCall(_ name: String, _ call: FunctionCallExprSyntax, in scope: Scope)
        -> [LocatedNode]
    {
        let at = location(call)
        let arguments = Array(call.arguments)
        switch name {
        case "CFRunLoopObserverInvalidate" where arguments.count == 1:
            guard let observer = expression(arguments[0].expression, in: scope) else { return [] }
            return [.step(name, observer.text, at: at)]
        case "CFRunLoopRemoveObserver" where arguments.count == 3:
            guard let loop = expression(arguments[0].expression, in: scope),
                let observer = expression(arguments[1].expression, in: scope),
                let mode = cfMode(arguments[2].expression)
            else { return [] }
            return [.step(name, observer.text, at: at, [("from", .plain(loop.text, at: at)), ("mode", mode)])]
        default:
            unsupported(
                "`\(name)` apart from the observer's creation",
                "add the observer in the statement right after `CFRunLoopObserverCreateWithHandler`", at: call)
            return []
        }
    }

    /// A CF mode: `.commonModes`, `.defaultMode`, `CFRunLoopMode.commonModes`, `kCFRunLoopCommonModes`,
    /// `RunLoop.Mode.default`… as `common`, `default` or `tracking`.
    private mutating func cfMode(_ e: ExprSyntax) -> LocatedNode? {
        let text = e.trimmedDescription
        let at = location(e)
        if text.contains("ommon") { return .plain("common", at: at) }
        if text.contains("efault") { return .plain("default", at: at) }
        if text.contains("racking") { return .plain("tracking", at: at) }
        unsupported("this mode", "write `.defaultMode` or `.commonModes`", at: e)
        return nil
    }

    /// The activities of `CFRunLoopActivity.beforeWaiting.rawValue`, `CFRunLoopActivity([.beforeWaiting,
    /// .exit]).rawValue`, `kCFRunLoopBeforeWaiting`… as the step's `activities:` names, nil when none is named.
    private func activityNames(_ e: ExprSyntax) -> [String]? {
        let text = e.trimmedDescription
        var names: [String] = []
        for name in [
            "entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "exit", "allActivities",
        ]
        where text.range(of: name, options: .caseInsensitive) != nil {
            names.append(name)
        }
        return names.isEmpty ? nil : names
    }

    /// `let r = semaphore.wait(timeout: .now() + D)` (or a group's): `dispatch_semaphore_wait:` (`dispatch_group_wait:`)
    /// with `timeout: D` and `result: r`, 0 when it was taken and 1 when it timed out (`.success`, `.timedOut`:
    /// libdispatch returns non-zero on a timeout, docs/scenario-format.md §7.6).
    private mutating func timedWait(_ call: FunctionCallExprSyntax, place: String, in scope: Scope) -> [LocatedNode]? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            member.declName.baseName.text == "wait", call.arguments.count == 1,
            let argument = call.arguments.first, argument.label?.text == "timeout",
            let root = rootName(base), root.first?.isUppercase != true
        else { return nil }
        guard let receiver = expression(base, in: scope) else { return [] }
        let verb: String
        switch receiver.type {
        case .semaphore: verb = "dispatch_semaphore_wait"
        case .group: verb = "dispatch_group_wait"
        default: return nil
        }
        guard let timeout = deadlineFromNow(argument.expression) else {
            unsupported("this timeout", "write `timeout: .now() + .milliseconds(50)`", at: argument)
            return []
        }
        let at = location(call)
        return [
            .step(
                verb, receiver.text, at: at,
                [("timeout", .plain(timeout, at: location(argument.expression))), ("result", .plain(place, at: at))])
        ]
    }

    /// A CFRunLoopActivity constant (`.beforeWaiting`, `CFRunLoopActivity.exit`) as the language's integer constant
    /// (`kCFRunLoopBeforeWaiting`, docs/scenario-format.md §6), to compare an observer's activity with; a wait's
    /// `.success` and `.timedOut` as 0 and 1.
    static func activityConstant(_ name: String, base: ExprSyntax?) -> String? {
        let baseName = base?.as(DeclReferenceExprSyntax.self)?.baseName.text
        if base == nil || baseName == "DispatchTimeoutResult" {
            if name == "success" { return "0" }
            if name == "timedOut" { return "1" }
        }
        if let base, base.as(DeclReferenceExprSyntax.self)?.baseName.text != "CFRunLoopActivity" { return nil }
        let known = [
            "entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "exit", "allActivities",
        ]
        guard known.contains(name) else { return nil }
        return "kCFRunLoop" + name.prefix(1).uppercased() + name.dropFirst()
    }

    /// `let o = CFRunLoopObserverCreateWithHandler(ALLOCATOR, ACTIVITIES, REPEATS, ORDER) { observer, activity in
    /// … }` and, right after it, `CFRunLoopAddObserver(RL, o, MODE)`: one `addObserver:` (CF makes the observer,
    /// which holds the block, and the mode retains it). `into:` keeps the creator's reference when the observer is
    /// a property or used afterwards; the block's second parameter is `activity:`.
    mutating func foldObserver(
        _ items: [CodeBlockItemSyntax], at index: Int, place: (swift: String, text: String, isNew: Bool),
        call: FunctionCallExprSyntax, in scope: inout Scope
    ) -> (steps: [LocatedNode], used: Int) {
        let at = location(call)
        let arguments = Array(call.arguments)
        guard arguments.count == 4, let closure = trailingOrLabelled(call, "block"),
            let activities = activityNames(arguments[1].expression),
            let repeats = arguments[2].expression.as(BooleanLiteralExprSyntax.self),
            let order = arguments[3].expression.as(IntegerLiteralExprSyntax.self)
        else {
            unsupported(
                "this observer",
                "write `CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, "
                    + "CFRunLoopActivity.beforeWaiting.rawValue, true, 0) { observer, activity in … }`", at: call)
            return ([], 1)
        }
        guard index + 1 < items.count, let add = cfCall("CFRunLoopAddObserver", items[index + 1]),
            add.arguments.count == 3,
            swiftPlace(Array(add.arguments)[1].expression) == place.swift
        else {
            unsupported(
                "an observer not added right after it is made",
                "call `CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .commonModes)` in the next statement",
                at: call)
            return ([], 1)
        }
        let addArguments = Array(add.arguments)
        guard let loop = expression(addArguments[0].expression, in: scope),
            let mode = cfMode(addArguments[2].expression)
        else { return ([], 2) }
        var parameterNames: [String] = []
        switch closure.signature?.parameterClause {
        case .simpleInput(let list): parameterNames = list.map(\.name.text)
        case .parameterClause(let clause):
            parameterNames = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: break
        }
        guard let block = lowerClosure(closure, in: scope, parameters: 2, passed: [1: .int]) else { return ([], 2) }
        var extra: [(String, LocatedNode)] = [
            ("mode", mode), ("activities", .list(activities.map { .plain($0, at: at) }, at: at)),
            ("repeats", .plain(repeats.literal.text, at: at)), ("order", .plain(order.literal.text, at: at)),
        ]
        let usedLater = place.isNew && items[(index + 2)...].contains { usesName(place.swift, $0) }
        if !place.isNew || usedLater { extra.append(("into", .plain(place.text, at: at))) }
        if parameterNames.count == 2, parameterNames[1] != "_" {
            extra.append(("activity", .plain(parameterNames[1], at: at)))
        }
        if place.isNew { scope.locals[place.swift] = Local(type: .api("CFRunLoopObserver"), isVar: false) }
        return ([.step("addObserver", loop.text, at: location(add), extra + block)], 2)
    }

    /// The call `NAME(…)` that `item` is, as a statement.
    private func cfCall(_ name: String, _ item: CodeBlockItemSyntax) -> FunctionCallExprSyntax? {
        let e = item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression
        guard let call = e?.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == name
        else { return nil }
        return call
    }

    /// `CFRunLoopPerformBlock(rl, CFRunLoopMode.defaultMode.rawValue) { … }` → `CFRunLoopPerformBlock: rl` with
    /// `mode:` (CF queues the block for the mode; no wake-up).
    private mutating func runLoopPerformBlock(_ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode] {
        let arguments = Array(call.arguments)
        guard arguments.count >= 2, let loop = expression(arguments[0].expression, in: scope),
            let closure = trailingOrLabelled(call, "block") ?? arguments.last?.expression.as(ClosureExprSyntax.self)
        else { return unknownFoundationCall(call) }
        let modeText = arguments[1].expression.trimmedDescription
        let mode: String
        if modeText.contains("common") {
            mode = "common"
        } else if modeText.contains("default") {
            mode = "default"
        } else {
            unsupported(
                "this mode", "write `CFRunLoopMode.defaultMode.rawValue` or `CFRunLoopMode.commonModes.rawValue`",
                at: arguments[1])
            return []
        }
        guard let block = lowerClosure(closure, in: scope, parameters: 0) else { return [] }
        let at = location(call)
        return [.step("CFRunLoopPerformBlock", loop.text, at: at, [("mode", .plain(mode, at: at))] + block)]
    }
}

extension SwiftLowering {
    /// `scenario.sample("polls", poller.polls)`: what a label shows at that instant, `sample: polls` with
    /// `value:` (docs/scenario-format.md §8; read in `expect` as `samples[N].value`).
    mutating func sampleStep(_ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode] {
        let arguments = Array(call.arguments)
        guard arguments.count == 2, arguments[0].label == nil, let name = plainString(arguments[0].expression) else {
            scenarioError(
                "sample takes a name and an integer value: `scenario.sample(\"polls\", poller.polls)`", at: call)
            return []
        }
        guard let value = expression(arguments[1].expression, in: scope) else { return [] }
        let at = location(call)
        return [.step("sample", name, at: at, [("value", .plain(value.text, at: location(arguments[1].expression)))])]
    }
}

extension SwiftLowering {
    // MARK: Ports

    /// Whether `e` is a port: `NSMachPort()`, `Port()`, or a value of either type.
    private func isPortValue(_ e: ExprSyntax, in scope: Scope) -> Bool {
        if let call = e.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            return name == "NSMachPort" || name == "Port"
        }
        if let ref = e.as(DeclReferenceExprSyntax.self), let local = scope.locals[ref.baseName.text] {
            return local.type == .api("NSMachPort") || local.type == .api("Port")
        }
        if let ref = e.as(DeclReferenceExprSyntax.self), let cls = scope.className,
            let type = classes[cls]?.fields[ref.baseName.text]
        {
            return type == .api("NSMachPort") || type == .api("Port")
        }
        return false
    }

    /// `RunLoop.current.add(port, forMode: .default)`: `addPort:` (`-[NSRunLoop addPort:forMode:]`, a version-1
    /// source in the mode's port set, which keeps the mode from being empty, docs/scenario-format.md §7.5.1). A port
    /// made in the call (`add(NSMachPort(), forMode:)`) is made first, into a local named after the line.
    private mutating func addPortSteps(
        _ base: ExprSyntax, _ portExpr: ExprSyntax, _ call: FunctionCallExprSyntax, in scope: inout Scope
    ) -> [LocatedNode] {
        let at = location(call)
        guard let loop = runLoopArgument(base, in: scope),
            let modeArgument = call.arguments.last?.expression, let mode = singleMode(modeArgument)
        else { return unknownFoundationCall(call) }
        var steps: [LocatedNode] = []
        let port: String
        if portExpr.is(FunctionCallExprSyntax.self) {
            port = "port\(at.line)"
            steps.append(.step("port", port, at: location(portExpr)))
        } else {
            guard let lowered = expression(portExpr, in: scope) else { return [] }
            port = lowered.text
        }
        steps.append(.step("addPort", port, at: at, [("to", .plain(loop, at: at)), ("mode", mode)]))
        return steps
    }

    /// `["downloading": 0]` as an expected figure's value: a mapping of texts to literals (`logged:`,
    /// `first_logged_at_ms:`, docs/scenario-format.md §9).
    mutating func expectMapping(_ dictionary: DictionaryExprSyntax) -> LocatedNode? {
        guard case .elements(let elements) = dictionary.content else {
            scenarioError("a figure's mapping has entries: `[\"downloading\": 1]`", at: dictionary)
            return nil
        }
        var entries: [(String, LocatedNode)] = []
        for element in elements {
            let at = location(element.value)
            guard let key = plainString(element.key) else {
                scenarioError("a figure's mapping has string keys", at: element.key)
                return nil
            }
            if let i = element.value.as(IntegerLiteralExprSyntax.self) {
                entries.append((key, .plain(i.literal.text, at: at)))
            } else if element.value.is(NilLiteralExprSyntax.self) {
                entries.append((key, .plain("null", at: at)))
            } else if let text = plainString(element.value) {
                entries.append((key, .quoted(text, at: at)))
            } else if let nested = element.value.as(DictionaryExprSyntax.self) {
                guard let mapping = expectMapping(nested) else { return nil }
                entries.append((key, mapping))
            } else {
                scenarioError("a figure's mapping has integer, string or nil values", at: element.value)
                return nil
            }
        }
        return .map(entries, at: location(dictionary))
    }
}

extension SwiftLowering {
    /// What to write instead of a Foundation, GCD or CF API this file does not lower yet (named in `text`), nil for
    /// any other API.
    static func foundationAdvice(_ text: String) -> String? {
        if text.contains("OperationQueue") || text.contains("BlockOperation") || text.contains("addOperation") {
            return "an operation queue is `let q = OperationQueue()` at the top level (`operationQueues:`), its width "
                + "`q.maxConcurrentOperationCount = 1` there too; other uses are not lowered yet: write that part in "
                + "YAML (`operationQueues:`, `addOperation:`, docs/scenario-format.md §7.11)"
        }
        if text.hasPrefix("DispatchQueue") {
            return "a queue is `let q = DispatchQueue(label: \"q\")` at the top level (serial); a concurrent "
                + "queue is not lowered yet: declare it in YAML (`queues: [{q: {concurrent: 4}}]`, "
                + "docs/scenario-format.md §2)"
        }
        if text.contains("NSConditionLock") {
            return "NSConditionLock is not lowered yet: use NSLock, NSRecursiveLock or NSCondition, or write it in "
                + "YAML (`newLock:` with `class: NSConditionLock`, docs/scenario-format.md §7.14)"
        }
        return nil
    }
}

extension SwiftLowering {
    // MARK: Operation queues

    /// `let imports = OperationQueue()` at the top level: an operation queue of `operationQueues:` (its width set by
    /// a later top-level `imports.maxConcurrentOperationCount = N`).
    func operationQueueDeclaration(_ decl: VariableDeclSyntax) -> String? {
        guard decl.bindings.count == 1, let binding = decl.bindings.first,
            let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "OperationQueue",
            call.arguments.isEmpty, call.trailingClosure == nil
        else { return nil }
        return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    /// `imports.maxConcurrentOperationCount = N` at the top level, for a top-level operation queue: records N as
    /// the queue's width and says whether `expr` was that statement.
    mutating func operationQueueWidth(_ expr: ExprSyntax) -> Bool {
        guard let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return false }
        let elements = Array(sequence.elements)
        guard elements[1].is(AssignmentExprSyntax.self), let member = elements[0].as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "maxConcurrentOperationCount",
            let name = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let index = operationQueues.firstIndex(where: { $0.name == name })
        else { return false }
        guard let n = elements[2].as(IntegerLiteralExprSyntax.self) else {
            unsupported("a computed width", "write an integer literal", at: elements[2])
            return true
        }
        operationQueues[index].width = n.literal.text
        return true
    }

    /// A call on an operation queue (docs/scenario-format.md §7.11): `addOperation { }` (`addOperation:` with
    /// `do:`), `addOperation(op)`, `addOperations([a, b], waitUntilFinished: b)`, `cancelAllOperations()`,
    /// `waitUntilAllOperationsAreFinished()`.
    private mutating func operationQueueCall(
        _ queue: String, _ name: String, _ call: FunctionCallExprSyntax, in scope: Scope
    ) -> [LocatedNode] {
        let at = location(call)
        let arguments = Array(call.arguments)
        switch name {
        case "addOperation":
            if let closure = trailingOrLabelled(call, "block") {
                guard let block = lowerClosure(closure, in: scope, parameters: 0) else { return [] }
                return [.step("addOperation", queue, at: at, block)]
            }
            guard arguments.count == 1, let op = expression(arguments[0].expression, in: scope) else {
                return unknownFoundationCall(call)
            }
            return [.step("addOperation", queue, at: at, [("operation", .plain(op.text, at: location(arguments[0])))])]
        case "addOperations":
            guard arguments.count == 2, let array = arguments[0].expression.as(ArrayExprSyntax.self),
                arguments[1].label?.text == "waitUntilFinished",
                let wait = arguments[1].expression.as(BooleanLiteralExprSyntax.self)
            else { return unknownFoundationCall(call) }
            var operations: [LocatedNode] = []
            for element in array.elements {
                guard let op = expression(element.expression, in: scope) else { return [] }
                operations.append(.plain(op.text, at: location(element)))
            }
            return [
                .step(
                    "addOperations", queue, at: at,
                    [
                        ("operations", .list(operations, at: location(array))),
                        ("waitUntilFinished", .plain(wait.literal.text, at: location(wait))),
                    ])
            ]
        case "cancelAllOperations" where arguments.isEmpty: return [.step("cancelAllOperations", queue, at: at)]
        case "waitUntilAllOperationsAreFinished" where arguments.isEmpty:
            return [.step("waitUntilAllOperationsAreFinished", queue, at: at)]
        default: return unknownFoundationCall(call)
        }
    }

    /// `op.completionBlock = { … }`: `setCompletionBlock: op` (nil when `lhs = rhs` is not that).
    mutating func completionBlockAssignment(_ lhs: ExprSyntax, _ rhs: ExprSyntax, in scope: Scope) -> [LocatedNode]? {
        guard let member = lhs.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "completionBlock",
            let base = member.base, let closure = rhs.as(ClosureExprSyntax.self)
        else { return nil }
        guard let op = expression(base, in: scope), let block = lowerClosure(closure, in: scope, parameters: 0) else {
            return []
        }
        return [.step("setCompletionBlock", op.text, at: location(lhs), block)]
    }
}
