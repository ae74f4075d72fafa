/// What makes objects share an ``ObjectLayout``: their kind (with its class or block template), class name,
/// slot names and strengths, and allocating thread. ``ObjectHeap`` keeps one layout per key.
struct LayoutKey: Hashable {
    var kind: HeapObject.Kind
    var className: String
    var slotNames: [String]
    var slotStrengths: [Strength]
    var thread: String
}

/// What the objects of one kind (a class, a block template, `NSTimer`, …) allocated on one thread share: made
/// once by ``ObjectHeap``.
final class ObjectLayout {
    let key: LayoutKey
    var kind: HeapObject.Kind { key.kind }
    var className: String { key.className }
    var slotNames: [String] { key.slotNames }
    var slotStrengths: [Strength] { key.slotStrengths }
    var allocatedOn: String { key.thread }
    /// Whether its objects' names are `className label` (a block's name is its label alone).
    let qualifiesLabels: Bool
    /// When its live objects were allocated, by serial.
    var allocations = AllocationLog()
    /// The labels its objects were given, each once: an object keeps its label's index
    /// (``HeapObjectHeader/labelOrName``).
    private(set) var labels: [String] = []
    /// `className label` for each of ``labels`` when ``qualifiesLabels``: objects with the same label share one
    /// string.
    private var qualifiedNames: [String] = []
    private var labelIndices: [String: UInt32] = [:]
    private var lastLabel = "", lastIndex = ObjectLayout.noLabel
    /// Each label's objects' ``HeapObject/eventName``: the objects with one label share their name. Unchecked: every
    /// event naming an object reads it (a timer-storm fire's `timerFire` and `timerReschedule`, a dynamic exclusivity
    /// check each, callgrind); a run is single-threaded and each access is one element read or written.
    @exclusivity(unchecked) private var eventNames: [UInt32] = []
    /// The label index of an object without a label, whose name is `className#serial`.
    static let noLabel = UInt32.max
    /// The bit of ``HeapObjectHeader/labelOrName`` that says an object has no label (labels are fewer than 2^31).
    static let unlabeledBit: UInt32 = 1 << 31

    init(_ key: LayoutKey) {
        self.key = key
        if case .block = key.kind { qualifiesLabels = false } else { qualifiesLabels = true }
    }

    /// Whether this layout's key is the one these parts make (without building the key: allocation asks).
    @inline(__always)
    func matches(
        _ kind: HeapObject.Kind, _ className: String, _ slotNames: [String], _ slotStrengths: [Strength],
        _ thread: String
    ) -> Bool {
        key.kind == kind && key.className == className && key.thread == thread && key.slotNames == slotNames
            && key.slotStrengths == slotStrengths
    }

    /// The index of `label` in ``labels``, added the first time.
    func index(ofLabel label: String) -> UInt32 {
        if label == lastLabel && lastIndex != Self.noLabel { return lastIndex }
        let index: UInt32
        if let known = labelIndices[label] {
            index = known
        } else {
            precondition(labels.count < Int(Self.unlabeledBit), "more than 2^31 labels of one kind of object")
            index = UInt32(labels.count)
            labels.append(label)
            eventNames.append(HeapObject.noEventName)
            if qualifiesLabels { qualifiedNames.append("\(className) \(label)") }
            labelIndices[label] = index
        }
        (lastLabel, lastIndex) = (label, index)
        return index
    }

    /// The ``HeapObject/eventName`` of its objects with label `index`.
    @inline(__always)
    func eventName(at index: UInt32) -> UInt32 { eventNames[Int(index)] }

    func setEventName(_ name: UInt32, at index: UInt32) { eventNames[Int(index)] = name }

    /// The display name of an object with label `index`.
    func displayName(at index: UInt32) -> String {
        qualifiesLabels ? qualifiedNames[Int(index)] : labels[Int(index)]
    }
}

/// The names and strengths of a kind of object's slots, shared by all its instances.
struct SlotLayout {
    var names: [String]
    var strengths: [Strength]
}

/// When the live objects of one ``ObjectLayout`` were allocated, by serial, stored by stretch: serials grow and the
/// clock never goes back, so the objects allocated at one instant have consecutive serials among the layout's, and
/// a stretch is its first serial and its instant (the million timers of the storm are one stretch). An instant in
/// every object's header took 8 bytes, and made an `NSTimer` a 144-byte chunk (BENCHMARKS.md, memory per timer).
///
/// A stretch counts its live objects and is dropped, with the others emptied, once the empty ones are most of
/// them: the log stays within a stretch per live object however long a run allocates and frees (an object of
/// the layout allocated in a stretch of its own costs 20 bytes here, a timer in a stretch of a million nothing).
struct AllocationLog {
    private var firstSerials: [Int] = []
    private var instants: [SimInstant] = []
    private var liveCounts: [UInt32] = []
    private var emptyStretches = 0

    /// An object of the layout allocated at `at` with `serial`, larger than every serial noted before (0: a global
    /// block, one per layout).
    @inline(__always)
    mutating func noteAllocation(serial: Int, at: SimInstant) {
        let last = instants.count - 1
        if last >= 0 && instants[last] == at {
            if liveCounts[last] == 0 { emptyStretches -= 1 }
            liveCounts[last] += 1
        } else {
            precondition(last < 0 || firstSerials[last] < serial || serial == 0, "serials out of order")
            firstSerials.append(serial)
            instants.append(at)
            liveCounts.append(1)
        }
    }

    /// The stretch of `serial`: the last that starts at or before it.
    private func stretch(ofSerial serial: Int) -> Int {
        var low = 0, high = firstSerials.count
        while low < high {
            let mid = (low + high) / 2
            if firstSerials[mid] <= serial { low = mid + 1 } else { high = mid }
        }
        precondition(low > 0, "no allocation instant for serial \(serial)")
        return low - 1
    }

    /// When the live object with `serial` was allocated.
    func instant(ofSerial serial: Int) -> SimInstant { instants[stretch(ofSerial: serial)] }

    /// The object with `serial` was freed.
    mutating func noteFree(serial: Int) {
        let i = stretch(ofSerial: serial)
        liveCounts[i] -= 1
        guard liveCounts[i] == 0 else { return }
        emptyStretches += 1
        if emptyStretches > 16 && 2 * emptyStretches > liveCounts.count { dropEmptyStretches() }
    }

    /// Drops the stretches without live objects: a live object's serial still finds its own stretch (the last
    /// that starts at or before it), since nothing alive lies in the serials the dropped ones covered.
    private mutating func dropEmptyStretches() {
        var kept = 0
        for i in liveCounts.indices where liveCounts[i] > 0 {
            (firstSerials[kept], instants[kept], liveCounts[kept]) = (firstSerials[i], instants[i], liveCounts[i])
            kept += 1
        }
        firstSerials.removeLast(firstSerials.count - kept)
        instants.removeLast(instants.count - kept)
        liveCounts.removeLast(liveCounts.count - kept)
        emptyStretches = 0
    }
}
