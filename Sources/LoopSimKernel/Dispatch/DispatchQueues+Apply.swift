/// `DispatchQueue.concurrentPerform(iterations:execute:)` (`dispatch_apply` with `DISPATCH_APPLY_AUTO`;
/// swift-corelibs-libdispatch src/apply.c at 024805a).
///
/// `dispatch_apply_f` takes `thr_cnt` threads: the active CPUs (`_dispatch_qos_max_parallelism`), at most the
/// iterations, divided by the enclosing apply's iterations when nested (lines 311-323). With one thread it runs
/// every iteration on the caller (`_dispatch_apply_serial`); else it pushes `thr_cnt - 1` continuations to the
/// root queue and the caller runs the first itself (`_dispatch_apply_f`, "Call the first element directly"). Each
/// participant takes the next index (`os_atomic_inc_orig2o(da, da_index)`) until none is left, so a slow
/// iteration does not hold the others back; the caller then waits until every iteration has returned (`da_todo`,
/// `_dispatch_thread_event_wait`). The active CPUs are `operationQueuePoolWidth` where it is a number (2 under
/// `linux-corelibs`, this machine's cores); under a Darwin profile, which leaves it unbounded, every iteration
/// gets a thread (docs/fidelity.md, "concurrentPerform").
extension DispatchQueues {
    /// How many threads an apply of `iterations` takes, on `thread` (nested in another apply or not).
    func applyWidth(iterations: Int, on thread: SimThread) -> Int {
        var width = profile.operationPoolWidth ?? iterations
        if let outer = applyNesting(of: thread) {
            width = outer < width ? width / outer : 1
        }
        return max(1, min(width, iterations))
    }

    /// The iterations of the apply whose iteration `thread` runs, nil when it runs none.
    private func applyNesting(of thread: SimThread) -> Int? {
        for case let f as ApplyFrame in thread.frames.reversed() where f.isInIteration {
            return applies[f.run].iterations
        }
        return nil
    }

    /// Starts an apply of `block` (+1 taken: the apply holds it until the last iteration has returned) on the
    /// caller, and returns the caller's frame; the other participants are queued on the global queue.
    func beginApply(_ block: ObjectID, iterations: Int, on thread: SimThread) -> Frame {
        let width = applyWidth(iterations: iterations, on: thread)
        applies.append(ApplyRun(block: block, iterations: iterations, todo: iterations))
        let run = applies.count - 1
        for _ in 1..<width { enqueue(.applyWorker(run), on: .global) }
        return ApplyFrame(run: run, isCaller: true)
    }

    /// The next index of apply `run`, nil when every index has been taken.
    func nextApplyIndex(_ run: Int) -> Int? {
        guard applies[run].nextIndex < applies[run].iterations else { return nil }
        applies[run].nextIndex += 1
        return applies[run].nextIndex - 1
    }

    /// An iteration of apply `run` returned on `thread`: the last one wakes the caller if it waits, and lets go of
    /// the block.
    func applyIterationEnded(_ run: Int, on thread: SimThread) {
        applies[run].todo -= 1
        guard applies[run].todo == 0 else { return }
        objects.release(applies[run].block, on: thread)
        if let s = applies[run].callerWait {
            applies[run].callerWait = nil
            if let o = objects.heap.object(s) { semaphoreSignal(o, from: thread) }
            objects.release(s, on: thread)
        }
    }

    /// The caller has run out of indices: nil when every iteration has returned, else it blocks until the last does.
    func waitForApply(_ run: Int, on thread: SimThread) -> FrameAction? {
        guard applies[run].todo > 0 else { return nil }
        let s = internalSemaphore(className: "dispatch_apply", label: "concurrentPerform", on: thread)
        objects.retain(s.id)  // the apply's, until its last iteration signals
        applies[run].callerWait = s.id
        let action = semaphoreWait(s, timeout: nil, on: thread)
        objects.release(s.id, on: thread)
        return action
    }

    /// The block of apply `run`.
    func applyBlock(_ run: Int) -> ObjectID { applies[run].block }
}

/// One `dispatch_apply`: its block (+1), the next index to hand out, the iterations not yet returned, and the
/// caller's internal semaphore while it waits for them.
struct ApplyRun {
    var block: ObjectID
    var iterations: Int
    var nextIndex = 0
    var todo: Int
    var callerWait: ObjectID?

    init(block: ObjectID, iterations: Int, todo: Int) {
        self.block = block
        self.iterations = iterations
        self.todo = todo
    }
}

/// One participant of an apply (`_dispatch_apply_invoke2`): takes the next index and runs the block with it until
/// none is left; the caller's then waits for the others' iterations.
final class ApplyFrame: Frame {
    let run: Int
    let isCaller: Bool
    /// An iteration of this participant is running (the block's frame is above this one).
    var isInIteration = false
    var waited = false

    init(run: Int, isCaller: Bool) {
        self.run = run
        self.isCaller = isCaller
    }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        let dispatch = kernel.dispatch
        if isInIteration {
            isInIteration = false
            dispatch.applyIterationEnded(run, on: thread)
        }
        if let index = dispatch.nextApplyIndex(run) {
            isInIteration = true
            let block = dispatch.applyBlock(run)
            kernel.retain(block)  // the iteration's call
            return .push(kernel.interpreter.blockFrame(block, edge: "concurrentPerform", arguments: [.int(index)]))
        }
        if isCaller && !waited {
            waited = true
            if let action = dispatch.waitForApply(run, on: thread), !action.isNext { return action }
        }
        return .pop(.null)
    }

    func heldObjects() -> [(String, ObjectID)] { [] }
}
