/// The reference-counted heap: allocation, retain/release and zeroing weak reads.
///
/// Releasing the last strong reference does not run `dealloc` here: it returns the object so that the
/// kernel can run its `dealloc` steps on the releasing thread, then release its slots (``finishDealloc(_:)``),
/// as ARC runs `-dealloc` and then `.cxx_destruct`.
public struct ObjectHeap {
    /// The objects by slot (``ObjectID/index``); an object's generation is in its id. 8 bytes a slot: a slot's
    /// generation and event name, 4 bytes each in columns of their own, are the object's (its header's id, and its
    /// ``HeapObject/eventName``), and a free slot's next generation is in ``freeIDs`` (BENCHMARKS.md, memory per
    /// timer).
    private var objects: [HeapObject?] = []
    /// Free slots with the generation of the next object each holds, the last freed last.
    private var freeIDs: [ObjectID] = []
    /// The layouts objects share (``ObjectLayout``).
    private var layouts = LayoutCache()
    /// Objects the scenario allocated (kernel-internal ones, such as UIKit's event source, and global blocks are not
    /// counted).
    public private(set) var allocatedCount = 0
    private var serialCounter = 0
    /// Where each object was made, by serial - 1: the ``Program/sites`` index of the statement that allocated it
    /// (0: the kernel made it outside any statement). 4 bytes an object; ``allocationSite(ofSerial:)`` reads it.
    private var allocationSites: [Int32] = []
    public private(set) var deallocatedCount = 0

    public init() {}

    /// Objects allocated and not yet freed (internal ones included).
    public private(set) var liveCount = 0

    /// Freed objects that references still name (display names): references taken while they were deallocating,
    /// which the ObjC runtime does not count. Releasing or messaging one is a use-after-free.
    public private(set) var danglingObjects: [ObjectID: String] = [:]

    /// `--max-objects` (the kernel sets it), and whether ``liveCount`` went over it at an allocation since the
    /// kernel last looked: ``Kernel/countStep()`` tests the flag instead of comparing the count at every step.
    var liveLimit = Int.max { didSet { updateOverLiveLimit() } }
    private(set) var isOverLiveLimit = false

    /// Sets ``isOverLiveLimit`` from the count as it is now (the count may have gone down since it was set).
    mutating func updateOverLiveLimit() { isOverLiveLimit = liveCount > liveLimit }

    /// Whether the timer a mode's list knows by `slot` is firing, read without retaining the object (a timer in
    /// a mode's list is alive: its slot is filled). Part of the pass's lookups without reference counting and
    /// string comparisons: 361 fewer instructions per timer-storm fire with the modes' common flags (callgrind).
    @inline(__always)
    func isTimerFiring(at slot: TimerList.Slot) -> Bool {
        objects.withUnretainedFilled(at: Int(slot)) { $0.timer.isFiring }
    }

    /// Live objects declared roots (singletons), in allocation order: the leak analysis needs them without
    /// reading every object.
    private var declaredRootIDs: [ObjectID] = []

    /// Live objects (alive or deallocating), in slot order.
    public var liveObjects: [HeapObject] { objects.compactMap { $0 } }

    /// One more than the highest slot index ever used: the size of a table indexed by `ObjectID.index`.
    var indexLimit: Int { objects.count }

    /// The object in slot `index` (alive or deallocating), if any.
    func object(atIndex index: Int) -> HeapObject? { objects[index] }

    /// The timer a mode's ``TimerList`` knows by `slot`: alive, since the mode retains it.
    func timer(at slot: TimerList.Slot) -> HeapObject { objects[Int(slot)]! }

    /// Live objects declared roots (singletons), in slot order.
    var declaredRoots: [HeapObject] { declaredRootIDs.sorted { $0.index < $1.index }.map { objects[Int($0.index)]! } }

    /// Whether ``object(_:)`` finds `id` (the leak analysis asks for every reference between live objects).
    @inline(__always)
    func contains(_ id: ObjectID) -> Bool {
        objects.withUnretained(at: Int(id.index)) { $0.id.generation == id.generation } ?? false
    }

    /// The object behind `id` if it has not finished deallocating.
    @inline(__always)
    public func object(_ id: ObjectID) -> HeapObject? {
        guard Int(id.index) < objects.count, let o = objects[Int(id.index)], o.id == id else { return nil }
        return o
    }

    /// Calls `body` with ``object(_:)`` unretained, for a caller that uses the object while something keeps it in
    /// the heap (a timer its mode's list or its callout holds); nil if there is no such object. The fire path's
    /// reads of the timer each retained and released it (callgrind, Objects/Unretained.swift).
    @inline(__always)
    func withUnretainedObject<R>(_ id: ObjectID, _ body: (HeapObject) -> R) -> R? {
        let found: R?? = objects.withUnretained(at: Int(id.index)) { o in o.id == id ? body(o) : nil }
        return found ?? nil
    }

    /// Calls `body` with ``timer(at:)`` unretained (a timer in a mode's list is alive).
    @inline(__always)
    func withUnretainedTimer<R>(at slot: TimerList.Slot, _ body: (HeapObject) -> R) -> R {
        objects.withUnretainedFilled(at: Int(slot), body)
    }

    /// The ``Program/sites`` index of the statement that allocated the object of `serial` (0: none, or a global
    /// block, which is not allocated).
    public func allocationSite(ofSerial serial: Int) -> Int32 {
        serial >= 1 && serial <= allocationSites.count ? allocationSites[serial - 1] : 0
    }

    /// Whether `id` names an object that is alive (not deallocating, not freed).
    public func isAlive(_ id: ObjectID) -> Bool { object(id)?.state == .alive }

    /// Allocates an object with retain count 1.
    mutating func allocate(
        kind: HeapObject.Kind, className: String, label: String?, slotNames: [String],
        slotStrengths: [Strength], slots: [Value], isDeclaredRoot: Bool,
        isInternal: Bool = false, at now: SimInstant, on thread: String, site: Int32 = 0
    ) -> HeapObject {
        serialCounter += 1
        allocationSites.append(site)
        if !isInternal { allocatedCount += 1 }
        let layout = layouts.layout(kind, className, slotNames, slotStrengths, thread)
        let object = HeapObject.make(
            id: nextID(), serial: serialCounter, layout: layout, label: label, slots: slots,
            isDeclaredRoot: isDeclaredRoot, isInternal: isInternal, at: now)
        place(object)
        if isDeclaredRoot { declaredRootIDs.append(object.id) }
        return object
    }

    /// The global block of block literal `templateIndex`, which captures nothing: clang emits such a literal as
    /// static data (`_NSConcreteGlobalBlock`; CGBlocks.cpp, `computeBlockInfo`: no captures, `CanBeGlobal`), and
    /// libclosure's `_Block_copy` returns it as it is and `_Block_release` ignores it (`BLOCK_IS_GLOBAL`). A Swift
    /// closure that captures nothing has no context to allocate either. So it is no allocation: serial 0, not
    /// counted (internal), never dies, and ``retain(_:)`` and ``release(_:)`` leave its count alone.
    mutating func makeGlobalBlock(templateIndex: Int, label: String, at now: SimInstant) -> HeapObject {
        let layout = layouts.layout(.block(templateIndex: templateIndex), "block", [], [], "")
        let object = HeapObject.make(
            id: nextID(), serial: 0, layout: layout, label: label, slots: [],
            isDeclaredRoot: false, isInternal: true, isGlobal: true, at: now)
        place(object)
        return object
    }

    /// The id of the slot the next object takes: a freed one, else a new one.
    private mutating func nextID() -> ObjectID {
        if let free = freeIDs.last { return free }
        return ObjectID(index: UInt32(objects.count), generation: 0)
    }

    /// Stores a new object in the slot ``nextID()`` named.
    private mutating func place(_ object: HeapObject) {
        let index = Int(object.id.index)
        if index == objects.count {
            objects.append(object)
        } else {
            freeIDs.removeLast()
            objects[index] = object
        }
        liveCount += 1
        if liveCount > liveLimit { isOverLiveLimit = true }
    }

    /// +1 on a live or deallocating object (nothing on a global block).
    mutating func retain(_ id: ObjectID) {
        guard let o = object(id) else { preconditionFailure("retain of freed object \(id)") }
        if !o.isGlobal { o.retainCount += 1 }
    }

    /// -1; returns the object when this was its last strong reference (its dealloc must now run). Nothing on a
    /// global block.
    mutating func release(_ id: ObjectID) -> HeapObject? {
        guard let o = object(id) else { preconditionFailure("release of freed object \(id)") }
        if o.isGlobal { return nil }
        precondition(o.retainCount > 0, "over-release of \(o.label)")
        o.retainCount -= 1
        if o.retainCount == 0 && o.state == .alive {
            o.state = .deallocating
            return o
        }
        return nil
    }

    /// Frees the slot of an object whose dealloc and slot releases are done. A count left (references its dealloc
    /// took) does not keep it: those references dangle (``danglingObjects``).
    mutating func finishDealloc(_ o: HeapObject) {
        if o.retainCount > 0 { danglingObjects[o.id] = o.displayName }
        if o.isDeclaredRoot { declaredRootIDs.removeAll { $0 == o.id } }
        o.markDead()
        liveCount -= 1
        if !o.isInternal { deallocatedCount += 1 }
        let index = Int(o.id.index)
        objects[index] = nil
        freeIDs.append(ObjectID(index: o.id.index, generation: o.id.generation &+ 1))
    }
}

/// The heap's ``ObjectLayout``s: one per kind (with its class or block template), class name, slot layout and
/// allocating thread.
private struct LayoutCache {
    private var all: [LayoutKey: ObjectLayout] = [:]
    /// The last two used (objects made in turn, such as each cell's timer and the block capturing the cell).
    private var recent: ObjectLayout?, previous: ObjectLayout?

    @inline(__always)
    mutating func layout(
        _ kind: HeapObject.Kind, _ className: String, _ slotNames: [String],
        _ slotStrengths: [Strength], _ thread: String
    ) -> ObjectLayout {
        if let l = recent, l.matches(kind, className, slotNames, slotStrengths, thread) { return l }
        if let l = previous, l.matches(kind, className, slotNames, slotStrengths, thread) {
            (recent, previous) = (l, recent)
            return l
        }
        let key = LayoutKey(
            kind: kind, className: className, slotNames: slotNames, slotStrengths: slotStrengths,
            thread: thread)
        let l: ObjectLayout
        if let known = all[key] {
            l = known
        } else {
            l = ObjectLayout(key)
            all[key] = l
        }
        (recent, previous) = (l, recent)
        return l
    }
}
