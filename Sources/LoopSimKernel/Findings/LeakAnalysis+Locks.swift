extension LeakAnalysis {
    /// A lock as the parked-thread report names it: the place holding it (``appName(of:)``), and its `name` when the
    /// app gave it one (`acc.lock (NSLock lock) named "accounts"`).
    func lockName(of o: HeapObject) -> String {
        appName(of: o) + (o.lock?.name.map { " named \"\($0)\"" } ?? "")
    }

    /// What can wake thread `t`, blocked on lock `o` (``Locks/lockWait(of:)``), in words; nil when nothing can
    /// (docs/scenario-format.md §10, "Parked threads"). A lock's holder can unlock it while it is not `stuck`, has
    /// not exited and is not `t` itself (an `NSLock` locked twice on one thread). A condition's waiter, and an
    /// `NSConditionLock`'s waiting for a condition while the lock is free, can be woken by whoever reaches the
    /// lock (`actors`: the first holder of each object, by heap slot), as a semaphore's waiter.
    func lockWakeReason(
        _ t: SimThread, _ o: HeapObject, holder: Int?, forSignal: Bool, _ actors: [String?], stuck: Set<Int>
    ) -> String? {
        let name = lockName(of: o)
        if let holder {
            let h = kernel.threads[holder]
            guard holder != t.id, !stuck.contains(holder), h.state != .exited else { return nil }
            return "blocked on \(name), held by thread \(h.name), which can unlock it"
        }
        guard let reacher = actors[Int(o.id.index)] else { return nil }
        return forSignal
            ? "blocked in -[NSCondition wait] on \(name), which \(reacher) holds and can signal"
            : "blocked in -[NSConditionLock lockWhenCondition:] on \(name), which \(reacher) holds and can unlock "
                + "with the condition it waits for"
    }

    /// Why thread `t`, blocked on lock `o`, is parked: the chain of holders (`worker waits for lock acc.a (NSLock a)
    /// held by other → other waits for lock acc.b (NSLock b) held by worker → deadlock: worker waits for itself`,
    /// ``DispatchQueues/waitChain(of:_:)``, which also follows `dispatch_sync` and `dispatch_once` links), or, for a
    /// condition, the signal that never comes.
    func lockParkedReason(_ t: SimThread, _ o: HeapObject, forSignal: Bool) -> String {
        if forSignal { return "waiting for ever in -[NSCondition wait] on \(lockName(of: o)), which nothing signals" }
        return kernel.dispatch.waitChain(of: t.id, kernel)
            ?? "waiting for ever on \(lockName(of: o)), which nothing unlocks"
    }
}

extension Kernel {
    /// Who holds lock `o` now, for `loopsim why`: `locked by refunds: refunds waits for lock a.lock (NSLock lock),
    /// held by payroll → …` (the holder's wait chain when it is blocked, ``DispatchQueues/waitChain(of:_:)``), or
    /// `locked by worker, which runs`; nil when `o` is not a lock or is free.
    public func lockHolding(_ o: HeapObject) -> String? {
        guard let owner = o.lock?.owner else { return nil }
        let t = threads[owner]
        if let chain = dispatch.waitChain(of: owner, self) { return "locked by \(t.name): \(chain)" }
        let doing =
            switch t.state {
            case .blocked: "which is blocked"
            case .sleeping: "which sleeps in its run loop"
            case .busy: "which is busy"
            case .exited: "which has exited without unlocking it"
            default: "which runs"
            }
        return "locked by \(t.name), \(doing)"
    }
}
