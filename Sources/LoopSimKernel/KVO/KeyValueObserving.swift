/// Key-value observing: who observes which field of which object, and what a change or a dealloc does to them.
///
/// `-[NSObject addObserver:forKeyPath:options:context:]` registers an observer, held unretained (KVO does not
/// retain its observers: one freed while registered is messaged anyway on the next change, a crash); Swift's
/// `observe(_:changeHandler:)` registers a block through an `NSKeyValueObservation` token, which holds the block
/// and whose dealloc ends the observation (`invalidate()`, called by its deinit). A change of an observed field —
/// any store into it, as automatic notification does — tells every observer of it, in registration order,
/// synchronously on the changing thread before its next step (`observeValueForKeyPath:ofObject:change:context:`,
/// or the block). An observed object deallocated with observers registered crashes the app before iOS 11
/// (NSInternalInconsistencyException, "… was deallocated while key value observers were still registered with
/// it"); from iOS 11 its observations are removed with it (`kvoObservedDeallocWithObservers`, docs/fidelity.md).
/// swift-corelibs-foundation has no key-value observing (`none`: registering crashes).
final class KeyValueObserving {
    /// The clock and the event log.
    private let recorder: Recorder
    /// Retain, release and the heap.
    private let objects: Objects
    /// The crash path.
    private let halt: Halt
    /// The variant's flags.
    private let profile: VariantProfile

    init(recorder: Recorder, objects: Objects, halt: Halt, profile: VariantProfile) {
        self.recorder = recorder
        self.objects = objects
        self.halt = halt
        self.profile = profile
    }

    /// One observation: an object's field, and who is told of its changes.
    struct Registration {
        var observed: ObjectID
        var slot: Int
        var keyPath: String
        var observer: Observer
        /// What a block observer's change handler is passed, in the order of its parameters.
        var passes: [KeyValueChangeArgument] = []
    }
    enum Observer: Equatable {
        /// An object whose `observeValueForKeyPath` method is called; not retained.
        case object(ObjectID)
        /// An `NSKeyValueObservation` token and the block it holds.
        case block(token: ObjectID, block: ObjectID)
    }
    /// What a change leaves to run on its thread before the next step (``PendingCall``).
    struct Delivery {
        var observer: Observer
        var observed: ObjectID
        var keyPath: String
        /// The change handler's arguments, taken when the change was made (``KeyValueChangeArgument``).
        var arguments: [Value] = []
    }

    /// In registration order.
    private(set) var registrations: [Registration] = []

    /// Whether anything is observed: stores and deallocs look no further otherwise.
    var isObserving: Bool { !registrations.isEmpty }

    /// The name of the observer `id` in events (its id when it is gone).
    private func nameOf(_ id: ObjectID) -> Name {
        objects.heap.object(id).map { recorder.name($0) } ?? recorder.name("\(id)")
    }

    /// The crash of an API that does not exist under this variant (swift-corelibs-foundation has no KVO).
    func unavailable(_ api: String) -> RuntimeFault? {
        guard profile.kvoObservedDealloc == .none else { return nil }
        return RuntimeFault(
            "\(api) does not exist in \(profile.name): swift-corelibs-foundation has no key-value "
                + "observing (kvoObservedDeallocWithObservers none)")
    }

    /// `[observed addObserver:observer forKeyPath:keyPath options:0 context:NULL]`.
    func add(_ observer: HeapObject, to observed: HeapObject, slot: Int, keyPath: String, on thread: SimThread) {
        registrations.append(
            Registration(
                observed: observed.id, slot: slot, keyPath: keyPath,
                observer: .object(observer.id)))
        recorder.record(
            thread,
            .kvoAdd(
                observed: recorder.name(observed), keyPath: recorder.name(keyPath),
                observer: recorder.name(observer)))
    }

    /// `observed.observe(\.keyPath) { … }`: a token (+1 for the caller) holding the block (the caller's +1 on it).
    /// With `initial` (`.initial`), the handler is told once before the thread's next step, as KVO sends the
    /// initial notification before the registration returns: its new value is the field's, its old value nil
    /// (Apple, `NSKeyValueObservingOptions.initial`: "the change dictionary in the notification will always contain
    /// an NSKeyValueChangeNewKey entry if NSKeyValueObservingOptionNew is also specified but will never contain an
    /// NSKeyValueChangeOldKey entry").
    func observe(
        _ observed: HeapObject, slot: Int, keyPath: String, block: ObjectID, passes: [KeyValueChangeArgument] = [],
        initial: Bool = false, on thread: SimThread
    ) -> ObjectID {
        let token = objects.allocate(
            kind: .observerToken, className: "NSKeyValueObservation", label: nil,
            slotNames: ["changeHandler"], slotStrengths: [.strong], slots: [.object(block)],
            isDeclaredRoot: false, at: recorder.now, on: thread.name)
        registrations.append(
            Registration(
                observed: observed.id, slot: slot, keyPath: keyPath,
                observer: .block(token: token.id, block: block), passes: passes))
        recorder.record(
            thread,
            .kvoAdd(
                observed: recorder.name(observed), keyPath: recorder.name(keyPath),
                observer: recorder.name(token)))
        if initial {
            let current = objects.readSlot(observed.id, slot)
            let arguments = passes.map { (passed: KeyValueChangeArgument) -> Value in
                switch passed {
                case .object: .object(observed.id)
                case .newValue: current
                case .oldValue: .null
                }
            }
            objects.pendingCalls.append(
                .keyValueChange(
                    Delivery(
                        observer: .block(token: token.id, block: block), observed: observed.id, keyPath: keyPath,
                        arguments: arguments)))
        }
        return token.id
    }

    /// `[observed removeObserver:observer forKeyPath:keyPath]`: the first such registration goes; none is
    /// Foundation's NSRangeException.
    func remove(
        _ observer: HeapObject, from observed: HeapObject, keyPath: String,
        on thread: SimThread
    ) throws(RuntimeFault) {
        guard
            let i = registrations.firstIndex(where: {
                $0.observed == observed.id && $0.keyPath == keyPath && $0.observer == .object(observer.id)
            })
        else {
            throw RuntimeFault(
                "*** Terminating app due to uncaught exception 'NSRangeException', reason: 'Cannot "
                    + "remove an observer <\(observer.displayName)> for the key path \"\(keyPath)\" from "
                    + "<\(observed.displayName)> because it is not registered as an observer.'")
        }
        registrations.remove(at: i)
        recorder.record(
            thread,
            .kvoRemove(
                observed: recorder.name(observed), keyPath: recorder.name(keyPath),
                observer: recorder.name(observer)))
    }

    /// A store into field `slot` of `object`, from `old` to `new`: every observer of it is told, in registration
    /// order, before the thread's next step. A change handler's `change` is made now, with the values of this store
    /// (NSKeyValueObservedChange is built in `didChangeValueForKey:`, before the handler runs).
    func didChange(_ object: HeapObject, _ slot: Int, from old: Value, to new: Value, on thread: SimThread) {
        for r in registrations where r.observed == object.id && r.slot == slot {
            let observer: Name
            switch r.observer {
            case .object(let id): observer = nameOf(id)
            case .block(let token, _): observer = nameOf(token)
            }
            recorder.record(
                thread,
                .kvoNotify(
                    observed: recorder.name(object), keyPath: recorder.name(r.keyPath),
                    observer: observer))
            let arguments = r.passes.map { (passed: KeyValueChangeArgument) -> Value in
                switch passed {
                case .object: .object(object.id)
                case .newValue: new
                case .oldValue: old
                }
            }
            objects.pendingCalls.append(
                .keyValueChange(
                    Delivery(
                        observer: r.observer, observed: object.id,
                        keyPath: r.keyPath, arguments: arguments)))
        }
    }

    /// The frame that tells `delivery`'s observer when its turn comes (``DeliveryFrame``): what the store set in
    /// motion before it — the dealloc of the value it replaced, an earlier observer's handler — runs first.
    func frame(for delivery: Delivery, on thread: SimThread, _ k: Kernel) -> Frame? {
        DeliveryFrame(delivery)
    }

    /// Whether `delivery`'s observation is still registered: an observer removed (`removeObserver:forKeyPath:`, in
    /// its dealloc or an earlier observer's handler) or a token freed since the change is not told. Swift's
    /// `NSKeyValueObservation.invalidate()` sets the helper's `object` to nil and its `observeValue` returns at
    /// `guard let ourObject = self.object` (swift stdlib/public/Darwin/Foundation/NSObject.swift); an ObjC
    /// observer's release in the setter runs before `didChangeValueForKey:` (the KVO setter calls
    /// `willChangeValueForKey:`, the original setter, then `didChangeValueForKey:`). docs/fidelity.md, "KVO".
    private func isRegistered(_ delivery: Delivery) -> Bool {
        registrations.contains {
            $0.observed == delivery.observed && $0.keyPath == delivery.keyPath && $0.observer == delivery.observer
        }
    }

    /// The frame that tells `delivery`'s observer now, or nil when it is not told: no longer registered
    /// (``isRegistered(_:)``), or the app crashed instead (a freed observer still registered, a class without
    /// `observeValueForKeyPath`).
    fileprivate func resolvedFrame(for delivery: Delivery, on thread: SimThread, _ k: Kernel) -> Frame? {
        switch delivery.observer {
        case .block(_, let block):
            guard isRegistered(delivery), k.heap.object(block) != nil else { return nil }
            k.retain(block)
            return k.interpreter.blockFrame(block, edge: "changeHandler", arguments: delivery.arguments)
        case .object(let id):
            // A freed observer still registered is messaged (KVO does not retain it); one removed is not.
            guard isRegistered(delivery) else { return nil }
            guard let o = k.heap.object(id) else {
                k.appCrashed(
                    "message sent to deallocated instance \(k.objects.describeFreed(id)): key-value "
                        + "observing still held it as an observer of '\(delivery.keyPath)' (KVO does not retain its "
                        + "observers: remove them before they are freed)", on: thread)
                return nil
            }
            guard case .instance(let c) = o.kind,
                let m = k.program.classes[c].methods.firstIndex(where: { $0.name == "observeValueForKeyPath" })
            else {
                let observed = k.heap.object(delivery.observed)
                k.appCrashed(
                    "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: "
                        + "'<\(o.displayName)>: An -observeValueForKeyPath:ofObject:change:context: message "
                        + "was received but not handled. Key path: \(delivery.keyPath) Observed object: <"
                        + "\(observed.map(\.displayName) ?? "freed")>'", on: thread)
                return nil
            }
            return k.interpreter.methodFrame(o, classIndex: c, method: m)
        }
    }

    /// An observed object is deallocated: with observers still registered, the app crashes before iOS 11; from
    /// iOS 11 they are removed with it.
    func observedObjectDeallocates(_ object: HeapObject, on thread: SimThread) {
        guard registrations.contains(where: { $0.observed == object.id }) else { return }
        switch profile.kvoObservedDealloc {
        case .crash:
            halt.appCrashed(
                "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: "
                    + "'An instance \(object.displayName) of class \(object.className) was deallocated while key value "
                    + "observers were still registered with it.'", on: thread)
        case .remove, .none:
            registrations.removeAll { $0.observed == object.id }
        }
    }

    /// An `NSKeyValueObservation` token was freed: its deinit invalidates the observation.
    func tokenFreed(_ token: ObjectID) {
        registrations.removeAll {
            if case .block(let t, _) = $0.observer { return t == token }
            return false
        }
    }
}

/// Tells one observer of a change when its turn comes on the changing thread, not when the change was made: the
/// deallocs the store caused (they run above it) and the observers told before it may have removed its observation
/// (``KeyValueObserving/isRegistered(_:)``). Holds nothing: KVO does not retain its observers.
final class DeliveryFrame: Frame {
    let delivery: KeyValueObserving.Delivery
    var started = false

    init(_ delivery: KeyValueObserving.Delivery) { self.delivery = delivery }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        guard !started else { return .pop(.null) }
        started = true
        guard let frame = kernel.keyValueObserving.resolvedFrame(for: delivery, on: thread, kernel) else {
            return .pop(.null)
        }
        return .push(frame)
    }

    func heldObjects() -> [(String, ObjectID)] { [] }
}

/// What Swift's `observe(_:options:changeHandler:)` passes its handler, `{ object, change in … }`, as the scenario
/// language binds it to the block's parameters: the observed object, and the change's `newValue` and `oldValue`
/// (Apple's `NSKeyValueObservedChange`: each is nil unless the options ask for it with `.new` or `.old`, so a
/// scenario passes only the values its options ask for). The values are the store's, taken when it is made.
public enum KeyValueChangeArgument: String, Sendable, Hashable {
    case object
    case newValue
    case oldValue
}
