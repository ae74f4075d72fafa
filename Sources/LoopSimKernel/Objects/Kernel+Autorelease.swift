extension Kernel {
    /// Hands the caller's +1 on a factory result to the thread's autorelease pool (Objective-C's convention for
    /// methods not named alloc/new/copy). Returns whether the caller still owns a +1.
    func autoreleaseFactoryResult(_ id: ObjectID, on thread: SimThread) -> Bool {
        guard profile.autoreleasedFactoryResults else { return true }
        thread.autoreleasePool.append(id)
        return false
    }

    /// Releases everything in the thread's pool, in the order it was added.
    func drainAutoreleasePool(of thread: SimThread, reason: String) {
        guard !thread.autoreleasePool.isEmpty else { return }
        let objects = thread.autoreleasePool
        thread.autoreleasePool = []
        record(thread, .poolDrain(objects: Int64(objects.count), reason: name(reason)))
        for id in objects { release(id, on: thread) }
    }

    /// UIKit's pool observer on the main run loop (common modes, BeforeWaiting and Exit, last in order).
    func drainsPool(at activity: RunLoopActivity, of a: ActivationFrame, on thread: SimThread) -> Bool {
        (activity == .beforeWaiting || activity == .exit) && thread.isMain && a.runLoop.isMain
            && profile.uikitMainRunLoop && a.runLoop.isCommon(a.mode.name)
    }
}
