/// A value held by a local, a field, a capture or a timer slot.
///
/// Objects are reference-counted heap handles; run loops, threads and queues are kernel handles that
/// are not reference-counted (a `CFRunLoopRef` stored with `assign`, as the seeds do).
///
/// A string is boxed (`indirect`): strings are rare values (a run loop's result), and unboxed their 16 bytes made
/// every value, slot and local 24 bytes apart instead of 16 (memory per timer, BENCHMARKS.md).
public enum Value: Hashable, Sendable {
    case null
    case int(Int)
    case bool(Bool)
    indirect case string(String)
    case object(ObjectID)
    case runLoop(Int)
    case thread(Int)
    /// A time value: Swift's `TimeInterval` (a `Double` of seconds), `DispatchTimeInterval` or `Duration`, held in
    /// the kernel's clock unit, integer nanoseconds (fixed-point seconds with nine decimals; docs/scenario-format.md
    /// §6, "Durations as values"). Arithmetic on it is exact where the result is a whole number of nanoseconds and
    /// truncates toward zero otherwise, as Dispatch converts a `Double` of seconds (``DurationArithmetic``).
    case duration(SimDuration)

    /// The object handle, if this is an object.
    public var object: ObjectID? {
        if case .object(let id) = self { return id }
        return nil
    }
}

/// How a slot holds an object.
public enum Strength: String, Sendable, Hashable {
    /// Retains the object (ARC `strong`, a block's default capture).
    case strong
    /// Zeroing weak: reads nil once the object starts deallocating.
    case weak
    /// Swift's unsafe unowned reference / ObjC's `assign`: neither retains nor zeroes; using it after dealloc crashes.
    case unretained
}
