import Testing

@testable import LoopSimKernel

/// `HeapObject` keeps its fields in a header, its slots after it and a timer's state after those, in one
/// allocation, and one pointer for the rarer kinds' state: what each of those promises.
@Suite struct HeapObjectStorageTests {
    static let at = SimInstant(nanoseconds: 5)

    static func allocate(
        _ heap: inout ObjectHeap, _ kind: HeapObject.Kind = .instance(classIndex: 0),
        slots: [Value], label: String? = nil
    ) -> HeapObject {
        heap.allocate(
            kind: kind, className: "Cell", label: label, slotNames: slots.indices.map { "f\($0)" },
            slotStrengths: slots.map { _ in .strong }, slots: slots, isDeclaredRoot: false, at: at,
            on: "main")
    }

    /// The header is the 40 bytes the memory figures count on (BENCHMARKS.md, memory per timer): a field more
    /// makes an `NSTimer` 16 bytes bigger.
    @Test func theHeaderIsFortyBytes() {
        #expect(MemoryLayout<HeapObjectHeader>.stride == 40)
    }

    /// An object's event name is kept by its layout for its label (shared by the objects with that label) and in
    /// its header without one; a freed slot's next object gets the next generation and no name.
    @Test func eventNamesAndGenerationsLiveWithTheObjects() {
        var heap = ObjectHeap()
        let a = Self.allocate(&heap, slots: [], label: "cell")
        let b = Self.allocate(&heap, slots: [], label: "cell")
        let plain = Self.allocate(&heap, slots: [])
        #expect(a.eventName == HeapObject.noEventName && plain.eventName == HeapObject.noEventName)
        a.eventName = 7
        plain.eventName = 9
        #expect(a.eventName == 7 && b.eventName == 7 && plain.eventName == 9)
        #expect(plain.displayName == "Cell#3" && plain.label == "Cell#3" && plain.labelIsDisplayName)
        plain.eventName = ObjectLayout.unlabeledBit  // too large to keep: asked again next time
        #expect(plain.eventName == 9 && plain.displayName == "Cell#3")
        let id = plain.id
        _ = heap.release(id)
        heap.finishDealloc(plain)
        #expect(!heap.contains(id) && heap.object(id) == nil)
        let next = Self.allocate(&heap, slots: [])
        #expect(next.id == ObjectID(index: id.index, generation: id.generation + 1) && heap.contains(next.id))
        #expect(next.eventName == HeapObject.noEventName && !heap.contains(id))
    }

    /// Allocation instants are kept by layout, by stretch of serials allocated at one instant: every live object
    /// finds its own, through frees in any order and after the emptied stretches are dropped.
    @Test func allocationInstantsSurviveFreesAndDroppedStretches() {
        var heap = ObjectHeap()
        var live: [(HeapObject, SimInstant)] = []
        var freed = 0
        for step in 0..<400 {
            let at = SimInstant(nanoseconds: Int64(step / 3) * 7)
            let o = heap.allocate(
                kind: .instance(classIndex: 0), className: "Cell", label: nil, slotNames: [],
                slotStrengths: [], slots: [], isDeclaredRoot: false, at: at, on: "main")
            live.append((o, at))
            // Free most of them, oldest, newest and middle ones in turn, so that stretches empty and are dropped.
            if step % 5 != 0, live.count > 2 {
                let victim = live.remove(at: [0, live.count - 1, live.count / 2][step % 3])
                _ = heap.release(victim.0.id)
                heap.finishDealloc(victim.0)
                freed += 1
            }
            for (object, instant) in live { #expect(object.allocatedAt == instant) }
        }
        #expect(freed > 300 && live.allSatisfy { $0.0.state == .alive })
    }

    @Test func slotsHoldWhatTheyWereGivenAndWhatIsWrittenLater() {
        var heap = ObjectHeap()
        let other = Self.allocate(&heap, slots: [])
        let o = Self.allocate(
            &heap, slots: [.int(7), .string("a string longer than fifteen bytes"), .object(other.id)],
            label: "cell")
        #expect(o.slotCount == 3)
        #expect(o.slots == [.int(7), .string("a string longer than fifteen bytes"), .object(other.id)])
        o[slot: 1] = .null
        o[slot: 0] = .string("replaced, also longer than fifteen bytes")
        #expect(o[slot: 0] == .string("replaced, also longer than fifteen bytes"))
        #expect(o.slots == [.string("replaced, also longer than fifteen bytes"), .null, .object(other.id)])
        #expect(other.slotCount == 0 && other.slots.isEmpty)
        #expect(o.displayName == "Cell cell" && o.label == "cell" && o.allocatedAt == Self.at)
        #expect(o.serial == 2 && other.serial == 1 && o.retainCount == 1 && o.state == .alive)
    }

    /// Slots are packed (payloads, then a tag byte each, eight to a word): an object with more than eight slots
    /// keeps every kind of value apart, through writes, and the last slot's neighbours are left as they were.
    @Test func packedSlotsKeepEveryKindOfValue() {
        var heap = ObjectHeap()
        let other = Self.allocate(&heap, slots: [])
        let values: [Value] = [
            .null, .int(-1), .bool(true), .string("a string longer than fifteen bytes"),
            .object(other.id), .runLoop(3), .thread(4), .int(Int.max), .bool(false),
            .string("short"), .null,
        ]
        let o = Self.allocate(&heap, slots: values)
        #expect(o.slotCount == 11 && o.slots == values)
        var expected = values
        for i in values.indices.reversed() {
            let replacement = values[(i + 3) % values.count]
            o[slot: i] = replacement
            expected[i] = replacement
            #expect(o.slots == expected)
        }
        for (i, value) in expected.enumerated() { #expect(o[slot: i] == value) }
    }

    /// A timer's state lives after its slots and changes there in place; a source's state is boxed apart; each
    /// kind reads only its own.
    @Test func aTimerAndASourceKeepTheirStatesApart() {
        var heap = ObjectHeap()
        let timer = Self.allocate(
            &heap, .timer(.block),
            slots: [.int(1), .string("a string longer than fifteen bytes"), .null])
        let source = Self.allocate(&heap, .source, slots: [.null])
        let plain = Self.allocate(&heap, slots: [])
        #expect(!timer.isTimer && source.source == nil && !plain.isTimer && plain.source == nil)
        timer.initializeTimer(TimerState(fireTSR: Self.at, interval: .zero))
        source.source = SourceState(order: 3, handler: .block)
        #expect(timer.isTimer && timer.timer.fireTSR == Self.at && timer.source == nil && timer.semaphore == nil)
        #expect(!source.isTimer && source.source?.order == 3 && source.dispatchSource == nil)
        timer.timer.latency.record(SimDuration(nanoseconds: 3))
        timer.timerModes = [RunLoopModeName.default]
        timer.timer.isFiring = true
        #expect(timer.timer.fires == 1 && timer.timer.latency.max == SimDuration(nanoseconds: 3))
        #expect(timer.timer.isFiring && timer.timerModes == [RunLoopModeName.default])
        // The state after the slots leaves them as they were.
        #expect(timer.slots == [.int(1), .string("a string longer than fifteen bytes"), .null])
        #expect(timer.timerAction == .block)
    }

    /// A timer's tolerance, wasted fires and skipped slots read zero until one is set; setting zero boxes
    /// nothing, setting any other value keeps all three, and they leave the timer's state alone.
    @Test func aTimersExtrasAreZeroUntilSet() {
        var heap = ObjectHeap()
        let timer = Self.allocate(
            &heap, .timer(.targetSelector(classIndex: 2, method: 5)),
            slots: [.null, .null, .null])
        timer.initializeTimer(TimerState(fireTSR: Self.at, interval: SimDuration(nanoseconds: 10)))
        #expect(timer.timerExtras == TimerExtras())
        timer.timerExtras.tolerance = .zero
        #expect(timer.timerExtras.isZero && timer.header.rare == nil)
        timer.timerExtras.wastedFires += 2
        #expect(timer.header.rare != nil)
        timer.timerExtras.skippedSlots += 3
        timer.timerExtras.tolerance = SimDuration(nanoseconds: 4)
        #expect(timer.timerExtras.wastedFires == 2 && timer.timerExtras.skippedSlots == 3)
        #expect(timer.timerExtras.tolerance == SimDuration(nanoseconds: 4))
        #expect(timer.timer.interval == SimDuration(nanoseconds: 10) && timer.timer.fireTSR == Self.at)
        #expect(timer.source == nil && timer.dispatchSource == nil && timer.semaphore == nil)
        #expect(timer.timerAction == .targetSelector(classIndex: 2, method: 5))
    }

    /// A timer's state fits the 40 bytes, from its slots' tag word on, that make an `NSTimer` one 120-byte
    /// allocation, 128 with the allocator's header (BENCHMARKS.md, memory per timer): a field more makes every
    /// timer 16 bytes bigger.
    @Test func aTimersStateIsFortyBytesFromItsSlotsTags() {
        #expect(MemoryLayout<TimerState>.size <= 40 && MemoryLayout<TimerState>.offset(of: \.slotTags) == 0)
    }

    /// A timer's state shares its slots' tag word: writing slots leaves the state as it was, and writing the
    /// state (every flag, the run loop, the mode list) leaves every slot's value.
    @Test func aTimersSlotsAndStateShareATagWordApart() {
        var heap = ObjectHeap()
        let other = Self.allocate(&heap, slots: [])
        let timer = Self.allocate(
            &heap, .timer(.block),
            slots: [.object(other.id), .string("a string longer than fifteen bytes"), .bool(true)])
        timer.initializeTimer(TimerState(fireTSR: Self.at, interval: SimDuration(nanoseconds: 10)))
        #expect(timer.slots == [.object(other.id), .string("a string longer than fifteen bytes"), .bool(true)])
        #expect(timer.timer.isValid && !timer.timer.isFiring && timer.timer.runLoop == nil && timer.timerModes.isEmpty)
        timer.timer.isFiring = true
        timer.timer.runLoop = 70_000
        timer.timerModes = [RunLoopModeName.tracking, RunLoopModeName.default]
        timer.timer.isValid = false
        #expect(timer.slots == [.object(other.id), .string("a string longer than fifteen bytes"), .bool(true)])
        let values: [Value] = [.int(-1), .null, .runLoop(2), .string("short"), .thread(1), .object(other.id)]
        for (k, value) in values.enumerated() {
            timer[slot: k % 3] = value
            #expect(timer[slot: k % 3] == value)
            #expect(timer.timer.isFiring && !timer.timer.isValid && timer.timer.runLoop == 70_000)
            #expect(timer.timerModes == [RunLoopModeName.tracking, RunLoopModeName.default])
            #expect(timer.timer.fireTSR == Self.at && timer.timer.interval == SimDuration(nanoseconds: 10))
        }
        timer.timerModes = ["custom"]
        timer.timer.isFiring = false
        timer.timer.runLoop = nil
        #expect(timer.timerModes == ["custom"] && !timer.timer.isFiring && timer.timer.runLoop == nil)
        #expect(timer.slots == [.string("short"), .thread(1), .object(other.id)])
    }

    /// A timer's mode list is one of the usual lists, named by an index, or a list of its own boxed apart; going
    /// back to a usual list leaves the box to its extras.
    @Test func aTimersModesAreAUsualListOrBoxedApart() {
        var heap = ObjectHeap()
        let timer = Self.allocate(&heap, .timer(.block), slots: [.null, .null, .null])
        timer.initializeTimer(TimerState(fireTSR: Self.at, interval: .zero))
        #expect(timer.timerModes.isEmpty && timer.header.rare == nil)
        timer.timerModes.append(RunLoopModeName.tracking)
        timer.timerModes.append(RunLoopModeName.default)
        #expect(timer.timerModes == [RunLoopModeName.tracking, RunLoopModeName.default] && timer.header.rare == nil)
        timer.timerModes.append("custom")
        #expect(timer.timerModes == [RunLoopModeName.tracking, RunLoopModeName.default, "custom"])
        #expect(timer.header.rare != nil && timer.timerExtras.isZero)
        timer.timerModes.removeAll { $0 != "custom" }
        #expect(timer.timerModes == ["custom"])
        timer.timerModes = []
        #expect(timer.timerModes.isEmpty && timer.header.rare?.timerModes == nil)
        // The rescheduling's fast path tells `[default]` by its index.
        timer.timerModes = [RunLoopModeName.default]
        #expect(timer.timer.modeListIndex == TimerState.defaultModeOnly)
        timer.timerModes = [RunLoopModeName.tracking]
        #expect(timer.timer.modeListIndex != TimerState.defaultModeOnly)
        timer.timerModes = []
        #expect(timer.timer.fireTSR == Self.at && timer.timer.isValid && !timer.timer.isFiring)
    }

    /// Serials are 40 bits: past 2^32 an object's serial and default name stay exact.
    @Test func serialsPastThirtyTwoBitsStayExact() {
        let layout = ObjectLayout(
            LayoutKey(
                kind: .block(templateIndex: 0), className: "block", slotNames: [],
                slotStrengths: [], thread: "main"))
        let serial = (1 << 32) + 5
        let o = HeapObject.make(
            id: ObjectID(index: 0, generation: 0), serial: serial, layout: layout, label: nil,
            slots: [], isDeclaredRoot: false, isInternal: false, at: Self.at)
        #expect(o.serial == serial && o.displayName == "block#\(serial)")
    }
}
