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
        return kernel.interpreter.execute(current, in: self, on: thread, kernel)
    }

    func heldObjects(_ kernel: Kernel) -> [(String, ObjectID)] {
        var result: [(String, ObjectID)] = []
        if let held { result.append((heldEdge, held)) }
        if ownsEnvironment {
            for (i, value) in env.locals.enumerated() {
                if case .object(let id) = value { result.append((env.names[i], id)) }
            }
        }
        return result
    }
}
