/// The steps of `objc_sync_enter` and `objc_sync_exit` (docs/scenario-format.md §7.14), run by ``Locks``
/// (ObjcSync.swift).

/// `objc_sync_enter(obj)`: takes `obj`'s recursive lock, waiting (parked) while another thread holds it; nothing
/// for nil.
public struct ObjcSyncEnterStep: ExecutableStep {
    public var verb: String { "objcSyncEnter" }
    public var object: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let target = try c.object(object, expecting: "an object") else { return .next }
        let lock = c.kernel.locks.syncLock(for: target, on: c.thread)
        return StepOutcome(.push(LockAcquireFrame(lock: lock.id, deadline: .never, condition: nil)))
    }
}

/// `objc_sync_exit(obj)`: undoes one `objc_sync_enter` of the calling thread, letting the lock go at the last;
/// nothing for nil, for an object never entered, or when another thread holds it (the runtime answers
/// `OBJC_SYNC_NOT_OWNING_THREAD_ERROR`, which Swift code ignores).
public struct ObjcSyncExitStep: ExecutableStep {
    public var verb: String { "objcSyncExit" }
    public var object: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let target = try c.object(object, expecting: "an object") else { return .next }
        let locks = c.kernel.locks
        guard let id = locks.syncLocks[target.id], let lock = c.kernel.heap.object(id) else { return .next }
        locks.unlock(lock, withCondition: nil, on: c.thread)
        return .next
    }
}
