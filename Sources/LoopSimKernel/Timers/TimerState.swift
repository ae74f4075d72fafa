/// The `__CFRunLoopTimer` fields an `NSTimer` object carries.
///
/// Stored in the timer's own allocation, after its slots (``HeapObject/timer``), and changed there in place
/// (`o.timer.isFiring = true`): a timer is one allocation, as a `__CFRunLoopTimer` is, where a state boxed apart
/// took a second one of 112 bytes (memory per timer, BENCHMARKS.md).
///
/// Only what every timer uses is here, widest last, with the run loop in 32 bits: 40 bytes, whose first three
/// are the timer's slots' tag bytes. The state begins at its slots' tag word (``SlotStorage``: a timer's three
/// slots take three payload words and a word for the tags), so the five bytes the tags leave hold the run loop,
/// the mode list's index and the two flags: an `NSTimer` is a 120-byte request, a 128-byte malloc chunk, where a
/// state after the tag word made it 136 and 144 (BENCHMARKS.md, memory per timer). What a fire calls is the same
/// for every timer a scheduling site makes, and is kept in the object's kind (``HeapObject/timerAction``);
/// tolerance, wasted fires and skipped slots, which most timers leave at zero, are ``TimerExtras``, boxed apart for
/// the timers that have some. A timer in one of the usual mode lists names it by an index; another list is boxed
/// apart too (``HeapObject/timerModes``).
public struct TimerState {
    /// The tag bytes of the timer's three slots: ``SlotStorage``'s, never read or written here. A state is made
    /// with zeros here and ``HeapObject/initializeTimer(_:)`` copies the slots' tags in.
    var slotTags: (UInt8, UInt8, UInt8) = (0, 0, 0)
    /// The mode list's index (low three bits, ``customModes`` as 7), valid (bit 3), firing (bit 4) and whether
    /// its block takes the timer (bit 5).
    private var bits: UInt8 = Self.validBit
    /// The run loop's id, or -1.
    private var runLoopID: Int32 = -1
    /// Next fire, on the monotonic clock (`_fireTSR`).
    public internal(set) var fireTSR: SimInstant
    /// 0 = one-shot.
    public internal(set) var interval: SimDuration
    /// The first slot on the wall clock (for countdown figures across device sleep).
    public internal(set) var firstSlotWall = SimInstant.zero
    /// The latencies of its run-loop fires (callout start minus the slot each was due at), as counts: 8 bytes and
    /// nothing else while they are all zero, bounded however many fires there are (``LatencyHistogram``).
    public internal(set) var latency = LatencyHistogram()
    /// Run-loop fires: one latency each.
    public var fires: Int { latency.count }

    private static let modeBits: UInt8 = 0b111, customModeBits: UInt8 = 0b111, validBit: UInt8 = 1 << 3,
        firingBit: UInt8 = 1 << 4, blockTakesTimerBit: UInt8 = 1 << 5

    /// The modes it is in: an index into ``usualModeLists``, or ``customModes`` (``HeapObject/timerModes``).
    var modeListIndex: UInt8 {
        get {
            let i = bits & Self.modeBits
            return i == Self.customModeBits ? Self.customModes : i
        }
        set {
            precondition(newValue < Self.customModeBits || newValue == Self.customModes, "mode list \(newValue)")
            bits = bits & ~Self.modeBits | (newValue == Self.customModes ? Self.customModeBits : newValue)
        }
    }
    public internal(set) var isValid: Bool {
        get { bits & Self.validBit != 0 }
        set { bits = newValue ? bits | Self.validBit : bits & ~Self.validBit }
    }
    public internal(set) var isFiring: Bool {
        get { bits & Self.firingBit != 0 }
        set { bits = newValue ? bits | Self.firingBit : bits & ~Self.firingBit }
    }
    /// A block timer whose block declares a parameter (the timer, passed to it on each fire): read once when the
    /// timer is made, since its block never changes. Looking the block's parameter count up on every fire cost
    /// 3.0 % of a fire's instructions in the debug build (BENCHMARKS.md, "A block timer's parameter").
    var blockTakesTimer: Bool {
        get { bits & Self.blockTakesTimerBit != 0 }
        set { bits = newValue ? bits | Self.blockTakesTimerBit : bits & ~Self.blockTakesTimerBit }
    }

    /// The run loop it belongs to (a timer is in at most one), and the modes it is in there.
    public internal(set) var runLoop: Int? {
        get { runLoopID < 0 ? nil : Int(runLoopID) }
        set { runLoopID = newValue.map { Int32($0) } ?? -1 }
    }

    /// Slot indices in the timer object: where target, userInfo and block live.
    static let targetSlot = 0, userInfoSlot = 1, blockSlot = 2
    static let slotNames = ["target", "userInfo", "block"]
    static let slotStrengths: [Strength] = [.strong, .strong, .strong]

    /// The usual mode lists, one array each for all timers: none, then a timer's one or two usual modes.
    static let usualModeLists: [[String]] = [
        [], [RunLoopModeName.default], [RunLoopModeName.tracking],
        [RunLoopModeName.default, RunLoopModeName.tracking], [RunLoopModeName.tracking, RunLoopModeName.default],
    ]
    /// ``modeListIndex`` of a timer whose mode list is not a usual one.
    static let customModes = UInt8.max
    /// ``modeListIndex`` of `[default]`, the usual list of a scheduled timer (``usualModeLists``).
    static let defaultModeOnly: UInt8 = 1

    /// The index of `modes` in ``usualModeLists``, if it is one of them.
    static func usualIndex(of modes: [String]) -> UInt8? {
        guard modes.count <= 2 else { return nil }
        return usualModeLists.firstIndex(of: modes).map { UInt8($0) }
    }

    var isRepeating: Bool { interval.nanoseconds > 0 }

    init(fireTSR: SimInstant, interval: SimDuration) {
        self.fireTSR = fireTSR
        self.interval = interval
    }

    /// A ``TimerSpec/Action`` without the expressions that made the timer: its target, invocation and blocks
    /// are in its slots by then, and a fire needs only the method. Part of the timer's kind
    /// (``HeapObject/Kind/timer(_:)``), which the timers of one scheduling site share.
    public enum Action: Sendable, Hashable {
        /// `target:selector:`: the target slot's method.
        case targetSelector(classIndex: Int32, method: Int32)
        /// `...repeats:block:`: the block slot.
        case block
        /// The pre-iOS 10 category idiom: the block in the userInfo slot.
        case userInfoBlock
        /// `timerWithTimeInterval:invocation:repeats:`: the method of the invocation's target.
        case invocation(classIndex: Int32, method: Int32)

        init(_ action: TimerSpec.Action) {
            self =
                switch action {
                case .targetSelector(_, let classIndex, let method):
                    .targetSelector(classIndex: Int32(classIndex), method: Int32(method))
                case .block: .block
                case .userInfoBlock: .userInfoBlock
                case .invocation(_, let classIndex, let method):
                    .invocation(classIndex: Int32(classIndex), method: Int32(method))
                }
        }
    }
}

/// The fields of a timer that most timers leave at zero: its tolerance, its wasted fires and its skipped slots.
///
/// Boxed apart from ``TimerState`` behind the object's pointer for the rarer kinds' state, and made on the first
/// non-zero write: the 24 bytes would make every timer's allocation 16 bytes bigger (BENCHMARKS.md, memory per
/// timer). ``HeapObject/timerExtras`` reads and changes them.
public struct TimerExtras: Sendable, Equatable {
    /// Allowed lateness (0 = none).
    public internal(set) var tolerance = SimDuration.zero
    /// Fires whose callout did nothing: a proxy swallowed the call because its target was gone.
    public internal(set) var wastedFires = 0
    /// Slots a repeating timer missed and did not fire for (it moves to the first slot after now).
    public internal(set) var skippedSlots = 0
    /// A `CADisplayLink` whose `paused` is true: it stays in its run loop, holding its target, but calls nobody.
    public internal(set) var isPaused = false

    /// All are zero or false: there is nothing to box.
    var isZero: Bool { self == TimerExtras() }
}
