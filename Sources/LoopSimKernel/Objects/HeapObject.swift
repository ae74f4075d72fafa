/// One reference-counted object: an instance of a scenario class, a block, or an `NSTimer`.
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
    /// 1-based allocation number over the whole run: stable names in reports (`block#2`).
    public let serial: Int
    public let kind: Kind
    /// Class name: the scenario class, `block`, `NSTimer`, `CFRunLoopSource`.
    public let className: String
    /// The name the scenario gave it (`button`), or `className#serial`.
    public let label: String
    let hasGivenLabel: Bool
    public let slotNames: [String]
    public let slotStrengths: [Strength]
    public internal(set) var slots: [Value]
    public internal(set) var retainCount = 1
    public internal(set) var state = State.alive
    /// The scenario let it go (released a strong reference explicitly, or its owner died): it should die.
    public internal(set) var isAbandoned = false
    public internal(set) var allocatedAt: SimInstant
    public internal(set) var allocatedOn: String
    public internal(set) var deallocatedAt: SimInstant?
    public internal(set) var deallocatedOn: String?
    /// Kernel machinery (UIKit's event source): not counted among the scenario's objects.
    public internal(set) var isInternal = false
    /// A root by declaration (a singleton): never a leak.
    public let isDeclaredRoot: Bool
    /// Timer state, for `NSTimer` objects.
    public internal(set) var timer: TimerState?
    /// The state of the rarer kinds, allocated for the objects that have one: an object of any other kind pays
    /// one pointer instead of about 190 bytes of empty optionals (BENCHMARKS.md, memory per timer).
    private var rare: RareKindState?

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

    init(id: ObjectID, serial: Int, kind: Kind, className: String, label: String?, slotNames: [String],
         slotStrengths: [Strength], slots: [Value], isDeclaredRoot: Bool, at: SimInstant, on thread: String) {
        self.id = id
        self.serial = serial
        self.kind = kind
        self.className = className
        self.label = label ?? "\(className)#\(serial)"
        self.hasGivenLabel = label != nil
        self.slotNames = slotNames
        self.slotStrengths = slotStrengths
        self.slots = slots
        self.isDeclaredRoot = isDeclaredRoot
        self.allocatedAt = at
        self.allocatedOn = thread
    }

    /// `Class label` as leak paths print it (`TimerButton button`); blocks and timers print their label only.
    public var displayName: String {
        switch kind {
        case .block: label
        case .instance, .timer, .source, .dispatchSource, .semaphore, .invocation, .observerToken, .backgroundTask, .uikit:
            hasGivenLabel ? "\(className) \(label)" : label
        }
    }
}

/// The state of a run-loop source, dispatch source or semaphore, boxed apart from ``HeapObject``.
private final class RareKindState {
    var source: SourceState?
    var dispatchSource: DispatchSourceState?
    var semaphore: SemaphoreState?
}

/// The names and strengths of a kind of object's slots, shared by all its instances.
struct SlotLayout {
    var names: [String]
    var strengths: [Strength]
}
