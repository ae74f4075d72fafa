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
        case "Block": "block"
        case "NSLock", "NSRecursiveLock", "NSCondition", "NSConditionLock", "NSKeyValueObservation", "DispatchWorkItem",
            "BlockOperation",
            "Operation", "UIBackgroundTaskIdentifier", "CheckedContinuation":
            "id"
        default: name.hasPrefix("AsyncStream<") || name.hasPrefix("AsyncThrowingStream<") ? "id" : nil  // +Streams
        }
    }

    /// The lowered type of the API type `name`, nil when it is not one of this file's.
    func apiType(_ name: String) -> LoweredType? {
        // A run-loop activity and a wait's result are integers in the scenario language (§6).
        if name == "CFRunLoopActivity" || name == "DispatchTimeoutResult" { return .int }
        return Self.apiFieldTypeName(name) == nil ? nil : .api(name)
    }

    /// A call statement of this file's APIs, nil when `call` is none of them (the caller goes on with the rest of
    /// the subset).
    mutating func foundationStatement(_ call: FunctionCallExprSyntax, in scope: inout Scope) -> [LocatedNode]? {
        let at = location(call)
        if let steps = closureValueCall(call, in: scope) { return steps }
        if let steps = concurrentPerform(call, in: scope) { return steps }  // SwiftLowering+ClosureValues.swift
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
            case "objc_sync_enter", "objc_sync_exit": return objcSyncStep(name, call, in: scope)  // +ObjCEra.swift
            case "CFRunLoopAddTimer", "CFRunLoopTimerInvalidate": return cfTimerCall(name, call, in: scope)
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
                return [
                    .step("blockAPI", "+[NSThread detachNewThreadWithBlock:]", at: at),  // iOS 10 (NSThread.h)
                    .step("thread", "thread\(at.line)", at: at, block),
                ]
            case ("NSObject", "cancelPreviousPerformRequests"):
                return cancelPerformRequests(call, in: scope)
            default: return nil
            }
        }
        guard !base.is(SuperExprSyntax.self), Self.apiMethodNames.contains(name) else { return nil }
        if ["perform", "performSelector"].contains(name), let receiver = expression(base, in: scope),
            receiver.type != .api("DispatchWorkItem")  // `item.perform()`: below, with the item's other calls
        {
            guard case .object = receiver.type else { return nil }
            return performStep(target: receiver.text, call, in: scope)
        }
        if let queue = queueName(base, in: scope) { return queueCall(queue, name, call, in: scope) }
        if let queue = propertyQueue(base, in: scope), queue.isOperationQueue {
            return operationQueueCall(queue.name, name, call, in: scope)
        }
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
        case .object(let cls)
        where ["addObserver", "removeObserver"].contains(name) && classes[cls]?.methods[name] == nil:
            // KVO's `addObserver(_:forKeyPath:…)`; a class of the file with its own `removeObserver(_:)` (a
            // hand-made observable) is called as any method is.
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
        "waitUntilAllOperationsAreFinished", "addDependency", "waitUntilFinished", "yield", "finish",
    ]

    /// The name an expression's chain of members starts from (`a` of `a?.b.c`).
    func rootName(_ e: ExprSyntax) -> String? {
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
        if type == "CheckedContinuation" { return continuationMethod(receiver, name, call, in: scope) }
        if type.hasPrefix("AsyncStream<") || type.hasPrefix("AsyncThrowingStream<") {
            return streamContinuationMethod(type, receiver, name, call, in: scope)  // SwiftLowering+Streams.swift
        }
        if let steps = lockMethod(type, receiver, name, call, in: &scope) { return steps }
        switch (type, name) {
        case ("DispatchSourceTimer", "resume") where bare: return [.step("dispatch_resume", receiver, at: at)]
        case ("DispatchSourceTimer", "suspend") where bare: return [.step("dispatch_suspend", receiver, at: at)]
        case ("DispatchSourceTimer", "cancel") where bare: return [.step("dispatch_source_cancel", receiver, at: at)]
        case ("DispatchSourceTimer", "setEventHandler"):
            return sourceHandlerReplaced(receiver, call, in: scope)  // SwiftLowering+DispatchSources.swift
        case ("DispatchSourceTimer", "schedule"):
            unsupported(
                "`schedule` apart from the source's creation",
                "schedule the source in the statements right after `DispatchSource.makeTimerSource(queue:)`, "
                    + "before `resume()` (for a source made in a property's initial value: in `init`; rescheduling "
                    + "a running source is not modelled)", at: call)
            return []
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
    mutating func unknownFoundationCall(_ call: FunctionCallExprSyntax) -> [LocatedNode] {
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

    /// A call that makes an API object stored into `place`: the step that makes it, and its type; nil when `call`
    /// makes none of them. `NSLock()`, `NSRecursiveLock()`, `NSCondition()` → `newLock:`; `DispatchWorkItem { }` →
    /// `workItem:`; `x.observe(\.key) { … }` → `observeKeyPath:` with `token:`; `NSMachPort()`/`Port()` →
    /// `port:`; `CADisplayLink(target:selector:)` → `displayLink:`.
    mutating func apiCreation(_ call: FunctionCallExprSyntax, place: String, in scope: Scope)
        -> (steps: [LocatedNode], type: LoweredType)?
    {
        let at = location(call)
        if let made = backgroundTaskCreation(call, place: place, in: scope) { return made }  // +AppLifecycle.swift
        if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = callee.baseName.text
            switch name {
            case "NSLock", "NSRecursiveLock", "NSCondition":
                guard call.arguments.isEmpty, call.trailingClosure == nil else { return nil }
                let extra: [(String, LocatedNode)] = name == "NSLock" ? [] : [("class", .plain(name, at: at))]
                return ([.step("newLock", place, at: at, extra)], .api(name))
            case "NSConditionLock":
                return conditionLockCreation(call, place: place)
            case "DispatchWorkItem":
                if let argument = call.arguments.first(where: { $0.label?.text == "block" }),
                    call.trailingClosure == nil, isClosureValue(argument.expression, in: scope),
                    let value = expression(argument.expression, in: scope)
                {
                    // `DispatchWorkItem(block: action)` of a closure value: an item whose block calls it, retaining
                    // it (the item copies the block it is given; the extra block is the model's, as for
                    // `queue.async(execute: work)`, docs/fidelity.md).
                    if refusesWorkItemFlags(call) { return ([], .api(name)) }
                    let isName = !value.text.contains(".")
                    let capture = isName ? "strong \(value.text)" : "strong \(value.text) as work"
                    let block: [(String, LocatedNode)] = [
                        ("captures", .list([.plain(capture, at: at)], at: at)),
                        ("do", .list([.step("callBlock", isName ? value.text : "work", at: at)], at: at)),
                    ]
                    return ([.step("workItem", place, at: at, block)], .api(name))
                }
                guard let closure = trailingOrLabelled(call, "block") else { return nil }
                if refusesWorkItemFlags(call) { return ([], .api(name)) }  // SwiftLowering+WorkItems.swift
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

    /// Statements that belong together, starting at `items[index]`: a dispatch timer source made, scheduled, given
    /// its handler and resumed (`dispatch_source_timer:`), or a thread made, named and started (`thread:`). Returns
    /// the steps and how many statements they used, or nil when `items[index]` starts no such group.
    mutating func foldedGroup(_ items: [CodeBlockItemSyntax], at index: Int, in scope: inout Scope)
        -> (steps: [LocatedNode], used: Int)?
    {
        if let folded = foldPropertySource(items, at: index, in: &scope) { return folded }  // +PropertySources.swift
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
    func swiftPlace(_ e: some SyntaxProtocol) -> String {
        var text = e.trimmedDescription.replacingOccurrences(of: "?", with: "")
        if text.hasPrefix("self.") { text.removeFirst(5) }
        return text
    }

    /// `receiver.NAME(…)` as a statement whose receiver is `place`: the call and NAME.
    func callOn(_ place: String, _ item: CodeBlockItemSyntax) -> (FunctionCallExprSyntax, String)? {
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

    /// `PLACE = VALUE` as a statement: its two sides.
    func assignmentOf(_ item: CodeBlockItemSyntax) -> (ExprSyntax, ExprSyntax)? {
        let e = item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression
        guard let sequence = e?.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let elements = Array(sequence.elements)
        guard elements[1].is(AssignmentExprSyntax.self) else { return nil }
        return (elements[0], elements[2])
    }

    /// Whether `item` refers to `name`.
    func usesName(_ name: String, _ item: CodeBlockItemSyntax) -> Bool {
        let collector = NameCollector()
        collector.walk(item)
        return collector.referenced.contains { $0.name == name }
    }

    /// `#selector(tick)`, `#selector(tick(_:))`, `#selector(Page.tick(_:))` → `tick`.
    func selectorMethod(_ e: ExprSyntax) -> String? { Self.selectorMethod(e) }

    /// `#selector(tick)`, `#selector(tick(_:))`, `#selector(Page.tick(_:))` → `tick` (for static helpers too).
    static func selectorMethod(_ e: ExprSyntax) -> String? {
        guard let macro = e.as(MacroExpansionExprSyntax.self), macro.macroName.text == "selector",
            let argument = macro.arguments.first?.expression
        else { return nil }
        if let ref = argument.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        if let member = argument.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return nil
    }

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

    /// What to write instead of a Foundation, GCD or CF API this file does not lower yet (named in `text`), nil for
    /// any other API.
    static func foundationAdvice(_ text: String) -> String? {
        if text.contains("OperationQueue") || text.contains("BlockOperation") || text.contains("addOperation") {
            return "an operation queue is `let q = OperationQueue()` at the top level (`operationQueues:`), its width "
                + "`q.maxConcurrentOperationCount = 1` there too; other uses are not lowered yet: write that part in "
                + "YAML (`operationQueues:`, `addOperation:`, docs/scenario-format.md §7.11)"
        }
        if text.hasPrefix("DispatchQueue") {
            return "a queue is `let q = DispatchQueue(label: \"q\")` (`attributes: .concurrent` for a concurrent "
                + "one) at the top level or in a `let` property of a class made once; a queue made elsewhere is "
                + "not lowered: declare it in YAML (`queues: [{q: {concurrent: 4}}]`, docs/scenario-format.md §2)"
        }
        if text.contains("NSConditionLock") {
            return "an NSConditionLock is `NSConditionLock(condition: 0)` kept in a local or a field, with `lock()`, "
                + "`lock(whenCondition:)`, `unlock()`, `unlock(withCondition:)` and `withLock { }`; for anything "
                + "else write it in YAML (`newLock:` with `class: NSConditionLock`, docs/scenario-format.md §7.14)"
        }
        return nil
    }
}
