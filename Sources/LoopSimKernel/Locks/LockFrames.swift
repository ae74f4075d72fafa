/// Takes a lock for the thread: at once when it can, else after waiting (parked) until it is let go, trying again
/// each time it is woken, until `deadline`. Returns true when it took the lock, false when the deadline passed
/// first (``Locks``).
///
/// The order follows corelibs: `try` and `lock(before:)` first try (`pthread_mutex_trylock`, NSLock.swift lines
/// 131 and 144), and a deadline already past returns false without waiting (`timeSpecFrom` is nil, lines 155–157
/// and 512–514; conformance c132); `NSConditionLock` waits in a loop until it is free and its condition is the
/// one asked for (lines 255–262). A wait for ever on an `NSConditionLock` traps on Linux under
/// `conditionLockWaitForeverTraps`: `lock()` and `lock(whenCondition:)` wait until `Date.distantFuture`, whose
/// nanoseconds since 1970 overflow `Int64` in `timeSpecFrom` (line 517; measured on this machine: SIGILL).
final class LockAcquireFrame: Frame {
    let lock: ObjectID
    /// ``SimInstant/never`` for `lock()`; now for `try`.
    let deadline: SimInstant
    /// `NSConditionLock`'s `whenCondition:`, if any.
    let condition: Int?

    init(lock: ObjectID, deadline: SimInstant, condition: Int?) {
        self.lock = lock
        self.deadline = deadline
        self.condition = condition
    }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        let locks = kernel.locks
        // The caller holds the lock object (a waiter held it too): it is alive.
        guard let o = kernel.heap.object(lock), o.lock != nil else { return .pop(.bool(false)) }
        if locks.take(o, when: condition, on: thread) { return .pop(.bool(true)) }
        if deadline <= kernel.now { return .pop(.bool(false)) }
        if deadline.isNever, o.lock!.kind == .conditionLock, kernel.profile.conditionLockWaitForeverTraps {
            let call = condition == nil ? "lock()" : "lock(whenCondition:)"
            kernel.appCrashed(
                "NSConditionLock.\(call) had to wait: Int64(Date.distantFuture's nanoseconds) overflows in "
                    + "timeSpecFrom (swift-corelibs-foundation NSLock.swift line 517; Illegal instruction)",
                on: thread)
            return .pop(.bool(false))
        }
        locks.waitForLock(o, until: deadline, on: thread)
        return .yield
    }

    func heldObjects() -> [(String, ObjectID)] { [] }
}

/// `-[NSCondition wait]` or `waitUntilDate:`: lets the mutex go and waits for a signal (``Locks/conditionWait``),
/// then takes the mutex again before it returns, as `pthread_cond_wait` does — however long that takes, past the
/// deadline too. Returns true when signalled, false when the deadline came first. Spurious wake-ups, which POSIX
/// allows, are not modelled (docs/fidelity.md).
final class ConditionWaitFrame: Frame {
    let condition: ObjectID
    let deadline: SimInstant
    private var phase = Phase.start
    private var signalled = false
    private enum Phase { case start, woken, relocked }

    init(condition: ObjectID, deadline: SimInstant) {
        self.condition = condition
        self.deadline = deadline
    }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        switch phase {
        case .start:
            guard let o = kernel.heap.object(condition), o.lock != nil,
                kernel.locks.conditionWait(o, until: deadline, on: thread)
            else { return .pop(.bool(false)) }
            phase = .woken
            return .yield
        case .woken:
            // ``Locks/signal(_:broadcast:on:)`` left true, ``Locks/waitTimedOut(_:)`` false.
            signalled = thread.returnValue == .bool(true)
            phase = .relocked
            return .push(LockAcquireFrame(lock: condition, deadline: .never, condition: nil))
        case .relocked:
            return .pop(.bool(signalled))
        }
    }

    func heldObjects() -> [(String, ObjectID)] { [] }
}
