import LoopSimKernel

extension ScenarioCompiler {
    /// The run-loop verbs (docs/scenario-format.md §7.4–§7.6): running a run loop, stopping and waking it,
    /// observers, sources and performed blocks, `dispatch_async` and `thread:`. Each makes its step of
    /// `RunLoop/RunLoops+Steps.swift`, `Dispatch/DispatchQueues+Steps.swift` or `Threads/Threads+Steps.swift`.
    static let runLoopVerbs: [StepVerb] = [
        StepVerb("run") { _, _ in [.perform(RunStep.make(call: .run))] },
        StepVerb("runUntil") { c, s in
            c.durationArgument(s.arg, what: "runUntil", scope: s.scope).map {
                [.perform(RunStep.make(call: .runUntil(after: $0.fixed), durationExpression: $0.computed))]
            } ?? []
        },
        StepVerb("runMode", keys: ["before", "result"]) { c, s in
            let before = c.limit(s.map["before"], what: "before", scope: s.scope)
            var place: LValue?
            if let node = s.map["result"] {
                guard let lvalue = c.lvalue(node, scope: s.scope, declare: .bool)?.0 else { return [] }
                place = lvalue
            }
            let result = place
            return c.modeSteps(s.arg, scope: s.scope) {
                RunStep.make(
                    call: .runMode($0, before: before?.fixed), durationExpression: before?.computed, result: result)
            }
        },
        StepVerb("CFRunLoopRun") { _, _ in [.perform(RunStep.make(call: .cfRun))] },
        StepVerb("CFRunLoopRunInMode", keys: ["seconds", "returnAfterSourceHandled"]) { c, s in
            let rash =
                s.map["returnAfterSourceHandled"].flatMap { c.bool($0, what: "returnAfterSourceHandled") } ?? false
            let seconds = c.limit(s.map["seconds"], what: "seconds", scope: s.scope)
            return c.modeSteps(s.arg, scope: s.scope) {
                RunStep.make(
                    call: .cfRunInMode($0, seconds: seconds?.fixed, returnAfterSourceHandled: rash),
                    durationExpression: seconds?.computed)
            }
        },
        StepVerb("limitDateForMode", keys: ["of", "result"]) { c, s in
            guard let rl = c.runLoopArgument(s.map["of"], scope: s.scope) else { return [] }
            var place: LValue?
            if let node = s.map["result"] {
                guard let lvalue = c.lvalue(node, scope: s.scope, declare: .int)?.0 else { return [] }
                place = lvalue
            }
            let result = place
            return c.modeSteps(s.arg, scope: s.scope) { LimitDateStep.make(mode: $0, runLoop: rl, result: result) }
        },
        StepVerb("CFRunLoopStop") { c, s in
            c.runLoopArgument(s.arg, scope: s.scope).map {
                [.perform(StopOrWakeUpStep.make(runLoop: $0, stops: true))]
            } ?? []
        },
        StepVerb("CFRunLoopWakeUp") { c, s in
            c.runLoopArgument(s.arg, scope: s.scope).map {
                [.perform(StopOrWakeUpStep.make(runLoop: $0, stops: false))]
            } ?? []
        },
        StepVerb("CFRunLoopAddCommonMode", keys: ["to"]) { c, s in
            guard let mode = c.modeName(s.arg), let rl = c.runLoopArgument(s.map["to"], scope: s.scope) else {
                return []
            }
            return [.perform(AddCommonModeStep.make(runLoop: rl, mode: mode))]
        },
        StepVerb(
            "addObserver",
            keys: ["mode", "activities", "repeats", "order", "into", "activity", "captures", "do"]
        ) { c, s in
            guard let rl = c.runLoopArgument(s.arg.isNull ? nil : s.arg, scope: s.scope),
                let parameter = c.activityParameter(s),
                let block = c.blockLiteral(
                    captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope,
                    parameters: parameter.map { [($0, .int)] } ?? [])
            else { return [] }
            let activities = s.map["activities"].map { c.activitySet($0) } ?? .allActivities
            var into: LValue?
            if let node = s.map["into"] {
                guard let (lvalue, type) = c.lvalue(node, scope: s.scope, declare: .observer) else { return [] }
                if type != .observer && type != .anyObject {
                    c.bag.error(
                        .exprType, "into: keeps the CFRunLoopObserver, which \(type) cannot hold",
                        at: node.location)
                    return []
                }
                into = lvalue
            }
            let mode = c.modeName(s.map["mode"]) ?? RunLoopModeName.default
            return [
                .perform(
                    AddObserverStep.make(
                        runLoop: rl, mode: mode, activities: activities,
                        repeats: s.map["repeats"].flatMap { c.bool($0, what: "repeats") } ?? true,
                        order: s.map["order"].flatMap { c.int($0, what: "order") } ?? 0,
                        block: block, into: into))
            ]
        },
        StepVerb("CFRunLoopRemoveObserver", keys: ["from", "mode"]) { c, s in c.removeFromRunLoop(s, observer: true) },
        StepVerb("CFRunLoopObserverInvalidate") { c, s in c.invalidateRunLoopItem(s, observer: true) },
        StepVerb("CFRunLoopRemoveSource", keys: ["from", "mode"]) { c, s in c.removeFromRunLoop(s, observer: false) },
        StepVerb("CFRunLoopSourceInvalidate") { c, s in c.invalidateRunLoopItem(s, observer: false) },
        StepVerb("addSource", keys: ["to", "mode", "order", "captures", "do"]) { c, s in
            guard let rl = c.runLoopArgument(s.map["to"], scope: s.scope), let block = c.blockArgument(s) else {
                return []
            }
            var into: LValue?
            if !s.arg.isNull { into = c.lvalue(s.arg, scope: s.scope, declare: .source)?.0 }
            return [
                .perform(
                    AddSourceStep.make(
                        runLoop: rl, mode: c.modeName(s.map["mode"]) ?? RunLoopModeName.default,
                        order: s.map["order"].flatMap { c.int($0, what: "order") } ?? 0,
                        block: block, into: into))
            ]
        },
        StepVerb("signal") { c, s in
            guard let (e, t) = c.expression(s.arg, scope: s.scope) else { return [] }
            if t != .source {
                c.bag.error(.exprType, "signal needs a source made by addSource, not \(t)", at: s.arg.location)
            }
            return [.perform(SignalStep.make(source: e))]
        },
        StepVerb("CFRunLoopPerformBlock", keys: ["mode", "captures", "do"]) { c, s in
            guard let rl = c.runLoopArgument(s.arg.isNull ? nil : s.arg, scope: s.scope), let block = c.blockArgument(s)
            else { return [] }
            return c.modeSteps(s.map["mode"], scope: s.scope) {
                PerformBlockStep.make(runLoop: rl, mode: $0, block: block)
            }
        },
        StepVerb("dispatch_async", keys: ["captures", "do"]) { c, s in
            guard let queue = c.queueRef(s.arg, scope: s.scope), let block = c.blockArgument(s) else { return [] }
            return [.perform(DispatchAsyncStep.make(queue: queue, block: block))]
        },
        StepVerb("thread", keys: ["into", "captures", "do"]) { c, s in
            guard let name = c.threadName(s.arg), let block = c.blockArgument(s) else { return [] }
            var into: LValue?
            if let node = s.map["into"] {
                guard let (lvalue, type) = c.lvalue(node, scope: s.scope, declare: .thread) else { return [] }
                if type != .thread {
                    c.bag.error(
                        .exprType,
                        "into: keeps the NSThread, which \(type) cannot hold: declare the field "
                            + "NSThread", at: node.location)
                    return []
                }
                into = lvalue
            }
            return [.perform(DetachThreadStep.make(name: name, block: block, into: into))]
        },
        StepVerb("cancelThread") { c, s in
            guard let (thread, type) = c.expression(s.arg, scope: s.scope) else { return [] }
            if type != .thread {
                c.bag.error(.exprType, "cancelThread: takes an NSThread, not \(type)", at: s.arg.location)
                return []
            }
            return [.perform(CancelThreadStep.make(thread: thread))]
        },
    ]

    /// The name a `thread:` step gives its thread: not `main` or `worker-N`, the main thread's and GCD's pool
    /// threads' names (`thread.name`); a name another `thread:` step gives too is a warning, since traces and
    /// `expect:` tell threads apart by name.
    private func threadName(_ node: LocatedNode) -> String? {
        guard let name = string(node, what: "thread name") else { return nil }
        let isWorker = name.hasPrefix("worker-") && name.dropFirst(7).allSatisfy { $0.isASCII && $0.isNumber }
        if name == "main" || isWorker || name == "kernel" {
            bag.error(
                .threadName,
                "'\(name)' is the name of "
                    + (name == "main"
                        ? "the main thread"
                        : isWorker ? "a GCD pool thread" : "the kernel's own events")
                    + "; give the thread a name of its own (traces and expect: tell threads apart by name)",
                at: node.location)
            return nil
        }
        if let first = threadStepNames[name] {
            bag.warning(
                .threadName,
                "another `thread:` step also names its thread '\(name)': traces and expect: "
                    + "cannot tell the two apart; give each a name of its own",
                at: node.location, notes: [Diagnostic.Note("the first `thread: \(name)`", at: first)])
        } else {
            threadStepNames[name] = node.location
        }
        return name
    }

    /// The block literal of a step's `captures:` and `do:` keys.
    private func blockArgument(_ s: StepSite) -> Expr? {
        blockLiteral(captures: s.map["captures"], body: s.map["do"], at: s.at, scope: s.scope)
    }

    /// A limit date relative to now: a duration, or `distantFuture` (nil: no limit).
    private func limit(_ node: LocatedNode?, what: String, scope: Scope) -> DurationArgument? {
        guard let node else { return nil }
        if node.scalar?.text == "distantFuture" { return nil }
        return durationArgument(node, what: what, scope: scope, allowNegative: true)
    }

    /// The queue a step names: `main`, `global`, a queue declared under `queues:`, or, with the step's `scope`, an
    /// expression that yields a queue made at run time (`self.queue`, a local holding `dispatch_queue_create
    /// "label"`), evaluated when the step runs (``QueueRef/value(_:)``).
    func queueRef(_ node: LocatedNode, scope: Scope? = nil) -> QueueRef? {
        guard let name = string(node, what: "queue") else { return nil }
        switch name {
        case "main": return .main
        case "global": return .global
        default:
            if let i = program.serialQueues.firstIndex(of: name) { return .serial(i) }
            if let scope,
                name.contains(".") || name.hasPrefix("dispatch_queue_create")
                    || scope.localNames.contains(name) || scope.captures.contains(where: { $0.name == name })
            {
                guard let (e, t) = expression(node, scope: scope) else { return nil }
                guard t == .queue else {
                    bag.error(
                        .typeMismatch,
                        "'\(name)' is \(t), not a queue: name main, global, a queue declared under "
                            + "queues:, or a dispatch_queue value (dispatch_queue_create \"label\")", at: node.location)
                    return nil
                }
                return .value(QueueExpression(e))
            }
            bag.error(
                .nameUndefined,
                "unknown queue '\(name)': use main, global, or a serial queue declared under queues:"
                    + suggestion(name, ["main", "global"] + program.serialQueues), at: node.location)
            return nil
        }
    }

    /// `activities:`: one activity or a list of them, by the short names (`beforeWaiting`, `allActivities`) or CF's
    /// (`kCFRunLoopBeforeWaiting`, `kCFRunLoopAllActivities`).
    private func activitySet(_ node: LocatedNode) -> RunLoopActivity {
        let names: [String: RunLoopActivity] = [
            "entry": .entry, "beforeTimers": .beforeTimers, "beforeSources": .beforeSources,
            "beforeWaiting": .beforeWaiting, "afterWaiting": .afterWaiting, "exit": .exit, "all": .allActivities,
            "allActivities": .allActivities,
        ]
        var set: RunLoopActivity = []
        let items = node.sequence?.items ?? [node]
        for item in items {
            guard let text = item.scalar?.text,
                let activity = names[text] ?? Self.namedConstant(text).map({ RunLoopActivity(rawValue: UInt32($0)) })
            else {
                bag.error(
                    .valueInvalid,
                    "unknown activity; use " + names.keys.sorted().joined(separator: ", ")
                        + ", or CF's names (kCFRunLoopBeforeWaiting…)", at: item.location)
                continue
            }
            set.insert(activity.rawValue == 0x0FFF_FFFF ? .allActivities : activity)
        }
        return set
    }

    /// CF's `CFRunLoopActivity` constants by name, with their values in CFRunLoop.h (`kCFRunLoopEntry = (1UL << 0)`
    /// … `kCFRunLoopExit = (1UL << 7)`, `kCFRunLoopAllActivities = 0x0FFFFFFFU`), for expressions that compare an
    /// observer's `activity:` parameter: nil for any other name.
    static func namedConstant(_ name: String) -> Int? {
        switch name {
        case "kCFRunLoopEntry": 1
        case "kCFRunLoopBeforeTimers": 2
        case "kCFRunLoopBeforeSources": 4
        case "kCFRunLoopBeforeWaiting": 32
        case "kCFRunLoopAfterWaiting": 64
        case "kCFRunLoopExit": 128
        case "kCFRunLoopAllActivities": 0x0FFF_FFFF
        default: nil
        }
    }

    /// The name `activity:` gives an observer block's parameter, the `CFRunLoopActivity` CF passes it (`^(
    /// CFRunLoopObserverRef observer, CFRunLoopActivity activity)`): an int. `.some(nil)` without the key.
    private func activityParameter(_ s: StepSite) -> String?? {
        blockParameter(s, key: "activity", example: "act") { Self.namedConstant($0) == nil }
    }

    /// `CFRunLoopRemoveObserver: OBSERVER` / `CFRunLoopRemoveSource: SOURCE` with `from:` (the run loop, the current
    /// one when absent) and `mode:` (default when absent).
    private func removeFromRunLoop(_ s: StepSite, observer: Bool) -> [Step] {
        guard let item = runLoopItem(s, observer: observer),
            let rl = runLoopArgument(s.map["from"], scope: s.scope)
        else { return [] }
        return [
            .perform(
                RemoveFromRunLoopStep.make(
                    item: item, runLoop: rl,
                    mode: modeName(s.map["mode"]) ?? RunLoopModeName.default,
                    isObserver: observer))
        ]
    }

    /// `CFRunLoopObserverInvalidate: OBSERVER` / `CFRunLoopSourceInvalidate: SOURCE`.
    private func invalidateRunLoopItem(_ s: StepSite, observer: Bool) -> [Step] {
        guard let item = runLoopItem(s, observer: observer) else { return [] }
        return [.perform(InvalidateRunLoopItemStep.make(item: item, isObserver: observer))]
    }

    /// The verb's argument: an observer (kept with `addObserver:`'s `into:`), or a source (`addSource:`, a port or
    /// a stream).
    private func runLoopItem(_ s: StepSite, observer: Bool) -> Expr? {
        guard let (e, t) = expression(s.arg, scope: s.scope) else { return nil }
        let fits =
            observer
            ? (t == .observer || t == .anyObject || t == .null)
            : (t == .source || t == .port || t == .anyObject || t == .null)
        if !fits {
            bag.error(
                .exprType,
                observer
                    ? "\(s.verb) takes a CFRunLoopObserver (kept with addObserver's into:), not \(t)"
                    : "\(s.verb) takes a CFRunLoopSource (made by addSource:, port: or stream:), not \(t)",
                at: s.arg.location)
            return nil
        }
        return e
    }
}
