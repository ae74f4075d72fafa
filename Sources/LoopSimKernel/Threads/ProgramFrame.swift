/// Runs a list of steps: a method, a block, a dealloc, an `if` branch (which shares its parent's locals).
final class ProgramFrame: Frame {
    let steps: [Step]
    var pc = 0
    let env: Environment
    /// Whether this frame's locals die with it (false for `if` branches and the app's own code).
    let ownsEnvironment: Bool
    /// An object kept alive for the duration of the call (the running block, a timer during its callout).
    let held: ObjectID?
    let heldEdge: String
    /// Trace label: `block#2`, `-[TimerButton timerAction]`, `dealloc RegisterPage`.
    let label: String
    /// Where the result of a blocking call (a semaphore wait) goes when the thread resumes.
    var pendingResult: LValue?
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
    var temporaries: [ObjectID] = []

    init(steps: [Step], env: Environment, ownsEnvironment: Bool, held: ObjectID? = nil, heldEdge: String = "",
         label: String) {
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
            _ = try? kernel.interpreter.store(thread.returnValue, owned: false, into: result, in: self, on: thread, kernel)
        }
        if !temporaries.isEmpty {
            // the call the last step pushed or waited in has returned: its temporaries go, and the deallocs they
            // cause run before the next step
            releaseTemporaries(on: thread, kernel)
            if !thread.pendingDeallocs.isEmpty { return .next }
        }
        guard pc < steps.count else {
            if ownsEnvironment {
                for i in env.locals.indices {
                    let old = env.locals[i]
                    env.locals[i] = .null
                    if case .object(let id) = old { kernel.release(id, on: thread) }
                }
            }
            if let held { kernel.release(held, on: thread) }
            return .pop(.null)
        }
        let current = steps[pc]
        pc += 1
        let action = kernel.interpreter.execute(current, in: self, on: thread, kernel)
        switch action {
        case .next, .pop:
            if !temporaries.isEmpty { releaseTemporaries(on: thread, kernel) }
        case .push, .yield:
            break  // the call goes on: released when this frame steps again
        }
        return action
    }

    /// Lets go of the running step's temporaries (``temporaries``), in the order they were made.
    func releaseTemporaries(on thread: SimThread, _ kernel: Kernel) {
        let made = temporaries
        temporaries.removeAll()
        for id in made { kernel.release(id, on: thread) }
    }

    func heldObjects(_ kernel: Kernel) -> [(String, ObjectID)] {
        var result: [(String, ObjectID)] = []
        if let held { result.append((heldEdge, held)) }
        for id in temporaries { result.append(("temporary", id)) }
        if ownsEnvironment {
            for (i, value) in env.locals.enumerated() {
                if case .object(let id) = value { result.append((env.names[i], id)) }
            }
        }
        return result
    }
}
