/// `objc_sync_enter` and `objc_sync_exit`, what `@synchronized(obj)` compiles to and what Swift code ported from
/// Objective-C calls by hand (docs/scenario-format.md §7.14).
///
/// objc4's `objc-sync.mm`: `objc_sync_enter` — "Begin synchronizing on 'obj'. Allocates recursive mutex associated
/// with 'obj' if needed. Returns OBJC_SYNC_SUCCESS once lock is acquired." — looks the object up in its `SyncData`
/// list (`id2data(obj, ACQUIRE)`) and locks that entry's `recursive_mutex_t`; `objc_sync_enter(nil)` does nothing
/// ("@synchronized(nil) does nothing", `objc_sync_nil()`). `objc_sync_exit` — "End synchronizing on 'obj'." —
/// finds the entry (`id2data(obj, RELEASE)`) and `tryUnlock`s it, answering `OBJC_SYNC_NOT_OWNING_THREAD_ERROR`,
/// and changing nothing, when the calling thread does not hold it. So each object has one recursive lock: the
/// thread that holds it takes it again (a nested `@synchronized(self)`), another thread waits (parked) until the
/// last exit. The model keeps one `NSRecursiveLock` object per object (``Locks/syncLocks``), made on the first
/// enter, internal (not the app's: it is never reported as leaked) and never freed, as the runtime's `SyncData`
/// entries are reused, never freed.
extension Locks {
    /// The recursive lock `objc_sync_enter` takes for `object`, made on first use.
    func syncLock(for object: HeapObject, on thread: SimThread) -> HeapObject {
        if let id = syncLocks[object.id], let o = objects.heap.object(id) { return o }
        let o = objects.allocate(
            kind: .lock, className: LockKind.recursive.rawValue, label: "objc_sync(\(object.className))",
            slotNames: [], slotStrengths: [], slots: [], isDeclaredRoot: false, isInternal: true,
            at: recorder.now, on: thread.name)
        o.lock = LockState(kind: .recursive)
        syncLocks[object.id] = o.id  // the table's +1, kept for ever
        return o
    }
}
