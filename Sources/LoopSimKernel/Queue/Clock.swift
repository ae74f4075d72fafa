/// The virtual clock and the kernel's one agenda: `now`, and every entry waiting for its instant (timer ports,
/// activation timeouts, GCD timers, thread resumes, user input), ordered as ``EventQueue`` says.
///
/// Time moves only here, and only forwards: ``next(notAfter:)`` takes the earliest entry and moves `now` to its
/// instant. Nothing reads a wall clock. The device's sleep is the one exception to "an entry fires at the instant
/// it was scheduled for": the monotonic clock stands still while the device sleeps, so the app's lifecycle
/// postpones what runs on it (``postpone(by:where:)``, ``restore(_:at:)``).
public final class Clock {
    /// The current instant.
    @exclusivity(unchecked) public private(set) var now = SimInstant.zero
    @exclusivity(unchecked) private var queue = EventQueue<KernelEvent>()

    init() {}

    /// Whether nothing is scheduled any more.
    var isEmpty: Bool { queue.isEmpty }

    /// Schedules `event` at `instant` in `phase`; returns the entry's id for ``cancel(_:)``.
    @discardableResult
    func schedule(_ event: KernelEvent, at instant: SimInstant, phase: EventPhase) -> UInt64 {
        queue.schedule(event, at: instant, phase: phase)
    }

    /// Cancels a scheduled entry (nothing if it already ran or was cancelled).
    func cancel(_ id: UInt64) { queue.cancel(id) }

    /// Takes the earliest entry due at or before `horizon` and moves `now` to its instant; nil if there is none.
    func next(notAfter horizon: SimInstant) -> EventQueue<KernelEvent>.Entry? {
        guard let entry = queue.popNext(notAfter: horizon) else { return nil }
        precondition(entry.instant >= now, "time went backwards")
        now = entry.instant
        return entry
    }

    /// The instant of the earliest entry, if any (cancelled entries are dropped first).
    func nextInstant() -> SimInstant? { queue.nextInstant() }

    /// Moves `now` forward to `instant` (the end of a run, or a limit reached between entries).
    func advance(to instant: SimInstant) { now = max(now, instant) }

    /// Moves every entry `shouldMove` selects `delta` later (the device slept for `delta`).
    func postpone(by delta: SimDuration, where shouldMove: (KernelEvent) -> Bool) {
        queue.postpone(by: delta, where: shouldMove)
    }

    /// Puts back an entry taken while the device slept, at its instant on the monotonic clock.
    func restore(_ entry: EventQueue<KernelEvent>.Entry, at instant: SimInstant) { queue.restore(entry, at: instant) }
}
