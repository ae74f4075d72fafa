import LoopSimKernel

/// Steps and expressions as Swift statements over `LSValue`.
extension ScenarioTranslation {
    mutating func emitSteps(_ steps: [Step], context: BodyContext, into w: inout SwiftWriter) {
        var context = context
        for step in steps {
            var s = SwiftWriter()
            emit(step, context: &context, into: &s)
            // `new` runs its class's init once the step has stored the instance (the kernel's order).
            let flush = s.text.contains("LS.new(")
            for line in s.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                w.line(String(line.drop(while: { $0 == " " }).isEmpty ? "" : line))
            }
            if flush { w.line("LS.flushInits()") }
        }
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    private mutating func emit(_ step: Step, context: inout BodyContext, into w: inout SwiftWriter) {
        switch step {
        case .bind(let local, let e):
            w.line("\(place(local, context)) = \(expr(e, context))")
        case .assign(let lvalue, let e):
            w.line(store(expr(e, context), into: lvalue, context))
        case .release(let lvalue):
            w.line(store("LSValue.null", into: lvalue, context))
        case .add(let lvalue, let delta):
            switch lvalue {
            case .local(let i):
                w.line("\(place(i, context)) = LS.add(\(place(i, context)), \(delta))")
            case .field(let base, let field):
                let b = temporary()
                w.line("let \(b) = \(expr(base, context))")
                w.line("LS.set(\(b), \(field), LS.add(LS.get(\(b), \(field)), \(delta)))")
            }
        case .ifThen(let condition, let thenSteps, let elseSteps):
            w.line("if LS.truthy(\(expr(condition, context))) {")
            w.indented { w in emitSteps(thenSteps, context: context, into: &w) }
            if elseSteps.isEmpty {
                w.line("}")
            } else {
                w.line("} else {")
                w.indented { w in emitSteps(elseSteps, context: context, into: &w) }
                w.line("}")
            }
        case .loop(let loop):
            // A local first declared in the body ends with each turn, as the model's loop releases it.
            let header: String
            switch loop.header {
            case .whileCondition(let condition):
                header = "while LS.truthy(\(expr(condition, context))) {"
            case .range(let counter, let from, let to, let isClosed):
                header =
                    "for n\(counter) in LS.int(\(expr(from, context)))\(isClosed ? "..." : "..<")"
                    + "LS.int(\(expr(to, context))) {"
            }
            w.line(header)
            w.indented { w in
                if case .range(let counter, _, _, _) = loop.header {
                    w.line("\(place(counter, context)) = .int(n\(counter))")
                }
                if !loop.bodyLocals.isEmpty {
                    let resets = loop.bodyLocals.map { "\(place($0, context)) = .null" }
                    w.line("defer { " + resets.joined(separator: "; ") + " }")
                }
                emitSteps(loop.body, context: context, into: &w)
            }
            w.line("}")
        case .loopControl(let control):
            w.line(control.rawValue)
        case .log(let text):
            if let marker = RunMarkers.parse(text) {
                context.pendingRun = marker.isBegin ? marker.id : nil
            } else {
                w.line("LS.log(\(SwiftWriter.literal(text)))")
            }
        case .work(let spec):
            switch spec {
            case .fixed(let d): w.line("LS.work(\(d.nanoseconds))")
            case .sampled: unsupported("work: with a random duration (the real program cannot replay the seeded draws)")
            case .expression: unsupported(Self.computedDuration("work:"))
            }
        case .call(_, _, _, _, .some):
            unsupported("call: with result: (the translation's methods return nothing)")
        case .returnValue:
            unsupported("return: (the translation's methods return nothing)")
        case .call(let receiver, let c, let m, let arguments, .none):
            // Arguments are evaluated first, even for a nil receiver, as Objective-C's message send does.
            // They live in a `do` scope, so that Swift releases them when the call returns, as the callee's
            // parameters are released in the model.
            var lines: [String] = []
            var values: [String] = []
            for argument in arguments {
                let t = temporary()
                lines.append("let \(t) = \(expr(argument, context))")
                values.append(t)
            }
            let receiverText = expr(receiver, context)
            lines.append(
                "(LS.obj(\(receiverText)) as? \(className(c)))?.\(methodName(c, m))("
                    + values.joined(separator: ", ") + ")")
            if arguments.isEmpty {
                w.line(lines[0])
            } else {
                w.block("do") { w in for line in lines { w.line(line) } }
            }
        case .callBlock(let e, let arguments, let result):
            // A generated block takes at most one argument (`LSBlock(taking:)`, bound to its first local).
            if arguments.count > 1 { unsupported("a block called with \(arguments.count) arguments") }
            if result != nil { unsupported("a block called for its value") }
            w.line("LS.call(\(expr(e, context))).run(\(arguments.first.map { expr($0, context) } ?? ""))")
        case .check(let label):
            w.line("// check: \(label.replacingNewlines) (a LoopSim snapshot; nothing to do on the real machine)")
        case .perform(let performed):
            emitPerformed(performed, context: &context, into: &w)
        case .internalStep:
            unsupported(Self.stepName(step))
        case .site:
            break  // where the next statement was written: nothing to run on the real machine
        }
    }

    /// A step that runs itself (``ExecutableStep``): the verbs with a translation; any other is unsupported,
    /// named by its verb, so a verb added to the kernel alone makes a scenario untranslatable, not wrong.
    // swiftlint:disable:next cyclomatic_complexity function_body_length
    private mutating func emitPerformed(
        _ step: any ExecutableStep, context: inout BodyContext, into w: inout SwiftWriter
    ) {
        switch step {
        case let s as MakeTimerStep:
            emitTimer(s.spec, into: s.into, context: context, w: &w)
        case is EnsureSharedStep:
            break  // `shared C` itself is reported untranslatable where it is read
        case let s as ModeExpressionStep:
            // A mode in a string variable: resolved when the step runs, into a Swift local the inner step names.
            let variable = temporary()
            w.line("let \(variable) = LS.modeName(\(expr(s.mode, context)))")
            modeVariable = variable
            emitPerformed(s.make(Self.modePlaceholder), context: &context, into: &w)
            modeVariable = nil
        case let s as AddTimerStep:
            w.line("LS.addTimer(\(expr(s.timer, context)), \(expr(s.runLoop, context)), \(modeLiteral(s.mode)))")
        case let s as InvalidateOrFireStep:
            w.line("LS.\(s.fires ? "fire" : "invalidate")(\(expr(s.timer, context)))")
        case let s as SetFireDateStep:
            let at = s.at.map { expr($0, context) } ?? "nil"
            w.line("LS.setFireDate(\(expr(s.timer, context)), at: \(at), after: \(s.after.nanoseconds))")
        case let s as RunStep:
            if s.durationExpression != nil { unsupported(Self.computedDuration(s.verb)) }
            let id = context.pendingRun ?? -1
            emitRun(s.call, id: id, into: &w)
            if let result = s.result, case .runMode = s.call, id >= 0 {
                w.line(store("LSValue.bool(ran\(id))", into: result, context))
            }
            context.pendingRun = nil
        case let s as LimitDateStep:
            let value = "LS.limitDate(\(expr(s.runLoop, context)), \(modeLiteral(s.mode)))"
            if let result = s.result {
                w.line(store(value, into: result, context))
            } else {
                w.line("_ = \(value)")
            }
            w.line("LS.runReturn(\(context.pendingRun ?? -1), \"-\")")
            context.pendingRun = nil
        case let s as StopOrWakeUpStep:
            w.line(
                "if let rl = LS.runLoop(\(expr(s.runLoop, context))) { \(s.stops ? "CFRunLoopStop" : "CFRunLoopWakeUp")(rl.cf) }"
            )
        case let s as AddCommonModeStep:
            w.line(
                "if let rl = LS.runLoop(\(expr(s.runLoop, context))) { CFRunLoopAddCommonMode(rl.cf, LS.cfMode(\(modeLiteral(s.mode)))) }"
            )
        case let s as PerformBlockStep:
            let (rl, mode, block) = (s.runLoop, s.mode, s.block)
            w.block("if let rl = LS.runLoop(\(expr(rl, context)))") { w in
                w.line("let block = LS.call(\(expr(block, context)))")
                w.line("rl.ns.perform(inModes: [LS.mode(\(modeLiteral(mode)))]) { block.run() }")
            }
        case let s as AddObserverStep:
            let (rl, mode, activities, repeats, order, block) = (
                s.runLoop, s.mode, s.activities, s.repeats, s.order, s.block
            )
            w.block("if let rl = LS.runLoop(\(expr(rl, context)))") { w in
                w.line("let block = LS.call(\(expr(block, context)))")
                w.line(
                    "let observer = CFRunLoopObserverCreateWithHandler(nil, \(activities.rawValue), \(repeats), "
                        + "\(order)) { _, _ in block.run() }")
                w.line("CFRunLoopAddObserver(rl.cf, observer, LS.cfMode(\(modeLiteral(mode))))")
            }
        case let s as AddSourceStep:
            let (rl, mode, order, block, into) = (s.runLoop, s.mode, s.order, s.block, s.into)
            let source = temporary()
            w.line("let \(source) = LSSource(order: \(order), handler: LS.call(\(expr(block, context))))")
            w.line(
                "if let rl = LS.runLoop(\(expr(rl, context))) { CFRunLoopAddSource(rl.cf, \(source).source, "
                    + "LS.cfMode(\(modeLiteral(mode)))) }")
            if let into { w.line(store("LSValue.object(\(source))", into: into, context)) }
        case let s as SignalStep:
            w.line(
                "if let source = LS.obj(\(expr(s.source, context))) as? LSSource { CFRunLoopSourceSignal(source.source) }"
            )
        case let s as DispatchAsyncStep:
            w.line("LS.async(\(queueExpression(s.queue, context)), \(expr(s.block, context)))")
        case let s as DetachThreadStep:
            w.line("LS.detach(\(SwiftWriter.literal(s.name)), LS.call(\(expr(s.block, context))))")
        case let s as DispatchAfterStep:
            guard case .fixed(let d) = s.delay else {
                if case .expression = s.delay { unsupported(Self.computedDuration("dispatch_after")); return }
                unsupported("dispatch_after with a random delay (the real program cannot replay the seeded draws)")
                return
            }
            w.line("LS.after(\(d.nanoseconds), \(queueExpression(s.queue, context)), \(expr(s.block, context)))")
        case let s as MakeDispatchTimerStep:
            emitDispatchTimer(s.spec, into: s.into, context: context, into: &w)
        case let s as MakeByrefStep:
            w.line(store("LSValue.object(LSByref())", into: s.into, context))
        case let s as DispatchSourceStep:
            let call =
                switch s.call {
                case .resume: "resume"
                case .suspend: "suspend"
                case .cancel: "cancel"
                }
            w.line("(LS.obj(\(expr(s.source, context))) as? DispatchSourceTimer)?.\(call)()")
        case let s as SemaphoreWaitStep:
            if s.timeoutExpression != nil { unsupported(Self.computedDuration(s.verb)) }
            let value = "LS.wait(\(expr(s.semaphore, context)), \(s.timeout.map { String($0.nanoseconds) } ?? "nil"))"
            if let result = s.result {
                w.line(store(value, into: result, context))
            } else {
                w.line("_ = \(value)")
            }
        case let s as DispatchBarrierAsyncStep:
            w.line("LS.barrierAsync(\(queueExpression(s.queue, context)), \(expr(s.block, context)))")
        case let s as DispatchSyncStep:
            w.line(
                "LS.sync(\(queueExpression(s.queue, context)), \(expr(s.block, context))\(s.isBarrier ? ", barrier: true" : ""))"
            )
        case let s as DispatchGroupStep:
            w.line("(LS.obj(\(expr(s.group, context))) as? DispatchGroup)?.\(s.call == .enter ? "enter" : "leave")()")
        case let s as DispatchGroupBlockStep:
            w.line(
                "LS.groupAsync(\(expr(s.group, context)), \(queueExpression(s.queue, context)), \(expr(s.block, context)), "
                    + "notify: \(s.call == .notify))")
        case let s as DispatchGroupWaitStep:
            if s.timeoutExpression != nil { unsupported(Self.computedDuration(s.verb)) }
            let value = "LS.groupWait(\(expr(s.group, context)), \(s.timeout.map { String($0.nanoseconds) } ?? "nil"))"
            if let result = s.result {
                w.line(store(value, into: result, context))
            } else {
                w.line("_ = \(value)")
            }
        case is DispatchOnceStep:
            unsupported("dispatch_once (Swift has no dispatch_once: its lazy globals use swift_once)")
        case let s as SemaphoreSignalStep:
            w.line("(LS.obj(\(expr(s.semaphore, context))) as? DispatchSemaphore)?.signal()")
        case is ScrollStep:
            unsupported("scroll (UIKit tracking does not exist on Linux)")
        case is MakeDisplayLinkStep:
            unsupported("a CADisplayLink (QuartzCore does not exist on Linux)")
        case let s as AddBlockObserverStep:
            let token = temporary()
            let filter = s.object.map { "LS.obj(\(expr($0, context)))" } ?? "nil"
            let operationQueue =
                s.operationQueue.map { "\(self.operationQueue($0)).queue" } ?? s.queue.map { q in
                    q == .main ? "OperationQueue.main" : "LS.operationQueue(\(queueExpression(q, context)))"
                } ?? "nil"
            let name = s.name.map(SwiftWriter.literal) ?? "nil"
            w.line(
                "let \(token) = LS.addObserver(\(name), object: \(filter), "
                    + "queue: \(operationQueue), block: \(expr(s.block, context)))")
            if let into = s.into { w.line(store(token, into: into, context)) }
        case let s as RemoveObserverStep:
            w.line(
                "if let observer = LS.obj(\(expr(s.observer, context))) { NotificationCenter.default.removeObserver(observer) }"
            )
        case let s as PostNotificationStep:
            let sender = s.object.map { "LS.obj(\(expr($0, context)))" } ?? "nil"
            let name = "Notification.Name(\(SwiftWriter.literal(s.name)))"
            guard let userInfo = s.userInfo else {
                w.line("NotificationCenter.default.post(name: \(name), object: \(sender))")
                break
            }
            // The sender, then the userInfo values in order, evaluated (and their inits run) before the post, as the
            // kernel does; in a `do` scope, so that nothing but the notification holds them once the post returns.
            w.block("do") { w in
                let senderValue = temporary()
                w.line("let \(senderValue): AnyObject? = \(sender)")
                var entries: [String] = []
                for entry in userInfo {
                    let value = temporary()
                    w.line("let \(value) = \(expr(entry.value, context))")
                    entries.append("(\(SwiftWriter.literal(entry.key)), \(value))")
                }
                w.line("LS.flushInits()")
                w.line(
                    "NotificationCenter.default.post(name: \(name), object: \(senderValue), "
                        + "userInfo: LS.userInfo([" + entries.joined(separator: ", ") + "]))")
            }
        case let s as SampleStep:
            w.line("LS.sample(\(SwiftWriter.literal(s.name)), \(expr(s.value, context)))")
        case is AddSelectorObserverStep:
            unsupported("addSelectorObserver (swift-corelibs-foundation has only the block API)")
        case is PerformAfterDelayStep, is PerformOnThreadStep, is CancelPerformRequestsStep:
            // SCF-HEAD has no selector performs (no Objective-C runtime): Sources/Foundation/RunLoop.swift offers
            // only perform(inModes:block:) and perform(_:); NSObject and Thread have no perform(_:with:...).
            unsupported("\(step.verb) (swift-corelibs-foundation has no selector performs: no Objective-C runtime)")
        case is MakeTaskStep, is TaskSleepStep, is CheckCancellationStep, is CancelTaskStep, is MainActorRunStep,
            is AwaitCallStep, is TaskYieldStep, is AwaitTaskStep, is TaskGroupStep, is TaskGroupBodyStep,
            is AddTaskStep, is TaskGroupWaitStep:
            emitConcurrency(step, context: context, into: &w)
        case is WithContinuationStep, is ResumeContinuationStep:
            emitContinuation(step, context: context, into: &w)  // ScenarioTranslation+Continuations.swift
        default:
            if emitOperation(step, context: context, into: &w) || emitLock(step, context: context, into: &w)
                || emitWorkItem(step, context: context, into: &w)
                || emitNotificationQueue(step, context: context, into: &w)
                || emitSocketPort(step, context: context, into: &w)
            {
                return
            }
            unsupported(step.verb)
        }
    }

    private mutating func emitDispatchTimer(
        _ spec: DispatchTimerSpec, into: LValue?, context: BodyContext,
        into w: inout SwiftWriter
    ) {
        guard case .fixed(let start) = spec.start, spec.intervalExpression == nil, spec.leewayExpression == nil else {
            unsupported(
                { if case .sampled = spec.start { true } else { false } }()
                    ? "dispatch_source_timer with a random start" : Self.computedDuration("dispatch_source_timer"))
            return
        }
        if spec.wallClock { unsupported("dispatch_source_timer with wall: true (dispatch_walltime)") }
        let source = temporary()
        let interval = spec.interval.map { String($0.nanoseconds) } ?? "nil"
        let handler = expr(spec.handler, context)
        w.line(
            "let \(source) = LS.dispatchTimer(label: \(SwiftWriter.literal(spec.label)), "
                + "queue: \(queueExpression(spec.queue, context)), startNs: \(start.nanoseconds), intervalNs: \(interval), "
                + "leewayNs: \(spec.leeway.nanoseconds), resume: \(spec.resume), handler: \(handler))")
        if let into { w.line(store(source, into: into, context)) }
    }

    /// The name of a step the translator does not know (a kernel-inserted one; a performed step names its verb).
    static func stepName(_ step: Step) -> String {
        let text = String(describing: step)
        return String(text.prefix { $0 != "(" })
    }

    // MARK: Timers and run calls

    /// Why a step with a duration computed when it runs has no translation.
    static func computedDuration(_ verb: String) -> String {
        "\(verb) with a duration computed from an expression (the translator writes durations as constants; a "
            + "Swift-coded scenario runs its own arithmetic: docs/swift-scenarios.md)"
    }

    private mutating func emitTimer(_ spec: TimerSpec, into: LValue?, context: BodyContext, w: inout SwiftWriter) {
        if spec.intervalExpression != nil || spec.firstFireExpression != nil || spec.toleranceExpression != nil {
            unsupported(Self.computedDuration("a timer"))
        }
        let timer = temporary()
        let action = temporary()
        var captured: [String] = []
        w.line("let \(timer): LSValue")
        w.block("do") { w in
            switch spec.action {
            case .block(let e):
                w.line("let \(action) = LS.call(\(expr(e, context)))")
                captured.append("\(action).run(firing)")  // a block's parameter (`timer:`) is the timer
            case .userInfoBlock(let e):
                w.line("let \(action) = LS.call(\(expr(e, context)))")
                captured.append("\(action).run()")
            case .targetSelector:
                unsupported(
                    "a target/selector timer (swift-corelibs-foundation's Timer has only the block initializers)")
            case .invocation:
                unsupported("a timer with an NSInvocation (corelibs Foundation has no NSInvocation)")
            }
            if let info = spec.userInfo, !isUserInfoBlock(spec) {
                let userInfo = temporary()
                w.line("let \(userInfo) = \(expr(info, context))  // userInfo, retained by the timer")
                captured.insert("withExtendedLifetime(\(userInfo)) {}", at: 0)
            }
            let mode = spec.scheduleMode.map { modeLiteral($0) } ?? "nil"
            let first = spec.firstFireAfter.map { String($0.nanoseconds) } ?? "nil"
            let tolerance = spec.tolerance > .zero ? "toleranceNs: \(spec.tolerance.nanoseconds), " : ""
            w.line(
                "\(timer) = LS.timer(label: \(SwiftWriter.literal(spec.label)), intervalNs: \(spec.interval.nanoseconds), "
                    + "repeats: \(spec.repeats), firstFireNs: \(first), blockInitializer: \(spec.isBlockInitializer), "
                    + tolerance + "mode: \(mode)) { firing in " + captured.joined(separator: "; ") + " }")
        }
        if let into { w.line(store(timer, into: into, context)) }
    }

    private func isUserInfoBlock(_ spec: TimerSpec) -> Bool {
        if case .userInfoBlock = spec.action { return true }
        return false
    }

    private func emitRun(_ call: RunCall, id: Int, into w: inout SwiftWriter) {
        switch call {
        case .run:
            w.line("RunLoop.current.run()")
            w.line("LS.runReturn(\(id), \"-\")")
        case .runUntil(let after):
            w.line("RunLoop.current.run(until: LS.limitDate(\(after.nanoseconds)))")
            w.line("LS.runReturn(\(id), \"-\")")
        case .runMode(let mode, let before):
            let limit = before.map { String($0.nanoseconds) } ?? "nil"
            w.line(
                "let ran\(id) = RunLoop.current.run(mode: LS.mode(\(modeLiteral(mode))),"
                    + " before: LS.limitDate(\(limit)))")
            w.line("LS.runReturn(\(id), ran\(id) ? \"true\" : \"false\")")
        case .cfRun:
            w.line("CFRunLoopRun()")
            w.line("LS.runReturn(\(id), \"-\")")
        case .cfRunInMode(let mode, let seconds, let returnAfterSourceHandled):
            let limit = seconds.map { String($0.nanoseconds) } ?? "nil"
            w.line(
                "LS.runReturn(\(id), LS.resultName(CFRunLoopRunInMode(LS.cfMode(\(modeLiteral(mode))), "
                    + "LS.cfSeconds(\(limit)), \(returnAfterSourceHandled))))")
        }
    }

    // MARK: Places and expressions

    func place(_ local: Int, _ context: BodyContext) -> String {
        context.locals == .app ? "app.l\(local)" : "l\(local)"
    }

    mutating func store(_ value: String, into lvalue: LValue, _ context: BodyContext) -> String {
        switch lvalue {
        case .local(let i): "\(place(i, context)) = \(value)"
        case .field(let base, let field): "LS.set(\(expr(base, context)), \(field), \(value))"
        }
    }

    mutating func temporary() -> String {
        temporaries += 1
        return "t\(temporaries)"
    }

    /// The mode a ``ModeExpressionStep``'s inner step is made with in translation: ``modeLiteral(_:)`` replaces it
    /// by the variable holding the mode the step resolved.
    static let modePlaceholder = "\u{0}mode"

    /// A `NotificationQueue.NotificationCoalescing` literal.
    func coalesceMask(_ onName: Bool, _ onSender: Bool) -> String {
        "[" + [onName ? ".onName" : nil, onSender ? ".onSender" : nil].compactMap { $0 }.joined(separator: ", ") + "]"
    }

    func modeLiteral(_ mode: String) -> String {
        if mode == Self.modePlaceholder, let modeVariable { return modeVariable }
        return SwiftWriter.literal(RunLoopModeName.canonical(mode))
    }

    mutating func queueExpression(_ queue: QueueRef, _ context: BodyContext) -> String {
        switch queue {
        case .main: "DispatchQueue.main"
        case .global: "DispatchQueue.global()"
        case .serial(let i): "\(namespace).queues[\(i)]"
        case .value(let e): "(LS.obj(\(expr(e.expr, context))) as! DispatchQueue)"
        }
    }
}
