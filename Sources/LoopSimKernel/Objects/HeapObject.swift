/// One reference-counted object: an instance of a scenario class, a block, or an `NSTimer`.
///
/// Only what differs from object to object is stored here (112 bytes with the allocator's header): what every
/// object of a class allocated on a thread shares (class name, slot names and strengths, kind, threads) is one
/// ``ObjectLayout``, and the state of the rarer kinds is boxed apart (BENCHMARKS.md, memory per timer).
public final class HeapObject {
    public enum Kind: Sendable, Hashable {
        case instance(classIndex: Int)
        case block(templateIndex: Int)
        case timer
        case source
        case dispatchSource
        case semaphore
        case invocation
        case observerToken
        case backgroundTask
        case uikit
    }
    public enum State: Sendable, Hashable { case alive, deallocating, dead }

    public let id: ObjectID
    /// Class name, slot names and strengths, kind, allocating (and, once dead, deallocating) thread.
    private var layout: ObjectLayout
    /// `Class label` as leak paths print it (`TimerButton button`); blocks and timers print their label only.
    /// Stored: trace events name a timer by it on every fire.
    public let displayName: String
    public internal(set) var slots: [Value]
    /// Timer state, for `NSTimer` objects.
    public internal(set) var timer: TimerState?
    /// The state of the rarer kinds, allocated for the objects that have one: an object of any other kind pays
    /// one pointer instead of about 190 bytes of empty optionals (BENCHMARKS.md, memory per timer).
    private var rare: RareKindState?
    public let allocatedAt: SimInstant
    /// Meaningful once the object is dead (``deallocatedAt``).
    private var deallocatedInstant = SimInstant.zero
    /// The serial, or `UInt32.max` when it is kept in `rare`.
    private let shortSerial: UInt32
    private var count: UInt32 = 1
    private var flags: UInt8

    private static let stateMask: UInt8 = 0b11, abandonedBit: UInt8 = 1 << 2, internalBit: UInt8 = 1 << 3,
                       declaredRootBit: UInt8 = 1 << 4, qualifiedBit: UInt8 = 1 << 5

    /// 1-based allocation number over the whole run: stable names in reports (`block#2`).
    public var serial: Int { shortSerial == .max ? rare!.serial : Int(shortSerial) }
    public var kind: Kind { layout.kind }
    /// Class name: the scenario class, `block`, `NSTimer`, `CFRunLoopSource`.
    public var className: String { layout.className }
    /// The name the scenario gave it (`button`), or `className#serial`.
    public var label: String {
        guard flags & Self.qualifiedBit != 0 else { return displayName }
        return String(decoding: displayName.utf8.dropFirst(layout.className.utf8.count + 1), as: UTF8.self)
    }
    public var slotNames: [String] { layout.slotNames }
    public var slotStrengths: [Strength] { layout.slotStrengths }
    public internal(set) var retainCount: Int {
        get { Int(count) }
        set { count = UInt32(newValue) }
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
            let bits: UInt8 = switch newValue { case .alive: 0; case .deallocating: 1; case .dead: 2 }
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
    public var allocatedOn: String { layout.allocatedOn }
    public var deallocatedAt: SimInstant? { state == .dead ? deallocatedInstant : nil }
    public var deallocatedOn: String? { layout.deallocatedOn }

    /// Source state, for run-loop sources.
    public internal(set) var source: SourceState? {
        get { rare?.source }
        _modify {
            if rare == nil { rare = RareKindState() }
            yield &rare!.source
        }
    }
    /// Timer-source state, for dispatch sources.
    public internal(set) var dispatchSource: DispatchSourceState? {
        get { rare?.dispatchSource }
        _modify {
            if rare == nil { rare = RareKindState() }
            yield &rare!.dispatchSource
        }
    }
    /// Count and waiters, for semaphores.
    public internal(set) var semaphore: SemaphoreState? {
        get { rare?.semaphore }
        _modify {
            if rare == nil { rare = RareKindState() }
            yield &rare!.semaphore
        }
    }

    init(id: ObjectID, serial: Int, layout: ObjectLayout, label: String?, slots: [Value], isDeclaredRoot: Bool,
         isInternal: Bool, at: SimInstant) {
        self.id = id
        self.layout = layout
        let qualified: Bool
        switch (label, layout.kind) {
        case (let label?, .block):
            displayName = label
            qualified = false
        case (let label?, _):
            displayName = layout.qualifiedName(label)
            qualified = true
        case (nil, _):
            displayName = "\(layout.className)#\(serial)"
            qualified = false
        }
        self.slots = slots
        self.allocatedAt = at
        if serial < Int(UInt32.max) {
            shortSerial = UInt32(serial)
        } else {
            shortSerial = .max
            rare = RareKindState()
            rare!.serial = serial
        }
        flags = (qualified ? Self.qualifiedBit : 0) | (isDeclaredRoot ? Self.declaredRootBit : 0)
            | (isInternal ? Self.internalBit : 0)
    }

    /// Freed by `thread` at `now` (``deallocatedAt``, ``deallocatedOn``).
    func markDead(at now: SimInstant, on thread: String) {
        state = .dead
        deallocatedInstant = now
        layout = layout.deadVariant(on: thread)
    }
}

/// The state of a run-loop source, dispatch source or semaphore, boxed apart from ``HeapObject``.
private final class RareKindState {
    var source: SourceState?
    var dispatchSource: DispatchSourceState?
    var semaphore: SemaphoreState?
    /// A serial past `UInt32.max - 1`.
    var serial = 0
}

/// What the objects of one kind (a class, a block template, `NSTimer`, …) allocated on one thread share: made
/// once by ``ObjectHeap``.
final class ObjectLayout {
    let kind: HeapObject.Kind
    let className: String
    let slotNames: [String]
    let slotStrengths: [Strength]
    let allocatedOn: String
    /// Set on the variants dead objects move to.
    let deallocatedOn: String?
    /// The variants for objects of this layout that died, one per deallocating thread.
    private var deadVariants: [ObjectLayout] = []
    /// `className label` for the labels given so far: objects with the same label share one string.
    private var qualifiedNames: [String: String] = [:]
    private var lastLabel = "", lastQualifiedName = ""

    init(kind: HeapObject.Kind, className: String, slotNames: [String], slotStrengths: [Strength], allocatedOn: String,
         deallocatedOn: String? = nil) {
        self.kind = kind
        self.className = className
        self.slotNames = slotNames
        self.slotStrengths = slotStrengths
        self.allocatedOn = allocatedOn
        self.deallocatedOn = deallocatedOn
    }

    @inline(__always)
    func matches(_ kind: HeapObject.Kind, _ className: String, _ slotNames: [String], _ slotStrengths: [Strength],
                 _ thread: String) -> Bool {
        self.kind == kind && self.className == className && allocatedOn == thread && self.slotNames == slotNames
            && self.slotStrengths == slotStrengths
    }

    func qualifiedName(_ label: String) -> String {
        if label == lastLabel && !lastQualifiedName.isEmpty { return lastQualifiedName }
        let name: String
        if let known = qualifiedNames[label] {
            name = known
        } else {
            name = "\(className) \(label)"
            qualifiedNames[label] = name
        }
        (lastLabel, lastQualifiedName) = (label, name)
        return name
    }

    func deadVariant(on thread: String) -> ObjectLayout {
        for v in deadVariants where v.deallocatedOn == thread { return v }
        let v = ObjectLayout(kind: kind, className: className, slotNames: slotNames, slotStrengths: slotStrengths,
                             allocatedOn: allocatedOn, deallocatedOn: thread)
        deadVariants.append(v)
        return v
    }
}

/// The names and strengths of a kind of object's slots, shared by all its instances.
struct SlotLayout {
    var names: [String]
    var strengths: [Strength]
}
