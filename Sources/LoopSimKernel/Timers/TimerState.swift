/// The `__CFRunLoopTimer` fields an `NSTimer` object carries.
///
/// Stored in the timer's own allocation, after its slots (``HeapObject/timer``), and changed there in place
/// (`o.timer.isFiring = true`): a timer is one allocation, as a `__CFRunLoopTimer` is, where a state boxed apart
/// took a second one of 112 bytes (memory per timer, BENCHMARKS.md).
///
/// Fields are ordered widest first, the run loop is 32 bits, the action keeps only what a fire calls and the fire
/// count is the number of latencies, so the state takes 80 bytes, five slots' worth; a timer in one of the usual
/// modes shares its mode list with every other.
public struct TimerState {
    /// Next fire, on the monotonic clock (`_fireTSR`).
    public internal(set) var fireTSR: SimInstant
    /// 0 = one-shot.
    public internal(set) var interval: SimDuration
    /// Allowed lateness (0 = none).
    public internal(set) var tolerance = SimDuration.zero
    /// The first slot on the wall clock (for countdown figures across device sleep).
    public internal(set) var firstSlotWall = SimInstant.zero
    /// Fires whose callout did nothing: a proxy swallowed the call because its target was gone.
    public internal(set) var wastedFires = 0
    public internal(set) var skippedSlots = 0
    /// Latency of every run-loop fire (callout start minus the slot it was due at).
    public internal(set) var latencies: [SimDuration] = []
    /// Run-loop fires: one latency each.
    public var fires: Int { latencies.count }
    private var modeList: [String] = []
    /// The run loop's id, or -1.
    private var runLoopID: Int32 = -1
    /// What a fire calls.
    public let action: Action
    public internal(set) var isValid = true
    public internal(set) var isFiring = false

    /// The run loop it belongs to (a timer is in at most one), and the modes it is in there.
    public internal(set) var runLoop: Int? {
        get { runLoopID < 0 ? nil : Int(runLoopID) }
        set { runLoopID = newValue.map { Int32($0) } ?? -1 }
    }
    public internal(set) var modes: [String] {
        get { modeList }
        set { modeList = Self.shared(newValue) }
        _modify {
            yield &modeList
            modeList = Self.shared(modeList)
        }
    }

    /// Slot indices in the timer object: where target, userInfo and block live.
    static let targetSlot = 0, userInfoSlot = 1, blockSlot = 2
    static let slotNames = ["target", "userInfo", "block"]
    static let slotStrengths: [Strength] = [.strong, .strong, .strong]

    /// The usual mode lists, one array each for all timers.
    private static let usualModeLists: [[String]] = [
        [RunLoopModeName.default], [RunLoopModeName.tracking],
        [RunLoopModeName.default, RunLoopModeName.tracking], [RunLoopModeName.tracking, RunLoopModeName.default],
    ]

    /// `modes`, or an equal usual list (which costs the timer no allocation of its own).
    private static func shared(_ modes: [String]) -> [String] {
        guard modes.count == 1 || modes.count == 2 else { return modes }
        for list in usualModeLists where list == modes { return list }
        return modes
    }

    var isRepeating: Bool { interval.nanoseconds > 0 }

    init(fireTSR: SimInstant, interval: SimDuration, action: TimerSpec.Action) {
        self.fireTSR = fireTSR
        self.interval = interval
        self.action = Action(action)
    }

    /// A ``TimerSpec/Action`` without the expressions that made the timer: its target, invocation and blocks
    /// are in its slots by then, and a fire needs only the method: 9 bytes, where the spec's action with its
    /// expressions made the state outgrow a 112-byte allocation.
    public enum Action: Sendable, Equatable {
        /// `target:selector:`: the target slot's method.
        case targetSelector(classIndex: Int32, method: Int32)
        /// `...repeats:block:`: the block slot.
        case block
        /// The pre-iOS 10 category idiom: the block in the userInfo slot.
        case userInfoBlock
        /// `timerWithTimeInterval:invocation:repeats:`: the method of the invocation's target.
        case invocation(classIndex: Int32, method: Int32)

        init(_ action: TimerSpec.Action) {
            self = switch action {
            case .targetSelector(_, let classIndex, let method): .targetSelector(classIndex: Int32(classIndex), method: Int32(method))
            case .block: .block
            case .userInfoBlock: .userInfoBlock
            case .invocation(_, let classIndex, let method): .invocation(classIndex: Int32(classIndex), method: Int32(method))
            }
        }
    }
}
