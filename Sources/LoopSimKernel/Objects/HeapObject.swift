// One of the kernel's few files with unsafe code (with Objects/Unretained.swift, RunLoop/TimerList.swift and
// Events/Fingerprint.swift): an object is a `ManagedBuffer` whose elements are its packed slots and, for a timer,
// its `TimerState`, reached through pointers into the one allocation. What it buys is memory, measured by the
// 1M-timer storm's peak (BENCHMARKS.md, "Where a timer's bytes go"): one malloc chunk an object instead of an
// object and a slot array, the slots 9 bytes each instead of 16 (16 bytes of every `NSTimer`'s chunk), the timer's
// state in the chunk rather than boxed: 155.7 bytes per live timer, 128 of them the `NSTimer`'s chunk.

/// One reference-counted object: an instance of a scenario class, a block, or an `NSTimer`.
///
/// Only what differs from object to object is stored here: a 40-byte ``HeapObjectHeader`` and the slots after it,
/// packed (``SlotStorage``: 9 bytes a slot where a `Value` takes 16), in one allocation; a timer's state follows
/// its slots (an `NSTimer` with its three slots and its state asks for 120 bytes and takes 128 with the
/// allocator's header, a block with one capture 72 and 80; a block without captures is a global block, one per
/// literal). What every object of a class allocated on a thread
/// shares (class name, slot names and strengths, kind, thread, the labels its objects were given, and when they
/// were allocated, by serial: ``AllocationLog``) is one ``ObjectLayout``, and the state of the rarer kinds is
/// boxed apart behind one pointer (BENCHMARKS.md, memory per timer). When and where it died is its
/// ``DeathRecord``.
public final class HeapObject: ManagedBuffer<HeapObjectHeader, UInt64> {
    public enum Kind: Sendable, Hashable {
        case instance(classIndex: Int)
        case block(templateIndex: Int)
        /// An `NSTimer` or a `CADisplayLink`, with what its fires call: the timers of one scheduling site share it.
        case timer(TimerState.Action)
        case source
        case dispatchSource
        case semaphore
        /// An `NSLock`, `NSRecursiveLock`, `NSCondition` or `NSConditionLock` (``Locks``), its state in ``lock``.
        case lock
        case invocation
        case observerToken
        case backgroundTask
        /// The storage of a `__block` variable (`Block_byref`): one strong slot that the declaring scope and every
        /// block capturing the variable share.
        case byref
        case uikit
        /// An `NSBlockOperation` (``OperationQueues``).
        case operation
        /// A `CFRunLoopObserver` made with a block (`CFRunLoopObserverCreateWithHandler`): its block in slot 0,
        /// strong, until it is invalidated (``RunLoops/invalidateObserver(_:on:)``).
        case runLoopObserver
        /// An `NSNotification` a post made (``NotificationCenter``): its name, its sender and its userInfo values, in
        /// strong slots (``NotificationSlots``).
        case notification
        /// The block Foundation makes around an observer's block and the notification it delivers, `{
        /// block(notification) }`, for a delivery queued on a dispatch or operation queue: running it runs the block
        /// with the notification as its argument (``Interpreter/blockFrame(_:edge:arguments:_:)``).
        case boundBlock
        /// A Swift concurrency `Task` (``Tasks``): its closure in slot 0, strong, until the task finishes.
        case task
        /// A continuation of `withCheckedContinuation` / `withUnsafeContinuation` (``Continuations``): no slots;
        /// freed while not resumed, its task is suspended for ever.
        case continuation
        /// A `DispatchWorkItem`: its block and its group (``DispatchQueues/makeWorkItem(block:label:on:)``).
        case workItem
        /// The storage of an `AsyncStream` and its continuation (``Streams``): no slots; its record holds the
        /// buffered values.
        case asyncStream
    }
    public enum State: Sendable, Hashable { case alive, deallocating, dead }

    /// The header, read and written in place through its address. `ManagedBuffer.header` is a stored property of a
    /// class, so every read or write of it (an id compared, a retain count changed, a flag tested) was a dynamic
    /// exclusivity check, `swift_beginAccess` and its access set's search: about 12 a timer-storm fire. The
    /// header's address is the object's for as long as the object lives, and a run is single-threaded, so no
    /// access through it can overlap another (docs/kernel.md, exclusivity).
    private var head: HeapObjectHeader {
        @inline(__always) unsafeAddress { UnsafePointer(withUnsafeMutablePointerToHeader { $0 }) }
        @inline(__always) unsafeMutableAddress { withUnsafeMutablePointerToHeader { $0 } }
    }

    public var id: ObjectID { head.id }
    /// Class name, slot names and strengths, kind, allocating thread.
    private var layout: ObjectLayout { head.layout }
    /// `Class label` as leak paths print it (`TimerButton button`), a block's label, or `Class#serial` for an
    /// object without a label. Not stored: the label is an index into the layout's labels, and the default name is
    /// made when asked for (events intern an object's name once, ``Objects/name(of:in:)``), where a `String` in
    /// every object took 16 bytes of its header.
    public var displayName: String {
        let i = labelIndex
        return i == ObjectLayout.noLabel ? "\(layout.className)#\(serial)" : layout.displayName(at: i)
    }

    /// The index of its label in its layout's labels, or ``ObjectLayout/noLabel``.
    @inline(__always)
    private var labelIndex: UInt32 {
        let i = head.labelOrName
        return i & ObjectLayout.unlabeledBit != 0 ? ObjectLayout.noLabel : i
    }

    /// ``eventName`` of an object no event has named yet.
    static let noEventName = UInt32.max

    /// The index of its ``displayName`` in the run's ``NameTable``, or ``noEventName`` until an event names it
    /// (``Objects/name(of:in:)`` interns it once). Kept where the name is decided: by its layout for each label
    /// (every object with one label has one name), in the header's label field for an object without a label. A
    /// column of the heap indexed by slot took 4 bytes an object (BENCHMARKS.md, memory per timer).
    var eventName: UInt32 {
        @inline(__always) get {
            let i = head.labelOrName
            if i & ObjectLayout.unlabeledBit == 0 { return layout.eventName(at: i) }
            let n = i & ~ObjectLayout.unlabeledBit
            return n == 0 ? Self.noEventName : n &- 1
        }
        set {
            let i = head.labelOrName
            if i & ObjectLayout.unlabeledBit == 0 {
                layout.setEventName(newValue, at: i)
            } else if newValue < ObjectLayout.unlabeledBit - 1 {
                head.labelOrName = ObjectLayout.unlabeledBit | (newValue + 1)
            }
            // A name past 2^31 - 2 is not kept for an object without a label: it is interned again when asked.
        }
    }
    /// When it was allocated: kept by its layout, by serial (``AllocationLog``), not in every object's header.
    public var allocatedAt: SimInstant { layout.allocations.instant(ofSerial: serial) }
    private var flags: UInt8 {
        get { head.flags }
        set { head.flags = newValue }
    }

    private static let stateMask: UInt8 = 0b11, abandonedBit: UInt8 = 1 << 2, internalBit: UInt8 = 1 << 3,
        declaredRootBit: UInt8 = 1 << 4, timerBit: UInt8 = 1 << 6, globalBit: UInt8 = 1 << 7

    /// 1-based allocation number over the whole run: stable names in reports (`block#2`); 0 for a global block,
    /// which is not allocated.
    public var serial: Int { Int(head.serialHigh) << 32 | Int(head.serialLow) }

    /// Sorts as `a.displayName < b.displayName` does, without making the names of objects that have no label
    /// where their class tells them apart: `Class#serial` against `Class#serial` compares the serials' digits.
    /// The end of a run sorts every live timer by name (``RunOutcome``).
    static func displayNamePrecedes(_ a: HeapObject, _ b: HeapObject) -> Bool {
        let (i, j) = (a.labelIndex, b.labelIndex)
        if i != ObjectLayout.noLabel, j != ObjectLayout.noLabel {
            if a.layout === b.layout && i == j { return false }
            return a.layout.displayName(at: i) < b.layout.displayName(at: j)
        }
        if i == ObjectLayout.noLabel, j == ObjectLayout.noLabel, a.layout.className == b.layout.className {
            return digitsPrecede(a.serial, b.serial)
        }
        return a.displayName < b.displayName
    }

    /// Whether `a`'s decimal digits sort before `b`'s as text ("10" before "9"), for non-negative `a` and `b`:
    /// the shorter scaled to the other's length compares as its digits do, and a prefix comes first.
    private static func digitsPrecede(_ a: Int, _ b: Int) -> Bool {
        func digits(_ n: Int) -> Int {
            var (count, rest) = (1, n)
            while rest >= 10 { (count, rest) = (count + 1, rest / 10) }
            return count
        }
        let (da, db) = (digits(a), digits(b))
        if da == db { return a < b }
        var scale = 1
        for _ in 0..<abs(da - db) { scale *= 10 }
        // Serials are below 2^40 (``HeapObjectHeader``): scaled by at most 10^12 they stay within 64 bits.
        return da < db ? a * scale <= b : a < b * scale
    }

    /// The number of slots: the instance variables of a class, a block's captures, a timer's target, userInfo
    /// and block.
    public var slotCount: Int { Int(head.slotCount) }
    /// The value in slot `index` (``slotNames`` names them).
    public internal(set) subscript(slot index: Int) -> Value {
        get {
            precondition(UInt(bitPattern: index) < UInt(head.slotCount), "slot \(index) of \(displayName)")
            return withUnsafeMutablePointers { SlotStorage($1, count: Int($0.pointee.slotCount)).value(at: index) }
        }
        set {
            precondition(UInt(bitPattern: index) < UInt(head.slotCount), "slot \(index) of \(displayName)")
            withUnsafeMutablePointers {
                let storage = SlotStorage($1, count: Int($0.pointee.slotCount))
                let old = storage.take(at: index)
                storage.initialize(at: index, to: newValue)
                _ = consume old
            }
        }
    }
    /// A copy of every slot's value, in order.
    public var slots: [Value] {
        withUnsafeMutablePointers { header, words in
            let storage = SlotStorage(words, count: Int(header.pointee.slotCount))
            return (0..<storage.count).map { storage.value(at: $0) }
        }
    }

    /// Whether it is a timer (an `NSTimer` or a `CADisplayLink`): its ``timer`` state is set.
    public var isTimer: Bool { flags & Self.timerBit != 0 }

    /// Timer state, for `NSTimer` and `CADisplayLink` objects: stored after the slots, read and changed in place
    /// (`o.timer.fires`, `o.timer.isFiring = true`). Only a timer has one (``isTimer``); ``initializeTimer(_:)``
    /// sets it.
    public internal(set) var timer: TimerState {
        unsafeAddress { UnsafePointer(timerState) }
        unsafeMutableAddress { timerState }
    }

    /// Where ``timer`` lives: from its slots' tag word on, the words ``make`` reserves for a timer.
    private var timerState: UnsafeMutablePointer<TimerState> {
        precondition(flags & Self.timerBit != 0, "\(displayName) is not a timer")
        return withUnsafeMutablePointerToElements {
            Self.timerState(after: $0).assumingMemoryBound(to: TimerState.self)
        }
    }

    /// Where a timer keeps its state: at its slots' tag word, whose first three bytes are the slots' tags and the
    /// state's ``TimerState/slotTags`` (the state leaves them to ``SlotStorage``), at the same place in every timer,
    /// since every timer has the same three slots (``TimerState/slotNames``; ``make`` checks), so that reading a
    /// timer's state does not read its slot count first. Sharing the tag word saves 8 bytes a timer, which make its
    /// allocation a 128-byte chunk instead of 144 (BENCHMARKS.md, memory per timer).
    @inline(__always)
    private static func timerState(after words: UnsafeMutablePointer<UInt64>) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(words + timerSlots)
    }

    /// A timer's slots, whose tag word its state begins with.
    private static let timerSlots = 3

    /// The 8-byte words a timer's state takes from its slots' tag word on.
    private static let timerWords: Int = {
        precondition(MemoryLayout<TimerState>.alignment <= MemoryLayout<UInt64>.alignment)
        precondition(
            MemoryLayout<TimerState>.offset(of: \TimerState.slotTags) == 0
                && SlotStorage.words(forSlots: timerSlots) == timerSlots + 1,
            "a timer's state no longer begins with its slots' tag bytes")
        return (MemoryLayout<TimerState>.size + MemoryLayout<UInt64>.stride - 1) / MemoryLayout<UInt64>.stride
    }()

    /// What a timer's fires call (part of its kind).
    public var timerAction: TimerState.Action {
        guard case .timer(let action) = layout.kind else { preconditionFailure("\(displayName) is not a timer") }
        return action
    }

    /// A timer's tolerance, wasted fires and skipped slots: zero unless set, boxed apart when they are not
    /// (``TimerExtras``), in the pointer a timer does not use for a rarer kind's state.
    public internal(set) var timerExtras: TimerExtras {
        get { head.rare?.timerExtras ?? TimerExtras() }
        set {
            precondition(isTimer, "\(displayName) is not a timer")
            if head.rare != nil || !newValue.isZero { timerBox.timerExtras = newValue }
        }
    }

    /// The modes a timer is in on its run loop (`__CFRunLoopTimer`'s `_rlModes`), in the order it was added to
    /// them: one of the usual lists, shared by every timer and named by an index in the timer's state, or a list
    /// of its own, boxed apart in the pointer for a rarer kind's state (a list in every timer took 8 bytes of its
    /// state, and 16 of its allocation: BENCHMARKS.md, memory per timer).
    public internal(set) var timerModes: [String] {
        get {
            let i = timer.modeListIndex
            return i == TimerState.customModes ? head.rare!.timerModes! : TimerState.usualModeLists[Int(i)]
        }
        set {
            if let i = TimerState.usualIndex(of: newValue) {
                timer.modeListIndex = i
                head.rare?.timerModes = nil
            } else {
                timer.modeListIndex = TimerState.customModes
                timerBox.timerModes = newValue
            }
        }
    }

    /// The box for a timer's extras and mode list, made first if there is none.
    private var timerBox: RareKindState {
        precondition(isTimer, "\(displayName) is not a timer")
        if let box = head.rare { return box }
        let box = RareKindState()
        head.rare = box
        return box
    }

    /// Whether a timer has a tolerance: its mode's ``TimerList`` counts such timers when it inserts and removes
    /// them, so every insert and removal asks this one question.
    var isTolerantTimer: Bool { timerExtras.tolerance > .zero }

    /// Sets a timer object's state, once (``make`` reserved room for it after the slots of a `.timer` kind).
    func initializeTimer(_ state: TimerState) {
        guard case .timer = kind, flags & Self.timerBit == 0 else {
            preconditionFailure("a timer's state on \(displayName): not a timer, or one that has its state already")
        }
        withUnsafeMutablePointers { _, words in
            let raw = Self.timerState(after: words)
            var state = state
            state.slotTags = (
                raw.load(as: UInt8.self), raw.load(fromByteOffset: 1, as: UInt8.self),
                raw.load(fromByteOffset: 2, as: UInt8.self)
            )
            raw.bindMemory(to: TimerState.self, capacity: 1).initialize(to: state)
        }
        flags |= Self.timerBit
    }
    public var kind: Kind { layout.kind }
    /// Class name: the scenario class, `block`, `NSTimer`, `CFRunLoopSource`.
    public var className: String { layout.className }
    /// The name the scenario gave it (`button`), or `className#serial`.
    public var label: String {
        let i = labelIndex
        return i == ObjectLayout.noLabel ? displayName : layout.labels[Int(i)]
    }
    /// Whether ``label`` is ``displayName``: a block's label, or no label (not `Class label`).
    var labelIsDisplayName: Bool { labelIndex == ObjectLayout.noLabel || !layout.qualifiesLabels }
    public var slotNames: [String] { layout.slotNames }
    public var slotStrengths: [Strength] { layout.slotStrengths }
    public internal(set) var retainCount: Int {
        get { Int(head.count) }
        set { head.count = UInt32(newValue) }
    }
    public internal(set) var state: State {
        get {
            switch flags & Self.stateMask {
            case 0: .alive
            case 1: .deallocating
            default: .dead
            }
        }
        set {
            let bits: UInt8 =
                switch newValue {
                case .alive: 0;
                case .deallocating: 1;
                case .dead: 2
                }
            flags = flags & ~Self.stateMask | bits
        }
    }
    /// The scenario let it go (released a strong reference explicitly, or its owner died): it should die.
    public internal(set) var isAbandoned: Bool {
        get { flags & Self.abandonedBit != 0 }
        set { if newValue { flags |= Self.abandonedBit } else { flags &= ~Self.abandonedBit } }
    }
    /// Kernel machinery (UIKit's event source): not counted among the scenario's objects.
    public internal(set) var isInternal: Bool {
        get { flags & Self.internalBit != 0 }
        set { if newValue { flags |= Self.internalBit } else { flags &= ~Self.internalBit } }
    }
    /// A root by declaration (a singleton): never a leak.
    public var isDeclaredRoot: Bool { flags & Self.declaredRootBit != 0 }
    /// A global block (``ObjectHeap/makeGlobalBlock(templateIndex:label:at:)``): static storage, which retain and
    /// release leave alone and which never dies.
    public var isGlobal: Bool { flags & Self.globalBit != 0 }
    /// Whether being alive when it should not be makes it a leak: not a declared root, not static storage.
    var canLeak: Bool { flags & (Self.declaredRootBit | Self.globalBit) == 0 }
    public var allocatedOn: String { layout.allocatedOn }

    /// The state of the rarer kinds, made on first write.
    private var rare: RareKindState? {
        get { head.rare }
        set {
            precondition(flags & Self.timerBit == 0, "a source's, dispatch source's or semaphore's state on a timer")
            head.rare = newValue
        }
    }

    /// The rarer kinds' state for a write: the box, made first if there is none.
    private var rareForWriting: RareKindState {
        if let state = rare { return state }
        let state = RareKindState()
        rare = state
        return state
    }

    /// Source state, for run-loop sources.
    public internal(set) var source: SourceState? {
        get { rare?.source }
        _modify { yield &rareForWriting.source }
    }
    /// Timer-source state, for dispatch sources.
    public internal(set) var dispatchSource: DispatchSourceState? {
        get { rare?.dispatchSource }
        _modify { yield &rareForWriting.dispatchSource }
    }
    /// Count and waiters, for semaphores.
    public internal(set) var semaphore: SemaphoreState? {
        get { rare?.semaphore }
        _modify { yield &rareForWriting.semaphore }
    }

    /// Owner, depth, waiters and condition, for locks (``Locks``).
    public internal(set) var lock: LockState? {
        get { rare?.lock }
        _modify { yield &rareForWriting.lock }
    }

    /// A new object with retain count 1, its slots holding `slots` (``ObjectHeap`` allocates through it).
    static func make(
        id: ObjectID, serial: Int, layout: ObjectLayout, label: String?, slots: [Value],
        isDeclaredRoot: Bool, isInternal: Bool, isGlobal: Bool = false, at: SimInstant
    ) -> HeapObject {
        precondition(serial >> 40 == 0, "more than 2^40 allocations")
        precondition(slots.count <= Int(UInt16.max), "more than 2^16 - 1 slots")
        let flags = (isDeclaredRoot ? declaredRootBit : 0) | (isInternal ? internalBit : 0) | (isGlobal ? globalBit : 0)
        layout.allocations.noteAllocation(serial: serial, at: at)
        let header = HeapObjectHeader(
            id: id, layout: layout, rare: nil, serialLow: UInt32(truncatingIfNeeded: serial),
            count: 1, labelOrName: label.map(layout.index(ofLabel:)) ?? ObjectLayout.unlabeledBit,
            slotCount: UInt16(slots.count), serialHigh: UInt8(truncatingIfNeeded: serial >> 32), flags: flags)
        let words: Int
        if case .timer = layout.kind {
            precondition(
                slots.count == TimerState.slotNames.count && slots.count == timerSlots,
                "a timer without its three slots")
            words = timerSlots + timerWords  // the state from the tag word on
        } else {
            words = SlotStorage.words(forSlots: slots.count)
        }
        let object = unsafeDowncast(create(minimumCapacity: words) { _ in header }, to: HeapObject.self)
        object.withUnsafeMutablePointerToElements { elements in
            let storage = SlotStorage(elements, count: slots.count)
            for (i, value) in slots.enumerated() { storage.initialize(at: i, to: value) }
        }
        return object
    }

    deinit {
        withUnsafeMutablePointers { header, words in
            // The slots first: a timer's slots' tags are in its state.
            let storage = SlotStorage(words, count: Int(header.pointee.slotCount))
            for i in 0..<storage.count { _ = storage.take(at: i) }
            if header.pointee.flags & Self.timerBit != 0 {
                Self.timerState(after: words).assumingMemoryBound(to: TimerState.self).deinitialize(count: 1)
            }
        }
    }

    /// Freed (its ``DeathRecord`` says when and on which thread): its layout no longer keeps its allocation instant.
    func markDead() {
        state = .dead
        layout.allocations.noteFree(serial: serial)
    }
}

/// An object's slots, packed: each slot's `Value` as its 8 payload bytes in a word, then every slot's tag byte, a
/// word per 8 slots.
///
/// A `Value` is 9 bytes (an 8-byte payload, and a tag byte the enum adds) with a stride of 16, so an array of
/// them leaves 7 bytes of padding per slot; packed, an `NSTimer`'s three slots take 32 bytes instead of 48, 16
/// bytes of the timer's malloc chunk (BENCHMARKS.md, memory per timer); a timer's state begins at its tag word and
/// keeps its own fields in the five bytes the three tags leave (``TimerState/slotTags``). The only unsafe part of
/// the objects' storage besides the timer state's addressors: a slot's bytes are moved as they are, never read as parts,
/// through a `Value`-typed temporary that owns the value while it is out of the storage (``initialize(at:to:)``
/// moves a value in, ``take(at:)`` moves it out, ``value(at:)`` copies it).
struct SlotStorage {
    private let words: UnsafeMutablePointer<UInt64>
    let count: Int

    init(_ words: UnsafeMutablePointer<UInt64>, count: Int) {
        precondition(MemoryLayout<Value>.size == 9, "a Value is no longer an 8-byte payload and a tag byte")
        self.words = words
        self.count = count
    }

    /// The words `count` slots take: their payloads, and their tags 8 to a word.
    @inline(__always)
    static func words(forSlots count: Int) -> Int { count + (count + 7) / 8 }

    /// Where slot `i`'s tag byte is.
    @inline(__always)
    private func tag(_ i: Int) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(words + count) + i }

    /// A copy of slot `i`'s value (retained as any copy is).
    @inline(__always)
    func value(at i: Int) -> Value {
        withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { temporary in
            let v = temporary.baseAddress!
            load(i, into: v)
            return v.pointee  // the storage keeps its own reference: the temporary is not deinitialized
        }
    }

    /// Moves slot `i`'s value out, leaving the slot uninitialized.
    @inline(__always)
    func take(at i: Int) -> Value {
        withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { temporary in
            let v = temporary.baseAddress!
            load(i, into: v)
            return v.move()
        }
    }

    /// Moves `value` into uninitialized slot `i`.
    @inline(__always)
    func initialize(at i: Int, to value: Value) {
        withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { temporary in
            let v = temporary.baseAddress!
            v.initialize(to: value)
            let raw = UnsafeRawPointer(v)
            words[i] = raw.load(as: UInt64.self)
            tag(i).storeBytes(of: raw.load(fromByteOffset: 8, as: UInt8.self), as: UInt8.self)
            // Not deinitialized: the slot owns the value's reference now.
        }
    }

    /// Writes slot `i`'s 9 bytes into `v`, which then holds the slot's value without having retained it.
    @inline(__always)
    private func load(_ i: Int, into v: UnsafeMutablePointer<Value>) {
        let raw = UnsafeMutableRawPointer(v)
        raw.storeBytes(of: words[i], as: UInt64.self)
        raw.storeBytes(of: tag(i).load(as: UInt8.self), toByteOffset: 8, as: UInt8.self)
    }
}

/// What a ``HeapObject`` stores before its slots: 40 bytes, widest first. (The allocation instant is its layout's,
/// by serial: ``AllocationLog``.)
public struct HeapObjectHeader {
    let id: ObjectID
    let layout: ObjectLayout
    /// The state of the rarer kinds for the objects that have one: one pointer, which an object of any other kind
    /// pays instead of about 190 bytes of empty optionals (BENCHMARKS.md, memory per timer).
    var rare: RareKindState?
    /// With `serialHigh`, the serial in 40 bits: 1.1 × 10¹² allocations, twelve days of allocating at a million a
    /// second.
    let serialLow: UInt32
    var count: UInt32
    /// The label the scenario gave the object, in its layout's ``ObjectLayout/labels``, or
    /// ``ObjectLayout/unlabeledBit`` for an object without one, whose name is `Class#serial`: then the low 31 bits
    /// are its ``HeapObject/eventName`` plus one (0: none yet).
    var labelOrName: UInt32
    let slotCount: UInt16
    let serialHigh: UInt8
    var flags: UInt8
}

/// The state of a run-loop source, dispatch source or semaphore, or a timer's ``TimerExtras`` and unusual mode
/// list, boxed apart from ``HeapObject``.
final class RareKindState {
    // `@exclusivity(unchecked)`: a pass reads a source's state once or twice (`o.source!.isSignalled`), each a
    // dynamic exclusivity check otherwise (callgrind, BENCHMARKS.md). A run is single-threaded, and each access is
    // one read or one in-place change of a plain struct (no mutating method that calls out), so none can overlap.
    @exclusivity(unchecked) var source: SourceState?
    @exclusivity(unchecked) var dispatchSource: DispatchSourceState?
    @exclusivity(unchecked) var semaphore: SemaphoreState?
    @exclusivity(unchecked) var lock: LockState?
    @exclusivity(unchecked) var timerExtras: TimerExtras?
    @exclusivity(unchecked) var timerModes: [String]?
}
