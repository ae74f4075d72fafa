/// Where a run's events go as the kernel records them, so that a trace can be written while the run goes on and
/// memory holds no event but the one being written (``KernelConfiguration/traceSink``).
///
/// The kernel hands over every event once, in order, right after folding it into the fingerprint: the `seq` of
/// the first is 0, of the next 1, and so on, with no gap. `names` is the run's table as it is at that event, lent
/// for the call only: it holds every string the event names, and strings interned later are not in it yet. A sink
/// must not keep the table past the call: the kernel interns new names into it while the run goes on, and a copy
/// held elsewhere would make each new name copy the whole table (copy on write), a run quadratic in its names.
///
/// ```swift
/// final class LineCounter: TraceSink {
///     var lines = 0
///     func record(_ event: SimEvent, seq: Int, names: borrowing NameTable) { lines += 1 }
/// }
/// var configuration = KernelConfiguration(profile: .builtIn("ios10")!, until: .never)
/// let counter = LineCounter()
/// configuration.traceSink = counter
/// ```
public protocol TraceSink: AnyObject {
    /// Receives the `seq`-th event of the run; `names` holds every string it names (lent for this call only).
    func record(_ event: SimEvent, seq: Int, names: borrowing NameTable)
}
