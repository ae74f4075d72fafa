/// The scenario interpreter: it runs a ``Program``'s steps (``Step``) and evaluates their expressions
/// (`Interpreter+Eval.swift`) on the thread whose ``ProgramFrame`` asks it to. It runs the scenario language's own
/// statements (locals, fields, `if`, calls, markers, `work`) itself, and every API step through its
/// ``ExecutableStep``, which calls the part that models it (run loops, GCD, the notification center, UIKit). It
/// keeps no state of its own but the count of steps it ran: locals live in frames' environments, objects in the
/// heap. It is handed the services its helpers use (the program, the lifetimes, the recorder, the samplers);
/// running a step or evaluating an expression takes the ``Kernel``, whose every part a step may call.
final class Interpreter {
    /// Steps run so far, counting each queue entry the kernel handles as one too (`--max-steps` bounds it).
    @exclusivity(unchecked) var steps = 0
    /// The scenario's classes, methods and block literals.
    let program: Program
    /// Retain, release and the heap.
    let objects: Objects
    /// The clock and the event log.
    let recorder: Recorder
    /// The scenario's sampled durations (`work:` and delays drawn from a distribution).
    let samplers: [() -> SimDuration]

    init(program: Program, objects: Objects, recorder: Recorder, samplers: [() -> SimDuration]) {
        self.program = program
        self.objects = objects
        self.recorder = recorder
        self.samplers = samplers
    }
}

extension Interpreter {
    /// Executes one step of `frame` on `thread`.
    func execute(_ step: Step, in frame: ProgramFrame, on thread: SimThread, _ k: Kernel) -> FrameAction {
        do {
            return try perform(step, in: frame, on: thread, k)
        } catch {
            // A limit reached inside the step (a queue made past `max-queues`) stops the run there: what the step
            // could not finish is no crash of the app.
            if k.limit != nil { return .next }
            k.appCrashed(error.message, on: thread)
            return .next  // the interpreter stops on the crash; objects the step released are left as they are
        }
    }

    private func perform(_ step: Step, in frame: ProgramFrame, on thread: SimThread, _ k: Kernel) throws(RuntimeFault)
        -> FrameAction
    {
        switch step {
        case .bind(let local, let expr):
            let (value, owned) = try evaluateOwned(expr, in: frame, on: thread, k)
            if let dropped = try store(value, owned: owned, into: .local(local), in: frame, on: thread, k) {
                letGo(dropped, because: "name rebound")
            }
        case .assign(let lvalue, let expr):
            let (value, owned) = try evaluateOwned(expr, in: frame, on: thread, k)
            if let dropped = try store(value, owned: owned, into: lvalue, in: frame, on: thread, k) {
                letGo(dropped, because: "reference overwritten")
            }
        case .release(let lvalue):
            if let dropped = try store(.null, owned: false, into: lvalue, in: frame, on: thread, k) {
                k.record(thread, .release(object: k.heap.object(dropped).map { k.name($0) } ?? k.name("\(dropped)")))
                letGo(dropped, because: "released by the scenario")
            }
        case .add(let lvalue, let delta):
            try addToInteger(lvalue, delta, in: frame, on: thread, k)
        case .ifThen(let condition, let thenSteps, let elseSteps):
            let branch = isTruthy(try evaluate(condition, in: frame, on: thread, k)) ? thenSteps : elseSteps
            // the condition's full expression ends before the branch runs: its temporaries go first
            if !frame.temporaries.isEmpty { frame.releaseTemporaries(on: thread, k) }
            if !branch.isEmpty {
                return .push(ProgramFrame(steps: branch, env: frame.env, ownsEnvironment: false, label: frame.label))
            }
        case .loop, .loopControl, .site, .returnValue:
            preconditionFailure("a loop, return or site step runs in its ProgramFrame")  // ProgramFrame.step takes them
        case .log(let text):
            k.records.logs.append(LogEntry(at: k.now, thread: thread.name, text: text))
            k.record(thread, .log(text: k.name(text)))
        case .work(let spec):
            let duration = try duration(spec, in: frame, on: thread, k)
            guard duration > .zero else { return .next }
            k.threads.beginWork(thread, until: k.now + duration)
            k.record(thread, .threadBusy(duration: duration))
            k.threads.scheduleResume(thread, at: k.now + duration)
            return .yield
        case .call(let receiverExpr, let classIndex, let method, let argumentExprs, let result):
            let receiver = try evaluate(receiverExpr, in: frame, on: thread, k)
            // Arguments are evaluated before the message is sent, even to nil (objc_msgSend takes them evaluated).
            // A `new` argument is a +1 the parameter takes over; a message to nil (or a swallowed one) releases it.
            var arguments: [(value: Value, owned: Bool)] = []
            for e in argumentExprs { arguments.append(try evaluateOwned(e, in: frame, on: thread, k)) }
            func dropArguments() {
                for a in arguments where a.owned { if case .object(let id) = a.value { k.release(id, on: thread) } }
            }
            guard let object = try liveObject(receiver, expecting: "a receiver") else {
                dropArguments()
                if let result { try storeReturned(.null, into: result, in: frame, on: thread, k) }
                return .next  // [nil msg]
            }
            for a in arguments where !a.owned { try k.objects.requireRetainable(a.value) }
            guard
                let target = try forwardingTarget(object, selector: k.program.classes[classIndex].methods[method].name)
            else {
                dropArguments()
                if let result { try storeReturned(.null, into: result, in: frame, on: thread, k) }
                return .next  // a safe proxy swallowed the call
            }
            let (calleeClass, calleeMethod) = try dispatch(classIndex, method, to: target)
            let callee = methodFrame(target, classIndex: calleeClass, method: calleeMethod)
            // Parameters are strong locals (ARC retains an object argument for the callee's scope, and an array
            // argument's copy of the buffer holds its object elements).
            for (i, a) in arguments.enumerated() {
                if !a.owned, case .object(let id) = a.value { k.retain(id) }
                if let elements = a.value.heldElements { k.objects.retainElements(elements) }
                callee.env.locals[i] = a.value
            }
            callee.returnTo = frame
            frame.awaitsReturn = true
            frame.returnPlace = result
            return .push(callee)
        case .callBlock(let expr, let argumentExprs, let result):
            guard let block = try liveObject(try evaluate(expr, in: frame, on: thread, k), expecting: "a block") else {
                throw RuntimeFault("called a nil block (EXC_BAD_ACCESS)")
            }
            // Arguments are evaluated after the callee, before the call (Swift evaluates a call's operands left to
            // right, the function value first). A `new` argument is a +1 the call owns until the block returns.
            var arguments: [(value: Value, owned: Bool)] = []
            for e in argumentExprs { arguments.append(try evaluateOwned(e, in: frame, on: thread, k)) }
            if case .block(let t) = block.kind, program.blocks[t].body.parameterCount != arguments.count {
                for a in arguments where a.owned { if case .object(let id) = a.value { k.release(id, on: thread) } }
                throw RuntimeFault(
                    "called a block that takes \(program.blocks[t].body.parameterCount) argument(s) with "
                        + "\(arguments.count) (a block called through the wrong signature: undefined behaviour)")
            }
            for a in arguments where !a.owned { try k.objects.requireRetainable(a.value) }
            k.retain(block.id)
            // Each parameter is a strong local for the call (ARC keeps an object argument alive across it: the
            // callee's +0 borrowed parameter, retained here as the caller's reference would be).
            let callee = blockFrame(block.id, edge: "calling", arguments: arguments.map(\.value))
            for a in arguments where a.owned { if case .object(let id) = a.value { k.release(id, on: thread) } }
            if let result {
                // `let v = compute()`: the block's `return:` value goes to this frame, stored when it steps again.
                callee.returnTo = frame
                frame.awaitsReturn = true
                frame.returnPlace = result
            }
            return .push(callee)
        case .internalStep(let kernelStep):
            switch kernelStep {
            case .suspendUnlessBackgroundTask:
                k.app.suspendUnlessBackgroundTask()
            case .killUnlessTasksEnded:
                k.app.killUnlessTasksEnded(on: thread)
            case .endPresentation(let presenter, let presented):
                k.uikit.endPresentation(presenter: presenter, presented: presented, on: thread)
            case .releaseHeld(let id, let reason):
                k.uikit.releaseHeld(id, because: reason, on: thread)
            case .callCompletion(let block):
                // UIKit's reference passes to the call's frame, which releases it when the block returns.
                if k.uikit.unhold(block) { return .push(blockFrame(block, edge: "completion")) }
            case .callHook(let id, let method):
                let forwarded = k.uikit.forwardAppearance(id, method)
                if !forwarded.isEmpty {
                    let steps = [Step.internalStep(.callOwnHook(id, method))] + forwarded
                    return .push(ProgramFrame(steps: steps, env: frame.env, ownsEnvironment: false, label: frame.label))
                }
                if let frame = k.uikit.hookFrame(id, method, k) { return .push(frame) }
            case .callOwnHook(let id, let method):
                if let frame = k.uikit.hookFrame(id, method, k) { return .push(frame) }
            case .windowShowsRoot(let root):
                k.uikit.windowShows(root)
            case .callScrollDelegate(let id, let method, let argument, let scroll):
                if k.uikit.sendsScrollCallback(method, scroll: scroll),
                    let frame = k.uikit.hookFrame(
                        id, method, arguments: argument.map { [$0] } ?? [], aliveOnly: true, k)
                {
                    return .push(frame)
                }
            case .callBlock(let block):
                guard k.heap.object(block) != nil else { return .next }
                k.retain(block)
                return .push(blockFrame(block, edge: "expiration handler"))
            }
        case .perform(let step):
            return try step.execute(in: StepContext(frame: frame, thread: thread, kernel: k)).action
        case .check(let label):
            k.objects.confirmLetGos(k)
            let findings = LeakAnalysis(kernel: k).findings()
            // Each snapshot lists the run's findings so far: bounded in all, or a check of each of thousands of
            // leaks, taken at every turn of a loop, keeps gigabytes (RunLimits.maxCheckEntries).
            let entries =
                findings.leaks.count + findings.parkedThreads.count + findings.suspendedTasks.count
                + findings.delayed.count
            let budget = k.configuration.limits.maxCheckEntries
            guard entries <= budget - k.records.checkEntries else {
                k.stopForLimit("max-objects", "check: snapshots listing more than \(budget) objects and threads in all")
                return .next
            }
            k.records.checkEntries += entries
            k.records.checks.append(CheckSnapshot(label: label, at: k.now, findings: findings))
            k.record(thread, .check(label: k.name(label)))
        }
        return .next
    }

    /// A duration spec's value now (a sampled one draws from the run's stream, an expression is evaluated in
    /// `frame`). May be negative for an expression: each API says what a negative duration does.
    func duration(_ spec: DurationSpec, in frame: ProgramFrame, on thread: SimThread, _ k: Kernel)
        throws(RuntimeFault) -> SimDuration
    {
        switch spec {
        case .fixed(let d): d
        case .sampled(let i): max(.zero, samplers[i]())
        case .expression(let e): try durationValue(e, in: frame, on: thread, k)
        }
    }

    /// The longest duration an expression may yield, as a literal may be (the compiler's
    /// `ScenarioCompiler.longestDuration`): 100 years, so that no instant of a run overflows.
    public static let longestDuration = SimDuration.seconds(100 * 365 * 24 * 3600)

    /// `expr`'s value as a duration: a fault when it is not one (nil, an integer), or longer than
    /// ``longestDuration`` either way (a back-off doubled past a century).
    func durationValue(_ expr: Expr, in frame: ProgramFrame, on thread: SimThread, _ k: Kernel)
        throws(RuntimeFault) -> SimDuration
    {
        guard case .duration(let d) = try evaluate(expr, in: frame, on: thread, k) else {
            throw RuntimeFault("a duration was expected (a TimeInterval), but the value is not one")
        }
        let limit = Self.longestDuration.nanoseconds
        guard d.nanoseconds <= limit && d.nanoseconds >= -limit else {
            throw RuntimeFault(
                "the duration \(DurationArithmetic.describe(d)) s is longer than 100 years, the longest LoopSim's "
                    + "clock takes so that no instant overflows")
        }
        return d
    }

    /// Stores what a called method returned (+1 for an object) into the `call:`'s place; the object the place held
    /// before is dropped as a store drops it.
    func storeReturned(
        _ value: Value, into place: LValue, in frame: ProgramFrame, on thread: SimThread, _ k: Kernel
    ) throws(RuntimeFault) {
        try storeMade(value, owned: true, into: place, in: frame, on: thread, k)
    }

    /// Stores a value a step made or returned (an object +1 when `owned`) into `place`. The object the place held
    /// before is dropped as an assignment drops it: let go when it survives the drop, "name rebound" for a local,
    /// "reference overwritten" for a field or an element, so that a timer made straight into a field that still
    /// held a scheduled one leaves the old one abandoned to its run loop, as `self.timer = t` would.
    func storeMade(
        _ value: Value, owned: Bool, into place: LValue, in frame: ProgramFrame, on thread: SimThread, _ k: Kernel
    ) throws(RuntimeFault) {
        guard let dropped = try store(value, owned: owned, into: place, in: frame, on: thread, k) else { return }
        if case .local = place {
            letGo(dropped, because: "name rebound")
        } else {
            letGo(dropped, because: "reference overwritten")
        }
    }

    /// Marks a dropped object as let go when it survived the drop.
    private func letGo(_ id: ObjectID, because reason: String) {
        guard let o = objects.heap.object(id), o.state == .alive else { return }
        objects.abandon(o, because: reason)
    }

    private func addToInteger(
        _ lvalue: LValue, _ delta: Int, in frame: ProgramFrame,
        on thread: SimThread, _ k: Kernel
    ) throws(RuntimeFault) {
        let current: Value
        switch lvalue {
        case .local(let i): current = frame.env.locals[i]
        case .field(let base, let index):
            guard let o = try liveObject(try evaluate(base, in: frame, on: thread, k), expecting: "an object") else {
                return
            }
            current = k.objects.readSlot(o.id, index)
        }
        guard case .int(let n) = current else { throw RuntimeFault("increment of a value that is not an integer") }
        // `decrement` adds -1: crash messages say `n - 1`
        let result =
            delta < 0 && delta > Int.min ? try Self.arithmetic(n, false, -delta) : try Self.arithmetic(n, true, delta)
        try store(.int(result), owned: false, into: lvalue, in: frame, on: thread, k)
    }

    /// `a + b` or `a - b` on the scenario's 64-bit integers; past `Int.max` or `Int.min` the app crashes, as
    /// Swift's arithmetic traps (Objective-C's `NSInteger` overflow is undefined behaviour; docs/fidelity.md).
    static func arithmetic(_ a: Int, _ isAddition: Bool, _ b: Int) throws(RuntimeFault) -> Int {
        let (result, overflow) = isAddition ? a.addingReportingOverflow(b) : a.subtractingReportingOverflow(b)
        guard !overflow else {
            throw RuntimeFault(
                "arithmetic overflow: \(a) \(isAddition ? "+" : "-") \(b) is outside the 64-bit integers "
                    + "(\(Int.min)...\(Int.max)); Swift traps here")
        }
        return result
    }

    /// The object a message to `object` reaches: itself, or an `NSProxy`'s target. Nil when a safe proxy
    /// swallows the message; a fault when a naive proxy has lost its target.
    func forwardingTarget(_ object: HeapObject, selector: String) throws(RuntimeFault) -> HeapObject? {
        guard case .instance(let c) = object.kind, let field = program.classes[c].proxyTargetField else {
            return object
        }
        if case .object(let id) = objects.readSlot(object.id, field), let target = objects.heap.object(id),
            target.state == .alive
        {
            return try forwardingTarget(target, selector: selector)
        }
        if program.classes[c].proxySwallowsNilTarget { return nil }
        throw RuntimeFault(
            "-[\(object.className) \(selector)]: unrecognized selector sent to instance: the proxy's weak "
                + "target is nil, methodSignatureForSelector: returned nil and doesNotRecognizeSelector: raised")
    }

    /// A frame running `method` of `object` (retained for the call).
    /// A frame running a method on `object`. `arguments` (borrowed) bind its parameters, as many as it declares,
    /// each retained by its local; a caller with an argument the method does not declare passes it to nothing.
    /// The method a message runs on `target`: the one its own class declares under the selector's name. The
    /// compiler names the method of the receiver's static class; an `id` receiver (a Swift protocol with several
    /// conforming classes, an Objective-C delegate) may hold an instance of another class, and the message goes
    /// to that class's method of the same name (`objc_msgSend` looks the selector up in the receiver's class; a
    /// Swift protocol call goes through the conformance's witness table). A class without it raises, as
    /// `-[NSObject doesNotRecognizeSelector:]` does.
    func dispatch(_ classIndex: Int, _ method: Int, to target: HeapObject) throws(RuntimeFault) -> (Int, Int) {
        guard case .instance(let actual) = target.kind, actual != classIndex else { return (classIndex, method) }
        let selector = program.classes[classIndex].methods[method].name
        guard let found = program.classes[actual].methods.firstIndex(where: { $0.name == selector }) else {
            throw RuntimeFault(
                "-[\(program.classes[actual].name) \(selector)]: unrecognized selector sent to instance "
                    + "(NSInvalidArgumentException)")
        }
        return (actual, found)
    }

    func methodFrame(_ object: HeapObject, classIndex: Int, method: Int, arguments: [Value] = []) -> ProgramFrame {
        let info = program.classes[classIndex]
        let body = info.methods[method].body
        objects.retain(object.id)
        let env = Environment(names: body.localNames, selfValue: .object(object.id), block: nil)
        env.parameterCount = body.parameterCount
        for (i, value) in arguments.prefix(body.parameterCount).enumerated() {
            if case .object(let id) = value {
                guard objects.heap.isAlive(id) else { continue }  // a freed object reads nil
                objects.retain(id)
            }
            if let elements = value.heldElements { objects.retainElements(elements) }
            env.locals[i] = value
        }
        return ProgramFrame(
            steps: body.steps, env: env, ownsEnvironment: true, held: object.id, heldEdge: "self",
            label: "-[\(info.name) \(info.methods[method].name)]")
    }

    /// A frame running a block whose +1 the frame owns (released when the block returns). `arguments` (borrowed)
    /// bind its parameters, as many as it declares, each retained by its local (an observer block's notification).
    /// A bound block (``HeapObject/Kind/boundBlock``) runs the block it holds with the argument it holds; the frame
    /// keeps the bound block, and so both, until the block returns.
    func blockFrame(_ block: ObjectID, edge: String, arguments: [Value] = []) -> ProgramFrame {
        guard let o = objects.heap.object(block) else { preconditionFailure("not a block") }
        if case .boundBlock = o.kind {
            guard case .object(let inner) = o[slot: 0], let innerBlock = objects.heap.object(inner) else {
                preconditionFailure("a bound block without its block")
            }
            return frame(running: innerBlock, arguments: Array(o.slots.dropFirst()), held: block, edge: edge)
        }
        return frame(running: o, arguments: arguments, held: block, edge: edge)
    }

    /// A frame running `block`'s body with `arguments` bound to its parameters, keeping `held` for the call.
    private func frame(running block: HeapObject, arguments: [Value], held: ObjectID, edge: String) -> ProgramFrame {
        guard case .block(let t) = block.kind else { preconditionFailure("not a block") }
        let body = program.blocks[t].body
        let env = Environment(names: body.localNames, selfValue: .null, block: block.id)
        env.parameterCount = body.parameterCount
        for (i, value) in arguments.prefix(body.parameterCount).enumerated() {
            if case .object(let id) = value {
                guard objects.heap.isAlive(id) else { continue }  // a freed object reads nil
                objects.retain(id)
            }
            if let elements = value.heldElements { objects.retainElements(elements) }
            env.locals[i] = value
        }
        return ProgramFrame(
            steps: body.steps, env: env, ownsEnvironment: true, held: held, heldEdge: edge,
            label: block.label)
    }
}

/// A `log:` step's text and when it ran.
public struct LogEntry: Sendable, Hashable {
    public var at: SimInstant
    public var thread: String
    public var text: String
}

/// The modelled app crashed: the run stops there.
public struct Crash: Sendable, Hashable {
    public var message: String
    public var at: SimInstant
    public var thread: String
}

/// The run hit a limit and stopped early; what it has so far is kept.
public struct LimitStop: Sendable, Hashable {
    public var kind: String
    public var message: String
    public var at: SimInstant
}
