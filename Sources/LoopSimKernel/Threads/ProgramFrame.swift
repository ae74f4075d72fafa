/// Runs a list of steps: a method, a block, a dealloc, an `if` branch (which shares its parent's locals).
///
/// A loop (``Loop``) runs inside the frame that reaches it: the frame swaps its steps for the loop's body and
/// keeps the steps around the loop in ``loops``, so the stack stays as deep however many turns the loop takes.
/// `break` and `continue` apply to the innermost loop of the frame; in an `if` branch (a frame of its own, sharing
/// its parent's ``Environment``) they are left in the environment (``Environment/loopControl``) and each branch
/// frame pops until the frame running the loop takes them.
final class ProgramFrame: Frame {
    /// The steps running now: the frame's own, or the body of its innermost loop.
    @exclusivity(unchecked) private(set) var steps: [Step]
    @exclusivity(unchecked) var pc = 0
    let env: Environment
    /// Whether this frame's locals die with it (false for `if` branches and the app's own code).
    let ownsEnvironment: Bool
    /// An object kept alive for the duration of the call (the running block, a timer during its callout).
    let held: ObjectID?
    let heldEdge: String
    /// Trace label: `block#2`, `-[TimerButton timerAction]`, `dealloc RegisterPage`.
    let label: String
    /// Where the result of a blocking call (a semaphore wait) goes when the thread resumes.
    @exclusivity(unchecked) var pendingResult: LValue?
    /// The ``Program/sites`` index of the statement running or last run (0: none yet), from the last
    /// ``Step/site(_:)`` the frame passed.
    @exclusivity(unchecked) var site: Int32 = 0
    /// The loops this frame is inside, innermost last.
    @exclusivity(unchecked) private(set) var loops: [ActiveLoop] = []
    /// The +1 temporaries of the step that is running: what `new`, a block literal, `dispatch_semaphore_create`
    /// or `dispatch_group_create` made where the step only borrows the value (an argument the call does not take
    /// over). ARC releases such a temporary at the end of its full expression, after the call it was passed to
    /// has returned (Clang's ARC reference, "Retained return values": the caller balances the +1); libdispatch's
    /// waits keep their object for the call (`_dispatch_semaphore_wait_slow` runs on the semaphore it was
    /// passed). So the frame lets them go when its step's call ends: at once when the step goes on, after the
    /// callee it pushed has returned, after the wait it yielded in has ended; a wait that never ends keeps them
    /// for ever. Released there and not where they are evaluated, `push: new FeedVC` is held by the stack
    /// before its temporary goes, and `dispatch_semaphore_wait: dispatch_semaphore_create 0` blocks on a
    /// semaphore that lives.
    @exclusivity(unchecked) var temporaries: [ObjectID] = []
    /// The frame of the `call:` that pushed this method's frame: what the method returns goes to it
    /// (``returned``). Nil for a method the kernel calls (a timer's selector, a UIKit hook), whose returned object
    /// nobody receives and is released.
    @exclusivity(unchecked) var returnTo: ProgramFrame?
    /// Whether the step that ran last is a `call:` waiting for its method's value: when this frame steps again the
    /// value is stored into ``returnPlace``, or, with none, released as the statement ends.
    @exclusivity(unchecked) var awaitsReturn = false
    @exclusivity(unchecked) var returnPlace: LValue?
    /// The value the called method returned (+1 for an object), set by the callee's frame as it returns.
    @exclusivity(unchecked) var returned = Value.null

    init(
        steps: [Step], env: Environment, ownsEnvironment: Bool, held: ObjectID? = nil, heldEdge: String = "",
        label: String
    ) {
        self.steps = steps
        self.env = env
        self.ownsEnvironment = ownsEnvironment
        self.held = held
        self.heldEdge = heldEdge
        self.label = label
    }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        if let result = pendingResult {
            pendingResult = nil
            _ = try? kernel.interpreter.store(
                thread.returnValue, owned: false, into: result, in: self, on: thread, kernel)
        }
        if awaitsReturn { takeReturnedValue(kernel, thread) }
        if !temporaries.isEmpty {
            // the call the last step pushed or waited in has returned: its temporaries go, and the deallocs they
            // cause run before the next step
            releaseTemporaries(on: thread, kernel)
            if !thread.pendingDeallocs.isEmpty { return .next }
        }
        if let value = env.returning {
            // A `return` from an `if` branch above: the branches pop until the frame that owns the body ends it.
            guard ownsEnvironment else { return .pop(.null) }
            env.returning = nil
            return finish(returning: value, kernel, thread)
        }
        if let control = env.loopControl {
            // A `break` or `continue` from an `if` branch above: the frame running the loop takes it.
            guard !loops.isEmpty else { return .pop(.null) }
            env.loopControl = nil
            return apply(control, kernel, thread)
        }
        guard pc < steps.count else {
            if !loops.isEmpty { return endTurn(kernel, thread) }
            return finish(returning: .null, kernel, thread)
        }
        var current = steps[pc]
        pc += 1
        // A site is no step of its own: noted, and the statement after it runs in this same turn (the compiler puts
        // one only before a statement, so one follows).
        while case .site(let s) = current, pc < steps.count {
            site = s
            current = steps[pc]
            pc += 1
        }
        // The statement's events carry its site, and only its: the site is cleared when the frame hands the thread
        // back, so an event the kernel records between two steps (a timer's fire, a run-loop pass) has none.
        let recorder = kernel.recorder
        recorder.log.site = site
        defer { recorder.log.site = 0 }
        switch current {
        case .loop(let loop):
            return enter(loop, kernel, thread)
        case .loopControl(let control):
            guard !loops.isEmpty else {
                // In an `if` branch inside the loop: the branch frames pop until the loop's frame takes it.
                env.loopControl = control
                return .pop(.null)
            }
            return apply(control, kernel, thread)
        case .site:
            return .next  // a site at the end of a list, which the compiler does not make
        case .returnValue(let expr):
            return returnFrom(expr, kernel, thread)
        default:
            let action = kernel.interpreter.execute(current, in: self, on: thread, kernel)
            switch action {
            case .next, .pop:
                if !temporaries.isEmpty { releaseTemporaries(on: thread, kernel) }
            case .push, .yield:
                break  // the call goes on: released when this frame steps again
            }
            return action
        }
    }

    /// The body's scope ends, by its last step or a `return`: its own locals are let go
    /// (``Objects/endLifetime(of:on:)``), its parameters hand back the caller's reference, the object held for the
    /// call is released, and `value` goes to the calling frame (released when no `call:` called the method).
    private func finish(returning value: Value, _ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        if ownsEnvironment {
            for i in env.locals.indices {
                let old = env.locals[i]
                env.locals[i] = .null
                if i >= env.parameterCount {
                    kernel.objects.endLifetime(of: old, on: thread)
                } else {
                    kernel.objects.endParameter(old, on: thread)
                }
            }
        }
        if let held { kernel.release(held, on: thread) }
        if let caller = returnTo {
            caller.returned = value
            returnTo = nil
        } else if case .object(let id) = value {
            kernel.release(id, on: thread)  // nobody receives it: ARC releases the +1 at once
        }
        return .pop(.null)
    }

    /// `return` / `return EXPR`: the value is made +1 for the caller, then the body ends (here, or, from an `if`
    /// branch, in the frame that owns the body; ``Environment/returning``). A local of the body is moved out, as
    /// Swift returns a local it owns without a retain and release of its own (its scope ends with the return);
    /// any other object is retained.
    private func returnFrom(_ expr: Expr?, _ k: Kernel, _ thread: SimThread) -> FrameAction {
        var value = Value.null
        if let expr {
            do throws(RuntimeFault) {
                if case .path(.local(let i), let fields) = expr, fields.isEmpty, i >= env.parameterCount {
                    value = env.locals[i]
                    env.locals[i] = .null
                } else {
                    let (v, owned) = try k.interpreter.evaluateOwned(expr, in: self, on: thread, k)
                    if !owned, case .object(let id) = v {
                        try k.objects.requireRetainable(v)
                        k.retain(id)
                    }
                    value = v
                }
            } catch {
                k.appCrashed(error.message, on: thread)
                return .next
            }
        }
        if !temporaries.isEmpty { releaseTemporaries(on: thread, k) }
        guard ownsEnvironment else {
            env.returning = value
            return .pop(.null)
        }
        return finish(returning: value, k, thread)
    }

    /// The called method returned (``returned``): its value goes into the `call:`'s place, or, with none, is released
    /// as the call's statement ends (a temporary).
    private func takeReturnedValue(_ k: Kernel, _ thread: SimThread) {
        awaitsReturn = false
        let value = returned
        returned = .null
        guard let place = returnPlace else {
            if case .object(let id) = value { temporaries.append(id) }
            return
        }
        returnPlace = nil
        do throws(RuntimeFault) {
            try k.interpreter.storeReturned(value, into: place, in: self, on: thread, k)
        } catch {
            k.appCrashed(error.message, on: thread)
        }
    }

    /// Lets go of the running step's temporaries (``temporaries``), in the order they were made.
    func releaseTemporaries(on thread: SimThread, _ kernel: Kernel) {
        let made = temporaries
        temporaries.removeAll()
        for id in made { kernel.release(id, on: thread) }
    }

    func heldObjects() -> [(String, ObjectID)] {
        var result: [(String, ObjectID)] = []
        if let held { result.append((heldEdge, held)) }
        for id in temporaries { result.append(("temporary", id)) }
        if ownsEnvironment {
            for (i, value) in env.locals.enumerated() { result += value.objectEdges(env.names[i]) }
        }
        return result
    }

    /// Where the innermost loop of this frame is written (`while at loops.yaml:12`), nil outside a loop.
    var loopSite: String? { loops.last.map { "\($0.loop.verb) at \($0.loop.site)" } }

    // MARK: Loops

    /// Reaches `loop`: evaluates its header, and starts its first turn when it has one.
    private func enter(_ loop: Loop, _ k: Kernel, _ thread: SimThread) -> FrameAction {
        var active = ActiveLoop(loop: loop, outerSteps: steps, outerPC: pc)
        do throws(RuntimeFault) {
            switch loop.header {
            case .whileCondition(let condition):
                guard try k.interpreter.condition(condition, in: self, on: thread, k) else { return .next }
            case .range(let counter, let from, let to, let isClosed):
                // Swift evaluates a range's bounds once, before the first turn, and traps on a reversed range
                // (`Range.init(uncheckedBounds:)`'s precondition "Range requires lowerBound <= upperBound").
                let lower = try k.interpreter.integer(from, "the lower bound of a range", in: self, on: thread, k)
                let upper = try k.interpreter.integer(to, "the upper bound of a range", in: self, on: thread, k)
                guard lower <= upper else {
                    throw RuntimeFault(
                        "Range requires lowerBound <= upperBound: \(lower)\(isClosed ? "..." : "..<")"
                            + "\(upper) (Swift traps here)")
                }
                if !isClosed && lower == upper { return .next }  // an empty range: no turn
                active.value = lower
                active.last = isClosed ? upper : upper - 1
                env.locals[counter] = .int(lower)
            }
        } catch {
            k.appCrashed(error.message, on: thread)
            return .next
        }
        loops.append(active)
        steps = loop.body
        pc = 0
        return .next
    }

    /// Ends the innermost loop's turn (its body ran out, or `continue`): its body's locals are released, then it
    /// turns again or ends.
    private func endTurn(_ k: Kernel, _ thread: SimThread) -> FrameAction {
        releaseBodyLocals(k, thread)
        let index = loops.count - 1
        switch loops[index].loop.header {
        case .whileCondition(let condition):
            do throws(RuntimeFault) {
                guard try k.interpreter.condition(condition, in: self, on: thread, k) else { return exitLoop() }
            } catch {
                k.appCrashed(error.message, on: thread)
                return exitLoop()
            }
        case .range(let counter, _, _, _):
            guard loops[index].value < loops[index].last else { return exitLoop() }
            loops[index].value += 1  // below `last`, so it cannot overflow
            env.locals[counter] = .int(loops[index].value)
        }
        pc = 0
        return .next
    }

    /// Runs `break` or `continue` on the innermost loop.
    private func apply(_ control: LoopControl, _ k: Kernel, _ thread: SimThread) -> FrameAction {
        switch control {
        case .continueLoop:
            return endTurn(k, thread)
        case .breakLoop:
            releaseBodyLocals(k, thread)
            return exitLoop()
        }
    }

    /// Leaves the innermost loop: the frame goes on after it.
    private func exitLoop() -> FrameAction {
        let active = loops.removeLast()
        steps = active.outerSteps
        pc = active.outerPC
        return .next
    }

    /// Releases the locals the innermost loop's body declared: their scope ends with the turn, and what survives
    /// it is let go (``Objects/endLifetime(of:on:)``).
    private func releaseBodyLocals(_ k: Kernel, _ thread: SimThread) {
        guard let active = loops.last else { return }
        for i in active.loop.bodyLocals {
            let old = env.locals[i]
            env.locals[i] = .null
            k.objects.endLifetime(of: old, on: thread)
        }
    }
}

extension Threads {
    /// Where the loop the running thread is in is written (`while at loops.yaml:12`): what a limit reached
    /// inside a loop names. Nil when no thread is running, or it is not in a loop.
    var runningLoopSite: String? {
        for thread in all where thread.state == .running {
            for frame in thread.frames.reversed() {
                if let site = (frame as? ProgramFrame)?.loopSite { return site }
            }
        }
        return nil
    }
}
