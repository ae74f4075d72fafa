/// `dispatch_once` (libdispatch `once.c`, with the gate of `shims/lock.h`): the token is an integer place,
/// 0 before the first call (`DLOCK_ONCE_UNLOCKED`) and -1 once the block has returned (`DLOCK_ONCE_DONE`,
/// `~(uintptr_t)0`). While the block runs the token holds the run's number (libdispatch stores the running
/// thread's lock value there), so another thread's call waits for the block to return, and a call from the
/// block itself finds its own thread holding the gate: libdispatch-685 and later crash with "trying to lock
/// recursively" (`_dispatch_once_wait`); older ones wait on a thread semaphore for ever (libdispatch-501
/// `dispatch_once_f`). The variant flag `dispatchOwnedLockCrashes` chooses.
extension DispatchQueues {
    /// The token's value: what to do.
    enum OnceStart { case run(Int), done, wait }

    /// Starts a `dispatch_once` whose token holds `token`.
    func beginOnce(token: Int, on thread: SimThread) -> OnceStart {
        if token == 0 {
            let number = nextOnceRun
            nextOnceRun += 1
            onceRuns[number] = OnceRun(thread: thread.id)
            return .run(number)
        }
        guard let run = onceRuns[token] else { return .done }  // -1, or any value no run holds: done
        if run.thread == thread.id && profile.dispatchOwnedLockCrashes {
            halt.appCrashed(
                "BUG IN CLIENT OF LIBDISPATCH: trying to lock recursively (dispatch_once from its own "
                    + "block)", on: thread)
            return .wait
        }
        onceRuns[token]!.waiters.append(thread.id)
        threads.block(thread)
        return .wait
    }

    /// The block of run `number` returned: its waiters go on.
    func endOnce(_ number: Int) {
        guard let run = onceRuns.removeValue(forKey: number) else { return }
        for waiter in run.waiters {
            let t = threads[waiter]
            _ = threads.unblock(t)
            threads.scheduleResume(t)
        }
    }
}

/// A `dispatch_once` on the caller's thread: read the token, run the block once and mark the token done, or
/// wait for the run in progress.
final class DispatchOnceFrame: Frame {
    let caller: ProgramFrame
    let token: Expr
    let place: LValue
    /// The block, +1 until the block frame takes it or the frame lets it go unrun.
    let block: ObjectID
    private var held = true
    private var run: Int?

    init(caller: ProgramFrame, token: Expr, place: LValue, block: ObjectID) {
        self.caller = caller
        self.token = token
        self.place = place
        self.block = block
    }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        do throws(RuntimeFault) {
            if let run {
                try kernel.interpreter.store(.int(-1), owned: false, into: place, in: caller, on: thread, kernel)
                kernel.dispatch.endOnce(run)
                return .pop(.null)
            }
            let value = try kernel.interpreter.evaluate(token, in: caller, on: thread, kernel)
            guard case .int(let current) = value else { throw RuntimeFault("dispatch_once's token is not an integer") }
            switch kernel.dispatch.beginOnce(token: current, on: thread) {
            case .run(let number):
                run = number
                try kernel.interpreter.store(.int(number), owned: false, into: place, in: caller, on: thread, kernel)
                held = false
                return .push(kernel.interpreter.blockFrame(block, edge: "dispatch_once block"))
            case .done:
                return letGo(kernel, thread)
            case .wait:
                if kernel.crash != nil { return letGo(kernel, thread) }
                // resumed when the run ends: read the token again (done by then)
                return .yield
            }
        } catch {
            kernel.appCrashed(error.message, on: thread)
            return letGo(kernel, thread)
        }
    }

    private func letGo(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        if held {
            held = false
            kernel.release(block, on: thread)
        }
        return .pop(.null)
    }

    func heldObjects() -> [(String, ObjectID)] { held ? [("dispatch_once block", block)] : [] }
}
