/// Foundation's locks: `NSLock`, `NSRecursiveLock`, `NSCondition` and `NSConditionLock` (docs/scenario-format.md
/// §7.14), as swift-corelibs-foundation builds them on pthreads (`Sources/Foundation/NSLock.swift` at 761b621,
/// cited by line below) and as this machine's Foundation behaves (conformance c130–c135).
///
/// A lock is an object like any other (``HeapObject/Kind/lock``), retained by what holds it; its state is on the
/// object (``HeapObject/lock``), so a freed lock takes its waiters' list with it, as a semaphore does. A thread
/// that cannot take a lock is parked (state `blocked`): it runs nothing, its run loop does not turn, until the lock
/// is let go. Then the first waiter is woken and tries again when it runs (``LockAcquireFrame``): glibc's mutex
/// is not handed over, so the thread that unlocked, still running, takes it again first when it locks at the same
/// instant (first fit). On the real machine that is a race, which the woken waiter sometimes wins (docs/fidelity.md,
/// "Locks"); the model gives it to the thread already running. A waiter holds the lock object while it waits, as a
/// semaphore's.
public final class Locks {
    let recorder: Recorder
    let objects: Objects
    let threads: Threads
    let halt: Halt
    let profile: VariantProfile
    /// `objc_sync_enter`'s recursive mutex of each object it was called on (objc4's `SyncData` list), looked up by
    /// the object, never iterated (ObjcSync.swift).
    var syncLocks: [ObjectID: ObjectID] = [:]

    init(recorder: Recorder, objects: Objects, threads: Threads, halt: Halt, profile: VariantProfile) {
        self.recorder = recorder
        self.objects = objects
        self.threads = threads
        self.halt = halt
        self.profile = profile
    }

    /// `[[NSLock alloc] init]` (or `NSRecursiveLock`, `NSCondition`, `initWithCondition:` for `NSConditionLock`):
    /// a free lock, +1 to the caller, labelled with the place it is stored into.
    func makeLock(_ kind: LockKind, condition: Int, label: String?, name: String? = nil, on thread: SimThread)
        -> ObjectID
    {
        let o = objects.allocate(
            kind: .lock, className: kind.rawValue, label: label, slotNames: [], slotStrengths: [], slots: [],
            isDeclaredRoot: false, at: recorder.now, on: thread.name)
        var state = LockState(kind: kind, condition: condition)
        state.name = name
        o.lock = state
        recorder.record(thread, .objectAlloc(object: recorder.name(o), className: recorder.name(kind.rawValue)))
        return o.id
    }

    /// Whether `thread` can take `o` now, and, for `NSConditionLock`, whether its condition is `condition`.
    private func canTake(_ o: HeapObject, by thread: Int, when condition: Int?) -> Bool {
        let s = o.lock!
        switch s.kind {
        // PTHREAD_MUTEX_RECURSIVE: its owner locks it again (NSLock.swift lines 295–305).
        case .recursive: return s.owner == nil || s.owner == thread
        // `while _thread != nil || _value != condition { wait }` (lines 257–262): no owner test, so its owner waits
        // too.
        case .conditionLock: return s.owner == nil && condition.map { $0 == s.condition } ?? true
        // A default mutex (`pthread_mutex_init(mutex, nil)`, lines 69 and 413): its owner locking it again waits
        // for ever (conformance c134).
        case .lock, .condition: return s.owner == nil
        }
    }

    /// Takes `o` for `thread` when it can (``canTake(_:by:when:)``), and says whether it did.
    func take(_ o: HeapObject, when condition: Int?, on thread: SimThread) -> Bool {
        guard canTake(o, by: thread.id, when: condition) else { return false }
        o.lock!.owner = thread.id
        o.lock!.depth += 1
        recorder.record(thread, .lockAcquire(lock: recorder.name(o), depth: Int64(o.lock!.depth)))
        return true
    }

    /// Blocks `thread` until `o` is let go or `deadline` (``SimInstant/never``: for ever) passes: it joins the
    /// lock's waiters and holds the lock object meanwhile.
    func waitForLock(_ o: HeapObject, until deadline: SimInstant, on thread: SimThread) {
        o.lock!.waiters.append(thread.id)
        let holder = o.lock!.owner.map { threads[$0].name } ?? "nobody"
        recorder.record(thread, .lockWait(lock: recorder.name(o), holder: recorder.name(holder), timeout: deadline))
        block(thread, on: o, until: deadline)
    }

    /// The blocked thread holds `o` and wakes at `deadline` if nothing wakes it before.
    private func block(_ thread: SimThread, on o: HeapObject, until deadline: SimInstant) {
        threads.block(thread, on: o.id)
        objects.retain(o.id)  // the waiting thread holds the lock, as a semaphore's waiter holds the semaphore
        if !deadline.isNever { threads.armWaitTimeout(thread, after: deadline - recorder.now) }
    }

    /// `unlock` (`unlock(withCondition:)` with `condition`) by `thread`.
    ///
    /// - `NSLock` and `NSCondition`: `pthread_mutex_unlock` on a default mutex (lines 113, 451), which glibc does
    ///   not check: a thread that does not hold it lets it go all the same (conformance c135), and unlocking a
    ///   free one does nothing. Under `lockUnlockFromOtherThreadReleases: false` (Darwin's error-checking mutex)
    ///   an unlock by another thread leaves it held.
    /// - `NSRecursiveLock`: a recursive mutex checks its owner (EPERM, ignored: conformance c135); its owner's
    ///   unlock undoes one lock, and the last lets it go.
    /// - `NSConditionLock`: any thread's unlock clears the owner, sets the condition and broadcasts (lines
    ///   193–234): every waiter tries again.
    func unlock(_ o: HeapObject, withCondition condition: Int?, on thread: SimThread) {
        let s = o.lock!
        switch s.kind {
        case .lock, .condition:
            guard let owner = s.owner, owner == thread.id || profile.lockUnlockFromOtherThreadReleases else { return }
            release(o, on: thread)
        case .recursive:
            guard s.owner == thread.id else { return }
            if s.depth > 1 {
                o.lock!.depth -= 1
                recorder.record(thread, .lockRelease(lock: recorder.name(o), depth: Int64(o.lock!.depth)))
                return
            }
            release(o, on: thread)
        case .conditionLock:
            if let condition { o.lock!.condition = condition }
            release(o, on: thread, wakingAll: true)
        }
    }

    /// The lock is free: its first waiter (every waiter, for a broadcast) runs again and tries to take it.
    private func release(_ o: HeapObject, on thread: SimThread, wakingAll: Bool = false) {
        o.lock!.owner = nil
        o.lock!.depth = 0
        recorder.record(thread, .lockRelease(lock: recorder.name(o), depth: 0))
        let woken = wakingAll ? o.lock!.waiters : Array(o.lock!.waiters.prefix(1))
        o.lock!.waiters.removeFirst(woken.count)
        for id in woken { wake(threads[id], result: .null) }
    }

    /// The blocked thread lets the lock object go and runs again, `result` in its return value.
    private func wake(_ thread: SimThread, result: Value) {
        let held = threads.unblock(thread)
        thread.returnValue = result
        if let held { objects.release(held, on: thread) }
        threads.scheduleResume(thread)
    }

    /// `-[NSCondition wait]` (`deadline` never) or `waitUntilDate:`: `thread` lets the mutex go (waking a thread
    /// that waits for it) and waits for a signal. Returns false when `deadline` has passed already: corelibs then
    /// returns false at once, the mutex still held (`timeSpecFrom` is nil, lines 474–476; conformance c131).
    func conditionWait(_ o: HeapObject, until deadline: SimInstant, on thread: SimThread) -> Bool {
        guard deadline > recorder.now else { return false }
        // pthread_cond_wait unlocks the mutex (line 462); glibc does so whoever holds it.
        if o.lock!.owner != nil { unlock(o, withCondition: nil, on: thread) }
        o.lock!.conditionWaiters.append(thread.id)
        recorder.record(thread, .conditionWait(condition: recorder.name(o), timeout: deadline))
        block(thread, on: o, until: deadline)
        return true
    }

    /// `-[NSCondition signal]` (the first waiter) or `broadcast` (every waiter): each woken waiter then takes the
    /// mutex again before its wait returns true. A signal with no waiter is lost (conformance c131).
    func signal(_ o: HeapObject, broadcast: Bool, on thread: SimThread) {
        let woken = broadcast ? o.lock!.conditionWaiters : Array(o.lock!.conditionWaiters.prefix(1))
        o.lock!.conditionWaiters.removeFirst(woken.count)
        recorder.record(
            thread, .conditionSignal(condition: recorder.name(o), broadcast: broadcast, woken: Int64(woken.count)))
        for id in woken { wake(threads[id], result: .bool(true)) }
    }

    /// The deadline of a thread's timed wait on a lock or a condition came: it stops waiting (its wait returns
    /// false, or its frame gives up: ``LockAcquireFrame``). False when the thread does not wait on a lock (the
    /// timeout is a semaphore's).
    func waitTimedOut(_ threadID: Int) -> Bool {
        let thread = threads[threadID]
        guard let id = thread.blockedOn, let o = objects.heap.object(id), o.lock != nil else { return false }
        threads.waitTimeoutFired(thread)
        o.lock!.waiters.removeAll { $0 == threadID }
        o.lock!.conditionWaiters.removeAll { $0 == threadID }
        recorder.record(thread, .lockTimeout(lock: recorder.name(o)))
        wake(thread, result: .bool(false))
        return true
    }

    /// What a thread blocked on a lock waits for, for the parked-thread report: the lock and its holder (nil when
    /// it waits for a condition's signal, or for an `NSConditionLock`'s condition), or nil when it does not wait on
    /// a lock.
    func lockWait(of thread: SimThread) -> (lock: HeapObject, holder: Int?, forSignal: Bool)? {
        guard thread.state == .blocked, let id = thread.blockedOn, let o = objects.heap.object(id),
            let s = o.lock
        else { return nil }
        if s.conditionWaiters.contains(thread.id) { return (o, nil, true) }
        return (o, s.owner, false)
    }
}
