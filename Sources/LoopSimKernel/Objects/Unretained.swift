// Unretained reads of the kernel's long-lived class instances: one of the kernel's four files with unsafe code
// (with Objects/HeapObject.swift, RunLoop/TimerList.swift and Events/Fingerprint.swift).
//
// What it buys: reading a class reference out of an array retains it and releases it after the last use, and
// the fire path reads one from an array several times a fire (the timer in the heap's table, the run loop and
// the mode a timer port's entry names, the thread a resume names, the loop's current activation). Read through
// these accessors the element is borrowed for the closure, with no reference counting: 241 instructions fewer
// per timer-storm fire and 8.3 retains a fire down to 3.8 when the fire path first read them unretained (5792a45),
// 1.6 with `__CFRunLoopDoTimers`' collection (df0324e; callgrind, BENCHMARKS.md's storm). Each accessor is
// inlined with its closure into its caller, so it costs nothing of its own.
//
// Each accessor reads the element out of the array's buffer first and calls its closure after that read: a closure
// called inside `withUnsafeBufferPointer` of an array stored in a class made Swift retain the array's buffer for
// the call (the closure might replace the array), a retain and a release of the threads' or the activations' list
// each time a resume or a timer port's message read one (callgrind).
//
// The caller's duty: the element stays in the array for the whole closure. Threads, run loops and modes are never
// removed; a timer in a mode's list, or held by its callout, stays in the heap's table until its dealloc ends,
// which no closure here brings about; an activation stays on its loop's list while nothing runs or ends one.

import OrderedCollections

extension Array where Element: AnyObject {
    /// Calls `body` with the element at `index`, neither retained nor released. `index` must be in bounds (checked).
    @inline(__always)
    func withUnretained<R>(at index: Int, _ body: (Element) throws -> R) rethrows -> R {
        precondition(index >= 0 && index < count)
        return try withUnsafeBufferPointer { Unmanaged.passUnretained($0[index]) }._withUnsafeGuaranteedRef(body)
    }

    /// Calls `body` with the last element, neither retained nor released, or returns nil when the array is empty.
    @inline(__always)
    func withUnretainedLast<R>(_ body: (Element) throws -> R) rethrows -> R? {
        guard let last = withUnsafeBufferPointer({ $0.last.map { Unmanaged.passUnretained($0) } }) else { return nil }
        return try last._withUnsafeGuaranteedRef(body)
    }
}

extension Array {
    /// Calls `body` with the object at `index`, neither retained nor released, or returns nil when `index` is out
    /// of bounds or its slot is empty.
    @inline(__always)
    func withUnretained<T: AnyObject, R>(at index: Int, _ body: (T) throws -> R) rethrows -> R? where Element == T? {
        guard index >= 0 && index < count,
            let o = withUnsafeBufferPointer({ $0[index].map { Unmanaged.passUnretained($0) } })
        else { return nil }
        return try o._withUnsafeGuaranteedRef(body)
    }

    /// Calls `body` with the object at `index`, which must be there, neither retained nor released and with no
    /// bounds check: for a slot its caller knows to be filled (a timer a mode's list names).
    @inline(__always)
    func withUnretainedFilled<T: AnyObject, R>(at index: Int, _ body: (T) throws -> R) rethrows -> R
    where Element == T? {
        try withUnsafeBufferPointer { Unmanaged.passUnretained($0[index].unsafelyUnwrapped) }
            ._withUnsafeGuaranteedRef(body)
    }
}

extension OrderedDictionary.Values where Value: AnyObject {
    /// Calls `body` with the value at `index`, neither retained nor released.
    @inline(__always)
    func withUnretained<R>(at index: Int, _ body: (Value) throws -> R) rethrows -> R {
        try withUnsafeBufferPointer { Unmanaged.passUnretained($0[index]) }._withUnsafeGuaranteedRef(body)
    }
}

extension Objects {
    /// Calls `body` with the object `id` names, neither retained nor released, or returns nil if there is no such
    /// object (``ObjectHeap/withUnretainedObject(_:_:)``), for a caller that uses it while something keeps it in
    /// the heap (a timer its mode's list or its callout holds).
    ///
    /// The heap is read only to find the object, and `body` runs after that read: called on the heap
    /// (`kernel.heap.withUnretainedObject(id) { … }`), a body that calls on (arms a port, records, retains) made
    /// Swift copy the whole `ObjectHeap` for the call, eight retains and eight releases of its arrays each time,
    /// three times a timer-storm fire (callgrind, BENCHMARKS.md).
    @inline(__always)
    func withUnretainedObject<R>(_ id: ObjectID, _ body: (HeapObject) -> R) -> R? {
        guard let o = heap.withUnretainedObject(id, { Unmanaged.passUnretained($0) }) else { return nil }
        return o._withUnsafeGuaranteedRef(body)
    }

    /// Calls `body` with the timer a mode's list knows by `slot` (alive: the list holds it), neither retained nor
    /// released, after the heap's read (``withUnretainedObject(_:_:)``).
    @inline(__always)
    func withUnretainedTimer<R>(at slot: TimerList.Slot, _ body: (HeapObject) -> R) -> R {
        heap.withUnretainedTimer(at: slot) { Unmanaged.passUnretained($0) }._withUnsafeGuaranteedRef(body)
    }
}
