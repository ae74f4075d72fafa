/// Run-loop observers (`CFRunLoopObserver`, semantics §1.3): making one with a block, adding it to a mode, removing
/// it from one, and invalidating it. Modelled on swift-corelibs-foundation `Sources/CoreFoundation/CFRunLoop.c` at
/// 761b621: `CFRunLoopObserverCreateWithHandler`, `CFRunLoopAddObserver`, `CFRunLoopRemoveObserver`,
/// `CFRunLoopObserverInvalidate` and `__CFRunLoopObserverDeallocate`.
///
/// Who holds what, as in CF: the observer object holds its block (`_context.info`, copied by `_Block_copy` and let go
/// by `_Block_release`, the context's retain and release callbacks). Every list the observer is in retains the
/// observer object: a mode's `_observers` array and the loop's `_commonModeItems` set (both made with the CFType
/// callbacks). The creator holds the +1 of `CFRunLoopObserverCreateWithHandler` until it calls `CFRelease`.
/// Removing the observer from a mode drops that mode's reference only: the block goes when the observer object
/// deallocates (`__CFRunLoopObserverDeallocate` calls `CFRunLoopObserverInvalidate`, which calls the context's
/// release). Invalidating it takes it out of every mode and lets go of the block at once, while its creator may
/// still hold the object.
extension RunLoops {
    /// `CFRunLoopObserverCreateWithHandler(NULL, activities, repeats, order, block)`: a new observer object (+1 for
    /// the caller) holding `block` (a +1 the caller hands over).
    func makeObserver(
        activities: RunLoopActivity, repeats: Bool, order: Int, block: ObjectID,
        on thread: SimThread
    ) -> ObjectID {
        let o = objects.allocate(
            kind: .runLoopObserver, className: "CFRunLoopObserver", label: nil,
            slotNames: ["block"], slotStrengths: [.strong], slots: [.object(block)],
            isDeclaredRoot: false, isInternal: false, at: recorder.now, on: thread.name)
        observerCounter += 1
        observerStates[o.id] = ObserverState(
            id: observerCounter, activities: activities, repeats: repeats,
            order: order)
        return o.id
    }

    /// An observer whose callout the kernel runs itself (`callout`), as Foundation's own observers are
    /// (`NotificationQueue`'s, ``NotificationQueues``): a repeating `CFRunLoopObserver` object (+1 for the caller)
    /// with no scenario block, internal to the report.
    func makeKernelObserver(
        activities: RunLoopActivity, order: Int, callout: KernelObserverCallout, on thread: SimThread
    ) -> ObjectID {
        let o = objects.allocate(
            kind: .runLoopObserver, className: "CFRunLoopObserver", label: nil,
            slotNames: ["block"], slotStrengths: [.strong], slots: [.null],
            isDeclaredRoot: false, isInternal: true, at: recorder.now, on: thread.name)
        observerCounter += 1
        observerStates[o.id] = ObserverState(
            id: observerCounter, activities: activities, repeats: true, order: order, kernelCallout: callout)
        return o.id
    }

    /// The kernel's own callout of observer `id`, if it has one (``makeKernelObserver(activities:order:callout:on:)``).
    func kernelCallout(of id: ObjectID) -> KernelObserverCallout? { observerStates[id]?.kernelCallout }

    /// Whether `object` is an observer this part made.
    func isObserver(_ object: HeapObject) -> Bool { observerStates[object.id] != nil }

    /// `CFRunLoopAddObserver(rl, observer, mode)`: each list it goes into retains it. An invalid observer, or one
    /// already in another run loop, is not added (`if (!__CFIsValid(rlo) || (NULL != rlo->_runLoop && rlo->_runLoop
    /// != rl)) return;`); with the common pseudo-mode it goes into the common items and every common mode.
    func addObserver(_ id: ObjectID, to rl: SimRunLoop, mode rawMode: String, on thread: SimThread) {
        guard var state = observerStates[id], state.isValid, state.runLoop == nil || state.runLoop == rl.id
        else { return }
        state.runLoop = rl.id
        observerStates[id] = state
        let observer = Observer(
            id: state.id, object: id, activities: state.activities, repeats: state.repeats,
            order: state.order)
        let name = RunLoopModeName.canonical(rawMode)
        if name == RunLoopModeName.common {
            if !rl.commonObservers.contains(where: { $0.object == id }) {
                rl.addCommonObserver(observer)
                objects.retain(id)
            }
            for m in rl.commonModes { insertObserver(observer, into: rl.findOrCreateMode(m)) }
        } else {
            insertObserver(observer, into: rl.findOrCreateMode(name))
        }
        recorder.record(
            thread,
            .observerAdd(
                runLoop: rl.nameID, mode: recorder.name(RunLoopModeName.short(name)),
                order: Int64(state.order)))
    }

    /// Into a mode's list, after the observers of the same or a lower order (`CFRunLoopAddObserver`'s insertion);
    /// the list retains it. Already there: nothing.
    func insertObserver(_ observer: Observer, into mode: RunLoopMode) {
        guard !mode.observers.contains(where: { $0.object == observer.object }) else { return }
        let index = mode.observers.firstIndex { $0.order > observer.order } ?? mode.observers.count
        mode.insertObserver(observer, at: index)
        objects.retain(observer.object)
    }

    /// `CFRunLoopRemoveObserver(rl, observer, mode)`: out of that mode's list, which lets go of it. With the common
    /// pseudo-mode: out of the common items and every common mode, only if it was added with the common
    /// pseudo-mode (`if (NULL != rl->_commonModeItems && CFSetContainsValue(rl->_commonModeItems, rlo))`). An
    /// observer added for the common modes and removed from one named mode stays in the others. The block stays
    /// with the observer object until that is freed or invalidated.
    func removeObserver(_ id: ObjectID, from rl: SimRunLoop, mode rawMode: String, on thread: SimThread) {
        let name = RunLoopModeName.canonical(rawMode)
        if name == RunLoopModeName.common {
            guard let i = rl.commonObservers.firstIndex(where: { $0.object == id }) else { return }
            rl.removeCommonObserver(at: i)
            for m in rl.commonModes { removeObserver(id, from: rl, mode: m, on: thread) }
            objects.release(id, on: thread)
            return
        }
        guard let mode = rl.modes[name], let i = mode.observers.firstIndex(where: { $0.object == id }) else { return }
        mode.removeObserver(at: i)
        objects.release(id, on: thread)
    }

    /// `CFRunLoopObserverInvalidate`: marks it invalid, removes it from every mode of its run loop and from the
    /// common items (`CFRunLoopRemoveObserver` for each of `CFRunLoopCopyAllModes`, then for
    /// `kCFRunLoopCommonModes`), then calls the context's release: the block is let go at once, whoever still holds
    /// the observer object. Invalidating an invalid observer does nothing. A non-repeating observer is invalidated
    /// by `__CFRunLoopDoObservers` after its callout.
    func invalidateObserver(_ id: ObjectID, on thread: SimThread) {
        guard var state = observerStates[id], state.isValid, let o = objects.heap.object(id) else { return }
        state.isValid = false
        observerStates[id] = state
        objects.retain(id)  // CFRetain(rlo) for the call: the lists' releases must not free it under us
        if let rlID = state.runLoop {
            let rl = all[rlID]
            for mode in rl.modes.values.reversed() { removeObserver(id, from: rl, mode: mode.name, on: thread) }
            removeObserver(id, from: rl, mode: RunLoopModeName.common, on: thread)
        }
        if case .object(let block) = o[slot: 0] {
            o[slot: 0] = .null
            objects.release(block, on: thread)  // rlo->_context.release(info): _Block_release
        }
        objects.release(id, on: thread)
    }

    /// `CFRunLoopObserverIsValid`.
    func isValidObserver(_ id: ObjectID) -> Bool { observerStates[id]?.isValid ?? false }

    /// The block of observer `id` (nil once invalidated).
    func observerBlock(_ id: ObjectID) -> ObjectID? {
        guard let o = objects.heap.object(id), case .object(let block) = o[slot: 0] else { return nil }
        return block
    }
}

/// What CF keeps in a `struct __CFRunLoopObserver` beside its context: its activities, repeats flag and order, its
/// validity, and the run loop it was first added to (`_runLoop`: an observer serves one run loop).
struct ObserverState {
    /// The observer's serial, what a mode's ``Observer`` entries and a callout name it by.
    var id: Int
    var activities: RunLoopActivity
    var repeats: Bool
    var order: Int
    var isValid = true
    var runLoop: Int?
    /// What the kernel runs for its callout instead of a block (Foundation's own observers); nil: its block.
    var kernelCallout: KernelObserverCallout? = nil
}
