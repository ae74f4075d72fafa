/// The run's objects and their reference counts: the ``ObjectHeap``, allocating instances and blocks, retain and
/// release as the Objective-C runtime does them, the end of a dealloc, weak reads and strong stores into slots,
/// autorelease pools, and the objects the run lets go of. It owns the heap and what allocation needs (slot
/// layouts, global blocks, the block counter, initializers to run). It is the lifetimes service the other parts
/// retain and release through; its own services (the recorder, the crash path, the threads, the run's records)
/// are handed to it at init. Only the steps that run code (a block literal's captures, a dealloc's end, the
/// search of what the app reaches) take the ``Kernel``.
final class Objects {
    /// Every object alive or deallocating, with its retain count and slots (read through ``Kernel/heap``).
    @exclusivity(unchecked) private(set) var heap = ObjectHeap()
    /// Calls the current step made due, to run on its thread before the next step: initializers of the objects it
    /// created, key-value observers of the fields it changed.
    @exclusivity(unchecked) var pendingCalls: [PendingCall] = []
    /// Timers kept alive by corelibs Foundation's CF context (`timerReleasesTargetOnInvalidate == false`).
    @exclusivity(unchecked) var corelibsTimerHolds: [ObjectID] = []
    private var blockCounter = 0
    /// Drops of the current instant, decided when it ends (``confirmLetGos(_:)``).
    @exclusivity(unchecked) private var pendingLetGos: [PendingLetGo] = []
    /// Whether an object let go was stored into a strong field since the last ``confirmLetGos(_:)``: the app may
    /// reach it again (a local let go at its scope's end, stored later by a block that captured it).
    @exclusivity(unchecked) private var letGoStoredAnew = false
    /// Objects alive that the app let go of: when and why (looked up by id only, never iterated in an order
    /// that shows).
    private var letGoAt: [ObjectID: LetGo] = [:]
    /// Controllers whose lifecycle UIKit ended (popped, dismissed) and that have not died or been shown again.
    private var lifecycleEnds: [ObjectID: LetGo] = [:]
    /// The global block of each block literal that captures nothing, made on first use (by template index).
    private var globalBlocks: [ObjectID?]
    /// The one instance of each `root: true` class that a `shared C` expression made, on its first read (by class
    /// index): Swift's lazily initialized type properties, ObjC's `dispatch_once` `+sharedInstance`.
    private var sharedInstances: [ObjectID?]
    /// Each class's and block template's slot names and strengths, built once: every instance shares them.
    private let classSlotLayouts: [SlotLayout]
    private let blockSlotLayouts: [SlotLayout]
    /// The scenario's classes and block literals.
    private let program: Program
    /// The variant's flags (autoreleased factory results, UIKit's pool observer).
    private let profile: VariantProfile
    /// The clock and the event log.
    let recorder: Recorder
    /// The crash path (a use of a freed object).
    private let halt: Halt
    /// The threads (the one running, for a crash with no thread given).
    private let threads: Threads
    /// What the run writes down: deaths, delayed releases, finished timers and sources.
    private let records: RunRecords

    init(
        _ program: Program, profile: VariantProfile, recorder: Recorder, halt: Halt, threads: Threads,
        records: RunRecords
    ) {
        self.program = program
        self.profile = profile
        self.recorder = recorder
        self.halt = halt
        self.threads = threads
        self.records = records
        classSlotLayouts = program.classes.map {
            SlotLayout(names: $0.fields.map(\.name), strengths: $0.fields.map(\.strength))
        }
        blockSlotLayouts = program.blocks.map {
            SlotLayout(names: $0.captures.map(\.name), strengths: $0.captures.map(\.strength))
        }
        globalBlocks = Array(repeating: nil, count: program.blocks.count)
        sharedInstances = Array(repeating: nil, count: program.classes.count)
    }

    // MARK: Allocation

    /// `--max-objects`: ``ObjectHeap/liveLimit``.
    var liveLimit: Int {
        get { heap.liveLimit }
        set { heap.liveLimit = newValue }
    }

    /// ``ObjectHeap/updateOverLiveLimit()``.
    func updateOverLiveLimit() { heap.updateOverLiveLimit() }

    /// Allocates an object of the kernel's own making (a timer, a source, a semaphore…) with retain count 1:
    /// ``ObjectHeap/allocate(kind:className:label:slotNames:slotStrengths:slots:isDeclaredRoot:isInternal:at:on:)``.
    func allocate(
        kind: HeapObject.Kind, className: String, label: String?, slotNames: [String],
        slotStrengths: [Strength], slots: [Value], isDeclaredRoot: Bool,
        isInternal: Bool = false, at now: SimInstant, on thread: String
    ) -> HeapObject {
        heap.allocate(
            kind: kind, className: className, label: label, slotNames: slotNames,
            slotStrengths: slotStrengths, slots: slots, isDeclaredRoot: isDeclaredRoot,
            isInternal: isInternal, at: now, on: thread, site: recorder.log.site)
    }

    /// `new ClassName`: an instance with its fields' initial values, retain count 1 (owned by the caller).
    func allocateInstance(classIndex: Int, label: String?, on thread: SimThread) -> ObjectID {
        let info = program.classes[classIndex]
        let o = heap.allocate(
            kind: .instance(classIndex: classIndex), className: info.name, label: label,
            slotNames: classSlotLayouts[classIndex].names, slotStrengths: classSlotLayouts[classIndex].strengths,
            slots: info.fields.map(\.initial), isDeclaredRoot: info.isRoot, isInternal: info.isTypeObject,
            at: recorder.now, on: thread.name, site: recorder.log.site)
        recorder.record(thread, .objectAlloc(object: recorder.name(o), className: recorder.name(info.name)))
        if info.initializer != nil { pendingCalls.append(.initializer(o.id)) }
        return o.id
    }

    /// A block literal: its captures are evaluated and stored now (strong ones retained). A literal that captures
    /// nothing is its global block, which is never allocated.
    func allocateBlock(
        templateIndex: Int, in frame: ProgramFrame, on thread: SimThread,
        _ k: Kernel
    ) throws(RuntimeFault) -> ObjectID {
        let template = k.program.blocks[templateIndex]
        if template.captures.isEmpty { return globalBlock(templateIndex: templateIndex) }
        var values: [Value] = []
        var owned: [Bool] = []
        for capture in template.captures {
            let (v, isOwned) = try k.interpreter.evaluateOwned(capture.value, in: frame, on: thread, k)
            values.append(v)
            owned.append(isOwned)
            if capture.strength == .strong, !isOwned { try requireRetainable(v) }
        }
        blockCounter += 1
        let o = heap.allocate(
            kind: .block(templateIndex: templateIndex), className: "block", label: "block#\(blockCounter)",
            slotNames: blockSlotLayouts[templateIndex].names, slotStrengths: blockSlotLayouts[templateIndex].strengths,
            slots: values, isDeclaredRoot: false, at: k.now, on: thread.name, site: recorder.log.site)
        for (i, capture) in template.captures.enumerated() {
            if let elements = values[i].heldElements, capture.strength == .strong { retainElements(elements) }
            guard case .object(let id) = values[i] else { continue }
            switch (capture.strength, owned[i]) {
            case (.strong, false): retain(id)
            case (.strong, true): break
            case (_, true): release(id, on: thread)
            case (_, false): break
            }
        }
        k.record(
            thread,
            .blockAlloc(
                object: k.labelName(o), className: NameTable.block,
                captures: template.captures.map {
                    k.name("\($0.isByref ? "__block" : $0.strength.rawValue) \($0.name)")
                }))
        return o.id
    }

    /// The global block of a literal that captures nothing: the same object every time, with no `obj.alloc`
    /// (nothing is allocated: ``ObjectHeap/makeGlobalBlock(templateIndex:label:at:)``). Its name counts block
    /// literals in the scenario's order, after what a debugger prints (`<__NSGlobalBlock__: 0x…>`).
    /// `shared C`: the one instance of class `classIndex` (declared `root: true`), allocated (and its `init:` run)
    /// on the first read, as Swift initializes a stored type property on its first access ("Stored type properties
    /// are lazily initialized on their first access … guaranteed to be initialized only once", the Swift book,
    /// "Properties" › "Type Properties") and ObjC's `dispatch_once` singleton does. The table keeps the
    /// allocation's +1 for the whole run, so the object is never freed; its class being a declared root, it is
    /// never a leak either.
    func sharedInstance(classIndex: Int, on thread: SimThread) -> ObjectID {
        if let id = sharedInstances[classIndex] { return id }
        let id = allocateInstance(classIndex: classIndex, label: program.classes[classIndex].name, on: thread)
        sharedInstances[classIndex] = id
        return id
    }

    private func globalBlock(templateIndex: Int) -> ObjectID {
        if let id = globalBlocks[templateIndex] { return id }
        let id = heap.makeGlobalBlock(
            templateIndex: templateIndex, label: "__NSGlobalBlock__#\(templateIndex + 1)",
            at: recorder.now
        ).id
        globalBlocks[templateIndex] = id
        return id
    }

    // MARK: Counting

    /// +1 on `id`. A live or deallocating object counts it (a reference its dealloc takes and keeps is left
    /// dangling when it is freed: see ``destroy(_:on:_:)``). Retaining a freed object (reached through an
    /// unretained reference) crashes the app; paths that can throw check first with ``requireRetainable(_:)``.
    func retain(_ id: ObjectID) {
        guard heap.object(id) != nil else {
            halt.appCrashed(deallocatedMessage(id).message, on: threads.all.first { $0.state == .running })
            return
        }
        heap.retain(id)
    }

    /// The fault of retaining `value` when it names a freed object: `objc_retain` on a dangling pointer.
    func requireRetainable(_ value: Value) throws(RuntimeFault) {
        if case .object(let id) = value, heap.object(id) == nil { throw deallocatedMessage(id) }
        if let elements = value.heldElements {
            for case .object(let id) in elements where heap.object(id) == nil { throw deallocatedMessage(id) }
        }
    }

    /// The fault of using a freed object through a reference that outlived it.
    func deallocatedMessage(_ id: ObjectID) -> RuntimeFault {
        RuntimeFault(
            "message sent to deallocated instance " + describeFreed(id)
                + " (an unretained reference outlived its object)")
    }

    /// The fault of reading a Swift `unowned` reference whose object is deallocated: the runtime's
    /// `swift_abortRetainUnowned` (swift `stdlib/public/runtime/Errors.cpp`), "Fatal error: Attempted to read an
    /// unowned reference but object %p was already deallocated", the object named instead of its address.
    func unownedReadFault(_ id: ObjectID) -> RuntimeFault {
        RuntimeFault(
            "Fatal error: Attempted to read an unowned reference but object " + describeFreed(id)
                + " was already deallocated")
    }

    /// Reads slot `index` of `id` as ``readSlot(_:_:)`` does; a Swift `unowned` slot whose object is no longer
    /// alive traps (Swift's strong retain of an unowned reference fails once deinit has begun:
    /// `swift_unownedRetainStrong`).
    func readSlotChecked(_ id: ObjectID, _ index: Int) throws(RuntimeFault) -> Value {
        let value = readSlot(id, index)
        if case .object(let target) = value, let o = heap.object(id), o.slotStrengths[index] == .unowned,
            !heap.isAlive(target)
        {
            throw unownedReadFault(target)
        }
        return value
    }

    /// A freed object as crash messages name it: `TimerVC vc (#2, deallocated at 1.500 s on main)`, from its
    /// death record (NSZombie's `-[TimerVC tick]: message sent to deallocated instance` names the class too).
    func describeFreed(_ id: ObjectID) -> String {
        guard let death = records.deaths.last(where: { $0.id == id }) else { return "\(id)" }
        return "\(death.className) \(death.object) (#\(death.serial), deallocated at \(death.at.description) on "
            + "\(death.thread))"
    }

    /// -1 on `id`, released by `thread`; at zero the object's dealloc is queued to run on that thread.
    /// Releasing a freed object is a use-after-free: the app crashes (a reference its dealloc took outlived it,
    /// or an unretained one did).
    func release(_ id: ObjectID, on thread: SimThread) {
        guard heap.object(id) != nil else {
            if heap.danglingObjects[id] != nil {
                halt.appCrashed(
                    "message sent to deallocated instance \(describeFreed(id)): a reference "
                        + "taken during its dealloc outlived it (the ObjC runtime ignores a retain of a deallocating object; releasing it "
                        + "is a use-after-free)", on: thread)
            } else {
                halt.appCrashed(deallocatedMessage(id).message, on: thread)
            }
            return
        }
        if let dying = heap.release(id) {
            thread.pendingDeallocs.append(dying)
        }
    }

    /// The end of a dealloc: release every strong slot (fields of a dead owner count as let go), free the object.
    func destroy(_ object: HeapObject, on thread: SimThread, _ k: Kernel) {
        if k.keyValueObserving.isObserving { k.keyValueObserving.observedObjectDeallocates(object, on: thread) }
        let isInstance: Bool, isByref: Bool
        switch object.kind {
        case .instance: (isInstance, isByref) = (true, false)
        case .byref: (isInstance, isByref) = (false, true)
        default: (isInstance, isByref) = (false, false)
        }
        for i in 0..<object.slotCount {
            if let elements = object[slot: i].heldElements {
                // An array (or dictionary) field's buffer goes with its owner: its elements are released, in order, and what only
                // the owner reached through it is let go as a field's object is ("owner died").
                object[slot: i] = .null
                dropElements(
                    elements, because: isInstance ? "owner died" : isByref ? Self.outOfScope : nil, on: thread)
                continue
            }
            guard case .object(let id) = object[slot: i] else { continue }
            if object.slotStrengths[i] == .strong {
                object[slot: i] = .null
                release(id, on: thread)
            }
            // The app's reference, strong or not, dies with its owner: what only it referred to is let go.
            if isInstance, let child = heap.object(id), child.state == .alive {
                abandon(child, because: "owner died")
            }
            // A `__block` variable's storage dies when its scope and the blocks that captured it have ended: the
            // variable's lifetime is over, its value let go as a plain local's is (``endLifetime(of:on:)``).
            if isByref, let child = heap.object(id), child.state == .alive {
                abandon(child, because: Self.outOfScope)
            }
        }
        recordRelease(of: object)
        if case .observerToken = object.kind {
            k.notifications.tokenFreed(object.id)
            if k.keyValueObserving.isObserving { k.keyValueObserving.tokenFreed(object.id) }
        }
        if case .operation = object.kind { k.operations.operationFreed(object.id, on: thread) }
        if case .instance(let c) = object.kind, program.classes[c].operation != nil {
            k.operations.operationFreed(object.id, on: thread)  // an `Operation` subclass's instance
        }
        if case .workItem = object.kind { k.dispatch.workItemFreed(object, on: thread) }
        if case .continuation = object.kind { k.tasks.continuations.freed(object.id, on: thread) }
        if case .asyncStream = object.kind { k.tasks.streams.freed(object.id, on: thread) }
        if let links = k.uikit.removeLinks(of: object.id) {
            for (_, id) in links.strongLinks {
                release(id, on: thread)
                if let child = heap.object(id), child.state == .alive { abandon(child, because: "owner died") }
            }
        }
        if object.isTimer { k.records.finishedTimers.append(RunOutcome.record(object)) }
        if object.dispatchSource != nil { k.records.finishedSources.append(RunOutcome.record(source: object)) }
        // References taken while it was deallocating (its dealloc retained it: a block capturing self, self stored
        // into a strong field) do not keep it: the ObjC runtime ignores a retain of a deallocating object. It is
        // freed anyway, and those references dangle; releasing one later crashes the app (``release(_:on:)``).
        let dangling = object.retainCount
        heap.finishDealloc(object)
        k.records.deaths.append(
            DeathRecord(
                object: object.label, className: object.className, serial: object.serial,
                at: k.now, thread: thread.name, id: object.id))
        k.record(thread, .dealloc(object: k.name(object)))
        if dangling > 0 {
            k.record(thread, .dangling(object: k.name(object), references: Int64(dangling)))
        }
    }

    // MARK: Letting go

    /// A reference the app dropped while the object survived it (`release:`, a field overwritten, a name rebound,
    /// its owner's dealloc), or UIKit's lifecycle saying that a controller should die (`popped`, `dismissed`).
    /// A drop is only a candidate: whether the app still reaches the object is known once the instant's steps
    /// are done (``confirmLetGos(_:)``), so that pushing onto a list (`n.next = self.head; self.head = n`) or
    /// one of two owners dying lets nothing go. A lifecycle end is kept as it is: UIKit says the controller
    /// should die even while the app still holds it (MLeaksFinder's rule, docs/scenario-format.md §10.1).
    func abandon(_ object: HeapObject, because reason: String) {
        guard object.canLeak, object.state == .alive else { return }
        let isLifecycle = reason == "popped" || reason == "dismissed"
        if isLifecycle, lifecycleEnds[object.id] != nil { return }
        // the same drop again (a loop body's local borrowing one object each turn of an instant): one is enough
        if let last = pendingLetGos.last, last.id == object.id, last.reason == reason { return }
        pendingLetGos.append(PendingLetGo(id: object.id, reason: reason, isLifecycle: isLifecycle))
    }

    /// The end of a local's lifetime: a method's or block's frame returns, a user action or app-delegate callback
    /// returns, a loop body's turn ends. ARC releases the local's strong reference there, as `release:` (`x = nil`)
    /// would at the same point: "the lifetime of an object ends at the end of its enclosing scope" (clang's
    /// "Objective-C Automatic Reference Counting", §7.1 "Precise lifetime semantics"). So an object that survives
    /// it is let go ("went out of scope") through ``abandon(_:because:)`` like any other drop, unless, once the
    /// instant ends, the app still reaches it (``confirmLetGos(_:)``): a local that only borrowed an object the
    /// app holds lets nothing go. A parameter is not released here as a let-go: it borrowed its caller's
    /// reference (the timer a run loop hands its callback, the caller's own object), so the frame ends it with
    /// ``release(_:on:)`` alone. A `__block` variable lets its value go when its storage dies
    /// (docs/scenario-format.md §10.1, "Letting go"; docs/fidelity.md).
    func endLifetime(of value: Value, on thread: SimThread) {
        if let elements = value.heldElements {
            dropElements(elements, because: Self.outOfScope, on: thread)
            return
        }
        guard case .object(let id) = value else { return }
        release(id, on: thread)
        guard let o = heap.object(id), o.state == .alive else { return }
        // A `__block` variable's storage is the variable itself, shared with the blocks that captured it: its
        // value is let go when the storage dies (``destroy(_:on:_:)``), not the storage.
        if case .byref = o.kind { return }
        abandon(o, because: Self.outOfScope)
    }

    /// Releases the object elements of an array a place no longer holds (removed, the array overwritten, its
    /// local's scope ended), in order: each that survives is let go with `reason` unless, once the instant ends,
    /// the app still reaches it (``abandon(_:because:)``), as a dropped strong reference is; a nil `reason` only
    /// releases them (a block's captured array: a block's captures are not the app's references).
    func dropElements(_ elements: some Sequence<Value>, because reason: String?, on thread: SimThread) {
        for case .object(let id) in elements {
            release(id, on: thread)
            if let reason, let o = heap.object(id), o.state == .alive { abandon(o, because: reason) }
        }
    }

    /// Retains the object elements of an array a place now holds: an array's buffer holds strong references, so
    /// a copy stored into a second place retains them again (docs/fidelity.md, "Arrays").
    func retainElements(_ elements: [Value]) {
        for case .object(let id) in elements { retain(id) }
    }

    /// A parameter's end (a method's or a block's): it hands back what its binding retained — the object, or the
    /// object elements of an array or dictionary argument, which the parameter's copy of the buffer held — letting
    /// nothing go: it borrowed its caller's reference (``endLifetime(of:on:)``).
    func endParameter(_ value: Value, on thread: SimThread) {
        if case .object(let id) = value {
            release(id, on: thread)
        } else if let elements = value.heldElements {
            dropElements(elements, because: nil, on: thread)
        }
    }

    /// The reason of a let-go by the end of a local's scope (``endLifetime(of:on:)``).
    static let outOfScope = "went out of scope"

    /// UIKit shows a controller again (pushed or presented after a pop or a dismissal): its lifecycle starts over.
    func lifecycleRestarted(_ id: ObjectID) {
        lifecycleEnds[id] = nil
        pendingLetGos.removeAll { $0.id == id && $0.isLifecycle }
    }

    /// Whether drops wait for ``confirmLetGos(_:)``.
    var hasPendingLetGos: Bool { !pendingLetGos.isEmpty || letGoStoredAnew }

    /// Decides the drops of the instant that just ended: an object still alive that no app root reaches any more
    /// (``LeakAnalysis/appReachable()``) is let go, with a `let-go` event at that instant; one the app still
    /// reaches is not. A lifecycle end is let go whatever reaches it. An object let go earlier that the app reaches
    /// again (stored anew) is taken back. One search of what the app reaches per instant that drops something.
    func confirmLetGos(_ k: Kernel) {
        guard !pendingLetGos.isEmpty || letGoStoredAnew else { return }
        let pending = pendingLetGos
        pendingLetGos = []
        letGoStoredAnew = false
        let analysis = LeakAnalysis(kernel: k)
        let reachable = analysis.appReachable()
        for (index, _) in letGoAt where reachable[Int(index.index)] {
            if let o = heap.object(index) { o.isAbandoned = false }
            letGoAt[index] = nil
        }
        var inScope: [Bool]?
        for p in pending {
            guard let o = heap.object(p.id), o.state == .alive else { continue }
            if p.isLifecycle {
                guard lifecycleEnds[p.id] == nil else { continue }
                lifecycleEnds[p.id] = LetGo(at: k.now, reason: p.reason)
            } else {
                guard !o.isAbandoned, !reachable[Int(p.id.index)] else { continue }
                if p.reason == Self.outOfScope {
                    // What the app still refers to, weakly or from a scope still open, is not let go.
                    if inScope == nil { inScope = stillReferenced(analysis, k) }
                    if inScope![Int(p.id.index)] { continue }
                }
                o.isAbandoned = true
                letGoAt[p.id] = LetGo(at: k.now, reason: p.reason)
            }
            k.record(nil, .letGo(object: k.name(o), reason: k.name(p.reason)))
        }
    }

    /// Heap slots the app still refers to after a scope's end, strongly or weakly: reached from its own names and
    /// singletons, and from the locals of the scopes still open on every thread (their names and +1 temporaries,
    /// a user action's locals; not the object a frame keeps for its call), through strong and weak references.
    /// A scope's end lets none of them go: a local that copied a caller's argument hands it back to the caller,
    /// and a timer the app keeps weakly (the pattern of NSTimer's documentation: "run loops maintain strong
    /// references to their timers, so you don't have to maintain your own strong reference") is not lost.
    private func stillReferenced(_ analysis: LeakAnalysis, _ k: Kernel) -> [Bool] {
        var reached = [Bool](repeating: false, count: heap.indexLimit)
        var frontier: [ObjectID] = []
        func visit(_ id: ObjectID) {
            guard heap.contains(id), !reached[Int(id.index)] else { return }
            reached[Int(id.index)] = true
            frontier.append(id)
        }
        for value in k.app.environment.locals.prefix(k.app.appNameCount) { value.forEachObject(visit) }
        for o in heap.declaredRoots { visit(o.id) }
        for thread in k.threads.all where thread.state != .exited {
            for frame in thread.frames {
                if let program = frame as? ProgramFrame {
                    program.temporaries.forEach(visit)
                    guard program.ownsEnvironment else { continue }
                    for value in program.env.locals { value.forEachObject(visit) }
                } else if frame is UserEventsFrame {
                    for (_, id) in frame.heldObjects() { visit(id) }
                }
            }
        }
        var head = 0
        while head < frontier.count {
            let id = frontier[head]
            head += 1
            guard let o = heap.object(id) else { continue }
            analysis.forEachEdge(of: o) { _, child in visit(child) }
            for i in 0..<o.slotCount where o.slotStrengths[i] != .strong {
                if case .object(let child) = o[slot: i] { visit(child) }
            }
        }
        return reached
    }

    /// When and why the app let go of `id` (``confirmLetGos(_:)``), if it did.
    func letGo(of id: ObjectID) -> LetGo? { letGoAt[id] }

    /// When UIKit's lifecycle ended `id` (popped, dismissed), if it did and it has not been shown again.
    func lifecycleEnd(of id: ObjectID) -> LetGo? { lifecycleEnds[id] }

    /// Whether any lifecycle end is in force (the leak analysis's search of lifecycle ends is skipped otherwise).
    var hasLifecycleEnds: Bool { !lifecycleEnds.isEmpty }

    /// The end of the let-go record of an object that died: freed more than ``delayGrace`` after it was let go,
    /// it is a delayed release (``DelayedRelease``).
    private func recordRelease(of object: HeapObject) {
        let letGo = letGoAt.removeValue(forKey: object.id) ?? lifecycleEnds.removeValue(forKey: object.id)
        lifecycleEnds[object.id] = nil
        guard let letGo, recorder.now - letGo.at > Self.delayGrace else { return }
        records.delayed.append(
            DelayedRelease(
                object: object.label, className: object.className,
                serial: object.serial, letGoAt: letGo.at, freedAt: recorder.now,
                reason: letGo.reason))
    }

    /// How long after being let go an object may still die without being a delayed release: MLeaksFinder's
    /// check, 3 s after a controller is popped or dismissed (NSObject+MemoryLeak.m, `willDealloc`).
    static let delayGrace = SimDuration.seconds(3)

    // MARK: Slots

    /// Reads slot `index` of `id`, as Objective-C would: nil for a zeroing-weak slot whose object is dying.
    func readSlot(_ id: ObjectID, _ index: Int) -> Value {
        guard let o = heap.object(id) else { return .null }
        let value = o[slot: index]
        if o.slotStrengths[index] == .weak, case .object(let target) = value, !heap.isAlive(target) { return .null }
        return value
    }

    /// Stores `value` (owned or borrowed) into slot `index` of `id`, honouring the slot's strength.
    /// Returns the object the store dropped a strong reference to, if any.
    @discardableResult
    func writeSlot(
        _ id: ObjectID, _ index: Int, _ value: Value, owned: Bool, on thread: SimThread,
        _ k: Kernel
    ) -> ObjectID? {
        guard let o = heap.object(id) else { return nil }
        let strength = o.slotStrengths[index]
        let old = o[slot: index]
        o[slot: index] = value
        if case .object(let newID) = value {
            switch (strength, owned) {
            case (.strong, false): retain(newID)
            case (.strong, true): break
            case (_, true): release(newID, on: thread)
            case (_, false): break
            }
            if strength == .strong, heap.object(newID)?.isAbandoned == true { letGoStoredAnew = true }
        }
        if let elements = value.heldElements, strength == .strong { retainElements(elements) }
        if k.keyValueObserving.isObserving { k.keyValueObserving.didChange(o, index, from: old, to: value, on: thread) }
        if strength == .strong, let elements = old.heldElements {
            dropElements(elements, because: "reference overwritten", on: thread)
        }
        if strength == .strong, case .object(let oldID) = old {
            release(oldID, on: thread)
            return oldID
        }
        return nil
    }

    // MARK: Autorelease pools

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
        recorder.record(thread, .poolDrain(objects: Int64(objects.count), reason: recorder.name(reason)))
        for id in objects { release(id, on: thread) }
    }

    /// UIKit's pool observer on the main run loop (common modes, BeforeWaiting and Exit, last in order). Inlined:
    /// every activity of every pass asks (five calls a timer-storm pass).
    @inline(__always)
    func drainsPool(at activity: RunLoopActivity, of a: ActivationFrame, on thread: SimThread) -> Bool {
        (activity == .beforeWaiting || activity == .exit) && thread.isMain && a.runLoop.isMain
            && profile.uikitMainRunLoop && a.runLoop.isCommon(a.mode)
    }
}

/// A drop waiting for the end of its instant (``Objects/confirmLetGos(_:)``).
struct PendingLetGo {
    var id: ObjectID
    var reason: String
    var isLifecycle: Bool
}

/// When and why the app let go of an object.
public struct LetGo: Sendable, Hashable {
    public var at: SimInstant
    public var reason: String
}

/// A call a step made due on its thread, run before its next step (``Threads/flushPending(on:_:)``).
enum PendingCall {
    /// `new C`'s initializer.
    case initializer(ObjectID)
    /// A key-value observer told of a change (``KeyValueObserving``).
    case keyValueChange(KeyValueObserving.Delivery)
}
